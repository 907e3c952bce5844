import { savedBuildSchema } from '@parts-shop/shared/build';
import { apiSend } from '#web/lib/api-client.ts';
import { useBuildsMutation } from './builds-mutation.ts';

/** POST /builds/{id}/publish */
export function usePublishBuild() {
  return useBuildsMutation((input: { id: string; title: string }) =>
    apiSend('POST', `/builds/${input.id}/publish`, savedBuildSchema, { title: input.title }),
  );
}
