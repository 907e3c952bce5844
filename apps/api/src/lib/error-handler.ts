import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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
 * The one error handler (docs/product.md#errors): JSON `{message, issues?}` with the right status;
 * a 5xx says nothing more than that, the details go to the log.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
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
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: apiMessages.serverError });
  });
}
