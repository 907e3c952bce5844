import { savedBuildSchema, type BuildItem } from '@parts-shop/shared/build';
import { apiSend } from '#web/lib/api-client.ts';
import { useBuildsMutation } from './builds-mutation.ts';

/** POST /builds */
export function useSaveBuild() {
  return useBuildsMutation((input: { name: string; items: BuildItem[] }) =>
    apiSend('POST', '/builds', savedBuildSchema, input),
  );
}
