import type { FastifyInstance } from 'fastify';
import type { Guards } from './auth.ts';

/** `operationId` and `security` derive from the route and its guard, so neither is forgotten or wrong. */

/** `GET /api/parts/:id` -> `getPartsById`: stable for as long as the route's path is. */
export function operationIdFor(method: string, url: string, base: string): string {
  const path = url.startsWith(base) ? url.slice(base.length) : url;
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', ...segment.slice(1).split(/[-_]/)] : segment.split(/[-_.]/),
    )
    .filter(Boolean);
  const capitalised = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${capitalised.join('')}`;
}

type RouteSchema = { hide?: boolean; operationId?: string; security?: unknown[] };

export function installOperationDefaults(app: FastifyInstance, guards: Guards, base: string): void {
  const guarded = new Set<unknown>([guards.signedIn, guards.admin]);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as RouteSchema | undefined;
    // Routes without a schema (the web app's pages, static files) are not part of the API.
    if (!schema || schema.hide) return;
    const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
    if (method === 'HEAD') return;
    schema.operationId ??= operationIdFor(method, route.url, base);
    // A route whose own hook checks a token (the sign-in exchange) declares its security itself.
    if (!schema.security) {
      const hooks: unknown[] = [route.preValidation, route.preHandler].flat();
      schema.security = hooks.some((hook) => guarded.has(hook)) ? [{ bearer: [] }] : [];
    }
  });
}
