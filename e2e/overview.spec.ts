import { expect } from '@playwright/test';
import {
  addPart,
  admin,
  apiToken,
  createAccount,
  expectNoSidewaysScroll,
  signInAs,
  test,
  uniqueEmail,
  verifyAccountEmail,
} from './support.ts';

// At both widths: an order paid and partly refunded shows on the owner's overview, in its
// figures, its chart and the chart's table (docs/product.md#dashboard).

type Day = { date: string; revenue: string; refunds: string; orders: number };
type Overview = { days: Day[] };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const formatCents = (cents: number) => usd.format(cents / 100);
const formatDollars = (dollars: string) => usd.format(Number(dollars));

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

test("an order paid and refunded shows on the owner's overview", async ({ page, request }) => {
  const adminHeaders = { Authorization: `Bearer ${await apiToken(request, admin.email, admin.password)}` };
  const partId = await addPart(request, adminHeaders.Authorization.slice(7), {
    name: `Overview PSU ${Date.now()}`,
    minOrder: 1,
    available: 5,
    // Dear enough that the money axis reads "$15,000.00", the widest label it must not clip.
    price: 4999,
  });
  // A buyer of its own: other specs leave the demo customer's orders unpaid, which counts against
  // the unpaid-value cap these dear orders come close to.
  const buyer = { email: uniqueEmail('overview-buyer'), password: 'secret-pass-1' };
  await createAccount(request, buyer.email, buyer.password, 'Overview Buyer');
  await verifyAccountEmail(request, buyer.email, buyer.password);
  const headers = { Authorization: `Bearer ${await apiToken(request, buyer.email, buyer.password)}` };
  const before = (await (
    await request.get('/api/admin/overview?days=1', { headers: adminHeaders })
  ).json()) as Overview;

  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
  let order = { _id: '' };
  for (let paid = 0; paid < 3; paid++) {
    const placed = await request.post('/api/orders', {
      headers,
      data: { partId, totalOrder: 1, phoneNumber: '+1 555 0142', address: '4 Chart Street' },
    });
    expect(placed.status()).toBe(201);
    ({ order } = (await placed.json()) as { order: { _id: string } });
    const intent = await request.post('/api/create-payment-intent', { headers, data: { orderId: order._id } });
    const { clientSecret, paymentIntentId } = (await intent.json()) as {
      clientSecret: string;
      paymentIntentId: string;
    };
    expect((await request.post('/api/payments/local/confirm', { data: { clientSecret, card } })).ok()).toBeTruthy();
    expect(
      (await request.patch(`/api/orders/${order._id}`, { headers, data: { transactionId: paymentIntentId } })).ok(),
    ).toBeTruthy();
  }
  const refund = await request.post(`/api/orders/${order._id}/refunds`, {
    headers: adminHeaders,
    data: { amount: 30, reason: 'Dented case' },
  });
  expect(refund.status()).toBe(201);

  await signInAs(page, 'admin');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Daily revenue and orders, last 30 days' });
  await expect(chart.locator('canvas').first()).toBeVisible();

  // Other tests may order meanwhile: the page must show what the API says now, which holds ours.
  await expect(async () => {
    await page.reload();
    const now = (await (
      await request.get('/api/admin/overview?days=30', { headers: adminHeaders })
    ).json()) as Overview;
    const today = now.days.at(-1);
    if (!today) throw new Error('no days');
    expect(Number(today.revenue)).toBeGreaterThanOrEqual(Number(before.days[0]?.revenue ?? 0) + 3 * 4999);
    expect(Number(today.refunds)).toBeGreaterThanOrEqual(Number(before.days[0]?.refunds ?? 0) + 30);
    const net = Math.round(Number(today.revenue) * 100) - Math.round(Number(today.refunds) * 100);
    await expect(page.getByTestId('span-Today')).toContainText(formatCents(net), { timeout: 2_000 });
    await chart.getByText('The figures by day').click();
    const row = chart.getByRole('row').filter({ hasText: dayLabel(today.date) });
    await expect(row).toContainText(`${formatDollars(today.revenue)}${formatDollars(today.refunds)}${today.orders}`, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(chart.locator('.u-over')).toBeAttached();
  const axisRoom = await chart.evaluate(
    (figure, label) => {
      const plot = figure.querySelector<HTMLElement>('.u-over');
      const context = document.createElement('canvas').getContext('2d');
      if (!plot || !context) return null;
      context.font =
        '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
      return { left: parseFloat(plot.style.left), label: context.measureText(label).width };
    },
    formatCents(3 * 4999_00 - 30_00),
  );
  expect(axisRoom?.left).toBeGreaterThan((axisRoom?.label ?? Infinity) + 10);
  await expectNoSidewaysScroll(page);
  const box = await chart.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});
