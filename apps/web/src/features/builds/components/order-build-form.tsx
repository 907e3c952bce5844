import { useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { PHONE_MIN } from '@parts-shop/shared/constants';
import { messages } from '@parts-shop/shared/messages';
import { formatDollars } from '@parts-shop/shared/money';
import { isQuantityInRange } from '@parts-shop/shared/part';
import { ApiError } from '../../../lib/api-client.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useOrderBuild } from '../api/order-build.ts';
import type { PlannerPart } from '../api/planner-parts.ts';

type Props = { parts: readonly PlannerPart[]; hasErrors: boolean };

/**
 * "Order this build": one line per part, each quantity starting at the part's minimum order,
 * then the delivery details. The server checks the build again, prices every line and
 * reserves all of them or none.
 */
export function OrderBuildForm({ parts, hasErrors }: Props) {
  const navigate = useNavigate();
  const orderBuild = useOrderBuild();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [phoneNumber, setPhoneNumber] = useState('');
  const [address, setAddress] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const lines = parts.map((part) => {
    const text = quantities[part._id] ?? String(part.minOrder);
    const quantity = Number(text);
    const valid = text.trim() !== '' && isQuantityInRange(quantity, part);
    return { part, text, quantity, valid };
  });
  const total = lines.reduce((sum, l) => sum + (l.valid ? l.quantity * l.part.price : 0), 0);
  const phoneError =
    phoneNumber.trim() === ''
      ? messages.phoneRequired
      : phoneNumber.trim().length < PHONE_MIN
        ? messages.phoneShort
        : null;
  const addressError = address.trim() === '' ? messages.addressRequired : null;
  const ready = !hasErrors && lines.length > 0 && lines.every((l) => l.valid) && !phoneError && !addressError;

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (!ready) return;
    try {
      const placed = await orderBuild.mutateAsync({
        items: lines.map((l) => ({ partId: l.part._id, totalOrder: l.quantity })),
        phoneNumber: phoneNumber.trim(),
        address: address.trim(),
      });
      toastSuccess(`Ordered ${placed.orders.length} parts for $${placed.total}. Pay for them under My Orders.`);
      await navigate('/dashboard/myorders');
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="order-build-title"
    >
      <h2 id="order-build-title" className="text-xl font-bold">
        Order this build
      </h2>
      {hasErrors ? (
        <p className="text-error" role="status">
          Fix the build&apos;s errors before ordering it.
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {lines.map(({ part, text, valid }) => {
          const id = `order-qty-${part._id}`;
          return (
            <li key={part._id} className="flex flex-wrap items-end gap-3">
              <label htmlFor={id} className="min-w-0 flex-1 break-words">
                {part.name}
                <span className="block text-sm text-base-content/70">
                  {formatDollars(part.price)} each, {part.minOrder} to {part.available}
                </span>
              </label>
              <input
                id={id}
                type="number"
                inputMode="numeric"
                className={`input w-28 ${valid ? '' : 'input-error'}`}
                min={part.minOrder}
                max={part.available}
                step={1}
                value={text}
                aria-invalid={!valid}
                aria-describedby={valid ? undefined : `${id}-error`}
                onChange={(event) => setQuantities({ ...quantities, [part._id]: event.target.value })}
              />
              {valid ? null : (
                <p id={`${id}-error`} className="w-full text-sm font-medium text-error">
                  {messages.quantityOutOfRange}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <p className="font-semibold" aria-live="polite">
        Order total: {formatDollars(total)}
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor="order-build-phone" className="font-medium">
          Phone Number
        </label>
        <input
          id="order-build-phone"
          type="tel"
          className="input w-full"
          value={phoneNumber}
          autoComplete="tel"
          aria-invalid={submitted && Boolean(phoneError)}
          aria-describedby={submitted && phoneError ? 'order-build-phone-error' : undefined}
          onChange={(event) => setPhoneNumber(event.target.value)}
        />
        {submitted && phoneError ? (
          <p id="order-build-phone-error" className="text-sm font-medium text-error">
            {phoneError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="order-build-address" className="font-medium">
          Address
        </label>
        <textarea
          id="order-build-address"
          className="textarea w-full"
          value={address}
          autoComplete="street-address"
          aria-invalid={submitted && Boolean(addressError)}
          aria-describedby={submitted && addressError ? 'order-build-address-error' : undefined}
          onChange={(event) => setAddress(event.target.value)}
        />
        {submitted && addressError ? (
          <p id="order-build-address-error" className="text-sm font-medium text-error">
            {addressError}
          </p>
        ) : null}
      </div>
      {serverError ? (
        <p role="alert" className="alert alert-error">
          {serverError}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={hasErrors || orderBuild.isPending}>
        {orderBuild.isPending ? 'Placing orders…' : `Place ${lines.length} orders`}
      </button>
    </form>
  );
}
