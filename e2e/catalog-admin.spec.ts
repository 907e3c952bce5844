import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { addPart, admin, apiToken, expectNoSidewaysScroll, partCards, test, signInAs } from './support.ts';

// At both widths (docs/product.md#catalog-in-bulk, docs/product.md#product-photos): an import changes
// nothing until applied, a part changed since the export is a conflict, and an uploaded photo shows.

type Part = { _id: string; name: string; price: number; img: string };

/** A word of random letters: no other part, nor the other width's run, holds one like it. */
const uniqueWord = () =>
  Array.from({ length: 12 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** The parts whose name holds the word; the token keeps the answer out of the public cache. */
async function partsNamed(request: APIRequestContext, token: string, word: string): Promise<Part[]> {
  const found = await request.get(`/api/parts?q=${word}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(found.ok()).toBeTruthy();
  return ((await found.json()) as Part[]).filter((part) => part.name.includes(word));
}

async function deleteParts(request: APIRequestContext, token: string, word: string) {
  for (const part of await partsNamed(request, token, word)) {
    const deleted = await request.delete(`/api/parts/${part._id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(deleted.ok()).toBeTruthy();
  }
}

/** The import preview's rows: a table from md up, a list of cards on a phone (ResponsiveTable). */
function previewRows(page: Page, file: string) {
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  return phone
    ? page.getByRole('list', { name: `Preview of ${file}` }).locator(':scope > li')
    : page.getByRole('table', { name: `Preview of ${file}` }).locator('tbody > tr');
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function previewRow(line: number, part: string, action: string, changes: string[], problems = 'None') {
  const cells = [
    String(line),
    `(?:Part\\s+)?${escaped(part)}`,
    `(?:Action\\s+)?${action}`,
    `(?:Changes\\s+)?${changes.length === 0 ? '—' : changes.map(escaped).join('\\s+')}`,
    `(?:Problems\\s+)?${escaped(problems)}`,
  ];
  return new RegExp(`\\b${cells.join('\\s+')}$`);
}

/** The file's header and the exported lines of these parts (their cells hold no commas or quotes). */
function exportedLines(text: string, ids: string[]) {
  const lines = text.split(/\r?\n/);
  return [lines[0] ?? '', ...ids.map((id) => lines.find((line) => line.startsWith(`${id},`)) ?? '')];
}

test('an import is previewed, changes nothing until applied, then shows in the catalog', async ({ page, request }) => {
  const word = uniqueWord();
  const token = await apiToken(request, admin.email, admin.password);
  const existing = `Import Fan ${word}`;
  const existingId = await addPart(request, token, { name: existing, minOrder: 1, available: 5, price: 80 });
  const created = `Import Cable ${word}`;

  const exported = await request.get('/api/parts/export.csv', { headers: { Authorization: `Bearer ${token}` } });
  expect(exported.ok()).toBeTruthy();
  const [header, existingLine] = exportedLines(await exported.text(), [existingId]);
  const columns = header?.split(',') ?? [];
  const version = existingLine?.split(',')[columns.indexOf('version')] ?? '';
  const common = {
    kind: 'other',
    available: '5',
    minOrder: '1',
    description: 'Imported',
    img: '/images/parts/gpu.svg',
  };
  const csv = (...rows: Record<string, string>[]) =>
    Buffer.from([columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))].join('\n'));

  await signInAs(page, 'admin');
  await page.goto('/dashboard/manageproducts');
  const chooser = page.getByLabel('Import a CSV file');
  const apply = page.getByRole('button', { name: 'Apply import' });

  await chooser.setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: csv({ ...common, name: `Import Bad ${word}`, price: 'cheap' }),
  });
  await expect(page.getByText('1 of 1 rows need fixing; nothing can be imported until they are.')).toBeVisible();
  await expect(previewRows(page, 'bad.csv')).toHaveText(
    [previewRow(2, `Import Bad ${word}`, 'New part', [], 'price: Price must be a number')],
    { useInnerText: true },
  );
  await expect(apply).toBeDisabled();

  await chooser.setInputFiles({
    name: 'parts.csv',
    mimeType: 'text/csv',
    buffer: csv(
      { ...common, id: existingId, version, name: existing, price: '95.5' },
      { ...common, name: created, price: '12' },
    ),
  });
  await expect(page.getByText('2 rows: 2 to import, 0 unchanged.')).toBeVisible();
  await expect(previewRows(page, 'parts.csv')).toHaveText(
    [
      previewRow(2, existing, 'Update', ['price: 80 → 95.5', 'description: Added by the browser tests → Imported']),
      previewRow(3, created, 'New part', []),
    ],
    { useInnerText: true },
  );
  await expectNoSidewaysScroll(page);
  expect((await partsNamed(request, token, word)).map((part) => [part.name, part.price])).toEqual([[existing, 80]]);

  await apply.click();
  await expect(page.getByText('Imported 2 products')).toBeVisible();
  await page.goto(`/allparts?q=${word}`);
  await expect(partCards(page).filter({ hasText: created })).toContainText('$12.00');
  await expect(partCards(page).filter({ hasText: existing })).toContainText('$95.50');
  await deleteParts(request, token, word);
});

