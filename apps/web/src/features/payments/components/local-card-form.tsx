import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Card } from '@parts-shop/shared/payment';
import { FormField } from '#web/components/ui/form-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useConfirmLocalPayment } from '../api/confirm-local-payment.ts';
import { cardFormSchema, formatCardNumber, formatExpiry, type CardFields } from './card-form.ts';
import { CardError } from './card-error.tsx';
import { PayButton } from './pay-button.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';

export type CardFormProps = {
  clientSecret: string | null;
  locked: boolean;
  onConfirmed: (paymentIntentId: string) => void;
  amount: string;
};

const PROCESSING = 'Your payment is still being processed. Check My Orders in a moment.';

export function LocalCardForm({ clientSecret, locked, onConfirmed, amount }: CardFormProps) {
  const confirm = useConfirmLocalPayment();
  const [cardError, setCardError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<CardFields, unknown, Card>({
    resolver: zodResolver(cardFormSchema),
    mode: 'onTouched',
    defaultValues: { number: '', expiry: '', cvc: '' },
  });

  const onSubmit = handleSubmit(async (card) => {
    if (!clientSecret || locked) return;
    setCardError(null);
    try {
      const { paymentIntent } = await confirm.mutateAsync({ clientSecret, card });
      if (paymentIntent.status === 'succeeded') onConfirmed(paymentIntent.id);
      else setCardError(PROCESSING);
    } catch (error) {
      if (error instanceof ApiError) setCardError(error.issues[0]?.message ?? error.message);
      else setCardError('Your card could not be charged. Please try again.');
    }
  });

  const busy = confirm.isPending;
  // The number and expiry are tidied as the shopper leaves them ("4242424242424242" -> "4242 4242 4242 4242").
  const reformat =
    (field: 'number' | 'expiry', format: (typed: string) => string) => (event: { target: { value: string } }) =>
      setValue(field, format(event.target.value));
  const fieldsDisabled = locked || busy;

  // Stripe draws the same form in its own frame (stripe-card-form.tsx), so the two share labels, not markup.
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-label="Card payment"
      onSubmit={(event) => void onSubmit(event)}
    >
      <TestModeNotice />

      <FormField
        label="Card number"
        controlClassName="font-mono"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={40}
        disabled={fieldsDisabled}
        error={errors.number?.message}
        {...register('number', { onBlur: reformat('number', formatCardNumber) })}
      />
      <div className="grid grid-cols-2 gap-4">
        <FormField
          label="Expiry (MM/YY)"
          controlClassName="font-mono"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={9}
          disabled={fieldsDisabled}
          error={errors.expiry?.message}
          {...register('expiry', { onBlur: reformat('expiry', formatExpiry) })}
        />
        <FormField
          label="CVC"
          controlClassName="font-mono"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          disabled={fieldsDisabled}
          error={errors.cvc?.message}
          {...register('cvc')}
        />
      </div>

      <PayButton disabled={!clientSecret || locked} pending={busy} amount={amount} />
      <CardError message={cardError} />
    </form>
  );
}
