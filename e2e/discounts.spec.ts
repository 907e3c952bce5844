import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  addPart,
  admin,
  apiToken,
  createAccount,
  expectNoSidewaysScroll,
  fillShipTo,
  logIn,
  signInAs,
  test,
  uniqueEmail,
  verifyAccountEmail,
  payWith4242,
} from './support.ts';

// At both widths, as people use discounts (docs/product.md#purchase, #dashboard): the owner makes a code on Dashboard >
// Discounts, a customer's refused code says why and loses nothing typed, the owner's code lowers the next checkout's
// total through payment to the receipt, and the owner then sees its use and the money it gave. One journey per width
// shares the part, the accounts and the code. Oregon charges no tax: a total is goods less discounts plus $5.99.

async function fortyDollarPart(request: APIRequestContext, page: Page, stamp: string) {
  const token = await apiToken(request, admin.email, admin.password);
  const name = `Discount Fan ${stamp}`;
  return { name, id: await addPart(request, token, { name, minOrder: 1, available: 20, price: 40 }) };
}

test('the owner creates a code; a customer is told why another code is refused, and pays less with it', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const width = page.viewportSize()?.width ?? 0;
  const stamp = `${width}X${Date.now().toString(36).toUpperCase()}`;
  const code = `LAUNCH${stamp}`;
  const label = `Discount ${code} (Launch week)`;
  const part = await fortyDollarPart(request, page, stamp);
  const email = uniqueEmail('discounts');
  const password = 'discounts-pass-1';
  await createAccount(request, email, password, 'Dee Discount');
  await verifyAccountEmail(request, email, password);

  await test.step('the owner creates a 10 % code on Dashboard > Discounts', async () => {
    await signInAs(page, 'admin');
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Discounts' }).click();
    await page.getByRole('link', { name: 'New discount' }).click();
    // Typed in lower case: codes are matched and stored without regard to case.
    await page.getByLabel('Code').fill(code.toLowerCase());
    await page.getByLabel('Title').fill('Launch week');
    await page.getByLabel('Percent off (0 to 100)').fill('10');
    await page.getByLabel('Usage limit (orders)').fill('5');
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Create discount' }).click();
    await expect(page).toHaveURL(/\/dashboard\/discounts$/);
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Pause ${code}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  // The customer shops in a browser of their own, while the owner stays signed in in theirs.
  const { baseURL } = test.info().project.use;
  const shopper = await (await browser.newContext({ baseURL, viewport: page.viewportSize() })).newPage();
  await logIn(shopper, email, password);
  await shopper.goto(`/purchase/${part.id}`);
  await shopper.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await fillShipTo(shopper);
  const total = shopper.getByTestId('quote-total');
  await expect(total).toHaveText('$45.99');
  const codeField = shopper.getByLabel('Discount code');

  await test.step('a code the shop does not know is refused beside the field, and nothing typed is lost', async () => {
    const unknown = `NOPE${stamp}`;
    await codeField.fill(unknown.toLowerCase());
    await shopper.getByRole('button', { name: 'Apply code' }).click();
    const entered = shopper.getByRole('list', { name: 'Entered discount codes' });
    await expect(entered.getByRole('status')).toHaveText(`Not applied: ${unknown} is not a discount code we know`);
    await expect(total).toHaveText('$45.99');
    await expect(shopper.getByLabel('Street address')).toHaveValue('1 Rose Street');
    await expect(shopper.getByLabel('Quantity')).toHaveValue('1');
    await expectNoSidewaysScroll(shopper);
    await entered.getByRole('button', { name: `Remove code ${unknown}` }).click();
    await expect(entered).toHaveCount(0);
  });

  await test.step("the owner's code takes 10 % off, by name, through payment to the receipt", async () => {
    await codeField.fill(code.toLowerCase());
    // Enter applies the code; it does not place the order.
    await codeField.press('Enter');
    const totals = shopper.getByTestId('checkout-totals');
    await expect(totals).toContainText(`${label}−$4.00`);
    await expect(total).toHaveText('$41.99');
    await expectNoSidewaysScroll(shopper);

    await shopper.getByRole('button', { name: 'Add to Cart' }).click();
    const placed = shopper.getByRole('status').filter({ has: shopper.getByRole('heading', { name: 'Order placed' }) });
    await expect(placed).toContainText('$41.99 with shipping and tax');
    await placed.getByRole('link', { name: 'Pay', exact: true }).click();
    await expect(shopper.getByTestId('payment-totals')).toContainText(`${label}−$4.00`);
    await expect(shopper.getByTestId('payment-totals')).toContainText('$36.00');
    await expect(shopper.getByTestId('payment-total')).toHaveText('$41.99');
    await payWith4242(shopper);
    await expect(shopper.getByRole('status').getByText(/\$36\.00 \+ \$5\.99 shipping/)).toBeVisible();

    await shopper.getByRole('link', { name: 'View receipt' }).click();
    await expect(shopper.getByTestId('order-totals')).toContainText(`${label}−$4.00`);
    await expect(shopper.getByTestId('order-totals')).toContainText('$36.00');
    await expect(shopper.getByTestId('order-total')).toHaveText('$41.99');
    await expectNoSidewaysScroll(shopper);
  });

  await test.step('the owner sees the use and the money the code gave', async () => {
    await shopper.context().close();
    await page.goto('/dashboard/discounts');
    const row = page.getByRole(width < 768 ? 'listitem' : 'row').filter({ hasText: code });
    await expect(row).toContainText('1 of 5');
    await expect(row).toContainText('$4.00');
  });
});
