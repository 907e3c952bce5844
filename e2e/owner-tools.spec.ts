import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  addPart,
  admin,
  apiToken,
  createAccount,
  expectNoSidewaysScroll,
  partCards,
  signInAs,
  test,
  uniqueEmail,
  verifyAccountEmail,
} from './support.ts';

// At 375 and 1280 px: what an owner expects from a shop's admin (docs/product.md#customer-page,
// docs/product.md#bulk-actions, docs/product.md#packing-slip), and the demo buyers' ratings.

type Placed = { _id: string; number: string };

/** A row of a dashboard table from 768 px up, its card below (the same cells and actions). */
function entry(page: Page, list: string, text: string) {
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  return wide
    ? page.getByRole('table', { name: list }).getByRole('row').filter({ hasText: text })
    : page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });
}

async function newCustomer(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const password = `${prefix}-pass-1`;
  await createAccount(request, email, password, `Owner ${prefix}`);
  await verifyAccountEmail(request, email, password);
  return { email, headers: { Authorization: `Bearer ${await apiToken(request, email, password)}` } };
}

async function paidOrder(
  request: APIRequestContext,
  headers: Record<string, string>,
  partId: string,
  address: string,
): Promise<Placed> {
  const placed = await request.post('/api/orders', {
    headers,
    data: { partId, totalOrder: 2, phoneNumber: '+1 555 0142', address },
  });
  expect(placed.status()).toBe(201);
  const { order } = (await placed.json()) as { order: Placed };
  const intent = await request.post('/api/create-payment-intent', { headers, data: { orderId: order._id } });
  const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
  expect((await request.post('/api/payments/local/confirm', { data: { clientSecret, card } })).ok()).toBeTruthy();
  expect(
    (await request.patch(`/api/orders/${order._id}`, { headers, data: { transactionId: paymentIntentId } })).ok(),
  ).toBeTruthy();
  return order;
}

