import { lifecycleOf } from '@parts-shop/shared/order';
import type { Db } from '#api/db/client.ts';
import { changedFields, recordChange, type Actor } from '../audit/record-change.ts';
import type { OrderRow } from './orders.repo.ts';

/** What the audit log keeps of an order: its status and the fields an admin's change moves. */
function auditedOrder(row: OrderRow) {
  return {
    status: lifecycleOf({ ...row, cancelled: row.cancelledAt !== null }),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    cancelReason: row.cancelReason,
    refundedCents: row.refundedCents,
  };
}

/** Audits an admin's change of an order in its transaction; `details` (a refund's amount, reason) go in `after`. */
export async function recordOrderChange(
  tx: Db,
  caller: Actor,
  kind: 'order.ship' | 'order.cancel' | 'order.refund',
  before: OrderRow,
  after: OrderRow,
  details: Record<string, unknown> = {},
): Promise<void> {
  const changed = changedFields(auditedOrder(before), auditedOrder(after));
  await recordChange(tx, caller, {
    kind,
    entity: 'order',
    entityId: after.id,
    before: changed?.before ?? {},
    after: { ...changed?.after, ...details },
  });
}
