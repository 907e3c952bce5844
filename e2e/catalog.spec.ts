import { expect } from '@playwright/test';
import { addPart, admin, apiToken, test, signInAs } from './support.ts';

test.describe('admin catalog and customer reviews', () => {
  test('an admin adds a part, sees it first everywhere, then deletes it', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/dashboard/addProduct');
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await add.click();
    await expect(page.getByText('Name is Required')).toBeVisible();
    await expect(page.getByText('Price is Required')).toBeVisible();

    const name = `E2E Power Supply ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('<b>Bold</b> claims, shown as text');
    await page.getByLabel('Image URL').fill('javascript:alert(1)');
    await page.getByLabel('Min Order').fill('1');
    await page.getByLabel('Available').fill('8');
    await page.getByLabel('Price').fill('99.999');
    await add.click();
    await expect(page.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
    await expect(page.getByText('Price can have at most two decimals')).toBeVisible();
    await page.getByLabel('Image URL').fill('/images/parts/psu.svg');
    await page.getByLabel('Price').fill('99.99');
    await add.click();
    await expect(page.getByText('Parts Added')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');

    // Newest first: the new part leads the lists. The other worker may add a part of its own
    // in the same seconds, so "leads" means among the three newest (what Home shows).
    await page.goto('/allparts');
    const card = page.getByTestId('part-card').filter({ hasText: name });
    await expect(card).toContainText('<b>Bold</b> claims, shown as text');
    expect(
      await page
        .getByTestId('part-card')
        .evaluateAll((cards, n) => cards.findIndex((c) => c.textContent.includes(n)), name),
    ).toBeLessThan(3);
    await page.goto('/');
    await expect(page.getByTestId('part-card').filter({ hasText: name })).toBeVisible();
    await page.goto('/dashboard/manageproducts');
    const table = page.getByRole('table', { name: 'Products, Newest' });
    await table.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    await expect(table).toBeFocused();
  });

  test('a customer adds a review that shows first, as plain text', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/dashboard/addreview');
    const submit = page.getByRole('button', { name: 'Add Review' });
    await page.getByLabel('Photo URL').fill('');
    await submit.click();
    await expect(page.getByText('Review is Required')).toBeVisible();
    await expect(page.getByText('Photo URL is Required')).toBeVisible();

    const text = `<script>alert("x")</script> Great service ${Date.now()}`;
    await page.getByLabel('Review', { exact: true }).fill(text);
    await page.getByLabel('Photo URL').fill('/images/reviewers/hana.svg');
    await page.getByRole('radio', { name: '4 stars' }).check();
    await submit.click();
    await expect(page.getByText('Review Added')).toBeVisible();

    await page.goto('/allreviews');
    const first = page.getByTestId('review-card').first();
    await expect(first).toContainText(text);
    await expect(first.getByLabel('Rated 4 out of 5')).toBeVisible();
    await page.goto('/');
    await expect(page.getByTestId('review-card').first()).toContainText(text);
  });
});

test.describe('admin product editing', () => {
  test('an admin edits a price, meets a conflicting save, and adds stock', async ({ page, request }) => {
    const token = await apiToken(request, admin.email, admin.password);
    const name = `E2E Edit Case Fan ${Date.now()}`;
    const id = await addPart(request, token, { name, minOrder: 1, available: 8, price: 12.5 });
    await signInAs(page, 'admin');
    await page.goto('/dashboard/manageproducts');
    const table = page.getByRole('table', { name: 'Products, Newest' });
    await table.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/editProduct/${id}$`));
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(page.getByLabel('Price')).toHaveValue('12.5');
    await page.getByLabel('Price').fill('14.99');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Product Updated')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/manageproducts$/);
    await expect(table.getByRole('row').filter({ hasText: name })).toContainText('$14.99');

    // Someone else saves while the form is open: the save is refused with the server's message.
    await table.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByLabel('Price')).toHaveValue('14.99');
    const other = await request.patch(`/api/parts/${id}`, {
      data: { version: 2, name: `${name} (renamed)` },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(other.status()).toBe(200);
    await page.getByLabel('Price').fill('15.99');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Someone else saved' })).toContainText(
      'Someone else saved this product since you opened it.',
    );
    await page.getByRole('button', { name: 'Load the saved version' }).click();
    await expect(page.getByLabel('Name')).toHaveValue(`${name} (renamed)`);

    await page.goto('/dashboard/manageproducts');
    await table.getByRole('button', { name: `Add stock to ${name} (renamed)` }).click();
    const dialog = page.getByRole('dialog', { name: `Add stock to ${name} (renamed)` });
    await dialog.getByLabel('Units to add').fill('-100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Cannot remove 100: only 8 in stock');
    await dialog.getByLabel('Units to add').fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Stock Updated: 13 in stock')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: `${name} (renamed)` })).toContainText('13');

    const deleted = await request.delete(`/api/parts/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(deleted.status()).toBe(200);
  });
});
