import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { pageQuerySchema } from './paging.ts';

/** The audit log (docs/product.md#audit-log). Kinds are stable codes; the screen shows their labels. */
export const AUDIT_KINDS = [
  'product.create',
  'product.update',
  'product.price',
  'product.stock',
  'product.delete',
  'product.import',
  'order.ship',
  'order.cancel',
  'order.refund',
  'order.note',
  'return.decide',
  'user.role',
  'review.delete',
  'message.read',
  'message.reply',
  'assistant.approve',
  'assistant.revoke',
  'completed_build.hide',
  'completed_build.show',
  'settings.shipping',
  'settings.taxes',
  'discount.create',
  'discount.update',
  'discount.delete',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'product.create': 'Product added',
  'product.update': 'Product edited',
  'product.price': 'Price changed',
  'product.stock': 'Stock changed',
  'product.delete': 'Product deleted',
  'product.import': 'Product imported',
  'order.ship': 'Order shipped',
  'order.cancel': 'Order cancelled',
  'order.refund': 'Order refunded',
  'order.note': 'Staff note added',
  'return.decide': 'Return decided',
  'user.role': 'Role changed',
  'review.delete': 'Review deleted',
  'message.read': 'Message marked read or unread',
  'message.reply': 'Message answered',
  'assistant.approve': 'AI assistant approved',
  'assistant.revoke': 'AI assistant revoked',
  'completed_build.hide': 'Completed build hidden',
  'completed_build.show': 'Completed build shown again',
  'settings.shipping': 'Shipping settings changed',
  'settings.taxes': 'Tax settings changed',
  'discount.create': 'Discount created',
  'discount.update': 'Discount changed',
  'discount.delete': 'Discount deleted',
};

export const AUDIT_ENTITIES = [
  'part',
  'order',
  'return',
  'user',
  'review',
  'message',
  'assistant',
  'completed_build',
  'settings',
  'discount',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Field values as JSON; a field whose name ends in Cents holds integer cents. */
export const auditValuesSchema = lazySchema(() => z.record(z.string(), z.unknown()).nullable());
export type AuditValues = z.infer<typeof auditValuesSchema>;

/** GET /admin/audit: newest first, paged with limit and cursor, optionally one kind. */
export const auditQuerySchema = lazySchema(() =>
  pageQuerySchema.extend({ kind: z.enum(AUDIT_KINDS).optional() }).strict(),
);

export const auditEntrySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    at: z.string(),
    actor: z.object({ email: z.string(), uid: z.string().nullable(), name: z.string() }),
    kind: z.enum(AUDIT_KINDS),
    entity: z.enum(AUDIT_ENTITIES),
    entityId: z.string(),
    /** How the shop names it (a part's last name, an order's number, a user's email); null when it cannot. */
    entityName: z.string().nullable(),
    before: auditValuesSchema,
    after: auditValuesSchema,
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;
