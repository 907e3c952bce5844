/**
 * Where tax rates come from. The built-in provider reads the owner's rate table; a service such as Stripe Tax can
 * fill the same interface later. The engine rounds whatever rates it is given, so stored amounts follow one rule
 * whichever provider answered.
 */
import type { Destination } from './types.ts';
import type { TaxRateRule } from './tax.ts';

export interface TaxProvider {
  readonly name: string;
  /** The rates that apply at the destination; throws when it cannot tell (the checkout then stops). */
  ratesFor(destination: Destination): Promise<readonly TaxRateRule[]>;
}

/** The provider failed: the checkout stops rather than charge without tax. */
export class TaxUnavailableError extends Error {
  constructor(provider: string, cause: unknown) {
    super(`Tax provider ${provider} failed`, { cause });
    this.name = 'TaxUnavailableError';
  }
}

/** The owner's own table (Settings > Taxes). */
export function rateTableProvider(table: readonly TaxRateRule[]): TaxProvider {
  return {
    name: 'rate-table',
    ratesFor: (destination) => Promise.resolve(table.filter((rate) => rate.country === destination.country)),
  };
}

/** Asks the provider, turning any failure into the one error the checkout answers with a clear message. */
export async function ratesAt(provider: TaxProvider, destination: Destination): Promise<readonly TaxRateRule[]> {
  try {
    return await provider.ratesFor(destination);
  } catch (error) {
    throw new TaxUnavailableError(provider.name, error);
  }
}
