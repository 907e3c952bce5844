import type {} from '@mcp-b/webmcp-types';
import type { ModelContext } from '@mcp-b/webmcp-types';
import { z } from 'zod';
import { buildCheckRequestSchema, buildCheckSchema } from '@parts-shop/shared/build';
import { buildLink } from '@parts-shop/shared/build-link';
import { idSchema } from '@parts-shop/shared/fields';
import { partSchema } from '@parts-shop/shared/part';
import { partsQuerySchema } from '@parts-shop/shared/part-query';
import { apiGet, apiGetPage, apiSend } from '../api-client.ts';

/**
 * The shop's read-only tools for an assistant working in this tab, through WebMCP: the same
 * four tools, names and input schemas as the shop's MCP server, answered by the same API.
 * Nothing here can order or pay: that stays with the person.
 */

const inputSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
const answer = (summary: string, data: unknown) => ({
  content: [{ type: 'text' as const, text: `${summary}\n${JSON.stringify(data)}` }],
});
const failure = (error: unknown) => ({
  isError: true,
  content: [{ type: 'text' as const, text: error instanceof Error ? error.message : String(error) }],
});

/** The query as GET /parts takes it: lists as repeated parameters. */
function partsPath(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  return `/parts?${params.toString()}`;
}

const tools = [
  {
    name: 'search_parts',
    description:
      'Search the catalog by words, kinds, price range in USD, stock and specs (socket, memoryType, formFactor); ' +
      'sort newest, price_asc, price_desc or relevance; pass `cursor` from a previous answer for the next page.',
    schema: partsQuerySchema,
    run: async (input: Record<string, unknown>) => {
      const page = await apiGetPage(partsPath(input), z.array(partSchema));
      const next = page.next ? new URLSearchParams(page.next.split('?')[1]).get('cursor') : null;
      return answer(`${page.items.length} parts${next ? ' (more with the cursor)' : ''}.`, {
        parts: page.items.map((p) => ({ ...p, url: `${location.origin}/parts/${p._id}` })),
        nextCursor: next,
      });
    },
  },
  {
    name: 'get_part',
    description: 'One part by id: price, stock, minimum order, description and full specifications.',
    schema: z.object({ id: idSchema }),
    run: async (input: Record<string, unknown>) => {
      const { id } = z.object({ id: idSchema }).parse(input);
      const part = await apiGet(`/parts/${id}`, partSchema);
      return answer(`${part.name}: $${part.price.toFixed(2)}, ${part.available} in stock.`, part);
    },
  },
  {
    name: 'check_build',
    description:
      'Whether these parts work together: problems with codes and the parts involved, estimated watts, prices and total.',
    schema: buildCheckRequestSchema,
    run: async (input: Record<string, unknown>) => {
      const result = await apiSend('POST', '/builds/check', buildCheckSchema, buildCheckRequestSchema.parse(input));
      const errors = result.problems.filter((p) => p.severity === 'error').length;
      return answer(`${errors === 0 ? 'Compatible' : `${errors} errors`}; total $${result.total}.`, result);
    },
  },
  {
    name: 'build_link',
    description: "A link to the shop's build planner holding these parts, for the person to review, order and pay.",
    schema: buildCheckRequestSchema,
    run: async (input: Record<string, unknown>) => {
      const { items } = buildCheckRequestSchema.parse(input);
      const parts = await Promise.all(items.map((item) => apiGet(`/parts/${item.partId}`, partSchema)));
      const url = `${location.origin}${buildLink(parts.map((p) => ({ id: p._id, kind: p.kind })))}`;
      return answer(`Open ${url} to review and order this build.`, { url });
    },
  },
] as const;

/** Registers every tool; aborting the signal takes them all away again. */
export async function registerShopTools(context: ModelContext, signal?: AbortSignal): Promise<void> {
  for (const tool of tools) {
    await context.registerTool(
      {
        name: tool.name,
        description: tool.description,
        inputSchema: inputSchemaOf(tool.schema) as Record<string, unknown> & { type: string },
        annotations: { readOnlyHint: true },
        execute: async (input: unknown) => {
          try {
            return await tool.run((input ?? {}) as Record<string, unknown>);
          } catch (error) {
            return failure(error);
          }
        },
      },
      { signal },
    );
  }
}
