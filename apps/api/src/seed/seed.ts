import { eq, sql } from 'drizzle-orm';
import type { PostalAddress } from '@parts-shop/shared/checkout';
import { dollarsToCents } from '@parts-shop/shared/money';
import { partSpecsSchema } from '@parts-shop/shared/part-specs';
import { newId } from '#api/lib/ids.ts';
import { specColumns } from '#api/domain/catalog/spec-columns.ts';
import type { Db } from '#api/db/client.ts';
import { partDrawing } from './part-drawings.ts';
import { addressColumns, addressText, orderSummaryName, storedAmounts } from '#api/domain/orders/place-orders.ts';
import { priceCart } from '#api/domain/checkout/checkout-price.ts';
import { appliedCents, cartDiscounts } from '#api/domain/discounts/cart-discounts.ts';
import { insertOrderDiscounts } from '#api/domain/discounts/order-discounts.repo.ts';
import type { CheckoutLine } from '#api/domain/checkout/pricing.ts';
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
    const partIds = new Map<string, DemoPartRow>();
    // Inserted oldest first, so the last one is the newest on Home.
    for (const p of demoParts) {
      const id = newId();
      partIds.set(p.name, {
        id,
        kind: p.kind,
        brand: p.brand,
        unitCents: dollarsToCents(p.price),
        weightGrams: demoWeightGrams(p.name),
      });
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
    await tx.insert(discounts).values(DEMO_DISCOUNTS.map((d) => ({ id: newId(), ...d })));
    await seedDemoBuyers(tx, partIds);
    await writeSetting(tx, 'shipping', DEMO_SHIPPING);
    await writeSetting(tx, 'taxes', DEMO_TAXES);
    return true;
  });
}

type DemoPartRow = Omit<CheckoutLine, 'key' | 'quantity' | 'partId'> & { id: string };

/**
 * Each rating is of a part on a paid line of the buyer's own, as the API requires. The orders are priced by the
 * checkout engine with the demo's shipping, taxes and automatic promotions, as a checkout would have priced them.
 */
async function seedDemoBuyers(tx: Db, partIds: ReadonlyMap<string, DemoPartRow>) {
  const settings = { shipping: DEMO_SHIPPING, taxes: DEMO_TAXES };
  for (const buyer of demoBuyers) {
    const address: PostalAddress = { ...buyer.address, line2: undefined, name: buyer.userName };
    await tx.insert(users).values({ email: buyer.email, userName: buyer.userName, address: addressText(address) });
    const lines = buyer.lines.map((line, i) => {
      const part = partIds.get(line.part);
      if (!part) throw new Error(`demo buyer ${buyer.email} bought ${line.part}, which is not a demo part`);
      return { ...line, ...part, key: String(i), partId: part.id };
    });
    // The automatic promotions (the power-supply sale) apply as they would at a checkout.
    const decision = await cartDiscounts(tx, lines, { codes: [], email: buyer.email, lock: false });
    const price = await priceCart(settings, lines, {
      destination: { country: address.country, region: address.region ?? null },
      discounts: decision.checkout,
      freeShipping: decision.freeShipping,
    });
    const orderId = newId();
    const paymentId = `pi_demo_${orderId.slice(-12)}`;
    await tx.insert(payments).values({
      id: paymentId,
      orderId,
      gateway: 'local',
      amountCents: price.totalCents,
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
      totalCents: price.totalCents,
      phoneNumber: address.phone,
      address: addressText(address),
      paid: true,
      paidAt: sql`now()`,
      transactionId: paymentId,
      shipped: true,
      shippedAt: sql`now()`,
      ...addressColumns(address),
      ...storedAmounts(price),
    });
    await tx.insert(orderLines).values(
      lines.map((line) => ({
        id: newId(),
        orderId,
        partId: line.id,
        productName: line.part,
        quantity: line.quantity,
        unitPriceCents: line.unitCents,
        taxCents: price.lines.find((priced) => priced.key === line.key)?.taxCents ?? 0,
        discountCents: price.lines.find((priced) => priced.key === line.key)?.discountCents ?? 0,
      })),
    );
    await insertOrderDiscounts(
      tx,
      appliedCents(decision, price).map(({ offer, cents }, position) => ({
        orderId,
        discountId: offer.id,
        email: buyer.email,
        code: offer.code,
        title: offer.title,
        kind: offer.kind,
        position,
        amountCents: cents,
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
