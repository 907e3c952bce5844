import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import type { BatchOrderResponse } from '@parts-shop/shared/build';
import { PHONE_MIN } from '@parts-shop/shared/constants';
import { messages } from '@parts-shop/shared/messages';
import { dollarsToCents, formatCents, formatDollars } from '@parts-shop/shared/money';
import { isQuantityInRange } from '@parts-shop/shared/part';
import { SaveToProfileField } from '../../../components/save-to-profile-field.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDeliveryProfile, type Delivery, type DeliveryProfile } from '../../../hooks/use-delivery-profile.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { groupPaymentPath } from '../../../lib/payment-paths.ts';
import { useOrderBuild } from '../api/order-build.ts';
import type { PlannerPart } from '../api/planner-parts.ts';
import { errorMessage } from '../../../lib/error-message.ts';

type Props = { parts: readonly PlannerPart[]; hasErrors: boolean };

/** "Order this build", once the profile it takes the phone and address from has answered. */
export function OrderBuildForm(props: Props) {
  const { user } = useAuth();
  const delivery = useDeliveryProfile(user?.email ?? '');
  if (!delivery.initial) return <Spinner label="Loading your delivery details" />;
  return <OrderBuildLines {...props} delivery={delivery} initial={delivery.initial} />;
}

/**
 * "Order this build": one line per part, each quantity starting at the part's minimum order,
 * then the delivery details. The server checks the build again, prices every line and
 * reserves all of them or none.
 */
function OrderBuildLines({
  parts,
  hasErrors,
  delivery,
  initial,
}: Props & { delivery: DeliveryProfile; initial: Delivery }) {
  const orderBuild = useOrderBuild();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [phoneNumber, setPhoneNumber] = useState(initial.phoneNumber);
  const [address, setAddress] = useState(initial.address);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<BatchOrderResponse | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  // The form gives way to the outcome; take the shopper (and a screen reader) there.
  useEffect(() => outcome.current?.focus(), [placed]);

  const lines = parts.map((part) => {
    const text = quantities[part._id] ?? String(part.minOrder);
    const quantity = Number(text);
    const valid = text.trim() !== '' && isQuantityInRange(quantity, part);
    return { part, text, quantity, valid };
  });
  const totalCents = lines.reduce((sum, l) => sum + (l.valid ? l.quantity * dollarsToCents(l.part.price) : 0), 0);
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
      const entered = { phoneNumber: phoneNumber.trim(), address: address.trim() };
      setPlaced(
        await orderBuild.mutateAsync({
          items: lines.map((l) => ({ partId: l.part._id, totalOrder: l.quantity })),
          ...entered,
        }),
      );
      await delivery.saveAfterOrder(entered);
    } catch (error) {
      setServerError(errorMessage(error, 'Something went wrong. Please try again.'));
    }
  };

  if (placed) {
    // Paying for the whole build at once: the payment page for exactly the orders just placed.
    return (
      <div ref={outcome} tabIndex={-1} role="status" className="flex flex-col items-start gap-3 focus:outline-none">
        <h2 className="text-xl font-bold">Build ordered</h2>
        <p>
          Ordered {placed.orders.length} parts for {formatDollars(placed.total)}. They are held for you unpaid until you
          pay.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link className="btn btn-primary" to={groupPaymentPath(placed.orders.map((o) => o._id))}>
            Pay for the whole build ({formatDollars(placed.total)})
          </Link>
          <Link className="btn btn-outline" to="/dashboard/myorders">
            Pay later under My Orders
          </Link>
        </div>
      </div>
    );
  }

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
          // Not a FormField: the part's name, price and limits sit beside its quantity box, in one row per part.
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
        Order total: {formatCents(totalCents)}
      </p>
      {/* The same phone and address fields as Purchase's checkout, held in state rather than a form library. */}
      <FormField
        label="Phone Number"
        type="tel"
        value={phoneNumber}
        autoComplete="tel"
        error={submitted ? (phoneError ?? undefined) : undefined}
        onChange={(event) => setPhoneNumber(event.target.value)}
      />
      <FormField
        as="textarea"
        label="Address"
        rows={2}
        value={address}
        autoComplete="street-address"
        error={submitted ? (addressError ?? undefined) : undefined}
        onChange={(event) => setAddress(event.target.value)}
      />
      <SaveToProfileField delivery={delivery} entered={{ phoneNumber, address }} />
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
