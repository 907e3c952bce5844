import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import {
  admin,
  AM5_BUILD_SPECS,
  apiToken,
  createAccount,
  expectNoSidewaysScroll,
  logIn,
  test,
  uniqueEmail,
} from './support.ts';

// The planner as good as its catalog, and a build shared the way builders share one
// (docs/product.md#build-planner, #saved-builds, #published-builds, #sharing-a-build).

type Part = { kind: 'cpu' | 'motherboard' | 'memory' | 'gpu' | 'other'; name: string; brand: string; price: number };

async function addPart(request: APIRequestContext, token: string, part: Part, specs: object): Promise<string> {
  const response = await request.post('/api/parts', {
    data: {
      ...part,
      description: 'Added by the browser tests',
      // The catalog has no drawing for the kind Other: it uses the placeholder, as the shop does.
      img: part.kind === 'other' ? '/images/parts/placeholder.svg' : `/images/parts/${part.kind}.svg`,
      minOrder: 1,
      available: 20,
      specs,
    },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** A fresh builder with a DDR5 build of four parts ($1,100.00, 425 W) and a DDR4 kit that clashes with it. */
async function setUp(request: APIRequestContext, page: Page) {
  const run = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const token = await apiToken(request, admin.email, admin.password);
  const names = {
    cpu: `E2E share CPU ${run}`,
    motherboard: `E2E share board ${run}`,
    memory: `E2E share DDR5 ${run}`,
    gpu: `E2E share GPU ${run}`,
    ddr4: `E2E share DDR4 ${run}`,
  };
  const brands = { cpu: `Redwood ${run}`, gpu: `Greenleaf ${run}` };
  const ids = {
    cpu: await addPart(
      request,
      token,
      { kind: 'cpu', name: names.cpu, brand: brands.cpu, price: 300 },
      AM5_BUILD_SPECS.cpu,
    ),
    motherboard: await addPart(
      request,
      token,
      { kind: 'motherboard', name: names.motherboard, brand: 'Boardly', price: 200 },
      AM5_BUILD_SPECS.motherboard,
    ),
    memory: await addPart(
      request,
      token,
      { kind: 'memory', name: names.memory, brand: 'Memly', price: 100 },
      AM5_BUILD_SPECS.memory,
    ),
    gpu: await addPart(
      request,
      token,
      { kind: 'gpu', name: names.gpu, brand: brands.gpu, price: 500 },
      AM5_BUILD_SPECS.gpu,
    ),
  };
  const ddr4 = await addPart(
    request,
    token,
    { kind: 'memory', name: names.ddr4, brand: 'Memly', price: 90 },
    { ...AM5_BUILD_SPECS.memory, memoryType: 'DDR4', speedMts: 3200 },
  );
  const email = uniqueEmail('sharer');
  const password = 'sharer-pass-2022';
  await createAccount(request, email, password, 'Sam Sharer');
  await logIn(page, email, password);
  return { run, names, ids, ddr4, brands, email, password };
}

/** Saves the four-part build under `name` through the API, as the builder; answers its id. */
async function saveBuild(request: APIRequestContext, token: string, name: string, ids: Record<string, string>) {
  const response = await request.post('/api/builds', {
    data: { name, items: Object.values(ids).map((partId) => ({ partId, quantity: 1 })) },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function copied(context: BrowserContext, page: Page, button: () => Promise<void>, toast: string) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await button();
  await expect(page.getByText(toast)).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

test('the planner shows each clash once, beside the part that brought it, and copies the part list with server prices', async ({
  page,
  request,
  context,
}) => {
  const { names, ids, ddr4 } = await setUp(request, page);
  await page.goto(`/build?${new URLSearchParams({ ...ids, memory: ddr4 }).toString()}`);
  const clash = 'DDR4 memory does not fit a DDR5 motherboard.';
  await expect(page.getByRole('list', { name: `Problems with ${names.ddr4}` })).toContainText(clash);
  // Once on the whole page: not again on the board's row, nor in the summary.
  await expect(page.getByText(clash)).toHaveCount(1);
  await expect(page.getByRole('list', { name: `Problems with ${names.motherboard}` })).toHaveCount(0);
  await expect(page.getByTestId('build-verdict')).toHaveText(
    'Not compatible: 2 errors, each shown beside the parts it concerns.',
  );
  await expectNoSidewaysScroll(page);

  await page.goto(`/build?${new URLSearchParams(ids).toString()}`);
  await expect(page.getByText('Everything fits together.')).toBeVisible();
  await page.getByText('Export the part list').click();
  const reddit = await copied(
    context,
    page,
    () => page.getByRole('button', { name: 'Reddit Markdown' }).click(),
    'Reddit Markdown copied',
  );
  expect(reddit).toContain(`**Processor** | [${names.cpu}](`);
  expect(reddit).toContain(`/parts/${ids.cpu}) | $300.00`);
  expect(reddit).toContain('| **Total** | **$1,100.00**');
  // 120 W processor + 220 W card + 75 W board + 2 modules × 5 W.
  expect(reddit).toContain('| *Estimated wattage* | 425 W');
  expect(reddit).toContain('*Compatible: no problems found*');
  await expectNoSidewaysScroll(page);
});

test("a saved build shows its parts, total and verdict; published, its page shows verdict and wattage, and its owner's Start opens it", async ({
  page,
  request,
  context,
}) => {
  const { run, names, ids, ddr4, email, password } = await setUp(request, page);
  const token = await apiToken(request, email, password);
  const name = `Shared rig ${run}`;
  await saveBuild(request, token, name, ids);
  await saveBuild(request, token, `Clashing rig ${run}`, { ...ids, memory: ddr4 });

  await page.goto('/dashboard/builds');
  const list = page.getByRole('list', { name: 'My Builds' });
  await expect(
    list
      .getByRole('listitem')
      .filter({ hasText: `Clashing rig ${run}` })
      .getByTestId('build-verdict'),
  ).toHaveText('Not compatible: 2 errors');
  const card = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  const parts = card.getByRole('list', { name: `Parts of ${name}` });
  for (const part of [names.cpu, names.motherboard, names.memory, names.gpu]) await expect(parts).toContainText(part);
  await expect(parts).toContainText('Graphics card:');
  await expect(card.getByTestId('build-totals')).toHaveText('Saved at $1,100.00, now $1,100.00');
  await expect(card.getByTestId('build-verdict')).toHaveText('Compatible: no problems found');
  await expect(card.getByTestId('build-wattage')).toHaveText('425 W');
  const bbcode = await copied(
    context,
    page,
    () => card.getByRole('button', { name: `Forum BBCode of ${name}` }).click(),
    'Forum BBCode copied',
  );
  expect(bbcode).toContain(`[b]Processor:[/b] [url=`);
  expect(bbcode).toContain('[b]Total:[/b] $1,100.00');
  expect(bbcode).toContain('[b]Estimated wattage:[/b] 425 W');
  await expectNoSidewaysScroll(page);

  const title = `Sam's quiet build ${run}`;
  await card.getByLabel(`Public title for ${name}`).fill(title);
  await card.getByRole('button', { name: 'Publish' }).click();
  await card.getByRole('link', { name: 'View public page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('build-verdict')).toHaveText('Compatible: no problems found');
  await expect(page.getByTestId('build-wattage')).toHaveText('425 W');
  const text = await copied(
    context,
    page,
    () => page.getByRole('button', { name: 'Plain text' }).click(),
    'Plain text copied',
  );
  expect(text).toContain(`${title}\n${new URL(page.url()).origin}/builds/`);
  expect(text).toContain(`Graphics card: ${names.gpu} - $500.00`);
  expect(text).toContain('Total: $1,100.00\nEstimated wattage: 425 W');
  await expectNoSidewaysScroll(page);

  // The owner opens their own build; no copy of it lands in My Builds.
  await page.getByRole('button', { name: 'Start from this build' }).click();
  await expect(page.getByText(`Opened "${name}"`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Build slots' })).toContainText(names.gpu);
  const mine = await request.get('/api/builds', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await mine.json()) as unknown[]).length).toBe(2);
});

test('the gallery filters published builds by total and by processor and graphics card brand', async ({
  page,
  request,
}) => {
  const { run, ids, brands, email, password } = await setUp(request, page);
  const token = await apiToken(request, email, password);
  const id = await saveBuild(request, token, `Gallery rig ${run}`, ids);
  const title = `Filtered build ${run}`;
  const published = await request.post(`/api/builds/${id}/publish`, {
    data: { title },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(published.status()).toBe(200);

  await page.goto('/builds');
  const filters = page.getByRole('form', { name: 'Filter builds' });
  await filters.getByLabel('Processor brand').selectOption(brands.cpu);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/cpuBrand=Redwood/);
  const cards = page.getByRole('list', { name: 'Published Builds' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(title);
  await expect(cards).toContainText('$1,100.00');
  await expectNoSidewaysScroll(page);

  await filters.getByLabel('Max total ($)').fill('1000');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No published build matches these filters.')).toBeVisible();

  await filters.getByLabel('Min total ($)').fill('1000');
  await filters.getByLabel('Max total ($)').fill('1200');
  await filters.getByLabel('Graphics card brand').selectOption(brands.gpu);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(title);

  // A range upside down is refused beside the field, and the list stays as it was.
  await filters.getByLabel('Min total ($)').fill('900');
  await filters.getByLabel('Max total ($)').fill('100');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(filters.getByText('Max price cannot be below min price')).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expectNoSidewaysScroll(page);
});

test("the part picker has the catalog's filters; a build holds two memory kits and extras, and the slots are counted", async ({
  page,
  request,
}) => {
  const { run, names, ids } = await setUp(request, page);
  const token = await apiToken(request, admin.email, admin.password);
  const second = `E2E share DDR5 second ${run}`;
  const third = `E2E share DDR5 third ${run}`;
  const paste = `E2E share paste ${run}`;
  const secondId = await addPart(
    request,
    token,
    { kind: 'memory', name: second, brand: 'Memly', price: 110 },
    AM5_BUILD_SPECS.memory,
  );
  const thirdId = await addPart(
    request,
    token,
    { kind: 'memory', name: third, brand: 'Memly', price: 120 },
    AM5_BUILD_SPECS.memory,
  );
  await addPart(request, token, { kind: 'other', name: paste, brand: 'Pasty', price: 9 }, {});

  const { cpu, motherboard, memory } = ids;
  await page.goto(`/build?${new URLSearchParams({ cpu, motherboard, memory }).toString()}`);
  await page.getByRole('button', { name: 'Add another memory kit' }).click();
  const picker = page.getByRole('dialog');
  await picker.getByLabel('Search memory').fill(run);
  const choices = picker.getByRole('list', { name: 'Memory to choose from' });
  await expect(choices.getByRole('listitem').filter({ hasText: names.ddr4 })).toHaveCount(1);
  await picker.getByText('Filters').click();
  await picker.getByLabel('Memory type').selectOption('DDR5');
  await expect(choices.getByRole('listitem').filter({ hasText: names.ddr4 })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  // Folded again, as a builder does to see the list.
  await picker.getByText('Filters (1 on)').click();
  await picker.getByRole('button', { name: `Choose ${second}` }).click();

  const slots = page.getByRole('list', { name: 'Build slots' });
  await expect(slots).toContainText(names.memory);
  await expect(slots).toContainText(second);
  await expect(page.getByRole('button', { name: 'Change memory' })).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`memory=${memory}&memory=${secondId}`));
  // Two kits of two modules fill the board's four slots: nothing to say yet.
  await expect(page.getByText('Everything fits together.')).toBeVisible();

  await page.getByRole('button', { name: 'Add an extra' }).click();
  await page.getByRole('dialog').getByLabel('Search extras').fill(run);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Choose ${paste}` })
    .click();
  await expect(slots).toContainText(paste);
  // $300 + $200 + $100 + $110 + $9.
  await expect(page.getByTestId('build-total')).toHaveText('$719.00');

  // A third kit: the engine counts every kit's modules against the board's slots.
  await page.goto(
    `/build?${new URLSearchParams([
      ['cpu', cpu],
      ['motherboard', motherboard],
      ['memory', memory],
      ['memory', secondId],
      ['memory', thirdId],
    ]).toString()}`,
  );
  const slotsError = 'The memory has 6 modules but the motherboard has 4 slots.';
  await expect(page.getByRole('list', { name: `Problems with ${third}` })).toContainText(slotsError);
  await expect(page.getByText(slotsError)).toHaveCount(1);
  await expectNoSidewaysScroll(page);
});
