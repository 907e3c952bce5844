import fs from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  addPart,
  admin,
  apiToken,
  createAccount,
  expectNoSidewaysScroll,
  logIn,
  signInAs,
  test,
  uniqueEmail,
  verifyAccountEmail,
} from './support.ts';

// At both widths (docs/product.md#manage-orders-at-scale): the owner filters Manage Orders by date and channel from the
// address, exports what is shown as CSV, reads a build order folded, and keeps staff notes the customer never sees.

type Headers = { Authorization: string };

/** A new customer with a build order of two parts and a one-part order, both unpaid. */
async function customerWithOrders(request: APIRequestContext, page: Page) {
  const stamp = `${page.viewportSize()?.width ?? 0}-${Date.now()}`;
  const email = uniqueEmail('scale');
  const password = 'scale-pass-1';
  await createAccount(request, email, password, `Scale ${stamp}`);
  await verifyAccountEmail(request, email, password);
  const headers: Headers = { Authorization: `Bearer ${await apiToken(request, email, password)}` };
  const token = await apiToken(request, admin.email, admin.password);
  const part = (name: string) =>
    addPart(request, token, { name: `E2E ${name} ${stamp}`, minOrder: 1, available: 5, price: 12.5 });
  const [board, memory, single] = await Promise.all([part('Board'), part('Memory'), part('Mouse')]);
  const batch = await request.post('/api/orders/batch', {
    headers,
    data: {
      items: [board, memory].map((partId) => ({ partId, totalOrder: 1 })),
      phoneNumber: '+1 555 0199',
      address: '9 Scale Street',
    },
  });
  expect(batch.status(), await batch.text()).toBe(201);
  const [build] = ((await batch.json()) as { orders: { _id: string; number: string }[] }).orders;
  const placed = await request.post('/api/orders', {
    headers,
    data: { partId: single, totalOrder: 1, phoneNumber: '+1 555 0199', address: '9 Scale Street' },
  });
  expect(placed.status()).toBe(201);
  const { order: one } = (await placed.json()) as { order: { _id: string; number: string } };
  if (!build) throw new Error('the batch answered no order');
  return { email, password, stamp, build, one };
}

/** Manage Orders' entries: a table from 768 px up, a list of cards below. */
function orderEntries(page: Page) {
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  return wide
    ? page.getByRole('table', { name: 'Manage Orders' }).getByRole('row').filter({ hasText: 'PS-' })
    : page.getByRole('list', { name: 'Manage Orders' }).getByRole('listitem').filter({ hasText: 'PS-' });
}

test('the owner filters, exports, reads build orders folded and keeps private notes', async ({ page, request }) => {
  test.slow();
  const { email, password, stamp, build, one } = await customerWithOrders(request, page);
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  await signInAs(page, 'admin');
  await page.goto(`/dashboard/manageorders?status=all&customer=${encodeURIComponent(email)}`);
  await expect(orderEntries(page)).toHaveCount(2);
  await expectNoSidewaysScroll(page);

  // The build order is one compact entry: its lines open on demand.
  const buildEntry = orderEntries(page).filter({ hasText: build.number });
  const fold = buildEntry.getByText('Build order · 2 parts');
  await expect(fold).toBeVisible();
  await expect(buildEntry.getByText(`1 × E2E Memory ${stamp}`)).toBeHidden();
  await fold.click();
  await expect(buildEntry.getByText(`1 × E2E Memory ${stamp}`)).toBeVisible();

  // Filters live in the address; the server decides which orders match.
  await page.getByLabel('Placed from').fill(tomorrow);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${tomorrow}`));
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(orderEntries(page)).toHaveCount(2);
  await page.getByLabel('Placed from').fill(today);
  await page.getByLabel('Placed to').fill(today);
  await page.getByLabel('Channel').selectOption({ label: 'Web shop' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/channel=web/);
  await expect(orderEntries(page)).toHaveCount(2);
  await expectNoSidewaysScroll(page);

  // The export holds exactly what the filters show, with a header row and dollars.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toMatch(/^Order,Placed \(UTC\),Customer,Email,Channel,Status,Items,Units,Total \(USD\)/);
  expect(csv).toHaveLength(3);
  expect(csv.find((line) => line.startsWith(build.number))).toContain(',web,Unpaid,');
  // Totals with shipping: an address sent as one line ships in the home country, Standard $5.99 under $100, no tax.
  expect(csv.find((line) => line.startsWith(build.number))).toContain(',30.99,');
  expect(csv.find((line) => line.startsWith(one.number))).toContain(',18.49,');

  // A staff note, on the order page, for admins alone.
  const note = `Call before delivery ${stamp}`;
  await page.goto(`/dashboard/orders/${build._id}`);
  await page.getByLabel('New note').fill(note);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Staff notes' })).toContainText(note);
  await expect(page.getByRole('list', { name: 'Staff notes' })).toContainText(admin.email);
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await logIn(page, email, password);
  await page.goto(`/dashboard/orders/${build._id}`);
  await expect(page.getByRole('heading', { name: `Order ${build.number}` })).toBeVisible();
  await expect(page.getByText('Staff notes')).toHaveCount(0);
  await expect(page.getByText(note)).toHaveCount(0);
});
