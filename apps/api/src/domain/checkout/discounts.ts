/**
 * Which discounts apply to a cart, and how much each takes off (docs/product.md#discounts). Pure: the caller reads
 * the offers, the uses so far and the buyer's history; pricing.ts then prices the result.
 *
 * Fixed order of work: item discounts (an amount off each eligible unit, or a percentage or amount limited to some
 * parts, kinds or brands), then order discounts (spread over the lines in proportion to what is left of each), then
 * free shipping; tax comes after, on what is left. Within a stage, lower priority first; ties in the order the
 * codes were entered (automatic promotions after codes, oldest first). Percentages compound: each takes its share
 * of what the ones before it left.
 */
import type { DiscountKind, DiscountRefusal } from '@parts-shop/shared/discount';
import type { CheckoutDiscount } from './pricing.ts';
import { spreadCents } from './pricing.ts';
import type { CheckoutLine } from './types.ts';

/** A discount as the owner set it; value is hundredths of a percent, cents, or 0 for free shipping. */
export type DiscountOffer = {
  id: string;
  code: string | null;
  title: string;
  kind: DiscountKind;
  value: number;
  parts: readonly string[];
  kinds: readonly string[];
  brands: readonly string[];
  minSubtotalCents: number | null;
  firstOrderOnly: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  combinable: boolean;
  priority: number;
  paused: boolean;
};

/** Who is buying: null for a quote without an account (per-customer rules are then checked at the order). */
export type DiscountBuyer = {
  /** No order of theirs stands (cancelled ones do not count). */
  firstOrder: boolean;
  /** Their live uses, by discount id. */
  uses: ReadonlyMap<string, number>;
} | null;

export type DiscountRequest = {
  offers: readonly DiscountOffer[];
  /** As entered, upper case, in order. */
  codes: readonly string[];
  lines: readonly CheckoutLine[];
  buyer: DiscountBuyer;
  /** Live uses of each offer, everyone's. */
  usesSoFar: ReadonlyMap<string, number>;
  now: Date;
};

export type Stage = 'item' | 'order' | 'shipping';

export type AppliedOffer = {
  offer: DiscountOffer;
  stage: Stage;
  /** Goods cents taken off each line, by line key (none for free shipping). */
  lineCents: ReadonlyMap<string, number>;
  /** The goods cents it took off (free shipping: 0 here; the price says what the shipping was). */
  cents: number;
};

export type Refusal = { code: string; refusal: DiscountRefusal; offer: DiscountOffer | null };

export type DiscountDecision = {
  /** In the order they were applied. */
  applied: AppliedOffer[];
  refused: Refusal[];
  /** What pricing.ts takes: the goods discounts, staged. */
  checkout: CheckoutDiscount[];
  freeShipping: boolean;
};

const sameText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

export function isEligible(offer: DiscountOffer, line: CheckoutLine): boolean {
  return (
    (offer.parts.length === 0 || offer.parts.includes(line.partId)) &&
    (offer.kinds.length === 0 || offer.kinds.includes(line.kind)) &&
    (offer.brands.length === 0 || offer.brands.some((brand) => sameText(brand, line.brand)))
  );
}

const restricted = (offer: DiscountOffer) =>
  offer.parts.length > 0 || offer.kinds.length > 0 || offer.brands.length > 0;

export function stageOf(offer: DiscountOffer): Stage {
  if (offer.kind === 'free_shipping') return 'shipping';
  if (offer.kind === 'fixed_item' || restricted(offer)) return 'item';
  return 'order';
}

/** Why an offer cannot apply to this cart and buyer, leaving combination aside; null when it can. */
function refusalOf(offer: DiscountOffer, request: DiscountRequest): DiscountRefusal | null {
  if (offer.paused) return 'discount_code_invalid';
  if (offer.startsAt && offer.startsAt > request.now) return 'discount_code_not_started';
  if (offer.endsAt && offer.endsAt <= request.now) return 'discount_code_expired';
  const eligible = request.lines.filter((line) => isEligible(offer, line));
  if (eligible.length === 0) return 'discount_code_not_eligible';
  const eligibleCents = eligible.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  if (offer.minSubtotalCents !== null && eligibleCents < offer.minSubtotalCents) return 'discount_code_minimum_not_met';
  if (offer.firstOrderOnly && request.buyer && !request.buyer.firstOrder) return 'discount_code_user_ineligible';
  if (offer.usageLimit !== null && (request.usesSoFar.get(offer.id) ?? 0) >= offer.usageLimit)
    return 'discount_code_used_up';
  if (
    offer.perCustomerLimit !== null &&
    request.buyer &&
    (request.buyer.uses.get(offer.id) ?? 0) >= offer.perCustomerLimit
  )
    return 'discount_code_used_up';
  return null;
}

