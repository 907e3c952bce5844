import { useId, type ComponentProps } from 'react';

type FieldProps = ComponentProps<'input'> & {
  label: string;
  /** The validation message shown in red under the field. */
  error?: string | undefined;
};

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby). */
export function Field({ label, error, className, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
