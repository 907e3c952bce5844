import { useId, type ComponentProps, type ReactNode } from 'react';

type FieldOwnProps = {
  label: string;
  /** The validation message, shown in red under the control and read out with it. */
  error?: string | undefined;
  /** A line of help under the control, read out with it. */
  hint?: ReactNode;
  /** Classes of the field as a whole (its place in a grid, say). */
  className?: string;
  /** Extra classes of the control itself (a monospace card number, say). */
  controlClassName?: string;
};

type InputFieldProps = FieldOwnProps & Omit<ComponentProps<'input'>, 'className'> & { as?: 'input' };
type TextareaFieldProps = FieldOwnProps & Omit<ComponentProps<'textarea'>, 'className'> & { as: 'textarea' };
/** A select: its options are the children. */
type SelectFieldProps = FieldOwnProps & Omit<ComponentProps<'select'>, 'className'> & { as: 'select' };

/** A field's error message; also under groups that are not one control (the review's stars). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    // An alert, so a message that appears as a field is left (forms checked on blur) is heard too.
    <p id={id} role="alert" className="text-sm text-error">
      {message}
    </p>
  );
}

/**
 * The one form field of the shop: a label, an input, textarea or select, an optional hint and the
 * error, tied together (label for, aria-invalid, aria-describedby). Every other prop goes to
 * the control, so react-hook-form's register() spreads straight onto it.
 */
export function FormField(props: InputFieldProps | TextareaFieldProps | SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const { label, error, hint, className, controlClassName } = props;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  const extra = controlClassName ? ` ${controlClassName}` : '';
  return (
    <div className={`flex flex-col gap-1${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {props.as === 'textarea' ? (
        <textarea
          {...controlProps(props)}
          {...control}
          className={`textarea w-full${error ? ' textarea-error' : ''}${extra}`}
        />
      ) : props.as === 'select' ? (
        <select
          {...controlProps(props)}
          {...control}
          className={`select w-full${error ? ' select-error' : ''}${extra}`}
        />
      ) : (
        <input {...controlProps(props)} {...control} className={`input w-full${error ? ' input-error' : ''}${extra}`} />
      )}
      {hint ? (
        <p id={hintId} className="text-sm text-base-content/70">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** What is left for the control once the field's own props are taken out. */
function controlProps<P extends FieldOwnProps & { as?: string }>(props: P) {
  const { label: _label, error: _error, hint: _hint, className: _c, controlClassName: _cc, as: _as, ...rest } = props;
  return rest;
}
