import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@parts-shop/shared/ui-messages';
import { quantityError, type Part } from '@parts-shop/shared/part';
import { OrderPlaced } from '#web/components/order-placed.tsx';
import { DeliveryFields } from '#web/components/delivery-fields.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { useDeliveryProfile, type Delivery, type DeliveryProfile } from '#web/hooks/use-delivery-profile.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { newIdempotencyKey } from '#web/lib/idempotency-key.ts';
import { showServerIssues } from '#web/lib/server-issues.ts';
import type { SessionUser } from '#web/lib/auth.tsx';
import { toastSuccess } from '#web/lib/toast.ts';
import { useCreateOrder, type CreatedOrder } from '../api/create-order.ts';
import { checkoutSchema, isSoldOut, previewTotals, type CheckoutFields, type CheckoutValues } from './checkout.ts';

type Props = { part: Part; user: SessionUser | null };

const FIELDS = ['totalOrder', 'phoneNumber', 'address'] as const;

export function CheckoutForm({ part, user }: Props) {
  const delivery = useDeliveryProfile(user?.email ?? '');
  if (!delivery.initial) return <Spinner label="Loading your delivery details" />;
  return <CheckoutCard part={part} user={user} delivery={delivery} initial={delivery.initial} />;
}

/** The totals are a preview: the API decides the price and reserves the stock. A retried submission keeps its key. */
function CheckoutCard({ part, user, delivery, initial }: Props & { delivery: DeliveryProfile; initial: Delivery }) {
  const createOrder = useCreateOrder();
  const [placed, setPlaced] = useState<CreatedOrder | null>(null);
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [serverError, setServerError] = useState<string | null>(null);
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
    defaultValues: { totalOrder: String(part.minOrder), ...initial },
  });

  const quantityText = useWatch({ control, name: 'totalOrder' });
  const { quantity, totalPrice } = previewTotals(quantityText, part.price);
  const soldOut = isSoldOut(part);
  const quantityMessage = soldOut ? null : (quantityError(quantityText, part) ?? errors.totalOrder?.message ?? null);
  const canSubmit = !soldOut && quantityMessage === null;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const created = await createOrder.mutateAsync({ partId: part._id, ...values, idempotencyKey: attemptKey });
      toastSuccess(messages.addedToCart);
      setPlaced(created);
      resetField('totalOrder', { defaultValue: String(part.minOrder) });
      await delivery.saveAfterOrder(values);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setServerError('Something went wrong. Please try again.');
        return;
      }
      // 409 'Not enough stock' and the like: the part card refreshes with the shop's count.
      if (!showServerIssues(error, FIELDS, setError)) setServerError(error.message);
    }
  });

  if (placed) {
    const { insertedId, order } = placed;
    const buyAgain = () => {
      setAttemptKey(newIdempotencyKey());
      setPlaced(null);
    };
    return (
      <section className="card bg-base-100 shadow-md" aria-labelledby="checkout-title">
        <div className="card-body">
          <OrderPlaced
            headingId="checkout-title"
            heading="Order placed"
            pay={{ to: `/dashboard/payment/${encodeURIComponent(insertedId)}`, label: 'Pay' }}
            view={{ to: `/dashboard/orders/${encodeURIComponent(insertedId)}`, label: 'View order' }}
            again="Buy again"
            onAgain={buyAgain}
          >
            <p>
              {messages.addedToCart}: order {order.number} is held for you unpaid until you pay.
            </p>
          </OrderPlaced>
        </div>
      </section>
    );
  }

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

        <FormField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={part.minOrder}
          max={part.available}
          step={1}
          hint={`Order from ${part.minOrder} to ${part.available} units.`}
          error={quantityMessage ?? undefined}
          disabled={soldOut}
          {...register('totalOrder')}
        />
        {soldOut ? (
          <p className="font-semibold text-error" role="alert">
            {messages.notAvailable}
          </p>
        ) : null}
        <FormField label="Name" value={user?.displayName ?? ''} autoComplete="name" readOnly disabled />
        <FormField label="Email" type="email" value={user?.email ?? ''} autoComplete="email" readOnly disabled />
        <DeliveryFields control={control} register={register} errors={errors} delivery={delivery} />

        {serverError ? (
          <p className="text-error" role="alert">
            {serverError}
          </p>
        ) : null}

        <SubmitButton pending={createOrder.isPending} disabled={!canSubmit} className="mt-2">
          Add to Cart
        </SubmitButton>
      </form>
    </section>
  );
}
