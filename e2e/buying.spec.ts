import { expect } from '@playwright/test';
import { addPart, admin, apiToken, customer, fillShipTo, test, signInAs } from './support.ts';

test.describe('buying', () => {
  let partName: string;
  let partId: string;

  test.beforeEach(async ({ request }) => {
    const token = await apiToken(request, admin.email, admin.password);
    partName = `E2E Graphics Card ${Date.now()}`;
    partId = await addPart(request, token, { name: partName, minOrder: 2, available: 10, price: 129.99 });
  });

  test('a customer buys within range, is refused outside it, and cancels through the dialog', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto(`/purchase/${partId}`);
    await expect(page.getByRole('heading', { level: 1, name: partName })).toBeVisible();

    const quantity = page.getByLabel('Quantity');
    const addToCart = page.getByRole('button', { name: 'Add to Cart' });
    await expect(quantity).toHaveValue('2');
    // The subtotal is the server's quote, asked again as the quantity changes.
    await expect(page.getByTestId('quote-subtotal')).toHaveText('$259.98');
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByLabel('Email')).toHaveValue(customer.email);

    for (const outside of ['1', '11', '2.5']) {
      // Back to a valid quantity first, so each refusal is this value's, not the last one's.
      await quantity.fill('2');
      await expect(page.getByText('Please Order within the Range')).toBeHidden();
      await quantity.fill(outside);
      await expect(page.getByText('Please Order within the Range')).toBeVisible();
      await expect(addToCart).toBeDisabled();
    }
    await quantity.fill('10');
    await expect(page.getByText('Please Order within the Range')).toBeHidden();
    await expect(page.getByTestId('quote-subtotal')).toHaveText('$1,299.90');
    await quantity.fill('3');

    // Oregon: no sales tax, and Standard shipping is free from $100, so the total is the parts.
    await fillShipTo(page);
    await expect(page.getByTestId('quote-total')).toHaveText('$389.97');
    await page.getByLabel('Phone Number').fill('123');
    await addToCart.click();
    await expect(page.getByText('Phone Number must be at least 6 characters')).toBeVisible();
    await page.getByLabel('Phone Number').fill('+1 555 0100');
    await addToCart.click();
    await expect(page.getByText('Added to cart').first()).toBeVisible();
    await expect(page.getByTestId('part-available')).toContainText('7');

    await page.goto('/dashboard/myorders');
    const table = page.getByRole('table', { name: 'My Orders' });
    const row = table.getByRole('row').filter({ hasText: partName });
    await expect(row).toContainText('$389.97');
    await expect(row.getByRole('link', { name: `Pay for ${partName}` })).toBeVisible();

    await row.getByRole('button', { name: `Cancel order for ${partName}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Are You Sure' })).toBeVisible();
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: `Cancel order for ${partName}` })).toBeFocused();
    await row.getByRole('button', { name: `Cancel order for ${partName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Order Cancelled')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: partName })).toHaveCount(0);
    // Yes: that button is gone with its row, so focus is on the list's heading, not the page's start.
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeFocused();

    await page.goto(`/purchase/${partId}`);
    await expect(page.getByTestId('part-available')).toContainText('10');
  });

  test("a part's page keeps the server's answer, and Purchase later reads the stock afresh", async ({
    page,
    request,
  }) => {
    await signInAs(page, 'customer');
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === `/api/parts/${partId}`) reads.push(r.url());
    });
    await page.goto(`/parts/${partId}`);
    await expect(page.locator('script#page-state')).toHaveCount(1);
    await expect(page.getByTestId('part-available')).toHaveText('10 in stock');
    // The browser has adopted the page (and would have asked by now): the API is asked once, by the server.
    await page.waitForLoadState('networkidle');
    expect(reads).toEqual([]);

    // Someone else buys 3 while the shopper reads; past the few seconds an answer stays fresh
    // (get-part.ts), Purchase reads the part again and shows what is left.
    const token = await apiToken(request, admin.email, admin.password);
    const sold = await request.post(`/api/parts/${partId}/stock`, {
      data: { delta: -3 },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(sold.ok()).toBeTruthy();
    await page.waitForTimeout(5_500);
    await page.getByRole('button', { name: /Purchase/ }).click();
    await expect(page).toHaveURL(new RegExp(`/purchase/${partId}$`));
    await expect(page.getByTestId('part-available')).toHaveText('7');
    expect(reads).toHaveLength(1);
  });

  test('a customer pays by card: declined first, then paid; the admin ships it', async ({ page, request }) => {
    const token = await apiToken(request, customer.email, customer.password);
    const created = await request.post('/api/orders', {
      data: { partId, totalOrder: 2, phoneNumber: '+1 555 0100', address: '1 Test Street' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(created.status()).toBe(201);
    const { insertedId } = (await created.json()) as { insertedId: string };

    await signInAs(page, 'customer');
    await page.goto('/dashboard/myorders');
    await page
      .getByRole('link', { name: `Pay for ${partName}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${insertedId}$`));
    await expect(page.getByTestId('payment-total')).toContainText('259.98');
    await expect(page.getByText('Test mode — no real card is charged')).toBeVisible();

    const pay = page.getByRole('button', { name: 'Pay' });
    await expect(pay).toBeEnabled();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await pay.click();
    await expect(page.getByTestId('card-error')).toHaveText('Your card was declined.');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await expect(page.getByText('Congrats! Your payment is completed')).toBeVisible();
    await expect(page.getByText(/Transaction id: pi_/)).toBeVisible();
    await expect(pay).toBeDisabled();
    // The confirmation grows as the receipt arrives; clicking before would hit a moving link.
    await expect(page.getByRole('status').getByText('Ship to')).toBeVisible();

    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    const row = page.getByRole('table', { name: 'My Orders' }).getByRole('row').filter({ hasText: partName });
    await expect(row).toContainText('Pending');
    await expect(row.getByRole('button', { name: /Cancel/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await signInAs(page, 'admin');
    await page.goto('/dashboard/manageorders');
    const adminRow = page.getByRole('table', { name: 'Manage Orders' }).getByRole('row').filter({ hasText: partName });
    await expect(adminRow).toContainText(customer.email);
    await adminRow.getByRole('button', { name: /^Ship order PS-\d+ for / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ship', exact: true }).click();
    await expect(page.getByText('Item Shipped')).toBeVisible();
    await expect(adminRow).toHaveCount(0);
    await page.getByRole('button', { name: /^Shipped/ }).click();
    await expect(adminRow).toContainText('Shipped');
  });
});
