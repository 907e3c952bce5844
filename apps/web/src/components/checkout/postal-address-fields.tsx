import { useWatch, type Control, type FieldErrors, type FieldValues, type UseFormRegister } from 'react-hook-form';
import { FormField } from '../ui/form-field.tsx';
import { countryChoices, regionChoices } from './places.ts';
import type { AddressInput } from '../../lib/address-values.ts';

/** A form that holds a shipping address under `shippingAddress`. */
type WithAddress = { shippingAddress: AddressInput };

type Props<T extends FieldValues & WithAddress, Values extends FieldValues> = {
  control: Control<T, unknown, Values>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The countries the shop ships to, listed first. */
  shipsTo: readonly string[];
  legend?: string;
};

/**
 * The structured postal address of an order or an address-book entry, with the browser's shipping autofill names
 * (docs/product.md#purchase). Every country can be chosen, so one the shop does not ship to is refused in words.
 */
export function PostalAddressFields<T extends FieldValues & WithAddress, Values extends FieldValues>(
  props: Props<T, Values>,
) {
  // T holds WithAddress, but react-hook-form's paths cannot be read through a generic.
  const {
    control,
    register,
    errors,
    shipsTo,
    legend = 'Shipping address',
  } = props as unknown as Props<WithAddress, WithAddress>;
  const country = useWatch({ control, name: 'shippingAddress.country' });
  const regions = regionChoices(country);
  const issues = errors.shippingAddress;
  const { shipped, others } = countryChoices(shipsTo);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 font-semibold">{legend}</legend>
      <FormField
        label="Full name"
        autoComplete="shipping name"
        error={issues?.name?.message}
        {...register('shippingAddress.name')}
      />
      <FormField
        label="Street address"
        autoComplete="shipping address-line1"
        error={issues?.line1?.message}
        {...register('shippingAddress.line1')}
      />
      <FormField
        label="Apartment, suite, unit (optional)"
        autoComplete="shipping address-line2"
        error={issues?.line2?.message}
        {...register('shippingAddress.line2')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="City"
          autoComplete="shipping address-level2"
          error={issues?.city?.message}
          {...register('shippingAddress.city')}
        />
        <FormField
          label="Postal code"
          autoComplete="shipping postal-code"
          error={issues?.postalCode?.message}
          {...register('shippingAddress.postalCode')}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          as="select"
          label="Country"
          autoComplete="shipping country"
          error={issues?.country?.message}
          {...register('shippingAddress.country')}
        >
          <option value="">Choose a country</option>
          {shipped.length > 0 ? (
            <optgroup label="We ship to">
              {shipped.map((place) => (
                <option key={place.code} value={place.code}>
                  {place.name}
                </option>
              ))}
            </optgroup>
          ) : null}
          <optgroup label={shipped.length > 0 ? 'Other countries' : 'Countries'}>
            {others.map((place) => (
              <option key={place.code} value={place.code}>
                {place.name}
              </option>
            ))}
          </optgroup>
        </FormField>
        {regions ? (
          <FormField
            as="select"
            label={country === 'CA' ? 'Province' : 'State'}
            autoComplete="shipping address-level1"
            error={issues?.region?.message}
            {...register('shippingAddress.region')}
          >
            <option value="">Choose one</option>
            {regions.map((place) => (
              <option key={place.code} value={place.code}>
                {place.name}
              </option>
            ))}
          </FormField>
        ) : (
          <FormField
            label="Region (optional)"
            autoComplete="shipping address-level1"
            hint="A state, province or county code, where your country has them."
            error={issues?.region?.message}
            {...register('shippingAddress.region')}
          />
        )}
      </div>
      <FormField
        label="Phone Number"
        type="tel"
        autoComplete="shipping tel"
        error={issues?.phone?.message}
        {...register('shippingAddress.phone')}
      />
    </fieldset>
  );
}
