import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@parts-shop/shared/audit';
import type { Order, OrderCounts, OrderNote } from '@parts-shop/shared/order';
import { orderNotes, orders } from '#api/db/schema.ts';
import { addPart, payOrder, placeOrder } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';

// Manage Orders at scale (docs/product.md#manage-orders-at-scale): filters, the CSV export, staff notes, build orders.

const customer = 'scale-buyer@example.com';
const t = useTestApp({
  users: { admin: { email: 'scale-admin@example.com', role: 'admin' }, buyer: customer },
});
const { admin, buyer } = t.users;

async function order(options: { day: string; origin?: string; paid?: boolean; priceCents?: number }): Promise<Order> {
  const placed = await placeOrder(t, buyer, await addPart(t, { priceCents: options.priceCents ?? 12_345 }));
  if (options.paid) await payOrder(t, buyer, placed._id);
  await t.database.db
    .update(orders)
    .set({ createdAt: new Date(`${options.day}T12:00:00Z`), origin: options.origin ?? null })
    .where(eq(orders.id, placed._id));
  return placed;
}

const list = async (query: string) => {
  const res = await t.call('GET', `/api/allorders?customer=${customer}&${query}`, { as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order[]>().map((o) => o._id);
};

describe('Manage Orders filters', () => {
  it('filters by placing days, status and channel, and counts the same', async () => {
    const early = await order({ day: '2026-01-05', paid: true });
    // Paid: an unpaid order placed that long ago would have run out of its hold and been cancelled.
    const middle = await order({ day: '2026-01-10', paid: true, origin: 'Shopping Helper' });
    const late = await order({ day: '2026-01-20', paid: true, origin: 'Other Agent' });
    const refunded = await order({ day: '2026-01-10', paid: true });
    const refund = await t.call('POST', `/api/orders/${refunded._id}/refunds`, {
      as: admin,
      body: { reason: 'Damaged', amount: 10 },
    });
    expect(refund.statusCode, refund.body).toBe(201);

    expect(await list('from=2026-01-06&to=2026-01-10')).toEqual([refunded._id, middle._id]);
    // Both days are included: an order placed on `to` is in.
    expect(await list('from=2026-01-20&to=2026-01-20')).toEqual([late._id]);
    expect(await list('status=refunded')).toEqual([refunded._id]);
    expect(await list('status=shipped&from=2026-01-01&to=2026-01-31')).toEqual([]);
    expect(await list('channel=web&from=2026-01-01&to=2026-01-31')).toEqual([refunded._id, early._id]);
    expect(await list('channel=Shopping%20Helper')).toEqual([middle._id]);

    const counts = await t.call('GET', `/api/allorders/counts?customer=${customer}&from=2026-01-06&to=2026-01-31`, {
      as: admin,
    });
    expect(counts.json<OrderCounts>()).toMatchObject({ all: 3, unpaid: 0, refunded: 1, to_ship: 3, shipped: 0 });
    const channels = await t.call('GET', '/api/allorders/channels', { as: admin });
    expect(channels.json<string[]>()).toEqual(expect.arrayContaining(['Other Agent', 'Shopping Helper']));
  });

  it('refuses a bad date or a range that ends before it starts', async () => {
    for (const query of ['from=2026-13-01', 'to=yesterday', 'from=2026-02-01&to=2026-01-01']) {
      const res = await t.call('GET', `/api/allorders?${query}`, { as: admin });
      expect(res.statusCode, query).toBe(400);
      expect((await t.call('GET', `/api/allorders/export.csv?${query}`, { as: admin })).statusCode).toBe(400);
    }
    expect((await t.call('GET', '/api/allorders/channels', { as: buyer })).statusCode).toBe(403);
  });
});

describe('the CSV export', () => {
  it('holds the filtered list with a header row, dollars with two decimals and no formula', async () => {
    const shown = await order({ day: '2026-03-02', paid: true, priceCents: 100_050 });
    await order({ day: '2026-03-09', paid: true });
    // A customer's own words may start a formula; a spreadsheet must read it as text.
    await t.database.db
      .update(orders)
      .set({ userName: '=HYPERLINK("http://evil.test","x")', address: '+1 Evil Road' })
      .where(eq(orders.id, shown._id));

    const res = await t.call('GET', `/api/allorders/export.csv?customer=${customer}&from=2026-03-01&to=2026-03-05`, {
      as: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const table: string[][] = parse(res.body);
    const [header, ...rows] = table;
    expect(header?.slice(0, 9)).toEqual([
      'Order',
      'Placed (UTC)',
      'Customer',
      'Email',
      'Channel',
      'Status',
      'Items',
      'Units',
      'Total (USD)',
    ]);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.[0]).toBe(shown.number);
    expect(row?.[1]).toBe('2026-03-02T12:00:00.000Z');
    expect(row?.[2]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(row?.[4]).toBe('web');
    expect(row?.[5]).toBe('Paid, to ship');
    expect(row?.[8]).toBe('1000.50');
    expect(row?.[9]).toBe('0.00');

    expect((await t.call('GET', '/api/allorders/export.csv', { as: buyer })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/allorders/export.csv')).statusCode).toBe(401);
  });
});

describe('staff notes', () => {
  it('are for admins only, never in what the customer reads, and audited', async () => {
    const placed = await order({ day: '2026-04-01', paid: true });
    const note = 'Customer called: leave it with the neighbour at No. 3';
    const added = await t.call('POST', `/api/orders/${placed._id}/notes`, { as: admin, body: { text: note } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<OrderNote>()).toMatchObject({ text: note, author: 'scale-admin@example.com' });

    const notes = await t.call('GET', `/api/orders/${placed._id}/notes`, { as: admin });
    expect(notes.json<OrderNote[]>().map((n) => n.text)).toEqual([note]);

    expect((await t.call('GET', `/api/orders/${placed._id}/notes`, { as: buyer })).statusCode).toBe(403);
    expect(
      (await t.call('POST', `/api/orders/${placed._id}/notes`, { as: buyer, body: { text: 'x' } })).statusCode,
    ).toBe(403);
    for (const url of [
      `/api/orders/${placed._id}`,
      `/api/orders/${placed._id}/detail`,
      `/api/orders?email=${customer}`,
    ]) {
      const res = await t.call('GET', url, { as: buyer });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain('neighbour');
    }

    const audit = (await t.call('GET', '/api/admin/audit?kind=order.note', { as: admin })).json<AuditEntry[]>();
    expect(audit.find((e) => e.entityId === placed._id)).toMatchObject({ after: { note } });

    const before = (await t.database.db.select().from(orderNotes)).length;
    for (const body of [{ text: '   ' }, { text: 'x'.repeat(2001) }, { text: 'ok', extra: 1 }]) {
      expect((await t.call('POST', `/api/orders/${placed._id}/notes`, { as: admin, body })).statusCode).toBe(400);
    }
    const unknown = '019a0000-0000-7000-8000-0000000000ff';
    expect((await t.call('POST', `/api/orders/${unknown}/notes`, { as: admin, body: { text: 'x' } })).statusCode).toBe(
      404,
    );
    expect((await t.database.db.select().from(orderNotes)).length).toBe(before);
  });
});

describe('build orders', () => {
  it('say they came from a build; a single part’s order does not', async () => {
    const items = [await addPart(t), await addPart(t)];
    const res = await t.call('POST', '/api/orders/batch', {
      as: buyer,
      body: {
        items: items.map((partId) => ({ partId, totalOrder: 1 })),
        phoneNumber: '+1 555 0100',
        address: '1 Main Street, Springfield',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [built] = res.json<{ orders: Order[] }>().orders;
    const single = await placeOrder(t, buyer, await addPart(t));
    const listed = (await t.call('GET', `/api/allorders?customer=${customer}`, { as: admin })).json<Order[]>();
    expect(listed.find((o) => o._id === built?._id)?.fromBuild).toBe(true);
    expect(listed.find((o) => o._id === single._id)?.fromBuild).toBe(false);
  });
});
