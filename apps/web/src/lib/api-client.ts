import { z } from 'zod';
import { apiErrorSchema } from '@parts-shop/shared/error';
import { getAccessToken } from './token-storage.ts';

export const API_BASE = import.meta.env.VITE_API_BASE_URL ?? '/api';

/**
 * How a request reaches the API: the browser's fetch, or, while the API process renders a public page on the server,
 * a call into itself (`setApiTransport`, apps/web/src/entry-server.tsx).
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: { path: (string | number)[]; message: string }[] = [],
    /** The refusal's stable code where it has one (no_shipping_zone, discount_code_used_up). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const AUTH_EXPIRED_EVENT = 'parts-shop:auth-expired';

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: z.ZodType<T>;
  bearer?: string;
  signal?: AbortSignal;
  idempotencyKey?: string;
  file?: { text: string; type: string };
};

async function errorFrom(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = apiErrorSchema.safeParse(body);
  // Not the shop's error body (a proxy's error page, say): a generic message with the status.
  if (!parsed.success) return new ApiError(response.status, `Request failed (${response.status})`);
  return new ApiError(response.status, parsed.data.message, parsed.data.issues, parsed.data.code);
}

export async function request<T>(path: string, options: RequestOptions<T>): Promise<{ data: T; response: Response }> {
  const token = options.bearer ?? getAccessToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body (a photo upload) sets its own multipart Content-Type with its boundary.
  const { body } = options;
  if (options.file) headers['Content-Type'] = options.file.type;
  else if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await transport(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      // Asked afresh each time (a 304 when nothing changed): a public read's stale-while-revalidate is for the CDN,
      // and a browser keeping its own stale copy would show an old price past the shared cache's window.
      cache: 'no-cache',
      body: options.file?.text ?? (body === undefined || body instanceof FormData ? body : JSON.stringify(body)),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the shop. Check your connection and try again.');
  }
  if (!response.ok) {
    const error = await errorFrom(response);
    if (response.status === 401 && token && !options.bearer) window.dispatchEvent(new Event(AUTH_EXPIRED_EVENT));
    throw error;
  }
  const json: unknown =
    response.status === 204
      ? null
      : (options.schema as unknown) === textAnswer
        ? await response.text()
        : await response.json();
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, 'The shop answered in an unexpected way.');
  return { data: parsed.data, response };
}

export const textAnswer = z.string();

export async function apiGet<T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  return (await request(path, { schema, signal })).data;
}

export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  return (await request(path, { method, body, schema, idempotencyKey })).data;
}

export type Page<T> = { items: T[]; next: string | null };

export async function apiGetPage<T>(path: string, schema: z.ZodType<T[]>, signal?: AbortSignal): Promise<Page<T>> {
  const { data, response } = await request(path, { schema, signal });
  const link = response.headers.get('Link');
  // Split first: each link then starts at its "<", so the pattern is anchored (linear).
  const nextUrl =
    link
      ?.split(',')
      .map((entry) => /^\s*<([^>]+)>;\s*rel="next"/.exec(entry)?.[1])
      .find(Boolean) ?? null;
  const next = nextUrl && nextUrl.startsWith(API_BASE) ? nextUrl.slice(API_BASE.length) : nextUrl;
  return { items: data, next };
}
