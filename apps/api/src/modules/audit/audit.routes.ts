import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditQuerySchema, type AuditEntry } from '@parts-shop/shared/audit';
import type { Deps } from '../../lib/deps.ts';
import { errorAnswers } from '../../lib/http-error.ts';
import { decodeCursor, pageOf } from '../../lib/paging.ts';
import { listAudit, type AuditRow } from './audit.repo.ts';

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: { email: row.actorEmail, uid: row.actorUid, name: row.actorName },
    kind: row.kind,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
  };
}

/** The audit log (docs/product.md#audit-log): read only; no route writes, edits or deletes it. */
export const auditRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards } = deps;

  app.get(
    '/admin/audit',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['admin'],
        summary: 'Every admin change: who, when, what, before and after; newest first, paged (admin)',
        description:
          'kind keeps one kind of change (product.price, order.refund…). The Link header names the next page.',
        security: [{ bearer: [] }],
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, cursor, kind } = request.query;
      const rows = await listAudit(db, { limit: limit + 1, before: decodeCursor(cursor), kind });
      return pageOf(rows, limit, request, reply).map(toEntry);
    },
  );
};
