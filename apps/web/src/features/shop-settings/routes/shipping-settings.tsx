import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { countryName, type ShippingSettings } from '@parts-shop/shared/checkout';
import { FormField } from '#web/components/ui/form-field.tsx';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { toastSuccess } from '#web/lib/toast.ts';
import { useSaveShippingSettings, useShippingSettings } from '../api/shipping-settings.ts';
import { CountrySelect } from '../components/country-select.tsx';
import {
  NEW_OPTION,
  shippingFields,
  shippingFormSchema,
  type ShippingFormFields,
} from '../components/shipping-form-schema.ts';

type FormParts = {
  control: Control<ShippingFormFields, unknown, ShippingSettings>;
  register: UseFormRegister<ShippingFormFields>;
  errors: FieldErrors<ShippingFormFields>;
};

export const SHIPPING_SETTINGS_SAVED = 'Shipping settings saved';

function Bands({ control, register, errors, zone, option }: FormParts & { zone: number; option: number }) {
  const bands = useFieldArray({ control, name: `zones.${zone}.options.${option}.bands` });
  const rateType = useWatch({ control, name: `zones.${zone}.options.${option}.rateType` });
  const issues = errors.zones?.[zone]?.options?.[option];
  if (rateType === 'flat') {
    return (
      <FormField
        label="Price ($)"
        inputMode="decimal"
        error={issues?.flatAmount?.message}
        {...register(`zones.${zone}.options.${option}.flatAmount`)}
      />
    );
  }
  const limitLabel = rateType === 'subtotal' ? 'From a subtotal of ($)' : 'Up to (grams)';
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">
        {rateType === 'subtotal' ? 'Price by subtotal' : 'Price by weight'}
      </legend>
      <p className="text-sm text-base-content/70">
        {rateType === 'subtotal'
          ? 'Each band is the price from its subtotal up; the first starts at 0.'
          : 'Each band is the price up to its weight; a heavier order is not offered this option.'}
      </p>
      <ul className="flex flex-col gap-2">
        {bands.fields.map((field, index) => (
          <li key={field.id} className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <FormField
              label={`${limitLabel}, band ${index + 1}`}
              inputMode="decimal"
              error={issues?.bands?.[index]?.limit?.message}
              {...register(`zones.${zone}.options.${option}.bands.${index}.limit`)}
            />
            <FormField
              label={`Price ($), band ${index + 1}`}
              inputMode="decimal"
              error={issues?.bands?.[index]?.amount?.message}
              {...register(`zones.${zone}.options.${option}.bands.${index}.amount`)}
            />
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              aria-label={`Remove band ${index + 1}`}
              onClick={() => bands.remove(index)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div>
        <button
          type="button"
          className="btn btn-outline btn-xs"
          onClick={() => bands.append({ limit: bands.fields.length === 0 ? '0' : '', amount: '' })}
        >
          Add band
        </button>
      </div>
    </fieldset>
  );
}

function ZoneOptions({ control, register, errors, zone }: FormParts & { zone: number }) {
  const options = useFieldArray({ control, name: `zones.${zone}.options` });
  const zoneIssues = errors.zones?.[zone]?.options;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-medium">Options</legend>
      {(zoneIssues?.root?.message ?? zoneIssues?.message) ? (
        <p role="alert" className="text-sm text-error">
          {zoneIssues.root?.message ?? zoneIssues.message}
        </p>
      ) : null}
      {options.fields.map((field, index) => {
        const issues = zoneIssues?.[index];
        const name = `zones.${zone}.options.${index}` as const;
        return (
          <div key={field.id} className="flex flex-col gap-2 rounded-box bg-base-200 p-3">
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              <FormField label="Title" error={issues?.title?.message} {...register(`${name}.title`)} />
              <FormField label="Carrier" error={issues?.carrier?.message} {...register(`${name}.carrier`)} />
              <FormField
                label="Option id"
                hint="Kept on orders; lower-case, like us-standard."
                error={issues?.id?.message}
                {...register(`${name}.id`)}
              />
              <FormField
                label="Delivery from (business days)"
                inputMode="numeric"
                error={issues?.minDays?.message}
                {...register(`${name}.minDays`)}
              />
              <FormField
                label="Delivery to (business days)"
                inputMode="numeric"
                error={issues?.maxDays?.message}
                {...register(`${name}.maxDays`)}
              />
              <FormField as="select" label="Price" error={issues?.rateType?.message} {...register(`${name}.rateType`)}>
                <option value="flat">Flat</option>
                <option value="subtotal">By subtotal band</option>
                <option value="weight">By weight band</option>
              </FormField>
            </div>
            <Bands control={control} register={register} errors={errors} zone={zone} option={index} />
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <FormField
                label="Free over ($, optional)"
                inputMode="decimal"
                hint="Free when the goods come to at least this."
                error={issues?.freeOver?.message}
                {...register(`${name}.freeOver`)}
              />
              <FormField
                label="Free for these parts (ids, optional)"
                hint="Free when every line is one of these parts; ids separated by commas."
                error={issues?.freeParts?.message}
                {...register(`${name}.freeParts`)}
              />
            </div>
            <div>
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm"
                aria-label={`Remove option ${index + 1} of zone ${zone + 1}`}
                onClick={() => options.remove(index)}
              >
                Remove option
              </button>
            </div>
          </div>
        );
      })}
      <div>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => options.append({ ...NEW_OPTION })}>
          Add option
        </button>
      </div>
    </fieldset>
  );
}

function ZoneCountries({ control, register, errors, zone }: FormParts & { zone: number }) {
  const countries = useFieldArray({ control, name: `zones.${zone}.countries` });
  const issues = errors.zones?.[zone]?.countries;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium">Countries</legend>
      {(issues?.root?.message ?? issues?.message) ? (
        <p role="alert" className="text-sm text-error">
          {issues.root?.message ?? issues.message}
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {countries.fields.map((field, index) => (
          <li key={field.id} className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
            {field.country ? (
              // A saved country is a name to read, not a select of every country: the demo's EU zone alone would
              // draw 27 selects of 250 options, seconds of work on a phone. Remove it to choose another.
              <>
                <input type="hidden" {...register(`zones.${zone}.countries.${index}.country`)} />
                <FormField
                  label={`Country ${index + 1}`}
                  value={countryName(field.country)}
                  readOnly
                  error={issues?.[index]?.country?.message}
                />
              </>
            ) : (
              <CountrySelect
                label={`Country ${index + 1}`}
                error={issues?.[index]?.country?.message}
                {...register(`zones.${zone}.countries.${index}.country`)}
              />
            )}
            <FormField
              label={`Regions of country ${index + 1} (optional)`}
              hint="Codes like CA, NY; empty for the whole country."
              error={issues?.[index]?.regions?.message}
              {...register(`zones.${zone}.countries.${index}.regions`)}
            />
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              aria-label={`Remove country ${index + 1} of zone ${zone + 1}`}
              onClick={() => countries.remove(index)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div>
        <button
          type="button"
          className="btn btn-outline btn-xs"
          onClick={() => countries.append({ country: '', regions: '' })}
        >
          Add country
        </button>
      </div>
    </fieldset>
  );
}

function ShippingForm({ settings }: { settings: ShippingSettings }) {
  const save = useSaveShippingSettings();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ShippingFormFields, unknown, ShippingSettings>({
    resolver: zodResolver(shippingFormSchema),
    defaultValues: shippingFields(settings),
  });
  const zones = useFieldArray({ control, name: 'zones' });
  const parts = { control, register, errors };
  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(shippingFields(await save.mutateAsync(values)));
      toastSuccess(SHIPPING_SETTINGS_SAVED);
    } catch (error) {
      setError('root.server', { message: errorMessage(error, 'The shipping settings could not be saved.') });
    }
  });
  return (
    <form noValidate aria-label="Shipping settings" className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)}>
      <p className="text-sm text-base-content/70">
        Checkout offers the options of the zone that covers the address, cheapest first. An address no zone covers is
        refused: &ldquo;We do not ship to …&rdquo;.
      </p>
      <div className="max-w-xs">
        <CountrySelect
          label="Home country"
          hint="Orders that give their address as one text ship here."
          error={errors.homeCountry?.message}
          {...register('homeCountry')}
        />
      </div>
      {zones.fields.map((field, index) => (
        <fieldset key={field.id} className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
          <legend className="px-1 text-lg font-semibold">Zone {index + 1}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <FormField
              label="Zone name"
              error={errors.zones?.[index]?.name?.message}
              {...register(`zones.${index}.name`)}
            />
            <FormField label="Zone id" error={errors.zones?.[index]?.id?.message} {...register(`zones.${index}.id`)} />
          </div>
          <ZoneCountries {...parts} zone={index} />
          <ZoneOptions {...parts} zone={index} />
          <div>
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              aria-label={`Remove zone ${index + 1}`}
              onClick={() => zones.remove(index)}
            >
              Remove zone
            </button>
          </div>
        </fieldset>
      ))}
      <div>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() =>
            zones.append({ id: '', name: '', countries: [{ country: '', regions: '' }], options: [{ ...NEW_OPTION }] })
          }
        >
          Add zone
        </button>
      </div>
      {errors.root?.server ? (
        <p role="alert" className="text-error">
          {errors.root.server.message}
        </p>
      ) : null}
      <div>
        <SubmitButton pending={isSubmitting}>Save shipping settings</SubmitButton>
      </div>
    </form>
  );
}

/** /dashboard/settings/shipping: Settings > Shipping (docs/product.md#shipping-and-taxes). */
export function Component() {
  useDocumentTitle('Shipping');
  const settings = useShippingSettings();
  return (
    <ListStatus
      isPending={settings.isPending}
      error={settings.error}
      isEmpty={!settings.data}
      emptyText="The shipping settings could not be read."
      onRetry={() => void settings.refetch()}
    >
      {settings.data ? <ShippingForm settings={settings.data} /> : null}
    </ListStatus>
  );
}
