import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { BatchOrderResponse } from '@parts-shop/shared/build';
import { postalAddressSchema } from '@parts-shop/shared/checkout';
import { formatDollars } from '@parts-shop/shared/money';
import { parseQuantity, quantityError, quantityFieldSchema, stockShortage } from '@parts-shop/shared/part';
import { OrderPlaced } from '#web/components/order-placed.tsx';
import { CheckoutSummary, quoteRefused } from '#web/components/checkout/checkout-summary.tsx';
import { DiscountCodesField } from '#web/components/checkout/discount-codes-field.tsx';
import { PostalAddressFields } from '#web/components/checkout/postal-address-fields.tsx';
import { SaveAddressField, SavedAddressChoice } from '#web/components/checkout/saved-address-choice.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCheckoutAddress, type CheckoutAddress } from '#web/hooks/use-checkout-address.ts';
import { useCheckoutQuote } from '#web/hooks/use-checkout-quote.ts';
import { useDiscountCodes } from '#web/hooks/use-discount-codes.ts';
import type { AddressFields } from '#web/lib/address-values.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useShipsTo } from '#web/lib/get-shipping-destinations.ts';
import { newIdempotencyKey } from '#web/lib/idempotency-key.ts';
import { useOrderBuild } from '../api/order-build.ts';
import type { PlannerPart } from '../api/planner-parts.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { plural } from '@parts-shop/shared/plural';
import { oneOfEach, type QuantityOf } from '../build-parts.ts';

/** `quantityOf` gives each line's quantity in the planner, where the order's quantities start. */
type Props = {
  parts: readonly PlannerPart[];
  quantityOf?: QuantityOf;
  hasErrors: boolean;
  /**
   * The address as last typed, kept by the planner: the form starts afresh when the build's parts change (a swap), and
   * what the customer typed must survive that.
   */
  draft?: { recall: () => AddressFields | null; remember: (fields: AddressFields) => void };
};

function orderBuildSchema(parts: readonly PlannerPart[]) {
  return z.object({
    quantities: z.object(Object.fromEntries(parts.map((part) => [part._id, quantityFieldSchema(part)]))),
    shippingAddress: postalAddressSchema,
  });
}
type OrderBuildFields = z.input<ReturnType<typeof orderBuildSchema>>;
type OrderBuildValues = z.output<ReturnType<typeof orderBuildSchema>>;

export function OrderBuildForm(props: Props) {
  const { user } = useAuth();
  const address = useCheckoutAddress(user);
  if (!address.initial) return <Spinner label="Loading your addresses" />;
  return <OrderBuildLines {...props} address={address} initial={address.initial} />;
}

