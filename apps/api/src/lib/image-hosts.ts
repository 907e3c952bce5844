/**
 * Whether visitors' browsers may load an image from this address: one the shop serves itself
 * (a site path), or an https address on a host the owner allows (IMAGE_HOSTS), which the
 * Content-Security-Policy's img-src also names (lib/security.ts).
 */
export function isAllowedImage(address: string, hosts: readonly string[]): boolean {
  if (address.startsWith('/') && !address.startsWith('//')) return true;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && hosts.includes(url.hostname);
  } catch {
    return false;
  }
}
