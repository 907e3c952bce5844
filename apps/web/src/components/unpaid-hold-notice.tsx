import { useClientConfig } from '../lib/client-config.ts';
import { plural } from '@parts-shop/shared/plural';

/** "24 hours", "90 minutes", "2 days": the hold as a shopper reads it. */
export function holdDuration(minutes: number): string {
  if (minutes % 1440 === 0 && minutes > 1440) return plural(minutes / 1440, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/**
 * Tells the buyer how long an unpaid order keeps its stock: after that the shop cancels it
 * and the parts go back on sale (the server's UNPAID_HOLD_MINUTES, read from GET /config).
 */
export function UnpaidHoldNotice() {
  const config = useClientConfig();
  if (!config.data) return null;
  return (
    <p className="text-sm text-base-content/80">
      Unpaid orders are held for {holdDuration(config.data.orders.unpaidHoldMinutes)}; after that they are cancelled and
      the parts go back on sale.
    </p>
  );
}
