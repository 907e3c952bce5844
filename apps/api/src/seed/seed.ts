import { eq, sql } from 'drizzle-orm';
import { dollarsToCents } from '@parts-shop/shared/money';
import { partSpecsSchema } from '@parts-shop/shared/part-specs';
import { newId } from '#api/lib/ids.ts';
import { specColumns } from '#api/domain/catalog/spec-columns.ts';
import type { Db } from '#api/db/client.ts';
import { partDrawing } from './part-drawings.ts';
import { orderSummaryName } from '#api/domain/orders/place-orders.ts';
import { demoBuyers, demoParts, demoReviews, demoUsers } from './seed-data.ts';
import { DEMO_SHIPPING, DEMO_TAXES, demoWeightGrams } from './demo-checkout.ts';
import { writeSetting } from '#api/domain/checkout/shop-settings.repo.ts';
import { discounts, orderLines, orders, partReviews, parts, payments, reviews, users } from '#api/db/schema.ts';
import { DEMO_DISCOUNTS } from './demo-discounts.ts';

const SEED_LOCK = 727_202_3;

/** Under an advisory lock, so API processes starting together seed once. */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ id: parts.id }).from(parts).limit(1);
    if (existing) return false;
    const partIds = new Map<string, { id: string; priceCents: number }>();
    // Inserted oldest first, so the last one is the newest on Home.
    for (const p of demoParts) {
      const id = newId();
      partIds.set(p.name, { id, priceCents: dollarsToCents(p.price) });
      await tx.insert(parts).values({
        id,
        name: p.name,
        brand: p.brand,
        description: p.description,
        img: partDrawing(p),
        minOrder: p.minOrder,
        available: p.available,
        priceCents: dollarsToCents(p.price),
        weightGrams: demoWeightGrams(p.name),
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
    await seedDemoBuyers(tx, partIds);
    await writeSetting(tx, 'shipping', DEMO_SHIPPING);
    await writeSetting(tx, 'taxes', DEMO_TAXES);
    await tx.insert(discounts).values(DEMO_DISCOUNTS.map((d) => ({ id: newId(), ...d })));
    return true;
  });
}

/** Each rating is of a part on a paid line of the buyer's own, as the API requires. */
async function seedDemoBuyers(tx: Db, partIds: ReadonlyMap<string, { id: string; priceCents: number }>) {
  for (const buyer of demoBuyers) {
    await tx.insert(users).values({ email: buyer.email, userName: buyer.userName, address: buyer.address });
    const lines = buyer.lines.map((line) => {
      const part = partIds.get(line.part);
      if (!part) throw new Error(`demo buyer ${buyer.email} bought ${line.part}, which is not a demo part`);
      return { ...line, ...part };
    });
    const orderId = newId();
    const paymentId = `pi_demo_${orderId.slice(-12)}`;
    const totalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    await tx.insert(payments).values({
      id: paymentId,
      orderId,
      gateway: 'local',
      amountCents: totalCents,
      clientSecret: `${paymentId}_secret_demo`,
      status: 'succeeded',
      cardLast4: '4242',
      cardBrand: 'visa',
    });
    await tx.insert(orders).values({
      id: orderId,
      email: buyer.email,
      userName: buyer.userName,
      productName: orderSummaryName(lines.map((line) => line.part)),
      totalOrder: lines.reduce((sum, line) => sum + line.quantity, 0),
      totalCents,
      phoneNumber: '+1 555 0100',
      address: buyer.address,
      paid: true,
      paidAt: sql`now()`,
      transactionId: paymentId,
      shipped: true,
      shippedAt: sql`now()`,
    });
    await tx.insert(orderLines).values(
      lines.map((line) => ({
        id: newId(),
        orderId,
        partId: line.id,
        productName: line.part,
        quantity: line.quantity,
        unitPriceCents: line.priceCents,
      })),
    );
    for (const line of lines) {
      await tx.insert(partReviews).values({
        id: newId(),
        partId: line.id,
        authorEmail: buyer.email,
        name: buyer.userName,
        rating: line.rating,
        text: line.text,
      });
      await tx
        .update(parts)
        .set({ ratingCount: sql`${parts.ratingCount} + 1`, ratingSum: sql`${parts.ratingSum} + ${line.rating}` })
        .where(eq(parts.id, line.id));
    }
  }
}
