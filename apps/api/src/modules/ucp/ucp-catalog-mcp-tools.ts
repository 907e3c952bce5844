import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { UCP_CAPABILITIES } from '@parts-shop/shared/ucp';
import {
  ucpCatalogLookupSchema,
  ucpCatalogProductSchema,
  ucpCatalogSearchSchema,
} from '@parts-shop/shared/ucp-catalog';
import type { Deps } from '#api/deps.ts';
import { isRefusal, narrowed, negotiate } from './agent-profile.ts';
import type { CallerProof } from './caller-proof.ts';
import { admitAgent } from './ucp-admission.ts';
import { parseUcpAgent } from './ucp-agent.ts';
import { getProduct, invalidRequest, lookupCatalog, searchCatalog, type CatalogAnswer } from './ucp-catalog.ts';
import { metaSchema, result } from './ucp-mcp-tools.ts';

/**
 * UCP's catalog over MCP (`search_catalog`, `lookup_catalog`, `get_product`, with the binding's `meta` and
 * `catalog`): the operations the REST routes call, so both answer the same objects. Open reads, as over REST.
 */
export function registerUcpCatalogTools(server: McpServer, deps: Deps, proof: CallerProof): void {
  function tool<S extends z.ZodType>(
    name: string,
    description: string,
    needs: keyof typeof UCP_CAPABILITIES,
    catalog: S,
    operation: (input: z.output<S>) => Promise<CatalogAnswer>,
  ) {
    const inputSchema = z.object({ meta: metaSchema, catalog });
    const annotations = { readOnlyHint: true, openWorldHint: false };
    server.registerTool(
      name,
      { title: name.replace('_', ' '), description, inputSchema, annotations },
      async (args) => {
        const input = args as { meta: z.infer<typeof metaSchema>; catalog: z.output<S> };
        const agent = parseUcpAgent(`profile="${input.meta['ucp-agent'].profile.replaceAll('"', '')}"`);
        if (!agent)
          return result(
            invalidRequest([
              {
                type: 'error',
                code: 'invalid_profile_url',
                content: 'meta["ucp-agent"].profile is not a URL',
                severity: 'unrecoverable',
              },
            ]),
          );
        const admitted = await admitAgent(deps, agent, proof, { open: true });
        if ('statusCode' in admitted) return result(admitted);
        const negotiated = await negotiate(deps.config, agent.profile, needs);
        if (isRefusal(negotiated)) return result(negotiated);
        return result(narrowed(await operation(input.catalog), negotiated));
      },
    );
  }

  tool(
    'search_catalog',
    'Search the catalog (UCP dev.ucp.shopping.catalog.search): query words; filters categories (part kinds), ' +
      'price {min, max} in cents, brands, in_stock, socket, memory_type, form_factor; pagination {limit, cursor}.',
    'catalogSearch',
    ucpCatalogSearchSchema,
    (catalog) => searchCatalog(deps, catalog),
  );
  tool(
    'lookup_catalog',
    'Products by id (UCP dev.ucp.shopping.catalog.lookup); each variant id is a checkout line item id.',
    'catalogLookup',
    ucpCatalogLookupSchema,
    (catalog) => lookupCatalog(deps, catalog),
  );
  tool(
    'get_product',
    'One product in full by its id, with stock as its page shows it (UCP dev.ucp.shopping.catalog.lookup).',
    'catalogLookup',
    ucpCatalogProductSchema,
    (catalog) => getProduct(deps, catalog),
  );
}
