import { expect } from '@playwright/test';
import { test, signInAs } from './support.ts';

// The signed-in screens at 375 px: reachable, labelled and never wider than the screen.
test('a customer uses the dashboard on a phone', async ({ page }) => {
  await signInAs(page, 'customer');
  await expect(page.getByTestId('display-name')).toBeVisible();
  for (const path of ['/dashboard', '/dashboard/myorders', '/dashboard/addreview']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});
