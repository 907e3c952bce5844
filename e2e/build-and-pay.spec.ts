import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  admin,
  AM5_BUILD_SPECS,
  apiToken,
  createAccount,
  logIn,
  uniqueEmail,
  test,
  verifyAccountEmail,
  signInAs,
  fillShipTo,
  type BuildSlot,
  payWith4242,
} from './support.ts';

const mailbox = process.env.E2E_MAILDEV_URL;
type CaughtEmail = { subject: string; text: string; to: { address: string }[] };

/** My Orders' rows: a table from md up, a list of cards on a phone (ResponsiveTable). */
function myOrders(page: Page) {
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  return phone
    ? page.getByRole('list', { name: 'My Orders' }).getByRole('listitem')
    : page.getByRole('table', { name: 'My Orders' }).getByRole('row');
}

const SPECS = AM5_BUILD_SPECS;
type Slot = BuildSlot;

async function addSpecPart(request: APIRequestContext, token: string, name: string, kind: Slot, specs: object) {
  const response = await request.post('/api/parts', {
    data: {
      name,
      description: 'Added by the browser tests',
      img: '/images/parts/cpu.svg',
      minOrder: 1,
      available: 20,
      price: 10,
      kind,
      specs,
    },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.describe('planning a build, ordering it and paying for all of it at once', () => {
  test('plan, see a clash, share, save, order and pay as one order; the owner ships it once, finds its return request and refunds part', async ({
    page,
    request,
    context,
  }) => {
    test.skip(!mailbox, 'E2E_MAILDEV_URL names the mail catcher the shop sends to');
    // Planner to refund, through two sessions: the longest journey of the suite.
    test.slow();
    const run = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    const token = await apiToken(request, admin.email, admin.password);
    const ids = {} as Record<Slot, string>;
    const names = {} as Record<Slot, string>;
    for (const slot of Object.keys(SPECS) as Slot[]) {
      names[slot] = `E2E ${slot} ${run}`;
      ids[slot] = await addSpecPart(request, token, names[slot], slot, SPECS[slot]);
    }
    const ddr4 = `E2E DDR4 kit ${run}`;
    await addSpecPart(request, token, ddr4, 'memory', { ...SPECS.memory, memoryType: 'DDR4', speedMts: 3200 });

    const email = uniqueEmail('builder');
    await createAccount(request, email, 'builder-pass-2022', 'Builder');
    // The shop mails only verified addresses.
    await verifyAccountEmail(request, email, 'builder-pass-2022');
    await logIn(page, email, 'builder-pass-2022');

    const { memory: _memory, ...rest } = ids;
    await page.goto(`/build?${new URLSearchParams(rest).toString()}`);
    await expect(page.getByRole('heading', { name: 'Plan a Build' })).toBeVisible();
    await page.getByRole('button', { name: 'Choose memory' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByLabel('Search memory').fill(run);
    const clashing = picker.getByRole('listitem').filter({ hasText: ddr4 });
    await expect(clashing).toContainText('Clashes: DDR4 memory does not fit a DDR5 motherboard.');
    await expect(picker.getByRole('listitem').filter({ hasText: names.memory })).toContainText('Fits');
    await picker.getByRole('button', { name: `Choose ${ddr4}` }).click();
    await expect(page.getByTestId('build-verdict')).toContainText('Not compatible');
    await expect(page.getByRole('list', { name: `Problems with ${ddr4}` })).toContainText(
      'DDR4 memory does not fit a DDR5 motherboard.',
    );
    await expect(page.getByText("Fix the build's errors before ordering it.")).toBeVisible();

    await page.getByRole('button', { name: 'Change memory' }).click();
    await page.getByRole('dialog').getByLabel('Search memory').fill(run);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Choose ${names.memory}` })
      .click();
    await expect(page.getByText('Everything fits together.')).toBeVisible();
    await expect(page.getByTestId('build-total')).toHaveText('$80.00');
    await expectNoSidewaysScroll(page);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(link).searchParams.get('memory')).toBe(ids.memory);
    const shared = await context.newPage();
    await shared.goto(link);
    for (const slot of Object.keys(SPECS) as Slot[]) {
      await expect(shared.getByRole('list', { name: 'Build slots' })).toContainText(names[slot]);
    }
    await expect(shared.getByTestId('build-total')).toHaveText('$80.00');
    await shared.close();

    await page.getByLabel('Build name').fill(`Build ${run}`);
    await page.getByRole('button', { name: 'Save build' }).click();
    await expect(page.getByText(`Saved "Build ${run}" to My Builds`)).toBeVisible();

    // $80.00 of parts less the demo's automatic power-supply sale (10 % of the $10.00 supply) to Oregon: Standard
    // shipping ($5.99 under $100), no sales tax.
    await fillShipTo(page);
    await expect(page.getByTestId('checkout-totals')).toContainText('Discount (Power supply sale: 10 % off)−$1.00');
    await expect(page.getByTestId('quote-subtotal')).toHaveText('$79.00');
    await expect(page.getByTestId('quote-shipping')).toHaveText('$5.99');
    await expect(page.getByTestId('quote-tax')).toHaveText('$0.00');
    const planned = '$84.99';
    await expect(page.getByTestId('quote-total')).toHaveText(planned);
    await page.getByRole('button', { name: 'Place the order' }).click();
    const money = planned.replace(/[$.]/g, '\\$&');
    await expect(page.getByText(new RegExp(`Ordered 8 parts as order PS-\\d{6} for ${money}\\.`))).toBeVisible();
    await page.getByRole('link', { name: `Pay for the whole build (${planned})` }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    const paid = page.getByTestId('payment-product');
    for (const slot of Object.keys(SPECS) as Slot[]) await expect(paid).toContainText(names[slot]);
    await expect(page.getByTestId('payment-total')).toHaveText(planned);
    await expectNoSidewaysScroll(page);
    await payWith4242(page);

    await page.getByRole('link', { name: 'View receipt' }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]+$/);
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const title = page.getByRole('heading', { name: /^Order PS-\d{6}$/ });
    const number = ((await title.textContent()) ?? '').replace('Order ', '');
    const receipt = page.getByRole('region', { name: 'Items' });
    await expect(receipt.getByTestId('order-total')).toHaveText(planned);
    await expect(receipt.getByTestId('order-totals')).toContainText('Shipping (Standard)');
    await expect(receipt).toContainText('Pending');
    await page.goto('/dashboard/builds');
    await expect(page.getByRole('heading', { name: `Build ${run}`, exact: true })).toBeVisible();

    const shipped = await request.patch(`/api/shipped/${orderId}`, {
      data: { carrier: 'UPS', trackingNumber: `1Z${run}` },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(shipped.status()).toBe(200);
    await page.goto(`/dashboard/orders/${orderId}`);
    const asking = page.getByRole('form', { name: 'Request a return' });
    await asking.getByLabel('Part to return').selectOption({ label: `${names.memory} (1 bought)` });
    await asking.getByLabel('Reason').selectOption('Incompatible');
    await asking.getByRole('button', { name: 'Request a return' }).click();
    await expect(page.getByText(`Return of 1 × ${names.memory} (Incompatible): requested`)).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();

    await signInAs(page, 'admin');
    await page.goto('/dashboard/manageorders?status=returns');
    const requests = page.getByRole('region', { name: 'Return requests' });
    await expect(requests).toContainText(`1 × ${names.memory}`);
    await expectNoSidewaysScroll(page);
    await requests.getByRole('link', { name: number }).click();
    await expect(page).toHaveURL(`/dashboard/orders/${orderId}`);
    await expect(page.getByText(`1Z${run}`)).toHaveCount(1);
    const refund = page.getByRole('form', { name: 'Refund' });
    // Part of the $10.00 case: a line's refund goes up to what was paid for it.
    await refund.getByLabel('Amount ($)').fill('7.50');
    await refund.getByLabel('Reason for the refund').fill('Scratched case');
    await refund.getByLabel('For the line').selectOption({ label: `1 × ${names.case}` });
    await refund.getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('$7.50 refunded (Scratched case)')).toBeVisible();
    await expect(receipt).toContainText('Partly refunded');
    await expect(receipt).toContainText('$7.50 back');
    await expectNoSidewaysScroll(page);

    const mail = async () => {
      const caught = (await (await request.get(`${mailbox}/api/email`)).json()) as CaughtEmail[];
      return caught
        .filter((m) => m.to.some((to) => to.address === email))
        .map((m) => `${m.subject}\n${m.text}`)
        .sort();
    };
    // The return's own emails come too (Return requested): wait for the refund's, the last of these.
    await expect
      .poll(async () => (await mail()).some((m) => m.startsWith(`Refund for order ${number}\n`)), { timeout: 20_000 })
      .toBe(true);
    const [placed, receiptMail, shippedMail, refundMail] = [
      `Order ${number} placed`,
      `Payment receipt for order ${number}`,
      `Order ${number} has shipped`,
      `Refund for order ${number}`,
    ].map((subject) => mail().then((all) => all.filter((m) => m.startsWith(`${subject}\n`))));
    expect(await placed).toEqual([expect.stringContaining(`Total: ${planned}`)]);
    expect(await receiptMail).toEqual([expect.stringContaining(`Paid: ${planned}`)]);
    expect(await shippedMail).toEqual([expect.stringContaining(`1Z${run}`)]);
    expect(await refundMail).toEqual([expect.stringContaining('Refunded: $7.50')]);
  });

  test("My Orders' Pay all unpaid pays every unpaid order with one card payment", async ({ page, request }) => {
    const run = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    const adminToken = await apiToken(request, admin.email, admin.password);
    const first = await addSpecPart(request, adminToken, `E2E SSD A ${run}`, 'storage', SPECS.storage);
    const second = await addSpecPart(request, adminToken, `E2E SSD B ${run}`, 'storage', SPECS.storage);
    const email = uniqueEmail('payer');
    await createAccount(request, email, 'payer-pass-2022', 'Payer');
    const token = await apiToken(request, email, 'payer-pass-2022');
    for (const [partId, totalOrder] of [
      [first, 2],
      [second, 3],
    ] as const) {
      const created = await request.post('/api/orders', {
        data: { partId, totalOrder, phoneNumber: '+1 555 0100', address: '1 Test Street' },
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(created.status()).toBe(201);
    }

    await logIn(page, email, 'payer-pass-2022');
    await page.goto('/dashboard/myorders');
    // Orders that give their address as one text ship within the shop's home country: Standard, $5.99 each.
    await page.getByRole('link', { name: 'Pay all unpaid (2 orders, $61.98)' }).click();
    await expect(page.getByRole('heading', { name: 'Payment for 2 orders' })).toBeVisible();
    const paid = page.getByRole('list', { name: 'Orders in this payment' });
    await expect(paid).toContainText(`E2E SSD A ${run}`);
    await expect(paid).toContainText(`E2E SSD B ${run}`);
    await expectNoSidewaysScroll(page);
    await payWith4242(page);
    const confirmation = page.getByRole('status').filter({ hasText: 'Congrats! Your payment is completed' });
    await expect(confirmation).toContainText('$61.98');
    await expect(confirmation).toContainText(`2 × E2E SSD A ${run}, $25.99 ($20.00 + $5.99 shipping + $0.00 tax)`);
    await expect(confirmation).toContainText(`3 × E2E SSD B ${run}, $35.99 ($30.00 + $5.99 shipping + $0.00 tax)`);
    await expect(confirmation).toContainText('Visa ending in 4242');
    await expect(confirmation.getByRole('link', { name: /^Receipt for PS-\d{6}$/ })).toHaveCount(2);
    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    const table = myOrders(page);
    await expect(table.filter({ hasText: `E2E SSD A ${run}` })).toContainText('Pending');
    await expect(table.filter({ hasText: `E2E SSD B ${run}` })).toContainText('Pending');
    await expect(page.getByRole('link', { name: /Pay all unpaid/ })).toHaveCount(0);
  });
});
