import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  addPart,
  admin,
  apiToken,
  createAccount,
  logIn,
  uniqueEmail,
  test,
  verifyAccountEmail,
  signInAs,
} from './support.ts';

// At both widths: the owner's and the customer's side of an order, from paid to shipped and
// printed (docs/product.md#dashboard), and the navbar's cart (docs/product.md#navbar-and-footer).

const mailbox = process.env.E2E_MAILDEV_URL;

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

async function newCustomer(request: APIRequestContext, prefix: string, name: string) {
  const email = uniqueEmail(prefix);
  const password = `${prefix}-pass-1`;
  await createAccount(request, email, password, name);
  // The shop mails only verified addresses, as following the verification link makes this one.
  await verifyAccountEmail(request, email, password);
  const headers = { Authorization: `Bearer ${await apiToken(request, email, password)}` };
  return { email, password, headers };
}

type CaughtEmail = { subject: string; text: string; to: { address: string }[] };

test('an owner ships a paid order with a tracking number; the customer sees it on the receipt and by email', async ({
  page,
  request,
}) => {
  test.skip(!mailbox, 'E2E_MAILDEV_URL names the mail catcher the shop sends to');
  const adminToken = await apiToken(request, admin.email, admin.password);
  const partName = `Fulfilment SSD ${Date.now()}`;
  const partId = await addPart(request, adminToken, { name: partName, minOrder: 1, available: 5, price: 89.99 });

  const { email, password, headers } = await newCustomer(request, 'receipt', 'Rita Receipt');
  const placed = await request.post('/api/orders', {
    headers,
    data: { partId, totalOrder: 1, phoneNumber: '+1 555 0199', address: '7 Receipt Road' },
  });
  expect(placed.status()).toBe(201);
  const { order } = (await placed.json()) as { order: { _id: string; number: string } };
  const intent = await request.post('/api/create-payment-intent', { headers, data: { orderId: order._id } });
  const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
  expect((await request.post('/api/payments/local/confirm', { data: { clientSecret, card } })).ok()).toBeTruthy();
  const paid = await request.patch(`/api/orders/${order._id}`, { headers, data: { transactionId: paymentIntentId } });
  expect(paid.ok()).toBeTruthy();

  await signInAs(page, 'admin');
  await page.goto('/dashboard/manageorders');
  await expect(page.getByRole('button', { name: /^To ship/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Search by order number, email or product').fill(order.number);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const entry = orderEntry(page, 'Manage Orders', partName);
  await entry.getByRole('link', { name: order.number }).click();
  await expect(page).toHaveURL(`/dashboard/orders/${order._id}`);
  await expect(page.getByText('7 Receipt Road')).toBeVisible();
  await expect(page.getByText('+1 555 0199')).toBeVisible();

  await page.goBack();
  await entry.getByRole('button', { name: `Ship order ${order.number} for ${partName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Carrier (optional)').fill('UPS');
  await dialog.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
  await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page.getByText('Item Shipped')).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Signed out from an admin page, the next sign-in would return there, and sign a customer out.
  await page.goto('/home');
  await page.getByRole('button', { name: 'Logout' }).click();

  await logIn(page, email, password);
  await page.goto('/dashboard/myorders');
  await orderEntry(page, 'My Orders', partName).getByRole('link', { name: order.number }).click();
  await expect(page).toHaveURL(`/dashboard/orders/${order._id}`);
  await expect(page.getByText('1Z999AA10123456784')).toBeVisible();
  await expect(page.getByText('UPS', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Print receipt prints the page; on paper, only the receipt: black on white, the page's width.
  await page.evaluate(() => {
    const printed = window as unknown as { printed: number };
    printed.printed = 0;
    window.print = () => {
      printed.printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print receipt' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByText('1Z999AA10123456784')).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Back to My Orders' })).toBeHidden();
  const paper = await page.evaluate(() => {
    const heading = document.querySelector('#order-title');
    const box = heading?.closest('section')?.getBoundingClientRect();
    const style = heading ? getComputedStyle(heading) : null;
    return {
      color: style?.color,
      background: getComputedStyle(document.body).backgroundColor,
      left: box?.left,
      width: box?.width,
      page: document.documentElement.clientWidth,
    };
  });
  expect(paper.color).toBe('rgb(0, 0, 0)');
  expect(paper.background).toBe('rgb(255, 255, 255)');
  expect(paper.left).toBe(0);
  expect(paper.width).toBe(paper.page);
  await page.emulateMedia({ media: 'screen' });

  await expect
    .poll(
      async () => {
        const caught = (await (await request.get(`${mailbox}/api/email`)).json()) as CaughtEmail[];
        return caught.find((m) => m.to.some((to) => to.address === email) && m.subject.includes('has shipped'));
      },
      { timeout: 20_000 },
    )
    .toMatchObject({
      subject: `Order ${order.number} has shipped`,
      text: expect.stringContaining('1Z999AA10123456784'),
    });
});

test("the navbar's cart follows the customer's unpaid orders, and the purchase form starts from the address book", async ({
  page,
  request,
}) => {
  const adminToken = await apiToken(request, admin.email, admin.password);
  const partName = `Cart Cooler ${Date.now()}`;
  const partId = await addPart(request, adminToken, { name: partName, minOrder: 2, available: 9, price: 34.5 });
  const { email, password, headers } = await newCustomer(request, 'cart', 'Carla Cart');
  const saved = await request.post('/api/addresses', {
    headers,
    data: {
      name: 'Carla Cart',
      line1: '3 Profile Lane',
      city: 'Portland',
      region: 'OR',
      postalCode: '97201',
      country: 'US',
      phone: '+1 555 0142',
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  await logIn(page, email, password);
  const cart = page.getByRole('link', { name: /^Cart: / });
  await expect(cart).toHaveAccessibleName('Cart: 0 unpaid orders, $0.00');

  await page.goto(`/purchase/${partId}`);
  await expect(page.getByLabel('Phone Number')).toHaveValue('+1 555 0142');
  await expect(page.getByLabel('Street address')).toHaveValue('3 Profile Lane');
  await expect(page.getByLabel('State')).toHaveValue('OR');
  await expect(page.getByRole('checkbox', { name: 'Save to my address book' })).toHaveCount(0);
  await page.getByLabel('Street address').fill('9 New Street');
  await page.getByRole('checkbox', { name: 'Save to my address book' }).check();
  // $69.00 of parts to Oregon: $5.99 Standard shipping, no sales tax.
  await expect(page.getByTestId('quote-total')).toHaveText('$74.99');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Saved to your address book')).toBeVisible();

  // The form gives way to the placed order, so no second click can place another.
  const placed = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Order placed' }) });
  await expect(placed.getByRole('link', { name: 'Pay', exact: true })).toBeVisible();
  await expect(placed.getByRole('link', { name: 'View order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

  // The cart counts the one new order at once, fits the phone's width, and leads to My Orders.
  await expect(cart).toHaveAccessibleName('Cart: 1 unpaid order, $74.99');
  await expect(cart).toBeVisible();
  await expectNoSidewaysScroll(page);
  await placed.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[\w-]+$/);
  await cart.click();
  await expect(page).toHaveURL('/dashboard/myorders');
  const entry = orderEntry(page, 'My Orders', partName);
  await expect(entry).toContainText('$74.99');
  await expect(entry).toContainText('$69.00 + $5.99 shipping + $0.00 tax');

  await entry.getByRole('button', { name: `Cancel order for ${partName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Order Cancelled')).toBeVisible();
  await expect(cart).toHaveAccessibleName('Cart: 0 unpaid orders, $0.00');

  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'Saved addresses' })).toContainText('9 New Street');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(cart).toHaveCount(0);

  await signInAs(page, 'admin');
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Manage Orders' })).toBeVisible();
  await expect(cart).toHaveCount(0);
});
