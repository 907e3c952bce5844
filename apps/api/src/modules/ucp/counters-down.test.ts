import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { acp, readySession } from '#api-test/acp-fixtures.ts';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { readyCheckout, ucp } from '#api-test/ucp-fixtures.ts';

/** A port nothing listens on: the shop's Redis, down. */
const closedPort = await new Promise<number>((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});

/** While the shared rate-limit counters are unreachable, both protocols fail closed with a wait, never a 500. */
describe('the assistant protocols while Redis is down', () => {
  const t = useTestApp({
    config: { PUBLIC_URL: 'https://shop.example', REDIS_URL: `redis://127.0.0.1:${closedPort}` },
  });

  it('UCP answers 503 with Retry-After', { timeout: 30_000 }, async () => {
    const partId = await addPart(t);
    const res = await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId));
    expect(res.statusCode, res.body).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('ACP answers 503 with Retry-After and its own error shape, on reads and writes', { timeout: 30_000 }, async () => {
    const partId = await addPart(t);
    for (const res of [
      await acp(t, 'POST', '/checkout_sessions', readySession(partId)),
      await acp(t, 'GET', '/checkout_sessions/019a0000-0000-7000-8000-000000000000'),
    ]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toMatchObject({ type: 'service_unavailable', code: 'service_unavailable' });
    }
  });
});
