import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requiredMessage } from '@parts-shop/shared/ui-messages';
import { placeOrder } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { orderLines, orders, parts } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';

// Admin catalog tools (docs/product.md: Dashboard, Who may do what, Web addresses, Errors): POST /parts and DELETE /parts/{id}.

const t = useTestApp({
  users: { admin: { email: 'admin@example.com', role: 'admin' }, customer: 'customer@example.com' },
});
const { admin, customer } = t.users;

const validPart = {
  name: 'Admin Test CPU',
  description: 'Eight cores',
  img: 'https://example.com/cpu.png',
  minOrder: 2,
  available: 10,
  price: 249.5,
};

type ErrorBody = { message: string; issues?: { path: (string | number)[]; message: string }[] };

function addPart(body: unknown, headers: Record<string, string> = admin) {
  return t.app.inject({ method: 'POST', url: '/api/parts', headers, payload: body as Record<string, unknown> });
}

async function partCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(parts);
  return row?.n ?? 0;
}

/** A 400 that names the field and says what is wrong with it, and stores nothing. */
async function expectRejected(body: unknown, field: string, message: string | RegExp) {
  const before = await partCount();
  const res = await addPart(body);
  expect(res.statusCode).toBe(400);
  const json = res.json<ErrorBody>();
  const issue = json.issues?.find((i) => i.path[0] === field);
  expect(issue, `an issue for ${field} in ${res.body}`).toBeDefined();
  if (typeof message === 'string') expect(issue?.message).toBe(message);
  else expect(issue?.message).toMatch(message);
  expect(await partCount()).toBe(before);
}

describe('POST /api/parts validation', () => {
  it.each([
    ['name', 'Name'],
    ['description', 'Description'],
    ['img', 'Image'],
    ['minOrder', 'Min Order'],
    ['available', 'Available'],
    ['price', 'Price'],
  ] as const)('refuses a part without %s with "%s is Required"', async (field, label) => {
    const { [field]: _missing, ...body } = validPart;
    await expectRejected(body, field, requiredMessage(label));
  });

  it.each(['name', 'description', 'img'] as const)('refuses a blank %s', async (field) => {
    await expectRejected({ ...validPart, [field]: '   ' }, field, /is Required$/);
  });

  it.each([
    ['available', -1, 'Available must be at least 0'],
    ['available', 2.5, 'Available must be a whole number'],
    ['minOrder', -3, 'Min Order must be at least 1'],
    ['minOrder', 0, 'Min Order must be at least 1'],
    ['minOrder', 1.5, 'Min Order must be a whole number'],
    ['available', '10', requiredMessage('Available')],
  ] as const)('refuses %s = %j', async (field, value, message) => {
    await expectRejected({ ...validPart, [field]: value }, field, message);
  });

  it('refuses a minimum order above the stock', async () => {
    await expectRejected(
      { ...validPart, minOrder: 11, available: 10 },
      'minOrder',
      'Min Order cannot be more than Available',
    );
  });

  it('accepts a minimum order equal to the stock', async () => {
    const res = await addPart({ ...validPart, minOrder: 10, available: 10 });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    [0, 'Price must be more than 0'],
    [-5, 'Price must be more than 0'],
    // Below one cent: no price the shop can charge (and 1e-9 once reached the database as 0 cents).
    [0.001, 'Price must be at least 0.01'],
    [0.004999, 'Price must be at least 0.01'],
    [1e-9, 'Price must be at least 0.01'],
    [1.005, 'Price can have at most two decimals'],
    [19.999, 'Price can have at most two decimals'],
    ['12.50', requiredMessage('Price')],
  ] as const)('refuses price %j', async (price, message) => {
    await expectRejected({ ...validPart, price }, 'price', message);
  });

  it('stores a two-decimal price exactly', async () => {
    const res = await addPart({ ...validPart, price: 0.1 });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ insertedId: string }>().insertedId;
    const one = await t.app.inject({ url: `/api/parts/${id}` });
    expect(one.json<{ price: number }>().price).toBe(0.1);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example.com/x.png',
    'not a url',
  ])('refuses the image URL %j', async (img) => {
    await expectRejected({ ...validPart, img }, 'img', /.+/);
  });

  it.each(['http://example.com/a.png', 'https://example.com/a.png', '/parts/gpu.svg'])(
    'accepts the image URL %j',
    async (img) => {
      const res = await addPart({ ...validPart, img });
      expect(res.statusCode).toBe(201);
    },
  );

  it('refuses fields the part does not have', async () => {
    const before = await partCount();
    const res = await addPart({ ...validPart, _id: newId() });
    expect(res.statusCode).toBe(400);
    expect(await partCount()).toBe(before);
  });

  it('answers 413 JSON to a 10 MB description and stores nothing', async () => {
    const before = await partCount();
    const res = await addPart({ ...validPart, description: 'x'.repeat(10 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json<ErrorBody>().message).toEqual(expect.any(String));
    expect(await partCount()).toBe(before);
  });

  it('refuses a description longer than the text limit even under the body limit', async () => {
    await expectRejected({ ...validPart, description: 'y'.repeat(6000) }, 'description', /at most/);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: { ...admin, 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json<ErrorBody>().message).toEqual(expect.any(String));
  });
});

describe('POST /api/parts success', () => {
  it('answers 201 {acknowledged, insertedId} and the new part is first in GET /api/parts', async () => {
    const res = await addPart({ ...validPart, name: 'Newest Part' });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ acknowledged: boolean; insertedId: string }>();
    expect(body.acknowledged).toBe(true);
    expect(typeof body.insertedId).toBe('string');
    const list = await t.app.inject({ url: '/api/parts' });
    const first = list.json<{ _id: string; name: string }[]>()[0];
    expect(first).toEqual({
      _id: body.insertedId,
      name: 'Newest Part',
      brand: '',
      description: validPart.description,
      img: validPart.img,
      minOrder: validPart.minOrder,
      available: validPart.available,
      price: validPart.price,
      kind: 'other',
      specs: {},
      version: 1,
      rating: { average: 0, count: 0 },
    });
    const home = await t.app.inject({ url: '/api/parts?limit=3' });
    expect(home.json<{ _id: string }[]>()[0]?._id).toBe(body.insertedId);
  });

  it('stores HTML and script in text fields verbatim and answers them as plain JSON strings', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const description = '<script>alert("x")</script> & <b>bold</b> \u2028 "quoted"';
    const res = await addPart({ ...validPart, name, description });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ insertedId: string }>().insertedId;
    const one = await t.app.inject({ url: `/api/parts/${id}` });
    expect(one.headers['content-type']).toMatch(/application\/json/);
    expect(one.json()).toMatchObject({ name, description });
    const [row] = await t.database.db.select().from(parts).where(eq(parts.id, id));
    expect(row?.name).toBe(name);
    expect(row?.description).toBe(description);
  });
});

