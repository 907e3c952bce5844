import { isWebUrl } from '@parts-shop/shared/fields';

/** A site path, or https on a host in IMAGE_HOSTS, which the CSP's img-src also names. */
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

/** The shop's own absolute image address is kept as its site path, so it follows the shop anywhere. */
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

/** Trusted only to recognise the shop's own images: nothing of it but the path is kept. */
export function requestOrigin(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}
