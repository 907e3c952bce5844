import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { parts } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { databaseForProcesses, startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { testDatabaseUrl } from './test-app.ts';
import { startAssistant, type Assistant } from './ucp-assistant.ts';
import { payment, readyCheckout } from './ucp-fixtures.ts';

/** kill -9 while an order webhook cannot be delivered: the next process delivers it once the receiver is back. */
describe('an order webhook across a crash', () => {
  const servers: ApiProcess[] = [];
  const assistants: Assistant[] = [];
  let dataDir: string | undefined;

  afterAll(async () => {
    await Promise.all(servers.map(stopApiProcess));
    await Promise.all(assistants.map((a) => a.close()));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is delivered by the next process once the receiver is back', { timeout: 240_000 }, async () => {
    const made = await databaseForProcesses('parts-shop-webhooks-');
    const { database, env: target } = made;
    dataDir = made.dataDir;
    const partId = newId();
    await database.db.insert(parts).values({
      id: partId,
      name: 'Crash NIC',
      description: 'Ordered by an assistant while the API dies',
      img: '/images/parts/storage.svg',
      minOrder: 1,
      available: 10,
      priceCents: 2_999,
    });
    if (!testDatabaseUrl) await database.close();

    const hookPort = await freePort();
    const assistant = await startAssistant({ webhookUrl: `http://127.0.0.1:${hookPort}/webhooks/ucp/orders` });
    assistants.push(assistant);
    const hooks = { UCP_WEBHOOK_POLL_MS: '50', UCP_WEBHOOK_RETRY_BASE_MS: '100', UCP_WEBHOOK_RETRY_MAX_MS: '300' };
    const env = {
      ...target,
      JWT_SECRET: 'webhook-crash-secret-0123456789abcdef-01',
      UCP_WEBHOOK_LEASE_MS: '1000',
      ...hooks,
    };
    const first = await startApiProcess(env);
    servers.push(first);
    const call = async (server: ApiProcess, url: string, body: unknown) => {
      const res = await fetch(`${server.base}/ucp${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'ucp-agent': `profile="${assistant.profileUrl}"`,
          'request-id': randomUUID(),
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { id: string; status: string; order?: { id: string } };
    };
    const session = await call(first, '/checkout-sessions', readyCheckout(partId, 1, 'crash-hooks@example.test'));
    const done = await call(first, `/checkout-sessions/${session.id}/complete`, payment());
    expect(done.status).toBe('completed');
    const orderId = done.order?.id ?? '';

    // The first process tries (nothing listens on the receiver's port) and dies without a word.
    await new Promise((r) => setTimeout(r, 1_000));
    const gone = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await gone;

    const receiver = await startAssistant({ port: hookPort });
    assistants.push(receiver);
    const second = await startApiProcess(env);
    servers.push(second);
    const deadline = Date.now() + 60_000;
    while (receiver.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // Time for a second delivery, were there one.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.received).toHaveLength(1);
    const order = JSON.parse(receiver.received[0]?.body.toString() ?? '{}') as { id: string };
    expect(order.id).toBe(orderId);
    if (testDatabaseUrl) await database.close();
  });
});