/** The server checks the build again and reserves every line or none; a retried submission keeps its key. */
function OrderBuildLines({
  parts,
  quantityOf = oneOfEach,
  hasErrors,
  draft,
  address,
  initial,
}: Props & { address: CheckoutAddress; initial: AddressFields }) {
  const orderBuild = useOrderBuild();
  const shipsTo = useShipsTo();
  const [serverError, setServerError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<BatchOrderResponse | null>(null);
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const discountCodes = useDiscountCodes();
  const schema = useMemo(() => orderBuildSchema(parts), [parts]);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm<OrderBuildFields, unknown, OrderBuildValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      quantities: Object.fromEntries(parts.map((part) => [part._id, String(quantityOf(part._id))])),
      shippingAddress: draft?.recall() ?? initial,
    },
  });
  const quantities = useWatch({ control, name: 'quantities' });
  const entered = useWatch({ control, name: 'shippingAddress' }) as AddressFields;
  useEffect(() => {
    draft?.remember(entered);
  }, [draft, entered]);

  const lines = parts.map((part) => {
    const text = quantities[part._id] ?? String(quantityOf(part._id));
    const quantity = parseQuantity(text);
    // The stock names the part that stops the order; the range message covers the rest.
    const shortage = stockShortage(part, Number.isNaN(quantity) ? part.minOrder : quantity);
    return { part, quantity, error: shortage ?? quantityError(text, part) };
  });
  // Every line counts at its quantity: the quote prices the whole order or nothing, never a part of it.
  const unpriced = lines.some((l) => Number.isNaN(l.quantity));
  const stops = lines.flatMap((l) => (l.error ? [l.error] : []));
  const orderable = parts.length > 0 && !hasErrors && stops.length === 0 && !unpriced;
  const checkout = useCheckoutQuote(
    orderable ? lines.map((l) => ({ partId: l.part._id, quantity: l.quantity })) : null,
    entered,
    discountCodes.codes,
  );
  const refused = checkout.hasDestination && quoteRefused(checkout.quote);
  const pick = (fields: AddressFields) => {
    for (const [key, value] of Object.entries(fields))
      setValue(`shippingAddress.${key as keyof AddressFields}`, value, { shouldDirty: true });
  };

  const notPlaced = (why: string) => setServerError(`The order was not placed: ${why}`);
  const onSubmit = handleSubmit(
    async (values) => {
      setServerError(null);
      if (hasErrors || parts.length === 0) {
        notPlaced(hasErrors ? "fix the build's errors first." : 'the build has no parts.');
        return;
      }
      try {
        setPlaced(
          await orderBuild.mutateAsync({
            items: parts.map((part) => ({
              partId: part._id,
              totalOrder: values.quantities[part._id] ?? quantityOf(part._id),
            })),
            shippingAddress: values.shippingAddress,
            ...(checkout.current && checkout.optionId ? { shippingOptionId: checkout.optionId } : {}),
            ...(discountCodes.codes.length > 0 ? { discountCodes: discountCodes.codes } : {}),
            idempotencyKey: attemptKey,
          }),
        );
        discountCodes.clear();
        await address.saveAfterOrder(entered);
      } catch (error) {
        if (discountCodes.refusedBy(error)) return;
        setServerError(errorMessage(error, 'Something went wrong. Please try again.'));
      }
    },
    () =>
      notPlaced(
        hasErrors
          ? "fix the build's errors first."
          : stops.length > 0
            ? `${stops.join('; ')}.`
            : 'check the fields marked above.',
      ),
  );

  const placedOrder = placed?.orders[0];
  const partsCount = placedOrder?.lines.length ?? 0;
  if (placed) {
    const orderAgain = () => {
      setAttemptKey(newIdempotencyKey());
      setPlaced(null);
    };
    const id = encodeURIComponent(placedOrder?._id ?? '');
    // The build is one order: its payment page pays every line at once.
    return (
      <OrderPlaced
        heading="Build ordered"
        pay={{ to: `/dashboard/payment/${id}`, label: `Pay for the whole build (${formatDollars(placed.total)})` }}
        view={{ to: `/dashboard/orders/${id}`, label: 'View order' }}
        again="Order this build again"
        onAgain={orderAgain}
      >
        <p>
          Ordered {plural(partsCount, 'part')} as order {placedOrder?.number} for {formatDollars(placed.total)}. It is
          held for you unpaid until you pay.
        </p>
      </OrderPlaced>
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
        {lines.map(({ part, error }) => {
          const id = `order-qty-${part._id}`;
          // Not a FormField: the part's name, price and limits sit beside its quantity box, in one row per part.
          return (
            <li key={part._id} className="flex flex-wrap items-end gap-3">
              <label htmlFor={id} className="min-w-0 flex-1 break-words">
                {part.name}
                <span className="block text-sm text-base-content/70">
                  {formatDollars(part.price)} each,{' '}
                  {part.available > 0 ? `${part.minOrder} to ${part.available}` : 'sold out'}
                </span>
              </label>
              <input
                id={id}
                type="number"
                inputMode="numeric"
                className={`input w-28 ${error ? 'input-error' : ''}`}
                min={part.minOrder}
                max={part.available}
                step={1}
                aria-invalid={error !== null}
                aria-describedby={error ? `${id}-error` : undefined}
                {...register(`quantities.${part._id}`)}
              />
              {error ? (
                <p id={`${id}-error`} className="w-full text-sm font-medium text-error">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {stops.length > 0 ? (
        <p className="text-sm font-medium text-error" data-testid="order-stops">
          Not orderable until this changes: {stops.join('; ')}.
        </p>
      ) : null}
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
        <p role="alert" className="alert alert-error">
          {serverError}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={orderBuild.isPending || refused}>
        {orderBuild.isPending ? 'Placing the order…' : 'Place the order'}
      </button>
    </form>
  );
}
