import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { messages } from '@parts-shop/shared/messages';
import type { Part } from '@parts-shop/shared/part';
import { ApiError } from '../../../lib/api-client.ts';
import { showServerIssues } from '../../../lib/server-issues.ts';
import type { SessionUser } from '../../../lib/auth.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useCreateOrder, type CreatedOrder } from '../api/create-order.ts';
import {
  checkoutSchema,
  isSoldOut,
  previewTotals,
  quantityError,
  type CheckoutFields,
  type CheckoutValues,
} from './checkout.ts';

type Props = { part: Part; user: SessionUser | null };

const FIELDS = ['totalOrder', 'phoneNumber', 'address'] as const;

/**
 * The checkout card. Total Order and Total Price follow the quantity as it is typed; a
 * quantity outside minOrder..available disables Add to Cart. Everything here is a preview:
 * the API decides the price and reserves the stock.
 */
export function CheckoutForm({ part, user }: Props) {
  const createOrder = useCreateOrder();
  const [placed, setPlaced] = useState<CreatedOrder | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // Rebuilt when a refetch brings new limits, so the check always uses the shop's latest stock.
  const schema = useMemo(
    () => checkoutSchema({ minOrder: part.minOrder, available: part.available }),
    [part.minOrder, part.available],
  );
  const {
    register,
    handleSubmit,
    control,
    setError,
    resetField,
    formState: { errors },
  } = useForm<CheckoutFields, unknown, CheckoutValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { totalOrder: String(part.minOrder), phoneNumber: '', address: '' },
  });

  const quantityText = useWatch({ control, name: 'totalOrder' });
  const { quantity, totalPrice } = previewTotals(quantityText, part.price);
  const soldOut = isSoldOut(part);
  const quantityMessage = soldOut ? null : (quantityError(quantityText, part) ?? errors.totalOrder?.message ?? null);
  const canSubmit = !soldOut && quantityMessage === null && !createOrder.isPending;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setPlaced(null);
    try {
      const created = await createOrder.mutateAsync({ partId: part._id, ...values });
      toastSuccess(messages.addedToCart);
      setPlaced(created);
      resetField('totalOrder', { defaultValue: String(part.minOrder) });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setServerError('Something went wrong. Please try again.');
        return;
      }
      // 409 'Not enough stock' and the like: the part card refreshes with the shop's count.
      if (!showServerIssues(error, FIELDS, setError)) setServerError(error.message);
    }
  });

  const describedBy = (id: string, hasError: boolean) => (hasError ? `${id}-error` : undefined);

  return (
    <section className="card bg-base-100 shadow-md" aria-labelledby="checkout-title">
      <form className="card-body gap-3" noValidate onSubmit={(event) => void onSubmit(event)}>
        <h2 id="checkout-title" className="card-title">
          Checkout
        </h2>

        <dl className="stats stats-vertical bg-base-200 sm:stats-horizontal" aria-live="polite" aria-atomic="true">
          <div className="stat">
            <dt className="stat-title">Total Order</dt>
            <dd className="stat-value text-2xl" data-testid="total-order">
              {quantity}
            </dd>
          </div>
          <div className="stat">
            <dt className="stat-title">Total Price</dt>
            <dd className="stat-value text-2xl" data-testid="total-price">
              {totalPrice}
            </dd>
          </div>
        </dl>

        <div className="flex flex-col gap-1">
          <label className="text-sm font-medium" htmlFor="checkout-quantity">
            Quantity
          </label>
          <input
            id="checkout-quantity"
            type="number"
            inputMode="numeric"
            min={part.minOrder}
            max={part.available}
            step={1}
            className={`input w-full ${quantityMessage ? 'input-error' : ''}`}
            aria-invalid={quantityMessage ? true : undefined}
            aria-describedby={`checkout-quantity-hint${quantityMessage ? ' checkout-quantity-error' : ''}`}
            disabled={soldOut}
            {...register('totalOrder')}
          />
          <p id="checkout-quantity-hint" className="text-sm text-base-content/70">
            Order from {part.minOrder} to {part.available} units.
          </p>
          {soldOut ? (
            <p className="font-semibold text-error" role="alert">
              {messages.notAvailable}
            </p>
          ) : null}
          {quantityMessage ? (
            <p id="checkout-quantity-error" className="text-sm text-error" role="alert">
              {quantityMessage}
            </p>
          ) : null}
        </div>

        <div className="flex flex-col gap-1">
          <label className="text-sm font-medium" htmlFor="checkout-name">
            Name
          </label>
          <input
            id="checkout-name"
            className="input w-full"
            value={user?.displayName ?? ''}
            autoComplete="name"
            readOnly
            disabled
          />
        </div>

        <div className="flex flex-col gap-1">
          <label className="text-sm font-medium" htmlFor="checkout-email">
            Email
          </label>
          <input
            id="checkout-email"
            type="email"
            className="input w-full"
            value={user?.email ?? ''}
            autoComplete="email"
            readOnly
            disabled
          />
        </div>

        <div className="flex flex-col gap-1">
          <label className="text-sm font-medium" htmlFor="checkout-phone">
            Phone Number
          </label>
          <input
            id="checkout-phone"
            type="tel"
            autoComplete="tel"
            className={`input w-full ${errors.phoneNumber ? 'input-error' : ''}`}
            aria-invalid={errors.phoneNumber ? true : undefined}
            aria-describedby={describedBy('checkout-phone', Boolean(errors.phoneNumber))}
            {...register('phoneNumber')}
          />
          {errors.phoneNumber?.message ? (
            <p id="checkout-phone-error" className="text-sm text-error" role="alert">
              {errors.phoneNumber.message}
            </p>
          ) : null}
        </div>

        <div className="flex flex-col gap-1">
          <label className="text-sm font-medium" htmlFor="checkout-address">
            Address
          </label>
          <textarea
            id="checkout-address"
            rows={2}
            autoComplete="street-address"
            className={`textarea w-full ${errors.address ? 'textarea-error' : ''}`}
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={describedBy('checkout-address', Boolean(errors.address))}
            {...register('address')}
          />
          {errors.address?.message ? (
            <p id="checkout-address-error" className="text-sm text-error" role="alert">
              {errors.address.message}
            </p>
          ) : null}
        </div>

        {serverError ? (
          <p className="text-error" role="alert">
            {serverError}
          </p>
        ) : null}

        <button type="submit" className="btn btn-primary mt-2" disabled={!canSubmit}>
          {createOrder.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Add to Cart
        </button>

        {placed ? (
          <div role="status" className="alert alert-success alert-soft flex flex-wrap">
            <span>{messages.addedToCart}.</span>
            <span className="flex flex-wrap gap-2">
              <Link
                className="btn btn-primary btn-sm"
                to={`/dashboard/payment/${encodeURIComponent(placed.insertedId)}`}
              >
                Pay now
              </Link>
              <Link className="btn btn-sm btn-outline" to="/dashboard/myorders">
                Go to My Orders
              </Link>
            </span>
          </div>
        ) : null}
      </form>
    </section>
  );
}
