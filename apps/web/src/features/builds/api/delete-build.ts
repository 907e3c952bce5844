import { deletedSchema } from '@parts-shop/shared/part';
import { apiSend } from '#web/lib/api-client.ts';
import { useBuildsMutation } from './builds-mutation.ts';

/** DELETE /builds/{id} */
export function useDeleteBuild() {
  return useBuildsMutation((id: string) => apiSend('DELETE', `/builds/${id}`, deletedSchema));
}
