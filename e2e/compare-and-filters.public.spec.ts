import { expect } from '@playwright/test';
import { expectNoSidewaysScroll, openFilters, partCards, test } from './support.ts';

// A builder's shop at 1280 px and 375 px: a filter on any spec of a kind, kept in the
// address, and parts compared side by side in one table.

test.describe('spec filters and compare', () => {
  test('a graphics card filter on video memory narrows the list and stays in the address', async ({ page }) => {
    // The demo's 8 GB cards are listed until the filter applies; the new list can arrive after
    // the new count, so the check waits on the cards themselves.
    const eightGb = partCards(page).filter({ has: page.getByRole('heading', { name: /\b8 GB/ }) });
    await page.goto('/allparts?kind=gpu');
    await expect(eightGb.first()).toBeVisible();
    await openFilters(page);
    await page.getByLabel('Min video memory (GB)').fill('12');
    await page.getByRole('button', { name: 'Apply specs' }).click();
    await expect(page).toHaveURL(/spec\.memoryGb\.min=12/);
    await expect(eightGb).toHaveCount(0);
    await expect(partCards(page).first()).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText(/^\d+ parts? found$/);
    await page.reload();
    await openFilters(page);
    await expect(page.getByLabel('Min video memory (GB)')).toHaveValue('12');
    await expectNoSidewaysScroll(page);
  });

  test('parts chosen in the catalog are compared in one table, differences marked', async ({ page }) => {
    // The dearest two demo cards: other tests add cheap parts, and these two differ in price.
    await page.goto('/allparts?kind=gpu&sort=price_desc');
    await expect(partCards(page).nth(1)).toBeVisible();
    const [first = '', second = ''] = await partCards(page).getByRole('heading').allTextContents();
    await page.getByRole('button', { name: `Compare ${first}` }).click();
    await page.getByRole('button', { name: `Compare ${second}` }).click();
    await expect(page.getByRole('button', { name: `Compare ${second}` })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('link', { name: 'Compare 2 parts' }).first().click();
    await expect(page).toHaveURL(/\/compare\?ids=/);
    const table = page.getByRole('table', { name: 'The parts compared, one column each' });
    await expect(table.getByRole('columnheader', { name: new RegExp(first) })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: new RegExp(second) })).toBeVisible();
    const memory = table.getByRole('row', { name: /Video memory/ });
    await expect(memory).toBeVisible();
    await expect(table.getByRole('row', { name: /Price/ })).toContainText('Differs');
    await expect(table.getByRole('row', { name: /Kind/ })).not.toContainText('Differs');
    await expectNoSidewaysScroll(page);
    await table.getByRole('link', { name: first, exact: true }).click();
    await expect(page.getByRole('button', { name: `Compare ${first}` })).toHaveAttribute('aria-pressed', 'true');
  });
});
