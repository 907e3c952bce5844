import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@parts-shop/shared/ui-messages';
import { formatDollars } from '@parts-shop/shared/money';
import { quantityError, type Part } from '@parts-shop/shared/part';
import { OrderPlaced } from '#web/components/order-placed.tsx';
import { CheckoutSummary, quoteRefused } from '#web/components/checkout/checkout-summary.tsx';
import { DiscountCodesField } from '#web/components/checkout/discount-codes-field.tsx';
import { PostalAddressFields } from '#web/components/checkout/postal-address-fields.tsx';
import { SaveAddressField, SavedAddressChoice } from '#web/components/checkout/saved-address-choice.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { useCheckoutAddress, type CheckoutAddress } from '#web/hooks/use-checkout-address.ts';
import { useCheckoutQuote } from '#web/hooks/use-checkout-quote.ts';
import { useDiscountCodes } from '#web/hooks/use-discount-codes.ts';
import type { AddressFields } from '#web/lib/address-values.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useShipsTo } from '#web/lib/get-shipping-destinations.ts';
import { newIdempotencyKey } from '#web/lib/idempotency-key.ts';
import { showServerIssues } from '#web/lib/server-issues.ts';
import type { SessionUser } from '#web/lib/auth.tsx';
import { toastSuccess } from '#web/lib/toast.ts';
import { useCreateOrder, type CreatedOrder } from '../api/create-order.ts';
import { checkoutSchema, isSoldOut, orderableQuantity, type CheckoutFields, type CheckoutValues } from './checkout.ts';

type Props = { part: Part; user: SessionUser | null };

const FIELDS = [
  'totalOrder',
  'shippingAddress',
  'shippingAddress.name',
  'shippingAddress.line1',
  'shippingAddress.line2',
  'shippingAddress.city',
  'shippingAddress.region',
  'shippingAddress.postalCode',
  'shippingAddress.country',
  'shippingAddress.phone',
] as const;

export function CheckoutForm({ part, user }: Props) {
  const address = useCheckoutAddress(user);
  if (!address.initial) return <Spinner label="Loading your addresses" />;
  return <CheckoutCard part={part} user={user} address={address} initial={address.initial} />;
}

/**
 * Shipping, tax and the total are the server's quote for what is typed; the order is priced again when placed. A
 * refusal keeps every field as typed, and a retried submission keeps its key.
 */
function CheckoutCard({ part, user, address, initial }: Props & { address: CheckoutAddress; initial: AddressFields }) {
  const createOrder = useCreateOrder();
  const shipsTo = useShipsTo();
  const [placed, setPlaced] = useState<CreatedOrder | null>(null);
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [serverError, setServerError] = useState<string | null>(null);
  const discountCodes = useDiscountCodes();
  const schema = useMemo(
    () => checkoutSchema({ minOrder: part.minOrder, available: part.available }),
    [part.minOrder, part.available],
  );
  const {
    register,
    handleSubmit,
    control,
    setError,
    setValue,
    resetField,
    formState: { errors },
  } = useForm<CheckoutFields, unknown, CheckoutValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { totalOrder: String(part.minOrder), shippingAddress: initial },
  });

  const quantityText = useWatch({ control, name: 'totalOrder' });
  const entered = useWatch({ control, name: 'shippingAddress' }) as AddressFields;
  const quantity = orderableQuantity(quantityText, part);
  const checkout = useCheckoutQuote(
    quantity === null ? null : [{ partId: part._id, quantity }],
    entered,
    discountCodes.codes,
  );
  const soldOut = isSoldOut(part);
  const quantityMessage = soldOut ? null : (quantityError(quantityText, part) ?? errors.totalOrder?.message ?? null);
  const refused = checkout.hasDestination && quoteRefused(checkout.quote);
  const canSubmit = !soldOut && quantityMessage === null && !refused;

  const pick = (fields: AddressFields) => {
    for (const [key, value] of Object.entries(fields))
      setValue(`shippingAddress.${key as keyof AddressFields}`, value, { shouldValidate: false, shouldDirty: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const created = await createOrder.mutateAsync({
        partId: part._id,
        totalOrder: values.totalOrder,
        shippingAddress: values.shippingAddress,
        shippingOptionId: checkout.current ? checkout.optionId : undefined,
        ...(discountCodes.codes.length > 0 ? { discountCodes: discountCodes.codes } : {}),
        idempotencyKey: attemptKey,
      });
      toastSuccess(messages.addedToCart);
      setPlaced(created);
      resetField('totalOrder', { defaultValue: String(part.minOrder) });
      discountCodes.clear();
      await address.saveAfterOrder(entered);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setServerError('Something went wrong. Please try again.');
        return;
      }
      // A code the order refuses shows beside the code field; 409 'Not enough stock', 422 'We do not ship to …' and
      // the like above the button. Every field stays as typed.
      if (discountCodes.refusedBy(error)) return;
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
              {messages.addedToCart}: order {order.number}, {formatDollars(order.total)} with shipping and tax, is held
              for you unpaid until you pay.
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
        <SavedAddressChoice address={address} entered={entered} onPick={pick} />
        <PostalAddressFields control={control} register={register} errors={errors} shipsTo={shipsTo} />
        <SaveAddressField address={address} entered={entered} />

        <DiscountCodesField discountCodes={discountCodes} refused={checkout.refusedCodes} />
        <CheckoutSummary
          quote={checkout.quote}
          hasDestination={checkout.hasDestination}
          onChooseOption={checkout.chooseOption}
        />

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
