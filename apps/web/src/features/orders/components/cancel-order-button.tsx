import type { Order } from '@parts-shop/shared/order';

/** Cancel on an unpaid order: opens the Are You Sure dialog (the caller's `onCancel`). */
export function CancelOrderButton({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  return (
    <button
      type="button"
      className="btn btn-error btn-outline btn-xs"
      aria-label={`Cancel order for ${order.productName}`}
      onClick={() => onCancel(order)}
    >
      Cancel
    </button>
  );
}
