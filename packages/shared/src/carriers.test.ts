import { describe, expect, it } from 'vitest';
import { trackingUrl } from './carriers.ts';

describe('trackingUrl', () => {
  it("links a known carrier's number to its tracking page, whatever case the carrier was typed in", () => {
    expect(trackingUrl('UPS', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('usps', ' 9400 1000 ')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000');
    expect(trackingUrl('FedEx', '123')).toBe('https://www.fedex.com/fedextrack/?trknbr=123');
    expect(trackingUrl('dhl', 'JD01')).toBe('https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD01');
  });

  it('gives no link for a carrier it does not know, or without a number', () => {
    expect(trackingUrl('Royal Mail', 'AB123')).toBeNull();
    expect(trackingUrl('UPS', '')).toBeNull();
    expect(trackingUrl(null, '1Z')).toBeNull();
  });
});
