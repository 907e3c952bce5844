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

// At both widths (docs/product.md#completed-builds): a customer posts the build order the shop shipped as a completed
// build with a photo and a story; the server draws its page and lists it; the owner hides it, and the audit log says so.

type Headers = { Authorization: string };

/** A build order of two parts, paid on the test gateway and shipped by the owner, for a new verified customer. */
async function shippedBuildOrder(request: APIRequestContext, page: Page) {
  const stamp = `${page.viewportSize()?.width ?? 0}-${Date.now()}`;
  const email = uniqueEmail('finished');
  const password = 'finished-pass-1';
  await createAccount(request, email, password, `Builder ${stamp}`);
  await verifyAccountEmail(request, email, password);
  const headers: Headers = { Authorization: `Bearer ${await apiToken(request, email, password)}` };
  const adminHeaders: Headers = { Authorization: `Bearer ${await apiToken(request, admin.email, admin.password)}` };
  const items = await Promise.all(
    ['Case', 'Fan kit'].map((name) =>
      addPart(request, adminHeaders.Authorization.slice(7), {
        name: `E2E ${name} ${stamp}`,
        minOrder: 1,
        available: 5,
        price: 40,
      }),
    ),
  );
  const placed = await request.post('/api/orders/batch', {
    headers,
    data: {
      items: items.map((partId) => ({ partId, totalOrder: 1 })),
      phoneNumber: '+1 555 0188',
      address: '3 Builder Lane',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const [order] = ((await placed.json()) as { orders: { _id: string }[] }).orders;
  if (!order) throw new Error('the batch answered no order');
  const intent = await request.post('/api/create-payment-intent', { headers, data: { orderId: order._id } });
  const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
  expect((await request.post('/api/payments/local/confirm', { data: { clientSecret, card } })).ok()).toBeTruthy();
  expect(
    (await request.patch(`/api/orders/${order._id}`, { headers, data: { transactionId: paymentIntentId } })).ok(),
  ).toBeTruthy();
  return { order, email, password, stamp, adminHeaders };
}

test('a customer posts a shipped build order as a completed build, and the owner hides it', async ({
  page,
  request,
}) => {
  test.slow();
  const { order, email, password, stamp, adminHeaders } = await shippedBuildOrder(request, page);

  // Before it ships, the order page offers nothing to post.
  await logIn(page, email, password);
  await page.goto(`/dashboard/orders/${order._id}`);
  await expect(page.getByRole('heading', { name: /^Order PS-/ })).toBeVisible();
  await expect(page.getByText('Post as a completed build')).toHaveCount(0);

  expect((await request.patch(`/api/shipped/${order._id}`, { headers: adminHeaders })).ok()).toBeTruthy();
  await page.reload();
  await page.getByText('Post as a completed build').click();
  const title = `Silent tower ${stamp}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Your story').fill('Two evenings of cable management, and it has not crashed once.');
  // Posting with no photo is refused beside the field.
  await page.getByRole('button', { name: 'Post completed build' }).click();
  await expect(page.getByText('Add at least one photo of the build')).toBeVisible();

  const jpeg = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [640, 480];
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.fillStyle = `hsl(${Math.floor(Math.random() * 360)} 60% 45%)`;
    context.fillRect(0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg').split(',')[1] ?? '';
  });
  await page.getByLabel('Photo file').setInputFiles({
    name: 'tower.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(jpeg, 'base64'),
  });
  const thumbnail = page.getByRole('list', { name: 'Uploaded photos' }).getByRole('img', { name: 'Upload 1' });
  await expect(thumbnail).toHaveAttribute('src', /^\/api\/uploads\/[a-f0-9]{64}\.webp\?w=320$/);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Post completed build' }).click();
  await page.getByRole('status').getByRole('link', { name: 'See it' }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Built from a verified order')).toBeVisible();
  await expect(page.getByText(`By Builder ${stamp}`)).toBeVisible();
  await expect(page.getByRole('link', { name: `E2E Case ${stamp}` })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  const address = new URL(page.url()).pathname;

  // The server draws the page (no script needed) and lists it in the gallery and the sitemap.
  const html = await (await request.get(address)).text();
  expect(html).toContain(`<title>${title} | Completed Builds | Parts Shop</title>`);
  const body = html.slice(html.indexOf('<div id="root">'));
  expect(body).toContain('Built from a verified order</p>');
  expect(body).toContain(`${title}</h1>`);
  const sitemap = await (await request.get('/sitemaps/completed-builds.xml')).text();
  expect(sitemap).toContain(`${address}</loc>`);
  await page.goto('/completed-builds');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Once per order: the order page's form now meets a 409.
  await page.goto(`/dashboard/orders/${order._id}`);
  await page.getByText('Post as a completed build').click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Your story').fill('Again.');
  await page.getByLabel('Photo file').setInputFiles({
    name: 'tower.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(jpeg, 'base64'),
  });
  await expect(page.getByRole('img', { name: 'Upload 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Post completed build' }).click();
  await expect(page.getByText('This order is already posted as a completed build')).toBeVisible();

  // The owner hides it: gone from the gallery, its page and the sitemap; the audit log records it.
  await signInAs(page, 'admin');
  await page.goto(address);
  await page.getByRole('button', { name: 'Hide this build' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/completed-builds$/);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  expect((await request.get(address)).status()).toBe(404);
  expect(await (await request.get('/sitemaps/completed-builds.xml')).text()).not.toContain(address);
  await page.goto('/dashboard/audit');
  await page.getByLabel('Kind of change').selectOption({ label: 'Completed build hidden' });
  await expect(page.getByText(address.split('/').at(-1) ?? 'no id').first()).toBeVisible();
});
