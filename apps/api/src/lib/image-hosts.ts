import { isWebUrl } from '@parts-shop/shared/fields';

/**
 * Whether visitors' browsers may load an image from this address: one the shop serves itself
 * (a site path), or an https address on a host the owner allows (IMAGE_HOSTS), which the
 * Content-Security-Policy's img-src also names (lib/security.ts).
 */
function isAllowedImage(address: string, hosts: readonly string[]): boolean {
  if (address.startsWith('/') && !address.startsWith('//')) return true;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && hosts.includes(url.hostname);
  } catch {
    return false;
  }
}

/** What decides a user-given image address: the allowed hosts, and the origins that are the shop itself. */
export type ImageRule = { hosts: readonly string[]; ownOrigins: readonly string[] };

/**
 * The address to keep for a user-given image, or null when visitors' browsers may not load it.
 * The shop's own absolute address (`http://localhost:3000/images/parts/case.svg` on the demo)
 * is kept as its site path, as product photos are, so it follows the shop to any address it
 * is served from; its query (an uploaded photo's `?w=`) and fragment are dropped.
 */
export function keptImageAddress(address: string, rule: ImageRule): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return isAllowedImage(address, rule.hosts) ? address : null;
  }
  if (rule.ownOrigins.some((origin) => sameOrigin(origin, url))) {
    return isWebUrl(url.pathname) ? url.pathname : null;
  }
  return isAllowedImage(address, rule.hosts) ? address : null;
}

function sameOrigin(origin: string, url: URL): boolean {
  try {
    return new URL(origin).origin === url.origin;
  } catch {
    return false;
  }
}

/**
 * The origin a request came to, as the client named it. Trusted only to recognise the shop's
 * own images: keptImageAddress keeps nothing of it but the path, which is this shop's.
 */
export function requestOrigin(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}
