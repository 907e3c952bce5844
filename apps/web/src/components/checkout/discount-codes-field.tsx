import { useId, useState, type KeyboardEvent } from 'react';
import type { RefusedCode } from '@parts-shop/shared/discount';
import type { DiscountCodes } from '../../hooks/use-discount-codes.ts';

type Props = {
  discountCodes: DiscountCodes;
  /** The codes the last quote could not apply, each with its reason. */
  refused: readonly RefusedCode[];
};

/**
 * Discount codes inside a checkout form: type one and Apply (Enter applies rather than placing the order), several
 * in a row, each removable. A refused code stays listed with its reason, so the buyer sees why and decides.
 */
export function DiscountCodesField({ discountCodes, refused }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [typingError, setTypingError] = useState<string | null>(null);
  const { codes, orderRefusal } = discountCodes;
  const error = typingError ?? orderRefusal;
  const apply = () => {
    const why = discountCodes.add(text);
    setTypingError(why);
    if (why === null) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };
  const reasonOf = (code: string) => refused.find((r) => r.code === code)?.message;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Discount codes</legend>
      <div className="flex flex-wrap items-start gap-2">
        <label htmlFor={`${id}-input`} className="sr-only">
          Discount code
        </label>
        <input
          id={`${id}-input`}
          className={`input min-w-0 flex-1 uppercase${error ? ' input-error' : ''}`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="btn btn-outline" onClick={apply}>
          Apply code
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error" data-testid="discount-code-error">
          {error}
        </p>
      ) : null}
      {codes.length > 0 ? (
        <ul aria-label="Entered discount codes" className="flex flex-col gap-1">
          {codes.map((code) => {
            const reason = reasonOf(code);
            return (
              <li key={code} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className={`badge ${reason ? 'badge-error badge-outline' : 'badge-success'} font-mono`}>
                  {code}
                </span>
                {reason ? (
                  <span role="status" className="min-w-0 flex-1 text-sm text-error">
                    Not applied: {reason}
                  </span>
                ) : (
                  <span className="min-w-0 flex-1" />
                )}
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Remove code ${code}`}
                  onClick={() => discountCodes.remove(code)}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </fieldset>
  );
}
