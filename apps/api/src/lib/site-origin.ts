import type { Config } from '../config/env.ts';

/** From PUBLIC_URL, never the Host header, which a client chooses and a cache would keep. */
export function siteOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/(?<!\/)\/+$/, '');
}
