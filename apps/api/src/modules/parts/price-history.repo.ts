import { desc, eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { priceHistory } from '#api/db/schema.ts';

/** Most prices answered for one part: a chart has no room for more, and a year of daily changes fits. */
const HISTORY_MAX = 400;

/** A part's latest prices (written by the trigger on parts), oldest first. */
export async function listPriceHistory(db: Db, partId: string) {
  const rows = await db
    .select({ priceCents: priceHistory.priceCents, at: priceHistory.at })
    .from(priceHistory)
    .where(eq(priceHistory.partId, partId))
    .orderBy(desc(priceHistory.at), desc(priceHistory.id))
    .limit(HISTORY_MAX);
  return rows.reverse();
}
