import { startNginx as start } from '../../../scripts/lib/nginx.mjs';

export { NGINX } from '../../../scripts/lib/nginx.mjs';

/** The system's nginx in front of `ports` (round robin), from the private folder `dir`; `base` is its /api. */
export async function startNginx(dir: string, ports: number[]): Promise<{ base: string; stop: () => void }> {
  const nginx = await start({ dir, ports });
  return { base: `${nginx.base}/api`, stop: nginx.stop };
}
