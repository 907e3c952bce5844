import { chromium, expect, type Page } from '@playwright/test';
import { test } from './support.ts';

// WebMCP where the browser offers it (the "webmcp" project): the shop's read-only tools answer like the API.

type Tool = { name: string; description: string };
type ModelContext = { getTools(): Promise<Tool[]>; executeTool(tool: Tool, input: object): Promise<unknown> };
type WithModelContext = Document & { modelContext?: ModelContext };

const toolNames = (page: Page) =>
  page.evaluate(async () => {
    const tools = await (document as WithModelContext).modelContext?.getTools();
    return tools?.map((tool) => tool.name).sort() ?? [];
  });

const runTool = (page: Page, name: string, input: object) =>
  page.evaluate(
    async ([toolName, args]) => {
      const context = (document as WithModelContext).modelContext;
      if (!context) throw new Error('no WebMCP in this browser');
      const tool = (await context.getTools()).find((t) => t.name === toolName);
      if (!tool) throw new Error(`no tool ${toolName}`);
      const result = await context.executeTool(tool, args);
      return typeof result === 'string' ? (JSON.parse(result) as unknown) : result;
    },
    [name, input] as const,
  );

const textOf = (result: unknown) => {
  const { content } = result as { content: { type: string; text: string }[] };
  const text = content[0]?.text ?? '';
  return {
    summary: text.slice(0, text.indexOf('\n')),
    data: JSON.parse(text.slice(text.indexOf('\n') + 1)) as unknown,
  };
};

test('the shop registers its four read-only tools, and search_parts answers as the API does', async ({
  page,
  request,
}) => {
  await page.goto('/allparts');
  await expect
    .poll(() => toolNames(page))
    .toEqual(expect.arrayContaining(['build_link', 'check_build', 'get_part', 'search_parts']));

  const found = textOf(await runTool(page, 'search_parts', { q: 'ryz', kind: 'cpu' }));
  const api = (await (await request.get('/api/parts?q=ryz&kind=cpu')).json()) as { _id: string; name: string }[];
  expect(api.length).toBeGreaterThan(0);
  const parts = (found.data as { parts: { id: string; name: string }[] }).parts;
  expect(parts.map((p) => p.id)).toEqual(api.map((p) => p._id));
  expect(parts[0]?.name).toMatch(/ryzen/i);

  const [first] = api;
  if (!first) throw new Error('the API found no part');
  const part = textOf(await runTool(page, 'get_part', { id: first._id }));
  expect(part.data).toMatchObject({ id: first._id, name: first.name });

  const bad = (await runTool(page, 'get_part', { id: 'not-an-id' })) as { isError?: boolean };
  expect(bad.isError).toBe(true);
});

test('a browser without WebMCP never downloads the tools', async ({ baseURL }) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${baseURL}/allparts`);
    await expect(page.getByTestId('part-card').first()).toBeVisible();
    expect(await page.evaluate(() => 'modelContext' in document)).toBe(false);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => url.includes('register-shop-tools'))).toEqual([]);
  } finally {
    await browser.close();
  }
});
