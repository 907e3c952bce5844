import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { TaxSettings } from '@parts-shop/shared/checkout';
import { FormField } from '#web/components/ui/form-field.tsx';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { toastSuccess } from '#web/lib/toast.ts';
import { useSaveTaxSettings, useTaxSettings } from '../api/tax-settings.ts';
import { CountrySelect } from '../components/country-select.tsx';
import { countryText, nameText, percentText, regionText } from '../components/setting-fields.ts';

const taxFormSchema = z.object({
  pricesIncludeTax: z.boolean(),
  shippingTaxed: z.boolean(),
  rates: z.array(
    z.object({
      country: countryText,
      region: regionText.transform((code) => (code === '' ? null : code)),
      name: nameText,
      rate: percentText,
    }),
  ),
});
type TaxFormFields = z.input<typeof taxFormSchema>;

const toFields = (settings: TaxSettings): TaxFormFields => ({
  pricesIncludeTax: settings.pricesIncludeTax,
  shippingTaxed: settings.shippingTaxed,
  rates: settings.rates.map((rate) => ({
    country: rate.country,
    region: rate.region ?? '',
    name: rate.name,
    rate: String(rate.rate),
  })),
});

export const TAX_SETTINGS_SAVED = 'Tax settings saved';

function TaxForm({ settings }: { settings: TaxSettings }) {
  const save = useSaveTaxSettings();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TaxFormFields, unknown, TaxSettings>({
    resolver: zodResolver(taxFormSchema),
    defaultValues: toFields(settings),
  });
  const rates = useFieldArray({ control, name: 'rates' });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(toFields(saved));
      toastSuccess(TAX_SETTINGS_SAVED);
    } catch (error) {
      setError('root.server', { message: errorMessage(error, 'The tax settings could not be saved.') });
    }
  });
  return (
    <form noValidate aria-label="Tax settings" className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">Prices and shipping</legend>
        <label className="flex min-h-11 cursor-pointer items-center gap-2">
          <input type="checkbox" className="size-5 accent-primary" {...register('pricesIncludeTax')} />
          Catalog prices include tax
        </label>
        <label className="flex min-h-11 cursor-pointer items-center gap-2">
          <input type="checkbox" className="size-5 accent-primary" {...register('shippingTaxed')} />
          Charge tax on shipping
        </label>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">Tax rates</legend>
        <p className="text-sm text-base-content/70">
          A rate with a region applies there only; without one, to the whole country. A place with no rate pays no tax.
        </p>
        {rates.fields.length === 0 ? <p className="text-sm">No tax rates: no order is taxed.</p> : null}
        <ul aria-label="Tax rates" className="flex flex-col gap-3">
          {rates.fields.map((field, index) => {
            const issues = errors.rates?.[index];
            return (
              <li
                key={field.id}
                className="grid grid-cols-1 items-end gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[1.4fr_0.7fr_1.4fr_0.8fr_auto]"
              >
                <CountrySelect
                  label={`Country of rate ${index + 1}`}
                  error={issues?.country?.message}
                  {...register(`rates.${index}.country`)}
                />
                <FormField
                  label="Region (optional)"
                  error={issues?.region?.message}
                  {...register(`rates.${index}.region`)}
                />
                <FormField label="Name" error={issues?.name?.message} {...register(`rates.${index}.name`)} />
                <FormField
                  label="Rate (%)"
                  inputMode="decimal"
                  error={issues?.rate?.message}
                  {...register(`rates.${index}.rate`)}
                />
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-sm"
                  aria-label={`Remove rate ${index + 1}`}
                  onClick={() => rates.remove(index)}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
        <div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => rates.append({ country: '', region: '', name: '', rate: '' })}
          >
            Add rate
          </button>
        </div>
      </fieldset>
      {errors.root?.server ? (
        <p role="alert" className="text-error">
          {errors.root.server.message}
        </p>
      ) : null}
      <div>
        <SubmitButton pending={isSubmitting}>Save tax settings</SubmitButton>
      </div>
    </form>
  );
}

/** /dashboard/settings/taxes: Settings > Taxes (docs/product.md#shipping-and-taxes). */
export function Component() {
  useDocumentTitle('Taxes');
  const settings = useTaxSettings();
  return (
    <ListStatus
      isPending={settings.isPending}
      error={settings.error}
      isEmpty={!settings.data}
      emptyText="The tax settings could not be read."
      onRetry={() => void settings.refetch()}
    >
      {settings.data ? <TaxForm settings={settings.data} /> : null}
    </ListStatus>
  );
}
