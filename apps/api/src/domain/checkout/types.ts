/** The shapes the checkout engine's parts share (pricing, shipping, tax). */
import type { PartKind } from '@parts-shop/shared/part-specs';

export type CheckoutLine = {
  /** The caller's key for the line (a part id, or a line id when one part appears twice). */
  key: string;
  partId: string;
  kind: PartKind;
  brand: string;
  /** The catalog price of one unit, as labelled (including tax when the shop's prices do). */
  unitCents: number;
  quantity: number;
  /** One unit's shipping weight. */
  weightGrams: number;
};

export type Destination = { country: string; region?: string | null | undefined };

export type PricedShipping = {
  optionId: string;
  title: string;
  carrier: string;
  minDays: number;
  maxDays: number;
  /** As labelled (including its tax when prices include tax). */
  cents: number;
};
