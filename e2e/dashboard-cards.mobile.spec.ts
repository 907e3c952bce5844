import { expect, type Page } from '@playwright/test';
import { addPart, admin, apiToken, createAccount, customer, uniqueEmail, test, signInAs } from './support.ts';

/** At 375 px: no table, a list of cards named like the table was, and nothing wider than the screen. */
async function expectCards(page: Page, name: string) {
  const cards = page.getByRole('list', { name });
  await expect(cards.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);
  expect(width, `${page.url()} is ${width}px wide`).toBeLessThanOrEqual(375);
  return cards;
}

// Every dashboard table becomes cards on a phone, with the same actions.
test('the dashboard tables are cards with their actions at 375 px', async ({ page, request }) => {
  const adminToken = await apiToken(request, admin.email, admin.password);
  const partName = `E2E Phone Card Part ${Date.now()}`;
  const partId = await addPart(request, adminToken, { name: partName, minOrder: 1, available: 5, price: 49.99 });
  const customerToken = await apiToken(request, customer.email, customer.password);
  const ordered = await request.post('/api/orders', {
    data: { partId, totalOrder: 1, phoneNumber: '0123456789', address: '1 Phone Street' },
    headers: { Authorization: `Bearer ${customerToken}` },
  });
  expect(ordered.status()).toBe(201);
  const newcomer = uniqueEmail('phone-user');
  await createAccount(request, newcomer, 'phone-user-1', 'Phoebe Phone');
  await apiToken(request, newcomer, 'phone-user-1');

  await signInAs(page, 'customer');
  await page.goto('/dashboard/myorders');
  const myOrders = await expectCards(page, 'My Orders');
  const mine = myOrders.getByRole('listitem').filter({ hasText: partName });
  await expect(mine.locator('a[href^="/dashboard/orders/"]')).toBeVisible();
  await expect(mine.getByRole('link', { name: `Pay for ${partName}` })).toBeVisible();
  await expect(mine.getByRole('button', { name: `Cancel order for ${partName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();

  await signInAs(page, 'admin');
  await page.goto(`/dashboard/manageorders?status=unpaid&q=${encodeURIComponent(partName)}`);
  const allOrders = await expectCards(page, 'Manage Orders');
  const theirs = allOrders.getByRole('listitem').filter({ hasText: partName });
  await expect(theirs).toContainText(customer.email);
  await expect(theirs.locator('a[href^="/dashboard/orders/"]')).toBeVisible();
  await expect(theirs.getByRole('button', { name: `Cancel order for ${partName}` })).toBeVisible();

  await page.goto('/dashboard/manageproducts');
  const products = await expectCards(page, 'Products, Newest');
  const product = products.getByRole('listitem').filter({ hasText: partName });
  await expect(product.getByRole('link', { name: `Edit ${partName}` })).toBeVisible();
  await expect(product.getByRole('button', { name: `Add stock to ${partName}` })).toBeVisible();
  await expect(product.getByRole('button', { name: `Delete ${partName}` })).toBeVisible();

  await page.goto('/dashboard/users');
  await page.getByRole('searchbox', { name: 'Search by email or name' }).fill(newcomer);
  await page.getByRole('button', { name: 'Search' }).click();
  const users = await expectCards(page, 'All Users');
  await expect(users.getByRole('listitem')).toHaveCount(1);
  await expect(users.getByRole('button', { name: `Make Admin ${newcomer}` })).toBeVisible();
  // The signed-in admin's own card shows the badge and no Remove admin.
  await page.getByRole('searchbox', { name: 'Search by email or name' }).fill(admin.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const me = users.getByRole('listitem').filter({ hasText: admin.email });
  await expect(me).toContainText('Admin');
  await expect(me.getByRole('button')).toHaveCount(0);
});
