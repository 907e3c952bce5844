import { SubmitButton } from '../../../components/ui/submit-button.tsx';

type Props = { disabled: boolean; pending: boolean };

/** The Pay button: disabled until the payment secret has loaded and after success; pending while paying. */
export function PayButton({ disabled, pending }: Props) {
  return (
    <SubmitButton pending={pending} disabled={disabled} className="w-full sm:w-auto">
      Pay
    </SubmitButton>
  );
}
