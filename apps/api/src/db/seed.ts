import { sql } from 'drizzle-orm';
import { dollarsToCents } from '@parts-shop/shared/money';
import { partSpecsSchema } from '@parts-shop/shared/part-specs';
import { newId } from '../lib/ids.ts';
import { specColumns } from '../domain/catalog/spec-columns.ts';
import type { Db } from './client.ts';
import { partDrawing } from './part-drawings.ts';
import { demoParts, demoReviews, demoUsers } from './seed-data.ts';
import { parts, reviews, users } from './schema.ts';

const SEED_LOCK = 727_202_3;

/**
 * Fills an empty shop with the demo catalog, reviews and accounts. Runs under an advisory
 * lock so several API processes starting together seed once.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ id: parts.id }).from(parts).limit(1);
    if (existing) return false;
    // Inserted oldest first, so the last one is the newest on Home.
    for (const p of demoParts) {
      await tx.insert(parts).values({
        id: newId(),
        name: p.name,
        brand: p.brand,
        description: p.description,
        img: partDrawing(p),
        minOrder: p.minOrder,
        available: p.available,
        priceCents: dollarsToCents(p.price),
        // Parsed, so a typo in the demo specs fails the start instead of storing a bad part.
        ...specColumns(partSpecsSchema.parse({ kind: p.kind, specs: p.specs })),
      });
    }
    for (const r of demoReviews) {
      await tx.insert(reviews).values({ id: newId(), ...r });
    }
    for (const u of demoUsers) {
      await tx.insert(users).values({ email: u.email, userName: u.userName, role: u.role }).onConflictDoNothing();
    }
    return true;
  });
}
