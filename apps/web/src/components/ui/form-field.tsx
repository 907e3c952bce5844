import { useId, type ComponentProps, type ReactNode } from 'react';

type FieldOwnProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  controlClassName?: string;
};

type InputFieldProps = FieldOwnProps & Omit<ComponentProps<'input'>, 'className'> & { as?: 'input' };
type TextareaFieldProps = FieldOwnProps & Omit<ComponentProps<'textarea'>, 'className'> & { as: 'textarea' };
type SelectFieldProps = FieldOwnProps & Omit<ComponentProps<'select'>, 'className'> & { as: 'select' };

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    // An alert, so a message that appears as a field is left (forms checked on blur) is heard too.
    <p id={id} role="alert" className="text-sm text-error">
      {message}
    </p>
  );
}

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

function controlProps<P extends FieldOwnProps & { as?: string }>(props: P) {
  const { label: _label, error: _error, hint: _hint, className: _c, controlClassName: _cc, as: _as, ...rest } = props;
  return rest;
}
