import { expect, test, type Page } from '@playwright/test';

function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

// What a visitor does before the app takes the server's page over counts: on a 4x slower CPU, with the
// app's code held back until they acted. Playwright's own `test`: support.ts's visits wait for the app.
async function visitBeforeTheApp(page: Page, url: string): Promise<{ letTheAppIn: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const held = signal();
  const askedFor = signal();
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    askedFor.resolve();
    await held.promise;
    await route.continue();
  });
  await page.goto(url);
  // boot.ts asks for the app once the page has painted: from here the visitor is ahead of it.
  await askedFor.promise;
  return {
    letTheAppIn: async () => {
      held.resolve();
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      // React has adopted the layout (its effects, the router's scroll handling among them, have run).
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('main') ?? {}).some((key) => key.startsWith('__reactFiber$')),
      );
    },
  };
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

for (const path of ['/allparts', '/allreviews']) {
  test(`a visitor who scrolls ${path} before the app takes over stays where they scrolled to`, async ({ page }) => {
    const { letTheAppIn } = await visitBeforeTheApp(page, path);
    await page.mouse.move(100, 300);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
    const scrolled = await scrollY(page);
    await letTheAppIn();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await scrollY(page)).toBe(scrolled);
  });
}

test('words typed into the catalog search before the app takes over are searched for, and the box keeps focus', async ({
  page,
}) => {
  const { letTheAppIn } = await visitBeforeTheApp(page, '/allparts');
  const search = page.getByRole('searchbox', { name: 'Search parts' });
  await search.click();
  await page.keyboard.type('ryzen');
  await letTheAppIn();
  await expect(page).toHaveURL(/[?&]q=ryzen(&|$)/);
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('ryzen');
  await page.keyboard.type(' am5');
  await expect(page).toHaveURL(/[?&]q=ryzen(\+|%20)am5(&|$)/);
});

test('a box ticked before the app takes over is applied', async ({ page, viewport }) => {
  test.skip((viewport?.width ?? 0) < 1024, 'below 1024 px the filters open with a button of the app');
  const { letTheAppIn } = await visitBeforeTheApp(page, '/allparts');
  const inStock = page.getByRole('checkbox', { name: 'In stock only' });
  await inStock.check();
  await letTheAppIn();
  await expect(page).toHaveURL(/[?&]inStock=/);
  await expect(inStock).toBeChecked();
});

test('an unknown address answers 404 with the not-found page; the app’s own addresses answer 200', async ({
  page,
  request,
}) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByRole('main').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  for (const path of ['/dashboard/myorders', '/build', '/login', '/purchase/p1', '/parts/not-a-part'])
    expect((await request.get(path)).status(), path).toBe(path.startsWith('/parts/') ? 404 : 200);
});
