import type { Config } from '../config/env.ts';

/**
 * The shop's public address for absolute links (sitemaps, llms.txt). Taken from PUBLIC_URL,
 * never from the request's Host header, which a client chooses and a cache would then keep.
 */
export function siteOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/(?<!\/)\/+$/, '');
}
