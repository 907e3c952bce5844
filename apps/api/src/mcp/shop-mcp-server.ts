import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { buildCheckRequestSchema } from '@parts-shop/shared/build';
import { buildLink } from '@parts-shop/shared/build-link';
import { idSchema } from '@parts-shop/shared/fields';
import { formatDollars } from '@parts-shop/shared/money';
import { partsQuerySchema } from '@parts-shop/shared/part-query';
import { PART_KIND_LABELS, specRows } from '@parts-shop/shared/part-specs';
import type { Deps } from '#api/deps.ts';
import { HttpError } from '../lib/http-error.ts';
import { checkBuildItems } from '../domain/catalog/build-check.ts';
import { getPart, pageOfParts, toPart } from '../domain/catalog/part-reads.ts';
import { siteOrigin } from '../lib/site-origin.ts';
import { plural } from '@parts-shop/shared/plural';

type Part = Awaited<ReturnType<typeof getPart>>;

/** What an assistant needs of a part to compare it, with the page a person opens to buy it. */
function compactPart(part: Part, origin: string) {
  return {
    id: part._id,
    name: part.name,
    kind: part.kind,
    price: part.price,
    currency: 'USD',
    available: part.available,
    minOrder: part.minOrder,
    specs: Object.fromEntries(specRows(part).map((row) => [row.label, row.value])),
    url: `${origin}/parts/${part._id}`,
  };
}

/** Compact JSON for the assistant to read, after one line a person can read. */
function answer(summary: string, data: unknown): CallToolResult {
  return { content: [{ type: 'text', text: `${summary}\n${JSON.stringify(data)}` }] };
}

/** The shop's refusals become a tool error the assistant can act on; anything else is our fault and is thrown. */
async function refusalsAsToolErrors(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500)
      return { isError: true, content: [{ type: 'text', text: error.message }] };
    throw error;
  }
}

/** Read-only tools calling the same services as the API, so an assistant sees what a visitor sees. */
export function createShopMcpServer(deps: Deps): McpServer {
  const { db } = deps;
  const origin = siteOrigin(deps.config);
  const server = new McpServer({ name: 'parts-shop', version: '1.0.0' });
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

  server.registerTool(
    'search_parts',
    {
      title: 'Search parts',
      description:
        'Search the catalog by words (prefix matching), kinds, price range in USD, stock and specs (socket, ' +
        'memoryType, formFactor); sort newest, price_asc, price_desc or relevance. Pass `cursor` from a previous ' +
        'answer for the next page.',
      inputSchema: partsQuerySchema,
      annotations: readOnly,
    },
    (query) =>
      refusalsAsToolErrors(async () => {
        const { rows, cursorOf } = await pageOfParts(deps, query);
        const last = rows.slice(0, query.limit).at(-1);
        const next = rows.length > query.limit && last ? cursorOf(last) : null;
        const page = rows.slice(0, query.limit).map(toPart);
        const summary =
          page.length === 0
            ? 'No parts match.'
            : `${plural(page.length, 'part')}${next ? ' (more with the cursor)' : ''}: ` +
              page
                .slice(0, 3)
                .map((p) => `${p.name} ${formatDollars(p.price)}`)
                .join('; ') +
              (page.length > 3 ? '; ...' : '');
        return answer(summary, { parts: page.map((p) => compactPart(p, origin)), nextCursor: next });
      }),
  );

  server.registerTool(
    'get_part',
    {
      title: 'Get a part',
      description: 'One part by id: price, stock, minimum order, description and full specifications.',
      inputSchema: z.object({ id: idSchema }),
      annotations: readOnly,
    },
    ({ id }) =>
      refusalsAsToolErrors(async () => {
        // As GET /parts/{id}: stock that may lag, re-read on the primary when an order is placed.
        const part = await getPart(deps.publicReads, id);
        const stock = part.available > 0 ? `${part.available} in stock` : 'out of stock';
        return answer(`${PART_KIND_LABELS[part.kind]} ${part.name}: ${formatDollars(part.price)}, ${stock}.`, {
          ...compactPart(part, origin),
          description: part.description,
        });
      }),
  );

  server.registerTool(
    'check_build',
    {
      title: 'Check a build',
      description:
        'Whether these parts work together: problems (error or warning, with a code and the parts involved), ' +
        'estimated power draw in watts, each line priced by the shop, and the total.',
      inputSchema: buildCheckRequestSchema,
      annotations: readOnly,
    },
    ({ items }) =>
      refusalsAsToolErrors(async () => {
        const result = await checkBuildItems(db, items);
        const errors = result.problems.filter((p) => p.severity === 'error').length;
        const warnings = result.problems.length - errors;
        const verdict = errors === 0 ? 'Compatible' : plural(errors, 'error');
        return answer(
          `${verdict}, ${plural(warnings, 'warning')}; about ${result.estimatedWatts} W; total ${formatDollars(result.total)}.`,
          result,
        );
      }),
  );

  server.registerTool(
    'build_link',
    {
      title: 'Link to a build',
      description:
        "A link to the shop's build planner holding these parts, for a person to review, adjust, order and pay.",
      inputSchema: buildCheckRequestSchema,
      annotations: readOnly,
    },
    ({ items }) =>
      refusalsAsToolErrors(async () => {
        const parts = await Promise.all(items.map((item) => getPart(db, item.partId)));
        const url = `${origin}${buildLink(parts.map((p) => ({ id: p._id, kind: p.kind })))}`;
        return answer(`Open ${url} to review and order this build.`, { url });
      }),
  );

  return server;
}
