import { expect } from '@playwright/test';
import { expectNoSidewaysScroll, openFilters, partCards, test } from './support.ts';

// Brands are visible and findable (docs/product.md#catalog-search-filters-and-sort): on the
// card, the part page and as a filter; a search no part has every word of shows the parts with
// some of them and says so; a processor has one memory type filter.

const SSD = '990 PRO 2 TB NVMe SSD (PCIe 4.0)';

test('a search for "samsung" shows Samsung on the card and on the part page', async ({ page }) => {
  await page.goto('/allparts?q=samsung');
  const card = partCards(page).filter({ hasText: SSD });
  await expect(card.getByTestId('part-brand')).toHaveText('Samsung');
  for (const brand of await partCards(page).getByTestId('part-brand').allTextContents()) expect(brand).toBe('Samsung');
  await expectNoSidewaysScroll(page);

  await card.getByRole('heading').getByRole('link', { name: SSD }).click();
  await expect(page.getByRole('heading', { level: 1, name: SSD })).toBeVisible();
  await expect(page.getByTestId('part-brand')).toHaveText('Samsung');
});

test('the brand filter narrows the list to the chosen brands, with counts, kept in the address', async ({ page }) => {
  await page.goto('/allparts?kind=storage');
  await expect(partCards(page).first()).toBeVisible();
  await openFilters(page);
  const brands = page.getByRole('group', { name: 'Brand' });
  // A click, not check(): the box is ticked once the address has changed, a moment later.
  const samsung = brands.getByRole('checkbox', { name: /^Samsung \(\d+\)$/ });
  await samsung.click();
  await expect(page).toHaveURL(/\?kind=storage&brand=Samsung$/);
  await expect(samsung).toBeChecked();
  await expect(partCards(page).filter({ hasText: SSD })).toBeVisible();
  await expect(partCards(page).filter({ hasNotText: 'Samsung' })).toHaveCount(0);
  await brands.getByRole('checkbox', { name: /^Crucial \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\?kind=storage&brand=Samsung&brand=Crucial$/);
  await expect(partCards(page).filter({ hasText: '2 TB SATA SSD' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('words no part has together show the parts with some of them, and the page says so', async ({ page }) => {
  await page.goto('/allparts?q=nvme%202tb');
  await expect(page.getByTestId('partial-match')).toHaveText(
    'No parts match all of “nvme 2tb”; showing parts that match some.',
  );
  await expect(partCards(page).filter({ hasText: SSD })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto('/allparts?q=samsung%20990');
  await expect(partCards(page)).toHaveCount(1);
  await expect(partCards(page).filter({ hasText: SSD })).toBeVisible();
  await expect(page.getByTestId('partial-match')).toHaveCount(0);
});

test('the processor filters have one Memory type filter', async ({ page }) => {
  await page.goto('/allparts?kind=cpu');
  await expect(partCards(page).first()).toBeVisible();
  await openFilters(page);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(filters.getByRole('group', { name: 'Processor specifications' })).toBeVisible();
  await expect(filters.getByText('Integrated graphics', { exact: true })).toBeVisible();
  await expect(filters.getByLabel('Memory type', { exact: true })).toHaveCount(1);
  await expect(filters.getByLabel('Memory types', { exact: true })).toHaveCount(0);
});
