import { formatCents } from '@parts-shop/shared/money';
import type { Db } from '#api/db/client.ts';
import { catalogSummary } from './crawler-files.repo.ts';

/** llms.txt: what the shop is, holds now, and where its machine-readable doors are. */
export async function llmsTxt(db: Db, origin: string, apiBase: string): Promise<string> {
  const summary = await catalogSummary(db);
  const from = summary.minPriceCents === null ? '' : `, from ${formatCents(summary.minPriceCents)}`;
  return [
    '# Parts Shop',
    '',
    '> An online store for computer components, for shoppers and DIY PC builders: processors, motherboards,',
    '> memory, graphics cards, storage, power supplies, cases and cooling, with technical specifications',
    '> and a build planner that checks which parts work together.',
    '',
    `The catalog holds ${summary.parts} parts (${summary.inStock} in stock${from}). Prices are in US dollars.`,
    'Assistants may search the catalog, read parts and check builds. An assistant the shop approved may also',
    'check out for its buyer over UCP, ACP or MCP, proving itself with the API key the shop issued or an',
    'RFC 9421 signature made with a key of its own profile; otherwise ordering and paying are done by a',
    'signed-in person in the browser.',
    '',
    '## Catalog',
    '',
    `- [All parts](${origin}/allparts): the catalog, searchable and filterable`,
    `- [Reviews](${origin}/allreviews): what customers say`,
    `- [Sitemap](${origin}/sitemap.xml): every part page`,
    '',
    '## For software',
    '',
    `- [MCP server](${origin}${apiBase}/mcp): Model Context Protocol over Streamable HTTP, tools to search parts, read a part, check a build's compatibility and make a build link, and UCP's catalog and checkout tools`,
    `- [UCP profile](${origin}/.well-known/ucp): the shop's Universal Commerce Protocol profile; checkout under ${apiBase}/ucp`,
    `- [ACP discovery](${origin}/.well-known/acp.json): the Agentic Commerce Protocol checkout under ${apiBase}/acp`,
    `- [API description](${origin}${apiBase}/docs/json): OpenAPI 3 for the JSON API, the UCP, ACP and MCP routes and how an assistant authenticates included`,
    `- [API reference](${origin}${apiBase}/docs): the same, to read`,
    '',
  ].join('\n');
}
