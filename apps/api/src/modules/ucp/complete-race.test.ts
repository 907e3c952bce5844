import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ucpCheckoutSchema } from '@parts-shop/shared/ucp';
import { orderLines } from '#api/db/schema.ts';
import { addPart, stockOf } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { payment, readyCheckout, ucp } from '#api-test/ucp-fixtures.ts';

/** Fifty assistants complete at once for the last twenty units (on PostgreSQL with TEST_DATABASE_URL). */
const t = useTestApp();

it('places exactly twenty orders for twenty units; the other thirty hear out_of_stock, and nothing answers 5xx', async () => {
  const partId = await addPart(t, { available: 20 });
  const ids = [];
  for (let i = 0; i < 50; i += 1) {
    const res = await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 1, `racer${i}@example.test`));
    expect(res.statusCode, res.body).toBe(201);
    ids.push(ucpCheckoutSchema.parse(res.json()).id);
  }
  const answers = await Promise.all(ids.map((id) => ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment())));

  expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
  const sessions = answers.map((a) => ucpCheckoutSchema.parse(a.json()));
  const completed = sessions.filter((s) => s.status === 'completed');
  expect(completed).toHaveLength(20);
  const refused = sessions.filter((s) => s.status !== 'completed');
  expect(refused).toHaveLength(30);
  for (const session of refused) expect(session.messages.map((m) => m.code)).toEqual(['out_of_stock']);
  expect(await stockOf(t, partId)).toBe(0);
  expect(await t.database.db.select().from(orderLines).where(eq(orderLines.partId, partId))).toHaveLength(20);
});
