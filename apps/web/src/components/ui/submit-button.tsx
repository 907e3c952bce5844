import type { MouseEvent, ReactNode } from 'react';

type Props = {
  pending: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
};

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
