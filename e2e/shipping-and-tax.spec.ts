import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  addPart,
  admin,
  apiToken,
  createAccount,
  expectNoSidewaysScroll,
  fillShipTo,
  logIn,
  OREGON,
  signInAs,
  test,
  uniqueEmail,
  verifyAccountEmail,
  type ShipTo,
  payWith4242,
} from './support.ts';

// At both widths: checkout prices shipping and tax for the destination before anything is paid, the receipt and the
// emails say the same, a country the shop does not ship to is refused in words, and the owner's tax rate is what the
// next checkout charges (docs/product.md#shipping-and-taxes). The demo shop's rules: US Standard $5.99 (free from
// $100) and Express $14.99; California 7.25 %, Texas 6.25 %; prices exclude tax; shipping is not taxed.

const mailbox = process.env.E2E_MAILDEV_URL;
type CaughtEmail = { subject: string; text: string; to: { address: string }[] };

const CALIFORNIA: ShipTo = {
  name: 'Cal Customer',
  line1: '1 Market Street',
  city: 'San Jose',
  postalCode: '95113',
  country: 'United States',
  region: 'California',
  phone: '+1 408 555 0100',
};
const TEXAS: ShipTo = { ...CALIFORNIA, name: 'Tex Customer', city: 'Austin', postalCode: '73301', region: 'Texas' };

async function newCustomer(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const password = `${prefix}-pass-1`;
  await createAccount(request, email, password, `${prefix} buyer`);
  // The shop mails only verified addresses.
  await verifyAccountEmail(request, email, password);
  return { email, password };
}

/** A part of this test and width at $40: one to California is $2.90 of tax and $5.99 of shipping. */
async function fortyDollarPart(request: APIRequestContext, page: Page, name: string) {
  const token = await apiToken(request, admin.email, admin.password);
  const full = `${name} ${page.viewportSize()?.width ?? 0}-${Date.now()}`;
  return { name: full, id: await addPart(request, token, { name: full, minOrder: 1, available: 20, price: 40 }) };
}

test('a customer in California sees shipping and tax before paying, and on the receipt and in the email', async ({
  page,
  request,
}) => {
  test.skip(!mailbox, 'E2E_MAILDEV_URL names the mail catcher the shop sends to');
  const part = await fortyDollarPart(request, page, 'Tax Fan');
  const { email, password } = await newCustomer(request, 'california');
  await logIn(page, email, password);
  await page.goto(`/purchase/${part.id}`);
  await fillShipTo(page, CALIFORNIA);

  const summary = page.getByRole('region', { name: 'Shipping and total' });
  const options = summary.getByRole('radio');
  await expect(options).toHaveCount(2);
  // Cheapest first, each with its carrier and delivery estimate.
  await expect(summary.getByRole('group', { name: 'Shipping option' }).locator('label')).toHaveText([
    /^Standard.*business days\$5\.99$/,
    /^Express.*business days\$14\.99$/,
  ]);
  await expect(options.first()).toBeChecked();
  await expect(summary.getByText('Subtotal (excl. tax)')).toBeVisible();
  await expect(page.getByTestId('quote-subtotal')).toHaveText('$40.00');
  await expect(page.getByTestId('quote-shipping')).toHaveText('$5.99');
  await expect(page.getByTestId('quote-tax')).toHaveText('$2.90');
  await expect(page.getByTestId('quote-total')).toHaveText('$48.89');
  // Express instead: the server prices it again.
  // A click, not check(): the option is checked once the server has priced it, a moment later.
  await options.nth(1).click();
  await expect(page.getByTestId('quote-total')).toHaveText('$57.89');
  await options.first().click();
  await expect(page.getByTestId('quote-total')).toHaveText('$48.89');
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const placed = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Order placed' }) });
  await expect(placed).toContainText('$48.89 with shipping and tax');
  await placed.getByRole('link', { name: 'Pay', exact: true }).click();

  const owed = page.getByTestId('payment-totals');
  await expect(owed).toContainText('Subtotal (excl. tax)$40.00');
  await expect(owed).toContainText('Shipping (Standard)$5.99');
  await expect(owed).toContainText('Tax$2.90');
  await expect(page.getByTestId('payment-total')).toHaveText('$48.89');
  await expectNoSidewaysScroll(page);
  await payWith4242(page);
  await expect(page.getByRole('status').getByText('$40.00 + $5.99 shipping + $2.90 tax')).toBeVisible();

  await page.getByRole('link', { name: 'View receipt' }).click();
  const number = ((await page.getByRole('heading', { name: /^Order PS-\d{6}$/ }).textContent()) ?? '').slice(6);
  const receipt = page.getByTestId('order-totals');
  await expect(receipt).toContainText('Shipping (Standard)$5.99');
  await expect(receipt).toContainText('Tax$2.90');
  await expect(page.getByTestId('order-total')).toHaveText('$48.89');
  await expect(page.getByRole('region', { name: 'Customer and ship-to' })).toContainText('San Jose, CA 95113');
  await expectNoSidewaysScroll(page);

  const mail = async (subject: string) => {
    const caught = (await (await request.get(`${mailbox}/api/email`)).json()) as CaughtEmail[];
    return caught.find((m) => m.to.some((to) => to.address === email) && m.subject === subject)?.text ?? '';
  };
  for (const subject of [`Order ${number} placed`, `Payment receipt for order ${number}`]) {
    await expect.poll(() => mail(subject), { timeout: 20_000 }).toContain('Shipping (Standard): $5.99');
    const text = await mail(subject);
    expect(text).toContain('Subtotal: $40.00');
    expect(text).toContain('Tax: $2.90');
    expect(text).toMatch(/(Total|Paid): \$48\.89/);
  }
});