test('a part changed in the shop since the export is a conflict, applied only when the owner overwrites', async ({
  page,
  request,
}) => {
  const word = uniqueWord();
  const token = await apiToken(request, admin.email, admin.password);
  const name = `Conflict Fan ${word}`;
  const id = await addPart(request, token, { name, minOrder: 1, available: 5, price: 80 });
  const exported = await request.get('/api/parts/export.csv', { headers: { Authorization: `Bearer ${token}` } });
  const file = Buffer.from(exportedLines(await exported.text(), [id]).join('\n'));
  // Sold or written off after the export: the file's 5 would put two units back.
  const moved = await request.post(`/api/parts/${id}/stock`, {
    data: { delta: -2 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(moved.ok()).toBeTruthy();

  await signInAs(page, 'admin');
  await page.goto('/dashboard/manageproducts');
  await page.getByLabel('Import a CSV file').setInputFiles({ name: 'old.csv', mimeType: 'text/csv', buffer: file });
  // The product list's own loading status may still be on screen beside the import's.
  await expect(page.getByRole('status').filter({ hasText: '1 rows: 1 to import, 0 unchanged.' })).toContainText(
    '1 rows: 1 to import, 0 unchanged. 1 part has changed in the shop since this file was exported.',
  );
  await expect(previewRows(page, 'old.csv')).toHaveText(
    [previewRow(2, name, 'Conflict', ['available: 3 → 5'], 'Changed in the shop since this file was exported')],
    { useInnerText: true },
  );
  await expectNoSidewaysScroll(page);
  const apply = page.getByRole('button', { name: 'Apply import' });
  await expect(apply).toBeDisabled();

  await page.getByRole('checkbox', { name: "Overwrite the shop's changes since the export with this file" }).check();
  await apply.click();
  await expect(page.getByText('Imported 1 products')).toBeVisible();
  const part = await request.get(`/api/parts/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await part.json()) as { available: number }).available).toBe(5);
  await deleteParts(request, token, word);
});

test("an uploaded photo shows on the part's card", async ({ page, request }) => {
  const word = uniqueWord();
  const name = `Photo Fan ${word}`;
  await signInAs(page, 'admin');
  await page.goto('/dashboard/addProduct');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill('A fan with its own photo');
  await page.getByLabel('Min Order').fill('1');
  await page.getByLabel('Available').fill('3');
  await page.getByLabel('Price').fill('20');

  // A PNG of a colour of this run's own, so its stored address is this upload's.
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [120, 90];
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.fillStyle = `hsl(${Math.floor(Math.random() * 360)} 70% 50%)`;
    context.fillRect(0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  await page.getByLabel('Photo file').setInputFiles({
    name: 'fan.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });
  await expect(page.getByText('Photo uploaded')).toBeVisible();
  const uploaded = await page.getByLabel('Image URL').inputValue();
  expect(uploaded).toMatch(/^\/api\/uploads\/[a-f0-9]{64}\.webp$/);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Parts Added')).toBeVisible();

  await page.goto(`/allparts?q=${word}`);
  const photo = partCards(page).filter({ hasText: name }).getByRole('img', { name });
  // Loaded, and still the upload: a photo that fails to load is swapped for the placeholder.
  await expect
    .poll(() =>
      photo.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.getAttribute('src') : '')),
    )
    .toMatch(new RegExp(`^${uploaded.replace(/\./g, '\\.')}\\?w=\\d+$`));
  await expectNoSidewaysScroll(page);
  await deleteParts(request, await apiToken(request, admin.email, admin.password), word);
});
