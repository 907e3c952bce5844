import { formatDollars } from '@parts-shop/shared/money';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';

type Props = {
  disabled: boolean;
  pending: boolean;
  /** The order's total, as the API priced it ("779.98"). */ amount: string;
};

/**
 * The Pay button names what it takes ("Pay $779.98"); disabled until the payment secret has
 * loaded and after success; pending while paying.
 */
export function PayButton({ disabled, pending, amount }: Props) {
  return (
    <SubmitButton pending={pending} disabled={disabled} className="w-full sm:w-auto">
      Pay {formatDollars(amount)}
    </SubmitButton>
  );
}
