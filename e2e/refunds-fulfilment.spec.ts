import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { addPart, admin, apiToken, createAccount, signInAs, test, uniqueEmail, verifyAccountEmail } from './support.ts';

// At both widths: shipping what a refund left (docs/product.md#dashboard), and the order page's
// refunds and returns: returns named by part, Restock for a damaged part, Are You Sure before money goes.

type Headers = { Authorization: string };
type PlacedOrder = { _id: string; number: string; productName: string; lines: { id: string; partId: string }[] };

/** An order's row in a dashboard table from 768 px up, its card below (the same actions). */
function orderEntry(page: Page, list: string, text: string) {
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  return wide
    ? page.getByRole('table', { name: list }).getByRole('row').filter({ hasText: text })
    : page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });
}

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${page.url()} is ${width}px wide`).toBeLessThanOrEqual(page.viewportSize()?.width ?? width);
}

async function newCustomer(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const password = `${prefix}-pass-1`;
  await createAccount(request, email, password, `${prefix} buyer`);
  await verifyAccountEmail(request, email, password);
  return { Authorization: `Bearer ${await apiToken(request, email, password)}` };
}

/** One paid order with a line per part (`units` of each), paid by card 4242 on the test gateway. */
async function paidOrder(request: APIRequestContext, headers: Headers, items: { partId: string; units: number }[]) {
  const placed = await request.post('/api/orders/batch', {
    headers,
    data: {
      items: items.map(({ partId, units }) => ({ partId, totalOrder: units })),
      phoneNumber: '+1 555 0177',
      address: '12 Refund Row',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const [order] = ((await placed.json()) as { orders: PlacedOrder[] }).orders;
  if (!order) throw new Error('the batch answered no order');
  const intent = await request.post('/api/create-payment-intent', { headers, data: { orderId: order._id } });
  const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
  expect((await request.post('/api/payments/local/confirm', { data: { clientSecret, card } })).ok()).toBeTruthy();
  const paid = await request.patch(`/api/orders/${order._id}`, { headers, data: { transactionId: paymentIntentId } });
  expect(paid.ok()).toBeTruthy();
  return order;
}

/** Parts named after the test and the width, so the two widths' runs never meet. */
async function parts(request: APIRequestContext, token: string, page: Page, names: string[]) {
  const stamp = `${page.viewportSize()?.width ?? 0}-${Date.now()}`;
  return Promise.all(
    names.map(async (name) => {
      const full = `${name} ${stamp}`;
      return { name: full, id: await addPart(request, token, { name: full, minOrder: 1, available: 9, price: 50 }) };
    }),
  );
}

test('a partly refunded build ships what is left, from Manage Orders and from its page', async ({ page, request }) => {
  const adminToken = await apiToken(request, admin.email, admin.password);
  const adminHeaders = { Authorization: `Bearer ${adminToken}` };
  const [cpu, memory, board] = await parts(request, adminToken, page, ['Ship CPU', 'Ship DDR5', 'Ship Board']);
  if (!cpu || !memory || !board) throw new Error('parts missing');
  const headers = await newCustomer(request, 'shipleft');
  const order = await paidOrder(request, headers, [
    { partId: cpu.id, units: 1 },
    { partId: memory.id, units: 2 },
    { partId: board.id, units: 1 },
  ]);
  const memoryLine = order.lines.find((line) => line.partId === memory.id);
  const refunded = await request.post(`/api/orders/${order._id}/refunds`, {
    headers: adminHeaders,
    data: { amount: 50, reason: 'One kit short', lineId: memoryLine?.id, restock: 1 },
  });
  expect(refunded.status()).toBe(201);

  await signInAs(page, 'admin');
  await page.goto('/dashboard/manageorders');
  await page.getByLabel('Search by order number, email or product').fill(order.number);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('button', { name: /^To ship/ })).toContainText('1');
  const entry = orderEntry(page, 'Manage Orders', order.number);
  await expect(entry).toContainText('Partly refunded');

  const ship = (where: Page | ReturnType<typeof orderEntry>) =>
    where.getByRole('button', { name: `Ship order ${order.number} for ${order.productName}` });
  await expect(ship(entry)).toBeVisible();
  await ship(entry).click();
  const dialog = page.getByRole('dialog');
  const shipment = dialog.getByRole('list', { name: 'What ships' }).getByRole('listitem');
  await expect(shipment).toHaveText([`1 × ${cpu.name}`, `1 × ${memory.name}`, `1 × ${board.name}`]);
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await entry.getByRole('link', { name: order.number }).click();
  await expect(page).toHaveURL(`/dashboard/orders/${order._id}`);
  await expect(ship(page)).toBeVisible();
  await ship(page).click();
  await expect(shipment).toHaveText([`1 × ${cpu.name}`, `1 × ${memory.name}`, `1 × ${board.name}`]);
  await dialog.getByLabel('Carrier (optional)').fill('DHL');
  await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page.getByText('Item Shipped')).toBeVisible();
  await expect(ship(page)).toHaveCount(0);
  await expect(page.getByText('DHL', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('a return names its part, and Restock starts unticked for a part damaged on arrival', async ({
  page,
  request,
}) => {
  const adminToken = await apiToken(request, admin.email, admin.password);
  const adminHeaders = { Authorization: `Bearer ${adminToken}` };
  const [fan, cooler] = await parts(request, adminToken, page, ['Return Fan', 'Return Cooler']);
  if (!fan || !cooler) throw new Error('parts missing');
  const headers = await newCustomer(request, 'returner');
  const order = await paidOrder(request, headers, [
    { partId: fan.id, units: 2 },
    { partId: cooler.id, units: 1 },
  ]);
  expect((await request.patch(`/api/shipped/${order._id}`, { headers: adminHeaders, data: {} })).ok()).toBeTruthy();
  const ask = (partId: string, quantity: number, reason: string) =>
    request.post(`/api/orders/${order._id}/returns`, { headers, data: { lines: [{ partId, quantity }], reason } });
  expect((await ask(fan.id, 1, 'damaged_on_arrival')).status()).toBe(201);
  expect((await ask(cooler.id, 1, 'changed_mind')).status()).toBe(201);

  await signInAs(page, 'admin');
  await page.goto(`/dashboard/orders/${order._id}`);
  const damaged = page.getByRole('article').filter({ hasText: `Return of 1 × ${fan.name} (Damaged on arrival)` });
  const unwanted = page.getByRole('article').filter({ hasText: `Return of 1 × ${cooler.name} (Changed mind)` });
  await expect(damaged).toBeVisible();
  await expect(unwanted).toBeVisible();
  await expect(damaged.getByRole('checkbox', { name: 'Put the units back on the shelf' })).not.toBeChecked();
  await expect(unwanted.getByRole('checkbox', { name: 'Put the units back on the shelf' })).toBeChecked();
  await expectNoSidewaysScroll(page);
});

test('Refund and Cancel order ask Are You Sure, and No leaves the money where it is', async ({ page, request }) => {
  const adminToken = await apiToken(request, admin.email, admin.password);
  const [ssd] = await parts(request, adminToken, page, ['Confirm SSD']);
  if (!ssd) throw new Error('part missing');
  const headers = await newCustomer(request, 'confirmer');
  const order = await paidOrder(request, headers, [{ partId: ssd.id, units: 2 }]);

  await signInAs(page, 'admin');
  await page.goto(`/dashboard/orders/${order._id}`);
  const refund = page.getByRole('form', { name: 'Refund' });
  await refund.getByLabel('Amount ($)').fill('20');
  await refund.getByLabel('Reason for the refund').fill('Late delivery');
  await refund.getByRole('button', { name: 'Refund' }).click();
  // Each form has its own dialog; one closing may still be on its way out as the other opens.
  const sure = refund.getByRole('dialog', { name: 'Are You Sure' });
  await expect(sure).toContainText(`Refund $20.00 on order ${order.number} for ${ssd.name}`);
  await expectNoSidewaysScroll(page);
  await sure.getByRole('button', { name: 'No' }).click();
  await expect(sure).toBeHidden();
  await expect(page.getByText('No refunds.')).toBeVisible();

  await refund.getByRole('button', { name: 'Refund' }).click();
  await sure.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('$20.00 refunded (Late delivery)')).toBeVisible();

  const cancel = page.getByRole('form', { name: 'Cancel order' });
  const sureToCancel = cancel.getByRole('dialog', { name: 'Are You Sure' });
  await cancel.getByLabel('Reason for cancelling').fill('Customer asked');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(sureToCancel).toContainText(`Cancel order ${order.number}, refund $80.00`);
  await sureToCancel.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('Customer asked')).toHaveCount(0);
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await sureToCancel.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Order cancelled')).toBeVisible();
  await expect(page.getByText('$80.00 refunded (Customer asked, 2 back on the shelf)')).toBeVisible();
});
