import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditQuerySchema, type AuditEntry } from '@parts-shop/shared/audit';
import type { Deps } from '#api/deps.ts';
import { errorAnswers } from '#api/lib/http-error.ts';
import { decodeCursor, pageOf } from '#api/lib/paging.ts';
import { formatOrderNumber } from '@parts-shop/shared/order';
import { listAudit, namesOf, type AuditRow } from './audit.repo.ts';

const recordedName = (values: Record<string, unknown> | null) =>
  typeof values?.name === 'string' ? values.name : undefined;

function nameOf(row: AuditRow, names: Map<string, string | number>): string | null {
  const known = names.get(`${row.entity}:${row.entityId}`);
  switch (row.entity) {
    case 'part':
      return (known as string | undefined) ?? recordedName(row.after) ?? recordedName(row.before) ?? null;
    case 'order':
      return typeof known === 'number' ? formatOrderNumber(known) : null;
    case 'return':
      return typeof known === 'number' ? `return on ${formatOrderNumber(known)}` : null;
    case 'user':
      return row.entityId;
    case 'assistant':
      return recordedName(row.after) ?? recordedName(row.before) ?? null;
    default:
      return null;
  }
}

function toEntry(row: AuditRow, names: Map<string, string | number>): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: { email: row.actorEmail, uid: row.actorUid, name: row.actorName },
    kind: row.kind,
    entity: row.entity,
    entityId: row.entityId,
    entityName: nameOf(row, names),
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
      const page = pageOf(rows, limit, request, reply);
      const names = await namesOf(db, page);
      return page.map((row) => toEntry(row, names));
    },
  );
};
