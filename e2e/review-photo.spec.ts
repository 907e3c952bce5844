import { expect } from '@playwright/test';
import { customer, expectNoSidewaysScroll, logIn, test } from './support.ts';

// At both widths, a reviewer's own photo (docs/product.md#review-photos): uploaded from Add
// Review, re-encoded by the shop, and shown on the review.

test('a customer posts a review with a photo they upload', async ({ page }) => {
  await logIn(page, customer.email, customer.password);
  await page.goto('/dashboard/addreview');
  await expect(
    page.getByText('or give its address: one on this shop, or an https:// address on a site the shop allows'),
  ).toBeVisible();

  // A JPEG of a colour of this run's own, so its stored address is this upload's.
  const jpeg = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [400, 400];
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.fillStyle = `hsl(${Math.floor(Math.random() * 360)} 60% 45%)`;
    context.fillRect(0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg').split(',')[1] ?? '';
  });
  await page.getByLabel('Photo file').setInputFiles({
    name: 'my-build.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(jpeg, 'base64'),
  });
  await expect(page.getByText('Photo uploaded')).toBeVisible();
  const uploaded = await page.getByLabel('Photo URL').inputValue();
  expect(uploaded).toMatch(/^\/api\/uploads\/[a-f0-9]{64}\.webp$/);
  await expectNoSidewaysScroll(page);

  const text = `My build, photographed ${Date.now()}`;
  await page.getByLabel('Review', { exact: true }).fill(text);
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Review Added')).toBeVisible();

  await page.goto('/allreviews');
  const card = page.getByTestId('review-card').filter({ hasText: text });
  // Loaded, and still the upload: a photo that fails to load is swapped for the initials.
  await expect
    .poll(() =>
      card
        .locator('img')
        .evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.getAttribute('src') : '')),
    )
    .toBe(`${uploaded}?w=320`);
  await expectNoSidewaysScroll(page);
});
