import { stringify } from 'csv-stringify/sync';
import { centsToPriceString } from '@parts-shop/shared/money';
import { formatOrderNumber, lifecycleOf, ORDER_EXPORT_MAX } from '@parts-shop/shared/order';
import type { Db } from '#api/db/client.ts';
import { listOrders, WEB_CHANNEL, type OrderFilters, type OrderRow } from '#api/domain/orders/orders.repo.ts';
import { reconcileFromLedger } from '#api/domain/payments/settlement.ts';
import { neutraliseCell } from '#api/lib/spreadsheet-cell.ts';

/** Manage Orders' CSV (docs/product.md#manage-orders-at-scale): one row per order, money in dollars, times in UTC. */
const COLUMNS = [
  'Order',
  'Placed (UTC)',
  'Customer',
  'Email',
  'Channel',
  'Status',
  'Items',
  'Units',
  'Total (USD)',
  'Refunded (USD)',
  'Paid (UTC)',
  'Shipped (UTC)',
  'Carrier',
  'Tracking number',
];

const STATUS_WORDS = {
  unpaid: 'Unpaid',
  paid: 'Paid, to ship',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
} as const;

const utc = (at: Date | null) => at?.toISOString() ?? '';

function rowOf(order: OrderRow): string[] {
  return [
    formatOrderNumber(order.number),
    utc(order.createdAt),
    order.userName,
    order.email,
    order.origin ?? WEB_CHANNEL,
    STATUS_WORDS[lifecycleOf({ ...order, cancelled: order.cancelledAt !== null })],
    order.productName,
    String(order.totalOrder),
    centsToPriceString(order.totalCents),
    centsToPriceString(order.refundedCents),
    utc(order.paidAt),
    utc(order.shippedAt),
    order.carrier ?? '',
    order.trackingNumber ?? '',
  ];
}

/** The filtered list, newest first, up to ORDER_EXPORT_MAX orders; `truncated` when more matched. */
export async function exportOrders(db: Db, filters: OrderFilters): Promise<{ csv: string; truncated: boolean }> {
  const listed = await listOrders(db, ORDER_EXPORT_MAX + 1, filters);
  const rows = await reconcileFromLedger(db, listed.slice(0, ORDER_EXPORT_MAX));
  // Every text a customer or an assistant chose (names, addresses, carriers) could start a formula.
  const records = rows.map((row) => rowOf(row).map(neutraliseCell));
  return {
    csv: stringify([COLUMNS, ...records], { record_delimiter: '\r\n' }),
    truncated: listed.length > ORDER_EXPORT_MAX,
  };
}
