/**
 * The carriers the ship forms offer, each with its public tracking page, so a shipped email and the order page can
 * link a tracking number to it (docs/product.md#the-order-lifecycle). Another carrier may be typed; it gets no link.
 */
export const KNOWN_CARRIERS = [
  { name: 'UPS', tracking: 'https://www.ups.com/track?tracknum=' },
  { name: 'USPS', tracking: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=' },
  { name: 'FedEx', tracking: 'https://www.fedex.com/fedextrack/?trknbr=' },
  { name: 'DHL', tracking: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=' },
] as const;

/** The carrier's tracking page for the number, or null for an unknown carrier or no number. Case and spaces as typed. */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  const number = trackingNumber?.trim();
  const name = carrier?.trim().toLowerCase();
  if (!number || !name) return null;
  const known = KNOWN_CARRIERS.find((c) => c.name.toLowerCase() === name);
  return known ? `${known.tracking}${encodeURIComponent(number)}` : null;
}
