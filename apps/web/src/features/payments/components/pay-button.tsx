import { formatDollars } from '@parts-shop/shared/money';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';

type Props = {
  disabled: boolean;
  pending: boolean;
  amount: string;
};

export function PayButton({ disabled, pending, amount }: Props) {
  return (
    <SubmitButton pending={pending} disabled={disabled} className="w-full sm:w-auto">
      Pay {formatDollars(amount)}
    </SubmitButton>
  );
}
