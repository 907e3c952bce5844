import { expect } from '@playwright/test';
import { pageProblems, test } from './support.ts';

// The public pages as a crawler reads them (no script run), then adopted by a browser that runs
// scripts: without errors and without asking the API for what the page already carries.

type ApiPart = { _id: string; name: string; price: number; available: number; description: string };
type ApiReview = { _id: string; name: string; description: string };

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('Home shows the newest parts with their prices, and the newest reviews', async ({ page, request }) => {
    // The other worker adds and renames parts meanwhile, so the page and the API are read
    // again together until they agree (each answer may come from the short read cache).
    await expect(async () => {
      const parts = (await (await request.get('/api/parts?limit=3')).json()) as ApiPart[];
      const reviews = (await (await request.get('/api/reviews?limit=3')).json()) as ApiReview[];
      await page.goto('/');
      const cards = await page.getByTestId('part-card').allTextContents();
      expect(cards).toHaveLength(3);
      for (const [index, part] of parts.entries()) {
        expect(cards[index]).toContain(part.name);
        expect(cards[index]).toContain(part.price.toFixed(2));
      }
      await expect(page.getByTestId('review-card')).toHaveCount(reviews.length, { timeout: 1_000 });
      const main = (await page.locator('main').textContent()) ?? '';
      for (const review of reviews) expect(main).toContain(review.description.slice(0, 40));
    }).toPass({ timeout: 30_000 });
  });

  test('All Reviews lists the first page of reviews', async ({ page, request }) => {
    const reviews = (await (await request.get('/api/reviews?limit=24')).json()) as ApiReview[];
    await page.goto('/allreviews');
    await expect(page.getByRole('heading', { level: 1, name: 'All Reviews' })).toBeVisible();
    await expect(page.getByTestId('review-card')).toHaveCount(reviews.length);
  });

  test("a part page carries the part's Product and Offer data, matching the API", async ({ page, request }) => {
    const [part] = (await (await request.get('/api/parts?limit=1')).json()) as ApiPart[];
    if (!part) throw new Error('the demo seed has no part');
    await page.goto(`/parts/${part._id}`);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = blocks
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((d) => d['@type'] === 'Product');
    expect(product).toMatchObject({
      name: part.name,
      sku: part._id,
      offers: {
        '@type': 'Offer',
        price: part.price.toFixed(2),
        priceCurrency: 'USD',
        availability: `https://schema.org/${part.available > 0 ? 'InStock' : 'OutOfStock'}`,
      },
    });
    await expect(page).toHaveTitle(`${part.name} | Parts Shop`);
  });
});

test('with scripts, the browser adopts the rendered page: no errors, no second read', async ({ page }) => {
  const problems = pageProblems(page);
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/parts' || url.pathname === '/api/reviews') reads.push(url.pathname + url.search);
  });
  await page.goto('/');
  await expect(page.getByTestId('part-card')).toHaveCount(3);
  await page.getByRole('link', { name: 'See More' }).first().click();
  await expect(page).toHaveURL(/\/allparts$/);
  expect(problems).toEqual([]);
  expect(reads.filter((read) => read.endsWith('limit=3'))).toEqual([]);

  await page.goto('/allparts?kind=cpu');
  await expect(page.getByRole('button', { name: /^Compare / }).first()).toBeEnabled();
  await page.getByTestId('part-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/parts\//);
  await page.reload();
  await expect(page.getByTestId('part-min-order')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Compare / })).toBeEnabled();
  expect(problems).toEqual([]);
});

test('the first paint waits on no script: the page asks only for a small boot script, and the app comes after the paint', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/allparts')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const tags = [...head.matchAll(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) expect(tag).toContain('fetchpriority="low"');
  const stylesheet = head.search(/<link rel="stylesheet"/);
  expect(stylesheet).toBeGreaterThan(-1);
  expect(stylesheet).toBeLessThan(head.indexOf(tags[0] ?? ''));
  const inHtml = new Set(tags.map((tag) => /(?:src|href)="([^"]+)"/.exec(tag)?.[1]));

  await page.goto('/allparts');
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      load: navigation.loadEventStart,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: performance
        .getEntriesByType('resource')
        .filter(
          (entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'),
        )
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    };
  });
  // The app's code (everything index.html does not name) is asked for after the page has
  // loaded and painted, so on a slow phone it does not compete with the pictures.
  const app = timing.scripts.filter((script) => !inHtml.has(script.path));
  expect(app.length).toBeGreaterThan(5);
  for (const script of app) {
    expect(script.start, script.path).toBeGreaterThanOrEqual(timing.load);
    expect(script.start, script.path).toBeGreaterThan(timing.paint);
  }
});

test('a button clicked before the app has taken the page over is clicked once it has', async ({ context }) => {
  // A page of its own, whose visit does not wait for the app; the app's entry chunk is held
  // back until the click has been made on the page as the server drew it.
  const page = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/allparts?q=Dual-Tower+Air+Cooler');
  const card = page.getByTestId('part-card').filter({ hasText: 'Dual-Tower Air Cooler' });
  await card.getByRole('button', { name: /Purchase/ }).click();
  await expect(page.locator('html[data-app-ready]')).toHaveCount(0);
  expect(page.url()).toMatch(/\/allparts\?q=/);
  release();
  await expect(page).toHaveURL(/\/login$/);
  await page.close();
});
