import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  createAccount,
  expectNoSidewaysScroll,
  fillShipTo,
  logIn,
  test,
  uniqueEmail,
  verifyAccountEmail,
} from './support.ts';

// The planner knows what is in stock (docs/product.md#build-planner): the picker says each
// part's stock and can hide what is sold out, a sold-out part is a verdict in the summary with
// an in-stock part that fits offered in its place, and the order form names what stops it.

type Part = { _id: string; name: string; brand: string; available: number; price: number };

const SOLD_OUT = 'Radeon RX 7800 XT 16 GB';
const PSU = '1000 W 80+ Platinum Power Supply';
const CASE = 'Airflow Mid-Tower Case';

async function demoPart(request: APIRequestContext, name: string): Promise<Part> {
  const response = await request.get(`/api/parts?q=${encodeURIComponent(name)}&limit=10`);
  expect(response.ok()).toBe(true);
  const found = ((await response.json()) as Part[]).find((p) => p.name === name);
  if (!found) throw new Error(`no demo part ${name}`);
  return found;
}

/** A build with the sold-out card, and the part the server offers in its place. */
async function soldOutBuild(request: APIRequestContext) {
  const [gpu, psu, pcCase] = await Promise.all([SOLD_OUT, PSU, CASE].map((name) => demoPart(request, name)));
  expect(gpu?.available).toBe(0);
  const check = await request.post('/api/builds/check', {
    data: { items: [gpu, psu, pcCase].map((p) => ({ partId: p?._id, quantity: 1 })) },
  });
  expect(check.ok()).toBe(true);
  const { lines } = (await check.json()) as { lines: { partId: string; alternative?: { name: string } | null }[] };
  const alternative = lines.find((l) => l.partId === gpu?._id)?.alternative?.name;
  if (!alternative) throw new Error('the server offered no alternative');
  return { url: `/build?gpu=${gpu?._id}&psu=${psu?._id}&case=${pcCase?._id}`, alternative };
}

const summary = (page: Page) => page.getByRole('complementary', { name: 'Your build' });

test('every picker row says its stock and brand, and sold-out parts can be hidden', async ({ page }) => {
  await page.goto('/build');
  await page.getByRole('button', { name: 'Choose graphics card' }).click();
  const picker = page.getByRole('list', { name: 'Graphics card to choose from' });
  const soldOut = picker.getByRole('listitem').filter({ hasText: SOLD_OUT });
  await expect(soldOut).toContainText('Sold out');
  await expect(soldOut).toContainText('AMD');
  await expect(picker.getByRole('listitem').filter({ hasText: 'GeForce RTX 4060 8 GB' })).toContainText('In stock');
  const rows = await picker.getByRole('listitem').count();

  await page.getByRole('checkbox', { name: 'Hide sold-out parts' }).check();
  await expect(soldOut).toHaveCount(0);
  await expect(picker.getByRole('listitem')).toHaveCount(rows - 1);
  for (const stock of await picker.getByTestId('picker-stock').allTextContents()) expect(stock).not.toBe('Sold out');
  await expectNoSidewaysScroll(page);
});

test('a sold-out part is a verdict in the summary, and one click swaps in the in-stock part the shop offers', async ({
  page,
  request,
}) => {
  const { url, alternative } = await soldOutBuild(request);
  await page.goto(url);
  const verdict = summary(page).getByRole('status');
  await expect(verdict).toContainText(`${SOLD_OUT} is sold out`);
  await expect(verdict).not.toContainText('Everything fits together');
  await expectNoSidewaysScroll(page);

  await summary(page)
    .getByRole('button', { name: `Swap in ${alternative}` })
    .click();
  await expect(page.getByRole('list', { name: 'Build slots' })).toContainText(alternative);
  await expect(page.getByRole('list', { name: 'Build slots' })).not.toContainText(SOLD_OUT);
  await expect(verdict).not.toContainText('sold out');
});

test('the order form names the part that stops the order, prices every line, and Place the order always answers', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('stock-builder');
  await createAccount(request, email, 'stock-pass-2022', 'Stock Builder');
  await verifyAccountEmail(request, email, 'stock-pass-2022');
  await logIn(page, email, 'stock-pass-2022');
  const { url, alternative } = await soldOutBuild(request);
  await page.goto(url);

  const form = page.getByRole('form', { name: 'Order this build' });
  await expect(form).toContainText(`${SOLD_OUT} is sold out`);
  // Nothing is priced while a line cannot be ordered.
  await expect(form.getByTestId('checkout-totals')).toHaveCount(0);
  await fillShipTo(form);
  await form.getByRole('button', { name: 'Place the order' }).click();
  await expect(form.getByText(/^The order was not placed/)).toHaveText(
    `The order was not placed: ${SOLD_OUT} is sold out.`,
  );
  await expectNoSidewaysScroll(page);

  await summary(page)
    .getByRole('button', { name: `Swap in ${alternative}` })
    .click();
  const swapped = page.getByRole('form', { name: 'Order this build' });
  await expect(swapped).toContainText(alternative);
  await expect(swapped).not.toContainText('sold out');
  // The server's subtotal is every line at its quantity less the demo's automatic power-supply sale, which the form
  // names: the planner's total less that discount.
  const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);
  const sale = swapped.getByTestId('applied-discount');
  await expect(sale).toContainText('Power supply sale: 10 % off');
  const subtotal =
    cents(await page.getByTestId('build-total').textContent()) - cents(await sale.locator('dd').textContent());
  await expect(swapped.getByTestId('quote-subtotal')).toHaveText(
    (subtotal / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' }),
  );
  await swapped.getByRole('button', { name: 'Place the order' }).click();
  await expect(page.getByRole('heading', { name: 'Build ordered' })).toBeVisible();
});
