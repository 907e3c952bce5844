import { savedBuildSchema } from '@parts-shop/shared/build';
import { apiSend } from '#web/lib/api-client.ts';
import { useBuildsMutation } from './builds-mutation.ts';

/** DELETE /builds/{id}/publish */
export function useUnpublishBuild() {
  return useBuildsMutation((id: string) => apiSend('DELETE', `/builds/${id}/publish`, savedBuildSchema));
}
