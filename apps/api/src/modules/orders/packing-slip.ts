import { formatOrderNumber, unitsToShip } from '@parts-shop/shared/order';
import type { PackingSlip } from '@parts-shop/shared/packing-slip';
import type { Db } from '#api/db/client.ts';
import { orderNotFound, shippingAddressOf } from '#api/domain/orders/order-view.ts';
import { findOrderRecord, linesOf } from '#api/domain/orders/orders.repo.ts';

/** An order's packing slip (admin): the postal address, the shipping chosen and each line's units left to ship, never a price. */
export async function packingSlip(db: Db, id: string): Promise<PackingSlip> {
  const order = await findOrderRecord(db, id);
  if (!order) throw orderNotFound();
  const lines = (await linesOf(db, [id])).get(id) ?? [];
  return {
    id: order.id,
    number: formatOrderNumber(order.number),
    placedAt: order.createdAt.toISOString(),
    shipped: order.shipped,
    shipTo: { name: order.userName, address: order.address, phone: order.phoneNumber },
    shippingAddress: shippingAddressOf(order),
    shipping:
      order.shippingOptionId === null
        ? null
        : { title: order.shippingTitle ?? '', carrier: order.shippingCarrier ?? '' },
    lines: lines
      .map((line) => ({
        partId: line.partId,
        productName: line.productName,
        toShip: unitsToShip({ quantity: line.quantity, restocked: line.restockedUnits }),
      }))
      .filter((line) => line.toShip > 0),
  };
}
