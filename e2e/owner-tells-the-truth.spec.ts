import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  addPart,
  admin,
  apiToken,
  createAccount,
  expectNoSidewaysScroll,
  openFilters,
  signInAs,
  test,
  uniqueEmail,
  verifyAccountEmail,
} from './support.ts';
import { startAssistant } from './ucp-assistant.ts';

// At both widths: a bulk change touches only what the owner meant, a sold-out part
// cannot be bought from its page, and the emails and owner pages say what happened
// (docs/product.md#bulk-actions, #part-page, #the-order-lifecycle, #customer-page, #assistants).

const mailbox = process.env.E2E_MAILDEV_URL;

type Headers = { Authorization: string };
type PlacedOrder = { _id: string; number: string; productName: string; lines: { id: string; partId: string }[] };
type CaughtEmail = { subject: string; text: string; html: string; to: { address: string }[] };

/** A row of a dashboard table from 768 px up, its card below. */
function entry(page: Page, list: string, text: string): Locator {
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  return wide
    ? page.getByRole('table', { name: list }).getByRole('row').filter({ hasText: text })
    : page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });
}

/** Letters only, unlike any other run's: a search word no other part has, nor is a typo of. */
function searchWord(): string {
  return Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

async function adminHeaders(request: APIRequestContext) {
  const token = await apiToken(request, admin.email, admin.password);
  return { token, headers: { Authorization: `Bearer ${token}` } };
}

async function newCustomer(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const password = `${prefix}-pass-1`;
  await createAccount(request, email, password, `${prefix} buyer`);
  await verifyAccountEmail(request, email, password);
  return { email, headers: { Authorization: `Bearer ${await apiToken(request, email, password)}` } };
}

/** One paid order with a line per part, paid by card 4242 on the test gateway, shipped to 12 Truth Row. */
async function paidOrder(request: APIRequestContext, headers: Headers, items: { partId: string; units: number }[]) {
  const placed = await request.post('/api/orders/batch', {
    headers,
    data: {
      items: items.map(({ partId, units }) => ({ partId, totalOrder: units })),
      phoneNumber: '+1 555 0147',
      address: '12 Truth Row, Springfield',
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

/** The email to `to` whose subject has `subject`, once the shop has sent it. */
async function caughtEmail(request: APIRequestContext, to: string, subject: string): Promise<CaughtEmail> {
  let found: CaughtEmail | undefined;
  await expect
    .poll(
      async () => {
        const caught = (await (await request.get(`${mailbox}/api/email`)).json()) as CaughtEmail[];
        found = caught.find((m) => m.to.some((r) => r.address === to) && m.subject.includes(subject));
        return found !== undefined;
      },
      { timeout: 20_000, message: `an email "${subject}" to ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error('polled until found');
  return found;
}

test('Manage Products searches names only, and the bulk confirmation names the parts it will change', async ({
  page,
  request,
}) => {
  const { token } = await adminHeaders(request);
  const word = searchWord();
  const named = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      addPart(request, token, {
        name: `${word} cooler ${String(i + 1).padStart(2, '0')}`,
        minOrder: 1,
        available: 5,
        price: 40,
      }),
    ),
  );
  expect(named).toHaveLength(12);
  // A case of the brand the word names, and a paste "for any" of them: neither is named so.
  for (const data of [
    { name: `Masterbox case ${word.slice(0, 4)}`, brand: `${word} Master` },
    { name: `Thermal paste ${word.slice(0, 4)}`, description: `For any ${word}` },
  ]) {
    const made = await request.post('/api/parts', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        description: 'Not a cooler',
        img: '/images/parts/gpu.svg',
        minOrder: 1,
        available: 5,
        price: 80,
        ...data,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  await signInAs(page, 'admin');
  await page.goto('/dashboard/manageproducts');
  await page.getByRole('searchbox', { name: 'Search products by name' }).fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByText('12 selected')).toBeVisible();
  await page.getByLabel('Change by (%)').fill('-10');
  await page.getByRole('button', { name: 'Apply to selected' }).click();

  const dialog = page.getByRole('dialog', { name: 'Are You Sure' });
  await expect(dialog).toContainText('Change the price of 12 parts by -10 %');
  const listed = dialog.getByRole('list', { name: 'Parts it will change' }).getByRole('listitem');
  await expect(listed).toHaveCount(10);
  for (const name of await listed.allTextContents()) expect(name).toMatch(new RegExp(`^${word} cooler \\d\\d$`));
  await expect(dialog.getByText('and 2 more')).toBeVisible();
  await expect(dialog).not.toContainText('Masterbox');
  await expect(dialog).not.toContainText('Thermal paste');
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
});

test('a sold-out part offers "Tell me when it is back" instead of Purchase, and sets the alert', async ({
  page,
  request,
}) => {
  const { token } = await adminHeaders(request);
  const name = `Sold out GPU ${searchWord()}`;
  const partId = await addPart(request, token, { name, minOrder: 1, available: 1, price: 499 });
  const soldOut = await request.post(`/api/parts/${partId}/stock`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { delta: -1 },
  });
  expect(soldOut.ok(), await soldOut.text()).toBeTruthy();

  await page.goto(`/parts/${partId}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Purchase' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in to be told when it is back' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await signInAs(page, 'customer');
  await page.goto(`/parts/${partId}`);
  await expect(page.getByRole('button', { name: 'Purchase' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Tell me when it is back' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `We will email you when ${name} is back in stock.` }),
  ).toBeVisible();
  await page.goto('/dashboard/alerts');
  await expect(page.getByText(name)).toBeVisible();
});

/** A paid order of 2 × a $24.50 fan and 1 × a $180 board, shipped by the API, for a new customer with a verified address. */
async function shippedOrder(request: APIRequestContext, ship = true) {
  const { token, headers: asAdmin } = await adminHeaders(request);
  const word = searchWord();
  const fan = { name: `Return fan ${word}`, id: '' };
  const board = { name: `Kept board ${word}`, id: '' };
  fan.id = await addPart(request, token, { name: fan.name, minOrder: 1, available: 9, price: 24.5 });
  board.id = await addPart(request, token, { name: board.name, minOrder: 1, available: 9, price: 180 });
  const customer = await newCustomer(request, 'truth');
  const order = await paidOrder(request, customer.headers, [
    { partId: fan.id, units: 2 },
    { partId: board.id, units: 1 },
  ]);
  if (ship)
    expect((await request.patch(`/api/shipped/${order._id}`, { headers: asAdmin, data: {} })).ok()).toBeTruthy();
  return { asAdmin, fan, board, customer, order };
}

/** The customer asks to send one fan back, as changed mind. */
async function askReturn(request: APIRequestContext, order: PlacedOrder, headers: Headers, partId: string) {
  const asked = await request.post(`/api/orders/${order._id}/returns`, {
    headers,
    data: { lines: [{ partId, quantity: 1 }], reason: 'changed_mind' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  return ((await asked.json()) as { id: string }).id;
}

test("shipping takes the carrier from a list, and links the tracking number to the carrier's page", async ({
  page,
  request,
}) => {
  test.skip(!mailbox, 'E2E_MAILDEV_URL names the mail catcher the shop sends to');
  const { order, customer } = await shippedOrder(request, false);

  await signInAs(page, 'admin');
  await page.goto(`/dashboard/orders/${order._id}`);
  await page.getByRole('button', { name: `Ship order ${order.number} for ${order.productName}` }).click();
  const dialog = page.getByRole('dialog');
  const carrier = dialog.getByLabel('Carrier (optional)');
  const offered = await carrier.evaluate((input: HTMLInputElement) =>
    Array.from(input.list?.options ?? [], (option) => option.value),
  );
  expect(offered).toEqual(['UPS', 'USPS', 'FedEx', 'DHL']);
  await carrier.fill('UPS');
  const tracking = `1Z${Date.now()}`;
  await dialog.getByLabel('Tracking number (optional)').fill(tracking);
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page.getByText('Item Shipped')).toBeVisible();
  const upsPage = `https://www.ups.com/track?tracknum=${tracking}`;
  await expect(page.getByRole('link', { name: new RegExp(tracking) })).toHaveAttribute('href', upsPage);
  const shipped = await caughtEmail(request, customer.email, 'has shipped');
  expect(shipped.html).toContain(`<a href="${upsPage}">${tracking}</a>`);
  expect(shipped.text).toContain(`Tracking number: ${tracking} (${upsPage})`);
});

test('a return is mailed when asked for, approved and received, each naming only what goes back', async ({
  request,
}) => {
  test.skip(!mailbox, 'E2E_MAILDEV_URL names the mail catcher the shop sends to');
  const { asAdmin, fan, board, customer, order } = await shippedOrder(request);
  const id = await askReturn(request, order, customer.headers, fan.id);
  const decide = async (data: Record<string, unknown>) =>
    expect((await request.patch(`/api/returns/${id}`, { headers: asAdmin, data })).ok()).toBeTruthy();

  const onlyTheFan = (email: CaughtEmail) => {
    expect(email.text).toContain(`1 × ${fan.name}`);
    expect(email.text).toContain('Changed mind');
    expect(email.text).not.toContain(board.name);
    expect(email.text).not.toContain(`2 × ${fan.name}`);
  };
  onlyTheFan(await caughtEmail(request, customer.email, `Return requested for order ${order.number}`));
  await decide({ status: 'approved' });
  onlyTheFan(await caughtEmail(request, customer.email, `Return approved for order ${order.number}`));
  await decide({ status: 'received', restock: true, refund: 24.5 });
  const received = await caughtEmail(request, customer.email, `Return received for order ${order.number}`);
  onlyTheFan(received);
  expect(received.text).toContain('Refunded: $24.50');
});

test("the customer page shows the phone and address the customer's orders carry", async ({ page, request }) => {
  const { token } = await adminHeaders(request);
  const partId = await addPart(request, token, {
    name: `Contact SSD ${searchWord()}`,
    minOrder: 1,
    available: 5,
    price: 60,
  });
  const { email, headers } = await newCustomer(request, 'contact');
  await paidOrder(request, headers, [{ partId, units: 1 }]);

  await signInAs(page, 'admin');
  await page.goto(`/dashboard/customers/${encodeURIComponent(email)}`);
  const contacts = page.getByRole('region', { name: 'Phone and address on their orders' });
  await expect(contacts).toContainText('+1 555 0147');
  await expect(contacts).toContainText('12 Truth Row, Springfield');
  await expectNoSidewaysScroll(page);
});

test("an assistant's orders from before its approval carry its approved name, and its last call its orders", async ({
  page,
  request,
}, testInfo) => {
  const { token } = await adminHeaders(request);
  const partName = `Early NVMe ${searchWord()}`;
  const partId = await addPart(request, token, { name: partName, minOrder: 1, available: 5, price: 64.5 });
  const assistant = await startAssistant();
  try {
    const call = async (method: 'post' | 'put', path: string, data: unknown) => {
      const response = await request[method](`/api/ucp${path}`, {
        data,
        headers: { 'UCP-Agent': assistant.agent, 'Request-Id': randomUUID(), 'Idempotency-Key': randomUUID() },
      });
      expect(response.ok(), await response.text()).toBeTruthy();
      return (await response.json()) as { id: string; status: string; order?: { id: string; label: string } };
    };
    const lineItems = [{ item: { id: partId }, quantity: 1 }];
    const created = await call('post', '/checkout-sessions', { line_items: lineItems });
    await call('put', `/checkout-sessions/${created.id}`, {
      line_items: lineItems,
      buyer: { email: uniqueEmail('early-bot'), first_name: 'Ada', last_name: 'Lovelace' },
      fulfillment: {
        methods: [
          {
            type: 'shipping',
            destinations: [
              {
                street_address: '1 Early Way',
                address_locality: 'Paris',
                postal_code: '75001',
                address_country: 'FR',
              },
            ],
            groups: [{ selected_option_id: 'international' }],
          },
        ],
      },
    });
    const completed = await call('post', `/checkout-sessions/${created.id}/complete`, {
      payment: {
        instruments: [
          {
            id: 'i1',
            handler_id: 'mock_payment_handler',
            type: 'card',
            credential: { type: 'token', token: 'success_token' },
          },
        ],
      },
    });
    const order = completed.order;
    if (!order) throw new Error('complete placed no order');

    const name = `Early Bot ${testInfo.project.name}-${Date.now()}`;
    await signInAs(page, 'admin');
    await page.goto('/dashboard/assistants');
    await page.getByLabel('Profile address').fill(assistant.profileUrl);
    await page.getByLabel('Display name').fill(name);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const row = entry(page, 'Approved assistants', name);
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('Never');
    const listed = (await (
      await request.get('/api/assistants', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      name: string;
      orders: number;
      lastCallAt: string | null;
    }[];
    expect(listed.find((a) => a.name === name)).toMatchObject({ orders: 1, lastCallAt: expect.any(String) });
    await expectNoSidewaysScroll(page);

    await page.goto('/dashboard/manageorders?tab=all');
    await page.getByLabel('Search by order number, email or product').fill(order.label);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(entry(page, 'Manage Orders', partName)).toContainText(`via ${name}`);
  } finally {
    await assistant.close();
  }
});

test.describe('small things', () => {
  test('catalog spec filters read in sentence case, acronyms kept', async ({ page }) => {
    await page.goto('/allparts?kind=gpu');
    await openFilters(page);
    await expect(page.getByLabel('Min recommended PSU (W)', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Max recommended PSU (W)', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("a received return's refund starts at what the returned units were bought for", async ({ page, request }) => {
    const { asAdmin, fan, customer, order } = await shippedOrder(request);
    const id = await askReturn(request, order, customer.headers, fan.id);
    expect(
      (await request.patch(`/api/returns/${id}`, { headers: asAdmin, data: { status: 'approved' } })).ok(),
    ).toBeTruthy();

    await signInAs(page, 'admin');
    await page.goto(`/dashboard/orders/${order._id}`);
    const returned = page.getByRole('article').filter({ hasText: `Return of 1 × ${fan.name} (Changed mind)` });
    await expect(returned.getByLabel('Refund ($, optional)')).toHaveValue('24.50');
    await expectNoSidewaysScroll(page);
    await returned.getByRole('button', { name: 'Mark received' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: '$24.50 refunded (Return: Changed mind' })).toBeVisible();
  });

  test('the audit log says a change in words, with the raw record behind a disclosure', async ({ page, request }) => {
    const { token, headers } = await adminHeaders(request);
    const name = `Audited case ${searchWord()}`;
    const partId = await addPart(request, token, { name, minOrder: 1, available: 5, price: 70 });
    const { version } = (await (await request.get(`/api/parts/${partId}`)).json()) as { version: number };
    const edited = await request.patch(`/api/parts/${partId}`, { headers, data: { version, lowStockAt: 3 } });
    expect(edited.ok(), await edited.text()).toBeTruthy();

    await signInAs(page, 'admin');
    await page.goto('/dashboard/audit');
    const change = entry(page, 'Audit Log', name).filter({ hasText: 'Low stock at: — → 3' });
    await expect(change).toBeVisible();
    const raw = change.locator('details');
    await expect(raw.getByText('"lowStockAt": 3')).toBeHidden();
    await raw.getByText('Raw change').click();
    await expect(raw.getByText('"lowStockAt": 3')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
