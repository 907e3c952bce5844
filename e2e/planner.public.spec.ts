import { expect, type APIRequestContext } from '@playwright/test';
import { expectNoSidewaysScroll, pageProblems, test } from './support.ts';

type Part = { _id: string; name: string; price: number; minOrder: number; specs: Record<string, number> };

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cents = (price: number) => Math.round(price * 100);

async function partsOf(request: APIRequestContext, kind: string): Promise<Part[]> {
  const response = await request.get(`/api/parts?kind=${kind}&limit=100`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Part[];
}

const most = (parts: Part[], spec: string) =>
  parts.reduce((a, b) => (Number(b.specs[spec]) > Number(a.specs[spec]) ? b : a));

test('the picker shows key specs and sorts by them; an overloaded supply turns the bar red; the total stays in view', async ({
  page,
  request,
}) => {
  const cpu = most(await partsOf(request, 'cpu'), 'tdpW');
  const gpu = most(await partsOf(request, 'gpu'), 'boardPowerW');
  const psus = await partsOf(request, 'psu');
  const smallest = psus.reduce((a, b) => (Number(b.specs.wattageW) < Number(a.specs.wattageW) ? b : a));
  const largest = most(psus, 'wattageW');
  await page.goto(`/build?cpu=${cpu._id}&gpu=${gpu._id}`);
  await expect(page.getByText(gpu.name)).toBeVisible();

  await page.getByRole('button', { name: 'Choose power supply' }).click();
  const picker = page.getByRole('list', { name: 'Power supply to choose from' });
  await expect(picker.getByRole('listitem')).toHaveCount(psus.length);
  const specs = picker.getByRole('definition');
  await expect(picker.getByLabel(`Key specs of ${smallest.name}`)).toContainText(`Wattage${smallest.specs.wattageW} W`);
  await page.getByLabel('Sort by').selectOption({ label: 'Wattage, high to low' });
  await expect(specs.first()).toHaveText(`${largest.specs.wattageW} W`);
  await picker.getByRole('button', { name: `Choose ${smallest.name}` }).click();

  // On a phone the bar at the screen's foot; on a desktop the summary's.
  const bar = page.getByTestId('power-bar').locator('visible=true').last();
  await expect(bar).toHaveAttribute('data-load', 'over');
  await expect(bar).toContainText('Over the power supply’s limit');
  expect(await bar.locator('[aria-hidden] > rect').evaluate((el) => getComputedStyle(el).fill)).toBe(
    'rgb(185, 28, 28)',
  );

  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId('build-bar')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('build-bar')).toContainText(`${smallest.specs.wattageW} W`);
    await expectNoSidewaysScroll(page);
  }
});

test('a shared build arrives drawn by the server; the app adopts it without an error or a second read, then reads a changed build at once', async ({
  page,
  request,
}) => {
  const kinds = ['cpu', 'motherboard', 'memory', 'gpu', 'storage', 'psu', 'case', 'cooling'];
  const parts = await Promise.all(kinds.map(async (kind) => (await partsOf(request, kind))[0]));
  const params = new URLSearchParams(parts.map((part, i) => [kinds[i] ?? '', part?._id ?? '']));
  const url = `/build?${params.toString()}`;
  // What a crawler or a slow phone gets before any script: every part of the build by name.
  const html = await (await request.get(url)).text();
  for (const part of parts) expect(html).toContain(`<p class="break-words">${part?.name}</p>`);

  const problems = pageProblems(page);
  const reads: string[] = [];
  page.on('request', (sent) => {
    const { pathname, search } = new URL(sent.url());
    if (pathname.startsWith('/api/parts')) reads.push(pathname + search);
  });
  await page.goto(url);
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('[aria-label="Build slots"]') ?? {}).some((key) =>
      key.startsWith('__reactFiber$'),
    ),
  );
  expect(problems).toEqual([]);
  expect(reads).toEqual([]);

  // The app has the page: removing a part reads the rest of the build in one request.
  await page.getByRole('button', { name: `Remove ${parts[0]?.name}` }).click();
  await expect(page.getByRole('button', { name: 'Choose processor' })).toBeVisible();
  await expect.poll(() => reads).toEqual([expect.stringMatching(/^\/api\/parts\?ids=[\w-]+(%2C[\w-]+){6}$/)]);
});

test('a second pack of case fans counts in the total and warns once, beside the fans, of too few fan headers', async ({
  page,
  request,
}) => {
  const boards = (await partsOf(request, 'motherboard')).filter((b) => b.specs.fanHeaders !== undefined);
  const board = boards.reduce((a, b) => (Number(b.specs.fanHeaders) < Number(a.specs.fanHeaders) ? b : a));
  const pack = (await partsOf(request, 'fan')).find((f) => f.specs.fans === 3 && f.minOrder === 1);
  if (!pack) throw new Error('The demo catalog has a pack of 3 case fans');
  const headers = Number(board.specs.fanHeaders);
  // One pack fits the board's headers, two do not.
  expect([3 <= headers, 6 > headers]).toEqual([true, true]);
  await page.goto(`/build?motherboard=${board._id}&fan=${pack._id}`);
  const total = page.getByTestId('build-total');
  await expect(total).toHaveText(dollars(cents(board.price) + cents(pack.price)));
  await expect(page.getByText('Everything fits together.')).toBeVisible();

  await page.getByRole('button', { name: `One more ${pack.name}` }).click();
  await expect(page.getByRole('group', { name: `Quantity of ${pack.name}` })).toContainText('2');
  await expect(total).toHaveText(dollars(cents(board.price) + 2 * cents(pack.price)));
  const message = `The build has 6 fans but ${board.name} has ${headers} fan headers: connect the rest through a fan hub or splitter cable.`;
  // Once, beside the fans that brought it in, not on the motherboard's row too.
  const shown = page.getByRole('list', { name: /^Problems with / }).getByRole('listitem');
  await expect(shown.filter({ hasText: message })).toHaveCount(1);
  await expect(page.getByRole('list', { name: `Problems with ${pack.name}` })).toContainText(message);
  await expectNoSidewaysScroll(page);
});
