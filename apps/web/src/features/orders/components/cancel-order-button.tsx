import type { Order } from '@parts-shop/shared/order';

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
