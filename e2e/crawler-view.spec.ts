import { expect } from '@playwright/test';
import { test } from './support.ts';

/**
 * The public pages as a crawler or an assistant reads them: the HTML the server sends, with
 * no script run. Then the same pages in a browser that does run scripts: it adopts that HTML
 * without errors and without asking the API for what the page already carries.
 */

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
  const problems: string[] = [];
  const reads: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/parts' || url.pathname === '/api/reviews') reads.push(url.pathname + url.search);
  });
  await page.goto('/');
  await expect(page.getByTestId('part-card')).toHaveCount(3);
  // Interactive: the menu and links work once the script has taken over.
  await page.getByRole('link', { name: 'See More' }).first().click();
  await expect(page).toHaveURL(/\/allparts$/);
  expect(problems).toEqual([]);
  expect(reads.filter((read) => read.endsWith('limit=3'))).toEqual([]);
});

test('the first paint waits on no script: the stylesheet is asked for first, every script at low priority', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const scripts = [...head.matchAll(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain('fetchpriority="low"');
  const stylesheet = head.search(/<link rel="stylesheet"/);
  expect(stylesheet).toBeGreaterThan(-1);
  expect(stylesheet).toBeLessThan(head.indexOf(scripts[0] ?? ''));
});