test('an address in a country the shop does not ship to is refused clearly, and nothing typed is lost', async ({
  page,
  request,
}) => {
  const part = await fortyDollarPart(request, page, 'Far Fan');
  const { email, password } = await newCustomer(request, 'abroad');
  await logIn(page, email, password);
  await page.goto(`/purchase/${part.id}`);
  await fillShipTo(page, OREGON);
  const addToCart = page.getByRole('button', { name: 'Add to Cart' });
  await expect(page.getByTestId('quote-total')).toHaveText('$45.99');

  await page.getByLabel('Street address').fill('1-1 Chiyoda');
  await page.getByLabel('City').fill('Tokyo');
  await page.getByLabel('Country').selectOption({ label: 'Japan' });
  await expect(page.getByRole('alert').filter({ hasText: 'We do not ship to Japan yet' })).toBeVisible();
  await expect(addToCart).toBeDisabled();
  await expect(page.getByTestId('quote-total')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  // What was typed is still there.
  await expect(page.getByLabel('Street address')).toHaveValue('1-1 Chiyoda');
  await expect(page.getByLabel('City')).toHaveValue('Tokyo');
  await expect(page.getByLabel('Full name')).toHaveValue(OREGON.name);

  // The server refuses it as well, and places nothing.
  const token = await apiToken(request, email, password);
  const refused = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      partId: part.id,
      totalOrder: 1,
      shippingAddress: {
        name: 'A',
        line1: '1-1 Chiyoda',
        city: 'Tokyo',
        postalCode: '100-0001',
        country: 'JP',
        phone: '+81 3 5555 0100',
      },
    },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { message: string }).message).toBe('We do not ship to Japan yet');
  const mine = (await (
    await request.get('/api/orders', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as unknown[];
  expect(mine).toEqual([]);

  await page.getByLabel('Country').selectOption({ label: 'United States' });
  await expect(page.getByLabel('State')).toHaveValue('OR');
  await expect(addToCart).toBeEnabled();
  await expect(page.getByTestId('quote-total')).toHaveText('$45.99');
});

test('the owner changes a tax rate in Settings > Taxes, and the next checkout charges it', async ({
  page,
  request,
}) => {
  const adminHeaders = { Authorization: `Bearer ${await apiToken(request, admin.email, admin.password)}` };
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  await signInAs(page, 'admin');
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/dashboard/settings/shipping');
  await expect(page.getByRole('form', { name: 'Shipping settings' })).toBeVisible();
  await expect(page.getByLabel('Zone name').first()).toHaveValue(/.+/);
  await expectNoSidewaysScroll(page);
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Taxes' }).click();
  const rates = page.getByRole('list', { name: 'Tax rates' });
  await expect(rates.getByRole('listitem').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Settings > Taxes saves the whole table: one width changes it, so the two runs never overwrite each other.
  test.skip(!wide, 'the rate is changed by the 1280 px run');

  const taxes = async () =>
    (await (await request.get('/api/settings/taxes', { headers: adminHeaders })).json()) as {
      rates: { country: string; region?: string | null; rate: number }[];
    };
  const texasRate = async () => (await taxes()).rates.find((r) => r.country === 'US' && r.region === 'TX')?.rate;
  const before = await texasRate();
  expect(before).toBeDefined();
  try {
    const rows = rates.getByRole('listitem');
    const regions = await rows.evaluateAll((items) =>
      items.map((item) => item.querySelector<HTMLInputElement>('input[name$=".region"]')?.value ?? ''),
    );
    const texas = rows.nth(regions.indexOf('TX'));
    await texas.getByLabel('Rate (%)').fill('8.25');
    await page.getByRole('button', { name: 'Save tax settings' }).click();
    await expect(page.getByText('Tax settings saved')).toBeVisible();
    await expect.poll(texasRate).toBe(8.25);

    const part = await fortyDollarPart(request, page, 'Texas Fan');
    await page.getByRole('button', { name: 'Logout' }).click();
    const { email, password } = await newCustomer(request, 'texan');
    await logIn(page, email, password);
    await page.goto(`/purchase/${part.id}`);
    await fillShipTo(page, TEXAS);
    // 8.25 % of $40.00, not the 6.25 % before.
    await expect(page.getByTestId('quote-tax')).toHaveText('$3.30');
    await expect(page.getByTestId('quote-total')).toHaveText('$49.29');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('link', { name: 'View order' }).click();
    await expect(page.getByTestId('order-totals')).toContainText('Tax$3.30');
    await expect(page.getByTestId('order-total')).toHaveText('$49.29');
  } finally {
    const current = await taxes();
    const restored = await request.put('/api/settings/taxes', {
      headers: adminHeaders,
      data: {
        ...current,
        rates: current.rates.map((r) => (r.country === 'US' && r.region === 'TX' ? { ...r, rate: before } : r)),
      },
    });
    expect(restored.ok()).toBeTruthy();
  }
});