describe('who may change the catalog', () => {
  it('answers 403 to a customer adding a part and stores nothing', async () => {
    const before = await partCount();
    const res = await addPart(validPart, customer);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().message).toEqual(expect.any(String));
    expect(await partCount()).toBe(before);
  });

  it('answers 401 without a token, and with a bad one', async () => {
    const before = await partCount();
    const none = await addPart(validPart, {});
    expect(none.statusCode).toBe(401);
    const bad = await addPart(validPart, { authorization: 'Bearer not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(await partCount()).toBe(before);
  });

  it('checks the caller before the body: 403 for a customer, 401 for a stranger, even with an invalid part', async () => {
    expect((await addPart({}, customer)).statusCode).toBe(403);
    expect((await addPart({ price: 'x' }, {})).statusCode).toBe(401);
  });

  it('answers 403 to a customer deleting a part and 401 without a token; the part stays', async () => {
    const id = (await addPart(validPart)).json<{ insertedId: string }>().insertedId;
    const asCustomer = await t.app.inject({ method: 'DELETE', url: `/api/parts/${id}`, headers: customer });
    expect(asCustomer.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/parts/${id}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/parts/${id}` })).statusCode).toBe(200);
  });
});

describe('DELETE /api/parts/{id}', () => {
  it('deletes the part: {acknowledged, deletedCount: 1}, then 404', async () => {
    const id = (await addPart(validPart)).json<{ insertedId: string }>().insertedId;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/parts/${id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.app.inject({ url: `/api/parts/${id}` })).statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/parts' });
    expect(list.json<{ _id: string }[]>().some((p) => p._id === id)).toBe(false);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/parts/${id}`, headers: admin });
    expect(again.statusCode).toBe(404);
  });

  it.each(['not-a-uuid', '01a2002f-be77-70a5-b53d-e9925797f9ba', "1' or '1'='1"])(
    'answers 404 JSON for the unknown id %j',
    async (id) => {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/parts/${encodeURIComponent(id)}`, headers: admin });
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().message).toEqual(expect.any(String));
    },
  );

  it('keeps the orders that reference a deleted part, with their name, quantity and price', async () => {
    const partId = (await addPart({ ...validPart, name: 'Soon Gone GPU', minOrder: 1, price: 129.99 })).json<{
      insertedId: string;
    }>().insertedId;
    const orderId = (await placeOrder(t, customer, partId, 2))._id;

    const res = await t.app.inject({ method: 'DELETE', url: `/api/parts/${partId}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/parts/${partId}` })).statusCode).toBe(404);

    const order = await t.app.inject({ url: `/api/orders/${orderId}`, headers: customer });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({
      _id: orderId,
      productName: 'Soon Gone GPU',
      totalOrder: 2,
      totalPrice: '259.98',
      email: 'customer@example.com',
      partId: null,
      lines: [
        expect.objectContaining({ partId: null, productName: 'Soon Gone GPU', quantity: 2, unitPrice: '129.99' }),
      ],
    });
  });

  it('keeps an order line inserted directly when its part goes (the foreign key is ON DELETE SET NULL)', async () => {
    const partId = (await addPart(validPart)).json<{ insertedId: string }>().insertedId;
    const orderId = newId();
    await t.database.db.insert(orders).values({
      id: orderId,
      email: 'customer@example.com',
      userName: 'customer',
      productName: validPart.name,
      totalOrder: 2,
      totalCents: 49_900,
      phoneNumber: '01234567',
      address: '1 Main Street',
    });
    const line = { id: newId(), orderId, partId, productName: validPart.name, quantity: 2, unitPriceCents: 24_950 };
    await t.database.db.insert(orderLines).values(line);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/parts/${partId}`, headers: admin })).statusCode).toBe(
      200,
    );
    const [row] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(row).toMatchObject({ ...line, partId: null });
  });
});