test('the customer page shows orders and the money spent net of a refund, from Manage Users and from an order', async ({
  page,
  request,
}) => {
  const adminHeaders = { Authorization: `Bearer ${await apiToken(request, admin.email, admin.password)}` };
  const partId = await addPart(request, adminHeaders.Authorization.slice(7), {
    name: `Customer Page SSD ${Date.now()}`,
    minOrder: 1,
    available: 10,
    price: 50,
  });
  const { email, headers } = await newCustomer(request, 'owner-customer');
  const order = await paidOrder(request, headers, partId, '9 Ledger Lane');
  const refund = await request.post(`/api/orders/${order._id}/refunds`, {
    headers: adminHeaders,
    data: { amount: 12.5, reason: 'Dented box' },
  });
  expect(refund.status()).toBe(201);

  await signInAs(page, 'admin');
  await page.goto('/dashboard/users');
  await page.getByLabel('Search by email or name').fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: email, exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/customers/${encodeURIComponent(email)}`);
  const money = page.getByLabel('Money', { exact: true });
  // Paid 2 × $50.00, refunded $12.50.
  await expect(money).toContainText('Paid$100.00Refunded$12.50Money spent$87.50');
  await expect(entry(page, 'Orders', order.number)).toContainText('Partly refunded');
  await expect(entry(page, 'Refunds', order.number)).toContainText('Dented box');
  await expectNoSidewaysScroll(page);

  await entry(page, 'Orders', order.number).getByRole('link', { name: order.number }).click();
  await page.getByRole('link', { name: 'Customer page' }).click();
  await expect(page.getByRole('heading', { name: /^Customer / })).toBeVisible();
  await expect(money).toContainText('Money spent$87.50');
});

test('a bulk price change lowers every selected part by 10 %, after Are You Sure', async ({ page, request }) => {
  const token = await apiToken(request, admin.email, admin.password);
  const tag = `Bulk${Date.now()}`;
  const ids = [
    await addPart(request, token, { name: `${tag} Fan`, minOrder: 1, available: 5, price: 19.95 }),
    await addPart(request, token, { name: `${tag} Cable`, minOrder: 1, available: 5, price: 100 }),
  ];

  await signInAs(page, 'admin');
  await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(tag)}`);
  await expect(page.getByRole('checkbox', { name: `Select ${tag} Fan` })).toBeVisible();
  // Select all takes every row listed (the search may list other runs' parts too); then only these two.
  const all = page.getByRole('checkbox', { name: 'Select all on this page' });
  await all.check();
  await expect(
    page.getByText(`${await page.getByRole('checkbox', { name: /^Select Bulk/ }).count()} selected`),
  ).toBeVisible();
  await all.uncheck();
  await expect(page.getByText('0 selected')).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${tag} Fan` }).check();
  await page.getByRole('checkbox', { name: `Select ${tag} Cable` }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByLabel('Action', { exact: true }).selectOption('price');
  await page.getByLabel('Change by (%)').fill('-10');
  await page.getByRole('button', { name: 'Apply to selected' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Change the price of 2 parts by -10 %?');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Parts repriced: 2').first()).toBeVisible();
  // 19.95 × 0.9 = 17.955, rounded half up to the cent.
  await expect(entry(page, 'Products, Newest', `${tag} Fan`)).toContainText('$17.96');
  await expect(entry(page, 'Products, Newest', `${tag} Cable`)).toContainText('$90.00');
  const prices = await Promise.all(
    ids.map(async (id) => ((await (await request.get(`/api/parts/${id}`)).json()) as { price: number }).price),
  );
  expect(prices).toEqual([17.96, 90]);
  await expectNoSidewaysScroll(page);
});

test('Ship selected ships several paid orders and says which shipped; the packing slip lists what is left to ship', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, admin.email, admin.password);
  const partName = `Bulk Ship Case ${Date.now()}`;
  const partId = await addPart(request, token, { name: partName, minOrder: 1, available: 10, price: 30 });
  const { email, headers } = await newCustomer(request, 'owner-ship');
  const first = await paidOrder(request, headers, partId, '1 Dock Road');
  const second = await paidOrder(request, headers, partId, '2 Dock Road');

  await signInAs(page, 'admin');
  await page.goto(`/dashboard/orders/${first._id}`);
  await page.getByRole('link', { name: 'Print packing slip' }).click();
  await expect(page).toHaveURL(`/packing-slip/${first._id}`);
  await expect(page.getByRole('heading', { name: `Packing slip ${first.number}` })).toBeVisible();
  await expect(page.getByText('1 Dock Road')).toBeVisible();
  const line = page.getByRole('row').filter({ hasText: partName });
  await expect(line.getByRole('cell').first()).toHaveText('2');
  await expect(page.getByText('$')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await page.goto(`/dashboard/manageorders?status=to_ship&q=${encodeURIComponent(email)}`);
  await page.getByRole('checkbox', { name: `Select order ${first.number} to ship` }).check();
  await page.getByRole('checkbox', { name: `Select order ${second.number} to ship` }).check();
  await page.getByRole('button', { name: 'Ship selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship 2 orders' });
  await dialog.getByLabel(`Carrier for ${first.number} (optional)`).fill('UPS');
  await dialog.getByLabel(`Tracking number for ${first.number} (optional)`).fill('1Z-OWNER');
  await dialog.getByRole('button', { name: 'Ship all' }).click();
  await expect(dialog.getByText('Shipped 2 of 2.')).toBeVisible();
  await expect(dialog.getByText(`${first.number}: shipped`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'To ship 0' })).toHaveAttribute('aria-pressed', 'true');
  const shipped = (await (await request.get(`/api/orders/${first._id}`, { headers })).json()) as {
    shipped: boolean;
    trackingNumber: string | null;
  };
  expect(shipped).toMatchObject({ shipped: true, trackingNumber: '1Z-OWNER' });
});

test("a demo part's card shows its buyers' rating on a fresh shop", async ({ page }) => {
  await page.goto('/allparts?q=7800X3D');
  const card = partCards(page).filter({ hasText: 'Ryzen 7 7800X3D Processor' });
  await expect(card.getByRole('img', { name: '4.5 out of 5, 2 ratings' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
