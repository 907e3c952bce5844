import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { centsToDollars } from '@parts-shop/shared/money';
import type { Db } from '#api/db/client.ts';
import { alerts, parts, users } from '#api/db/schema.ts';
import { queueEmail } from '../emails/outbox.repo.ts';

/**
 * Fires a part's alerts that came true; call it in the transaction that changed price or stock. The update re-checks
 * `fired_at is null` under the row lock, so a customer is mailed once.
 */
export async function fireAlerts(db: Db, partId: string): Promise<void> {
  const fired = await db
    .update(alerts)
    .set({ firedAt: sql`now()` })
    .from(parts)
    .where(
      and(
        eq(alerts.partId, partId),
        eq(parts.id, alerts.partId),
        isNull(alerts.firedAt),
        or(
          and(eq(alerts.type, 'price-below'), lte(parts.priceCents, alerts.priceCents)),
          and(eq(alerts.type, 'back-in-stock'), gt(parts.available, 0)),
        ),
      ),
    )
    .returning({
      id: alerts.id,
      email: alerts.email,
      type: alerts.type,
      wantedCents: alerts.priceCents,
      partName: parts.name,
      priceCents: parts.priceCents,
      available: parts.available,
    });
  if (fired.length === 0) return;
  const names = await db
    .select({ email: users.email, userName: users.userName })
    .from(users)
    .where(
      inArray(
        users.email,
        fired.map((a) => a.email),
      ),
    );
  const nameOf = new Map(names.map((n) => [n.email, n.userName]));
  for (const alert of fired) {
    await queueEmail(db, alert.email, {
      kind: alert.type === 'price-below' ? 'price-alert' : 'stock-alert',
      alertId: alert.id,
      partId,
      partName: alert.partName,
      userName: nameOf.get(alert.email) ?? '',
      price: centsToDollars(alert.priceCents),
      wanted: alert.wantedCents === null ? null : centsToDollars(alert.wantedCents),
      available: alert.available,
    });
  }
}
