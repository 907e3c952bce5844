import { savedBuildSchema } from '@parts-shop/shared/build';
import { apiSend } from '#web/lib/api-client.ts';
import { useBuildsMutation } from './builds-mutation.ts';

/** PATCH /builds/{id} */
export function useRenameBuild() {
  return useBuildsMutation((input: { id: string; name: string }) =>
    apiSend('PATCH', `/builds/${input.id}`, savedBuildSchema, { name: input.name }),
  );
}
