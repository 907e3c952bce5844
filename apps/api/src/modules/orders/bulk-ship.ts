import type { BulkShip, BulkShipAnswer } from '@parts-shop/shared/bulk-ship';
import { formatOrderNumber } from '@parts-shop/shared/order';
import type { Db } from '#api/db/client.ts';
import { findOrderRecord } from '#api/domain/orders/orders.repo.ts';
import type { Caller } from '#api/lib/auth.ts';
import { HttpError } from '#api/lib/http-error.ts';
import { shipOrder } from './orders.service.ts';

/** Each order through the single ship in its own transaction, so one refusal does not stop the others. */
export async function shipOrders(db: Db, caller: Caller, input: BulkShip): Promise<BulkShipAnswer> {
  const results: BulkShipAnswer['results'] = [];
  for (const { id, carrier, trackingNumber } of input.orders) {
    try {
      const shipped = await shipOrder(db, caller, id, { carrier, trackingNumber });
      results.push({ id, number: shipped.number, shipped: true, reason: null });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const row = await findOrderRecord(db, id);
      results.push({ id, number: row ? formatOrderNumber(row.number) : null, shipped: false, reason: error.message });
    }
  }
  return { results };
}
