import type { CallToolResult, InputSchema, ModelContext } from '@mcp-b/webmcp-types';
import { API_BASE } from '../api-client.ts';

type ListedTool = { name: string; title?: string; description?: string; inputSchema: InputSchema };

async function call<T>(method: string, params?: object): Promise<T> {
  const response = await fetch(`${API_BASE}/mcp`, {
    method: 'POST',
    // The Streamable HTTP transport asks every client to accept both; this server answers JSON.
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (!body.result) throw new Error(body.error?.message ?? `The shop answered ${response.status}`);
  return body.result;
}

const failure = (error: unknown): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }],
});

export async function registerShopTools(context: ModelContext, signal?: AbortSignal): Promise<void> {
  const { tools } = await call<{ tools: ListedTool[] }>('tools/list');
  const refused = await Promise.allSettled(
    tools.map((tool) =>
      context.registerTool(
        {
          name: tool.name,
          title: tool.title,
          description: tool.description ?? tool.title ?? tool.name,
          inputSchema: tool.inputSchema,
          annotations: { readOnlyHint: true },
          execute: (input: Record<string, unknown>) =>
            call<CallToolResult>('tools/call', { name: tool.name, arguments: input }).catch(failure),
        },
        { signal },
      ),
    ),
  );
  const reasons = refused.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (reasons.length > 0) throw new AggregateError(reasons, `${reasons.length} WebMCP tools not registered`);
}
