import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  admin,
  AM5_BUILD_SPECS,
  apiToken,
  createAccount,
  expectNoSidewaysScroll,
  logIn,
  pageProblems,
  test,
  uniqueEmail,
} from './support.ts';

// Published builds as PCPartPicker users expect them (docs/product.md#published-builds).

const SPECS = { cpu: AM5_BUILD_SPECS.cpu, motherboard: AM5_BUILD_SPECS.motherboard };
type Slot = keyof typeof SPECS;

async function addSpecPart(request: APIRequestContext, token: string, name: string, kind: Slot, price: number) {
  const response = await request.post('/api/parts', {
    data: {
      name,
      description: 'Added by the browser tests',
      img: `/images/parts/${kind === 'cpu' ? 'cpu' : 'motherboard'}.svg`,
      minOrder: 1,
      available: 20,
      price,
      kind,
      specs: SPECS[kind],
    },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

async function stranger(browser: Browser, page: Page, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: page.viewportSize() });
  return { context, page: await context.newPage() };
}

const appReady = (page: Page) => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

test('add parts to a build from their pages, publish it, read it signed out and without scripts, start from it and find it in the gallery', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const run = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const token = await apiToken(request, admin.email, admin.password);
  const cpu = `E2E shared CPU ${run}`;
  const board = `E2E shared board ${run}`;
  const cpuId = await addSpecPart(request, token, cpu, 'cpu', 300);
  const boardId = await addSpecPart(request, token, board, 'motherboard', 200.5);

  const email = uniqueEmail('publisher');
  await createAccount(request, email, 'publisher-pass-2022', 'Pat Publisher');
  await logIn(page, email, 'publisher-pass-2022');

  await page.goto(`/parts/${cpuId}`);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Add to build' }).click();
  await expect(page).toHaveURL(new RegExp(`/build\\?cpu=${cpuId}$`));
  await expect(page.getByRole('list', { name: 'Build slots' })).toContainText(cpu);
  await page.goto(`/parts/${boardId}`);
  await page.getByRole('button', { name: 'Add to build' }).click();
  const slots = page.getByRole('list', { name: 'Build slots' });
  await expect(slots).toContainText(cpu);
  await expect(slots).toContainText(board);
  await expect(page.getByTestId('build-total')).toHaveText('$500.50');

  await page.getByLabel('Build name').fill(`Pat's draft ${run}`);
  await page.getByRole('button', { name: 'Save build' }).click();
  const share = page.getByRole('region', { name: 'Share this build' });
  const title = `Quiet AM5 starter ${run}`;
  await share.getByLabel(`Public title for Pat's draft ${run}`).fill(title);
  await share.getByRole('button', { name: 'Publish' }).click();
  await expect(share).toContainText(`Published as ${title}`);
  await expectNoSidewaysScroll(page);
  const href = await share.getByRole('link', { name: 'View public page' }).getAttribute('href');
  const id = /^\/builds\/([0-9a-f-]{36})$/.exec(href ?? '')?.[1];
  expect(id).toBeDefined();
  const url = `/builds/${id}`;

  // Without scripts and signed out: the server drew the page, its preview and its data.
  const crawler = await stranger(browser, page, false);
  await crawler.page.goto(url);
  await expect(crawler.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(crawler.page.getByRole('link', { name: cpu })).toBeVisible();
  await expect(crawler.page.getByRole('link', { name: board })).toBeVisible();
  await expect(crawler.page.getByTestId('public-build-total')).toHaveText('$500.50');
  await expect(crawler.page.getByText('By Pat Publisher')).toBeVisible();
  await expect(crawler.page).toHaveTitle(`${title} | Parts Shop`);
  const meta = (property: string) => crawler.page.locator(`meta[property="${property}"]`).getAttribute('content');
  expect(await meta('og:title')).toBe(`${title} | Parts Shop`);
  expect(await meta('og:description')).toContain('2 parts, $500.50 today');
  // No case or graphics card in it: the processor's picture stands for the build.
  expect(await meta('og:image')).toMatch(/\/images\/parts\/cpu\.svg$/);
  expect(await crawler.page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`${url}$`));
  expect(await crawler.page.content()).not.toContain(email);
  await expectNoSidewaysScroll(crawler.page);
  await crawler.context.close();

  const visitor = await stranger(browser, page);
  const problems = pageProblems(visitor.page);
  await visitor.page.goto('/builds');
  await appReady(visitor.page);
  await expect(visitor.page.getByRole('heading', { level: 1, name: 'Published Builds' })).toBeVisible();
  const card = visitor.page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('2 parts');
  await expect(card).toContainText('$500.50');
  await expectNoSidewaysScroll(visitor.page);
  await card.getByRole('link', { name: title }).click();
  await expect(visitor.page).toHaveURL(new RegExp(`${url}$`));
  await appReady(visitor.page);
  await visitor.page.getByRole('button', { name: 'Start from this build' }).click();
  const copied = visitor.page.getByRole('list', { name: 'Build slots' });
  await expect(copied).toContainText(cpu);
  await expect(copied).toContainText(board);
  await expect(visitor.page.getByTestId('build-total')).toHaveText('$500.50');
  expect(problems).toEqual([]);
  await visitor.context.close();

  await page.goto('/dashboard/builds');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: `Unpublish ${title}` }).click();
  await expect(page.getByLabel(`Public title for Pat's draft ${run}`)).toHaveValue(title);
  expect((await request.get(url)).status()).toBe(404);
});
