import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { HttpError } from './http-error.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

type Issue = { path: (string | number)[]; message: string };

function issuesOf(validation: { instancePath: string; message?: string }[]): Issue[] {
  return validation.map((v) => ({
    path: v.instancePath
      .split('/')
      .filter(Boolean)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    message: v.message ?? 'Invalid value',
  }));
}

/**
 * A public read cut off by its statement or connection-wait limit (db/client.ts); drizzle wraps the driver's error.
 */
function isOverTime(error: unknown): boolean {
  const cause: unknown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  if (!(cause instanceof Error)) return false;
  return (cause as { code?: unknown }).code === '57014' || cause.message === 'timeout exceeded when trying to connect';
}

function httpErrorBody(error: HttpError): { message: string; code?: string } {
  return error.code === undefined ? { message: error.message } : { message: error.message, code: error.code };
}

/** The one error handler (docs/product.md#errors); a 5xx says no more, the details go to the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(httpErrorBody(error));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = issuesOf(error.validation);
      return reply.code(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'The request is too large'
          : status === 415
            ? 'Send the request body as JSON'
            : status === 429
              ? 'Too many requests, try again in a minute'
              : error.message;
      return reply.code(status).send({ message });
    }
    if (isOverTime(error)) {
      request.log.warn({ err: error }, 'public read over its time');
      return reply.code(503).header('Retry-After', '1').send({ message: apiMessages.busy });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error.message }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: apiMessages.databaseUnavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: apiMessages.serverError });
  });
}
