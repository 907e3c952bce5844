import { savedBuildSchema } from '@parts-shop/shared/build';
import { apiSend } from '#web/lib/api-client.ts';
import { useBuildsMutation } from './builds-mutation.ts';

/** "Start from this build", signed in: the build saved again as the caller's own (POST /builds/public/{id}/copy). */
export function useCopyBuild() {
  return useBuildsMutation((id: string) => apiSend('POST', `/builds/public/${id}/copy`, savedBuildSchema));
}
