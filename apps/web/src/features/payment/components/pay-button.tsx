type Props = { disabled: boolean; busy: boolean };

/** The Pay button: disabled until the payment secret has loaded, while paying and after success. */
export function PayButton({ disabled, busy }: Props) {
  return (
    <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={disabled || busy}>
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      Pay
    </button>
  );
}
