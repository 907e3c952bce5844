import { expect } from '@playwright/test';
import { expectNoSidewaysScroll, openFilters, partCards, test } from './support.ts';

// The catalog at /allparts and a part's own page, at 1280 px and at 375 px (where the filters
// fold behind a Filters button).

test.describe('finding parts', () => {
  test('typing "ryz" finds the Ryzen processors, and the address keeps the search', async ({ page }) => {
    await page.goto('/allparts');
    await expect(partCards(page).first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search parts' }).pressSequentially('ryz', { delay: 40 });
    await expect(page).toHaveURL(/\/allparts\?q=ryz$/);
    await expect(page.getByText(/^\d+ parts? found$/)).toBeVisible();
    await expect(partCards(page).filter({ hasText: 'Ryzen 7 7800X3D Processor' })).toBeVisible();
    // Waits on the cards, not the count: the old list can still be showing when the count is new.
    await expect(partCards(page).filter({ hasNot: page.getByRole('heading', { name: /Ryzen/ }) })).toHaveCount(0);
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await expectNoSidewaysScroll(page);
  });

  test('kind and socket filters narrow the list, a shared link restores them, Back undoes them', async ({
    page,
    context,
  }) => {
    await page.goto('/allparts');
    await expect(partCards(page).first()).toBeVisible();
    await openFilters(page);
    await page.getByRole('button', { name: /^Processor \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/\?kind=cpu$/);
    await page.getByLabel('Socket').selectOption('AM5');
    await expect(page).toHaveURL(/\?kind=cpu&socket=AM5$/);
    await expect(partCards(page).filter({ hasText: 'Ryzen 5 7600 Processor' })).toBeVisible();
    await expect(partCards(page).filter({ hasText: 'Ryzen 5 5600X Processor' })).toHaveCount(0);
    await expect(partCards(page).filter({ hasText: 'Core i7' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    const shown = await partCards(page).getByRole('heading').allTextContents();

    const shared = await context.newPage();
    await shared.goto(page.url());
    await expect(shared.getByTestId('part-card')).toHaveCount(shown.length);
    expect(await shared.getByTestId('part-card').getByRole('heading').allTextContents()).toEqual(shown);
    await openFilters(shared);
    await expect(shared.getByRole('button', { name: /^Processor/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(shared.getByLabel('Socket')).toHaveValue('AM5');
    await shared.close();

    await page.goBack();
    await expect(page).toHaveURL(/\?kind=cpu$/);
    await expect(partCards(page).filter({ hasText: 'Ryzen 5 5600X Processor' })).toBeVisible();
  });

  test('an empty result says so and Clear filters brings every part back', async ({ page }) => {
    await page.goto('/allparts?q=qqqzzzxxx&inStock=true');
    await expect(page.getByText('No parts match your search and filters.')).toBeVisible();
    await expect(page.getByText('0 parts found')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL(/\/allparts$/);
    await expect(partCards(page).first()).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('');
  });

  test('the next page loads on scrolling with a filter on', async ({ page }) => {
    await page.goto('/allparts?inStock=true&sort=price_asc');
    await expect(partCards(page)).toHaveCount(24);
    await page.getByText(/^Showing 24 parts$/).scrollIntoViewIfNeeded();
    await expect.poll(() => partCards(page).count()).toBeGreaterThan(24);
    const prices = await partCards(page)
      .locator('dd.text-primary')
      .allTextContents()
      .then((texts) => texts.map((t) => Number(t.replace(/[$,]/g, ''))));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test("a card's name opens the part's page, with its specification table and Purchase", async ({ page }) => {
    await page.goto('/allparts?q=b650i');
    const card = partCards(page).filter({ hasText: 'B650I Mini-ITX Motherboard' });
    await card.getByRole('link', { name: 'B650I Mini-ITX Motherboard' }).first().click();
    await expect(page).toHaveURL(/\/parts\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'B650I Mini-ITX Motherboard' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Specifications' });
    await expect(table.getByRole('row', { name: 'Socket AM5' })).toBeVisible();
    await expect(table.getByRole('row', { name: 'Form factor Mini-ITX' })).toBeVisible();
    await expect(table.getByRole('row', { name: /^Max memory \d+ GB$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Purchase' })).toBeVisible();
    await expect(page).toHaveTitle('B650I Mini-ITX Motherboard | Parts Shop');
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown part id shows the not-found message', async ({ page }) => {
    await page.goto('/parts/01890a5d-ac96-774b-bcce-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Part not found' })).toBeVisible();
  });
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the catalog an address asks for, and a part page with its specifications, arrive in the HTML', async ({
    page,
  }) => {
    await page.goto('/allparts?kind=cpu&socket=AM5');
    await expect(page.getByTestId('part-card').filter({ hasText: 'Ryzen 5 7600 Processor' })).toBeVisible();
    await expect(page.getByTestId('part-card').filter({ hasText: 'Core i7' })).toHaveCount(0);
    await expect(page.getByText(/^\d+ parts? found$/)).toBeVisible();
    await page.getByTestId('part-card').first().getByRole('link').last().click();
    await expect(page).toHaveURL(/\/parts\/[0-9a-f-]+$/);
    await expect(
      page.getByRole('table', { name: 'Specifications' }).getByRole('row', { name: 'Socket AM5' }),
    ).toBeVisible();
  });
});
