import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { postalAddressSchema, type PostalAddress } from '@parts-shop/shared/checkout';
import { PostalAddressFields } from '#web/components/checkout/postal-address-fields.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import type { AddressFields } from '#web/lib/address-values.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { useShipsTo } from '#web/lib/get-shipping-destinations.ts';
import { showServerIssues } from '#web/lib/server-issues.ts';

const addressFormSchema = z.object({ shippingAddress: postalAddressSchema });
type AddressFormFields = z.input<typeof addressFormSchema>;
type AddressFormValues = z.output<typeof addressFormSchema>;

const FIELDS = [
  'shippingAddress.name',
  'shippingAddress.line1',
  'shippingAddress.line2',
  'shippingAddress.city',
  'shippingAddress.region',
  'shippingAddress.postalCode',
  'shippingAddress.country',
  'shippingAddress.phone',
] as const;

type Props = {
  title: string;
  initial: AddressFields;
  submitLabel: string;
  onSave: (address: PostalAddress) => Promise<void>;
  onCancel: () => void;
};

/** Adds or edits one address of the book, with the same fields and rules as the checkout's. */
export function AddressForm({ title, initial, submitLabel, onSave, onCancel }: Props) {
  const shipsTo = useShipsTo();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddressFormFields, unknown, AddressFormValues>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: { shippingAddress: initial },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(values.shippingAddress);
    } catch (error) {
      if (showServerIssues(error, FIELDS, setError)) return;
      setError('root.server', { message: errorMessage(error, 'The address could not be saved. Please try again.') });
    }
  });
  return (
    <form
      noValidate
      aria-label={title}
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
      onSubmit={(event) => void onSubmit(event)}
    >
      <PostalAddressFields control={control} register={register} errors={errors} shipsTo={shipsTo} legend={title} />
      {errors.root?.server ? (
        <p role="alert" className="text-sm text-error">
          {errors.root.server.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={isSubmitting}>{submitLabel}</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