const combines = (offer: DiscountOffer, accepted: readonly DiscountOffer[]) =>
  accepted.length === 0 || (offer.combinable && accepted.every((other) => other.combinable));

/** Rounds half up, in integers: cents × hundredths of a percent / 10,000. */
const percentOf = (cents: number, hundredths: number) => Math.floor((cents * hundredths + 5000) / 10000);

/**
 * Decides and sizes the discounts. Codes are taken first, in the order entered, so a buyer's code is never
 * refused because of a promotion they did not ask for; automatic promotions then join where they combine with
 * what is taken, and are left out silently where they do not fit.
 */
export function decideDiscounts(request: DiscountRequest): DiscountDecision {
  const accepted: DiscountOffer[] = [];
  const refused: Refusal[] = [];
  const seen = new Set<string>();
  for (const code of request.codes) {
    const offer = request.offers.find((o) => o.code !== null && o.code.toUpperCase() === code) ?? null;
    const refuse = (refusal: DiscountRefusal) => refused.push({ code, refusal, offer });
    if (seen.has(code)) {
      refuse('discount_code_already_applied');
      continue;
    }
    seen.add(code);
    if (!offer) {
      refuse('discount_code_invalid');
      continue;
    }
    const refusal =
      refusalOf(offer, request) ?? (combines(offer, accepted) ? null : 'discount_code_combination_disallowed');
    if (refusal) refuse(refusal);
    else accepted.push(offer);
  }
  const automatic = request.offers
    .filter((o) => o.code === null)
    .sort((a, b) => a.priority - b.priority || (a.id < b.id ? -1 : 1));
  for (const offer of automatic) {
    if (refusalOf(offer, request) === null && combines(offer, accepted)) accepted.push(offer);
  }
  return { ...sized(accepted, request.lines), refused };
}

const STAGES: readonly Stage[] = ['item', 'order', 'shipping'];

/** Each accepted offer's cents per line, stage by stage, each on what the ones before it left. */
function sized(accepted: readonly DiscountOffer[], lines: readonly CheckoutLine[]): Omit<DiscountDecision, 'refused'> {
  // A stable sort keeps the entry order (codes, then automatic) among equal priorities.
  const ordered = STAGES.flatMap((stage) =>
    accepted.filter((o) => stageOf(o) === stage).sort((a, b) => a.priority - b.priority),
  );
  const left = lines.map((line) => line.unitCents * line.quantity);
  const applied: AppliedOffer[] = [];
  const checkout: CheckoutDiscount[] = [];
  let freeShipping = false;
  for (const offer of ordered) {
    const stage = stageOf(offer);
    if (stage === 'shipping') {
      freeShipping = true;
      applied.push({ offer, stage, lineCents: new Map(), cents: 0 });
      continue;
    }
    const weights = lines.map((line, i) => (isEligible(offer, line) ? (left[i] ?? 0) : 0));
    const pool = weights.reduce((a, b) => a + b, 0);
    let shares: number[];
    if (offer.kind === 'fixed_item')
      shares = lines.map((line, i) => Math.min(offer.value * line.quantity, weights[i] ?? 0));
    else {
      const cents = offer.kind === 'percentage' ? percentOf(pool, offer.value) : Math.min(offer.value, pool);
      shares = spreadCents(cents, weights);
    }
    shares.forEach((share, i) => (left[i] = (left[i] ?? 0) - share));
    const lineCents = new Map(lines.map((line, i) => [line.key, shares[i] ?? 0] as const));
    const cents = shares.reduce((a, b) => a + b, 0);
    applied.push({ offer, stage, lineCents, cents });
    // An order discount over every line is spread by pricing.ts the same way (spreadCents on what is left).
    checkout.push(
      stage === 'order'
        ? { id: offer.id, title: offer.title, stage, cents }
        : { id: offer.id, title: offer.title, stage: 'item', cents: lineCents },
    );
  }
  return { applied, checkout, freeShipping };
}
