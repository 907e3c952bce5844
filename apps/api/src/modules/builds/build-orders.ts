import { buildMessages, type BatchOrder } from '@parts-shop/shared/build';
import { hasErrors } from '@parts-shop/shared/compatibility';
import { belowMinOrderMessage } from '@parts-shop/shared/api-messages';
import { messages } from '@parts-shop/shared/ui-messages';
import type { Db } from '#api/db/client.ts';
import type { Caller } from '#api/lib/auth.ts';
import { badRequest, conflict } from '#api/lib/http-error.ts';
import { toOrder } from '#api/domain/orders/order-view.ts';
import { placeOneOrder, type PlacementRules } from '#api/domain/orders/place-orders.ts';
import { destinationPricing } from '#api/domain/checkout/order-destination.ts';
import { checkStoredBuild, loadBuildParts } from '#api/domain/catalog/build-check.ts';
import type { BuildPartRow } from '#api/domain/catalog/parts.repo.ts';

/** A whole build through the one placement path: all lines or nothing. Answers `{orders, total}`. */
export async function placeBuildOrder(db: Db, rules: PlacementRules, caller: Caller, input: BatchOrder) {
  const lines = input.items.map((i) => ({ partId: i.partId, quantity: i.totalOrder }));
  let byId = new Map<string, BuildPartRow>();
  const named = (ids: string[]) => ids.map((id) => byId.get(id)?.name ?? id).join(', ');
  const order = await placeOneOrder(db, rules, caller, {
    lines,
    ...(await destinationPricing(db, input)),
    discountCodes: input.discountCodes ?? [],
    fromBuild: true,
    check: async (tx) => {
      byId = await loadBuildParts(tx, lines);
      const check = checkStoredBuild(lines, byId);
      if (hasErrors(check)) {
        const errors = check.problems.filter((p) => p.severity === 'error').map((p) => p.message);
        throw badRequest(`${buildMessages.hasErrors}: ${errors.join(' ')}`);
      }
      const belowMin = lines.flatMap((l) => {
        const part = byId.get(l.partId);
        return part && l.quantity < part.minOrder ? [part] : [];
      });
      if (belowMin.length > 0) throw badRequest(belowMinOrderMessage(belowMin));
    },
    short: async (_tx, partIds) => conflict(`${messages.notEnoughStock}: ${named(partIds)}`),
    tooLarge: (partId) => `order fewer of ${named([partId])}`,
  });
  const answered = toOrder(order);
  return { orders: [answered], total: answered.totalPrice };
}
