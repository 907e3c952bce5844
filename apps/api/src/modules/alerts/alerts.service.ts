import { ALERTS_PER_USER_MAX, alertMessages, type Alert, type NewAlert } from '@parts-shop/shared/alert';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { centsToDollars, dollarsToCents } from '@parts-shop/shared/money';
import type { Db } from '#api/db/client.ts';
import type { Caller } from '#api/lib/auth.ts';
import { badRequest, conflict, notFound } from '#api/lib/http-error.ts';
import { newId } from '#api/lib/ids.ts';
import { findPart } from '#api/domain/catalog/parts.repo.ts';
import {
  countWaitingAlerts,
  deleteOwnAlert,
  findOwnAlert,
  insertAlert,
  listAlerts,
  type AlertRow,
} from './alerts.repo.ts';

/** A customer's alerts are theirs alone; for anyone else they do not exist (404). */
export const alertNotFound = () => notFound(apiMessages.alertNotFound);

export function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    partId: row.partId,
    partName: row.partName,
    type: row.type,
    price: row.priceCents === null ? null : centsToDollars(row.priceCents),
    createdAt: row.createdAt.toISOString(),
    firedAt: row.firedAt?.toISOString() ?? null,
  };
}

export async function pageOfAlerts(db: Db, caller: Caller, limit: number, before?: string) {
  return (await listAlerts(db, caller.email, limit + 1, before)).map(toAlert);
}

/** Refuses an alert already true: it would only say what the part page shows. */
export async function createAlert(db: Db, caller: Caller, input: NewAlert): Promise<Alert> {
  const id = newId();
  await db.transaction(async (tx) => {
    const part = await findPart(tx, input.partId);
    if (!part) throw notFound(apiMessages.partNotFound);
    if (input.type === 'price-below' && dollarsToCents(input.price) >= part.priceCents) {
      throw badRequest(alertMessages.priceNotBelow);
    }
    if (input.type === 'back-in-stock' && part.available > 0) {
      throw conflict(alertMessages.inStock);
    }
    if ((await countWaitingAlerts(tx, caller.email)) >= ALERTS_PER_USER_MAX) throw conflict(alertMessages.tooMany);
    await insertAlert(tx, {
      id,
      email: caller.email,
      partId: part.id,
      type: input.type,
      priceCents: input.type === 'price-below' ? dollarsToCents(input.price) : null,
    });
  });
  const row = await findOwnAlert(db, caller.email, id);
  if (!row) throw alertNotFound();
  return toAlert(row);
}

export async function removeAlert(db: Db, caller: Caller, id: string): Promise<void> {
  if ((await deleteOwnAlert(db, caller.email, id)) === 0) throw alertNotFound();
}
