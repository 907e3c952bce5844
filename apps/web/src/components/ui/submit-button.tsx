import type { MouseEvent, ReactNode } from 'react';

type Props = {
  /** The form is on its way: a spinner shows and further clicks (or Enter) do nothing. */
  pending: boolean;
  /** The form cannot be sent yet (nothing to pay for, a quantity out of range). */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * Every form's submit button. While pending it is aria-disabled rather than disabled: a
 * disabled button drops keyboard focus back to the page's start, and the click guard keeps
 * the form from being sent twice all the same.
 */
export function SubmitButton({ pending, disabled = false, className, children }: Props) {
  const guard = (event: MouseEvent<HTMLButtonElement>) => {
    if (pending) event.preventDefault();
  };
  return (
    <button
      type="submit"
      className={`btn btn-primary${className ? ` ${className}` : ''}`}
      disabled={disabled}
      aria-disabled={pending || undefined}
      onClick={guard}
    >
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
