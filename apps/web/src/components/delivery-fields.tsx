import { useWatch, type Control, type FieldErrors, type FieldValues, type UseFormRegister } from 'react-hook-form';
import type { Delivery, DeliveryProfile } from '../hooks/use-delivery-profile.ts';
import { FormField } from './ui/form-field.tsx';
import { SaveToProfileField } from './save-to-profile-field.tsx';

type Props<T extends FieldValues & Delivery, Values extends FieldValues> = {
  control: Control<T, unknown, Values>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  delivery: DeliveryProfile;
};

/** An order form's phone and address, and the offer to save them to the profile (docs/product.md#purchase). */
export function DeliveryFields<T extends FieldValues & Delivery, Values extends FieldValues>(props: Props<T, Values>) {
  // T has Delivery's fields, but react-hook-form's paths cannot be read through a generic.
  const { control, register, errors, delivery } = props as unknown as Props<Delivery, Delivery>;
  const [phoneNumber, address] = useWatch({ control, name: ['phoneNumber', 'address'] });
  return (
    <>
      <FormField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
      <FormField
        as="textarea"
        label="Address"
        rows={2}
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <SaveToProfileField delivery={delivery} entered={{ phoneNumber, address }} />
    </>
  );
}
