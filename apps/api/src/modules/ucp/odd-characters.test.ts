import { describe, expect, it } from 'vitest';
import { acp, readySession } from '#api-test/acp-fixtures.ts';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { readyCheckout, ucp } from '#api-test/ucp-fixtures.ts';

const t = useTestApp({ config: { PUBLIC_URL: 'https://shop.example' } });

const ODD = { nul: 'Love\u0000lace', surrogate: 'Love\ud800lace' };

describe('odd characters in a protocol body', () => {
  it.each(Object.entries(ODD))('UCP: %s in last_name is a 400, not a 500', async (_kind, value) => {
    const partId = await addPart(t);
    const body = readyCheckout(partId);
    body.buyer.last_name = value;
    const res = await ucp(t, 'POST', '/checkout-sessions', body);
    expect(res.statusCode, res.body).toBe(400);
  });
  it.each(Object.entries(ODD))('ACP: %s in last_name is a 400, not a 500', async (_kind, value) => {
    const partId = await addPart(t);
    const body = readySession(partId);
    body.buyer.last_name = value;
    const res = await acp(t, 'POST', '/checkout_sessions', body);
    expect(res.statusCode, res.body).toBe(400);
  });
});
