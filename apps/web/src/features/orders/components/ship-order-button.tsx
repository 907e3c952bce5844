import { useState } from 'react';
import { messages } from '@parts-shop/shared/ui-messages';
import { canShip, type Order } from '@parts-shop/shared/order';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useShipOrder, useShippingOrderIds } from '../api/ship-order.ts';
import { ShipOrderDialog, type Tracking } from './ship-order-dialog.tsx';

export function ShipOrderButton({ order }: { order: Order }) {
  const ship = useShipOrder();
  const shipping = useShippingOrderIds().includes(order._id);
  const [open, setOpen] = useState(false);
  if (!canShip(order) && !open) return null;
  const onShip = (tracking: Tracking) =>
    ship.mutate(
      { orderId: order._id, ...tracking },
      {
        onSuccess: () => {
          toastSuccess(messages.itemShipped);
          setOpen(false);
        },
        onError: (error) => toastError(error.message),
      },
    );
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        aria-label={`Ship order ${order.number} for ${order.productName}`}
        disabled={shipping || !canShip(order)}
        onClick={() => setOpen(true)}
      >
        Ship
      </button>
      <ShipOrderDialog
        order={open ? order : null}
        busy={ship.isPending}
        onShip={onShip}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
