import { useFormContext } from 'react-hook-form';
import { SHORT_TEXT_MAX, TEXT_MAX } from '@parts-shop/shared/constants';
import { BRAND_MAX, PRICE_MAX, STOCK_MAX } from '@parts-shop/shared/part';
import { PART_KIND_LABELS, PART_KINDS } from '@parts-shop/shared/part-specs';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PhotoUpload } from './photo-upload.tsx';
import { SpecFields, specPaths, type SpecsForm } from './spec-fields.tsx';

export type ProductForm = SpecsForm & {
  name: string;
  brand?: string;
  description: string;
  img: string;
  minOrder: number;
  available?: number;
  price: number;
  lowStockAt?: number | null;
};

const COMMON_FIELDS = [
  'name',
  'brand',
  'description',
  'img',
  'minOrder',
  'price',
  'lowStockAt',
  'kind',
  'specs',
] as const;

export function productFieldPaths(form: Partial<SpecsForm>) {
  return [...COMMON_FIELDS, ...specPaths(form.kind ?? 'other', form.specs?.type)];
}

export function ProductFields({ withStock }: { withStock: boolean }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductForm>();
  const third = withStock ? 'sm:col-span-2' : 'sm:col-span-3';
  return (
    <>
      <FormField
        label="Name"
        error={errors.name?.message}
        className="sm:col-span-6"
        type="text"
        required
        maxLength={SHORT_TEXT_MAX}
        autoComplete="off"
        {...register('name')}
      />
      <FormField
        label="Brand"
        error={errors.brand?.message}
        className="sm:col-span-6"
        type="text"
        maxLength={BRAND_MAX}
        autoComplete="off"
        {...register('brand')}
      />
      <FormField
        as="textarea"
        label="Description"
        error={errors.description?.message}
        className="sm:col-span-6"
        required
        maxLength={TEXT_MAX}
        rows={4}
        {...register('description')}
      />
      <FormField
        label="Image URL"
        hint="A web address starting with https://, or upload a photo below"
        error={errors.img?.message}
        className="sm:col-span-6"
        type="text"
        inputMode="url"
        required
        maxLength={2000}
        autoComplete="off"
        placeholder="https://"
        {...register('img')}
      />
      <PhotoUpload />
      <FormField
        label="Min Order"
        hint="Smallest quantity a customer can buy"
        error={errors.minOrder?.message}
        className={third}
        type="number"
        inputMode="numeric"
        required
        min={1}
        max={STOCK_MAX}
        step={1}
        {...register('minOrder', { valueAsNumber: true })}
      />
      {withStock ? (
        <FormField
          label="Available"
          hint="Units in stock"
          error={errors.available?.message}
          className={third}
          type="number"
          inputMode="numeric"
          required
          min={0}
          max={STOCK_MAX}
          step={1}
          {...register('available', { valueAsNumber: true })}
        />
      ) : null}
      <FormField
        label="Price"
        hint="In dollars, e.g. 199.99"
        error={errors.price?.message}
        className={third}
        type="number"
        inputMode="decimal"
        required
        min={0.01}
        max={PRICE_MAX}
        step={0.01}
        {...register('price', { valueAsNumber: true })}
      />
      <FormField
        label="Low stock at"
        hint="Optional. At or below this many units the part shows Low stock and the admins get one email; empty: Low stock at 5 units, no email"
        error={errors.lowStockAt?.message}
        className="sm:col-span-6"
        type="number"
        inputMode="numeric"
        min={0}
        max={STOCK_MAX}
        step={1}
        {...register('lowStockAt', { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) })}
      />
      <FormField
        as="select"
        label="Kind"
        hint="The specifications below follow the kind"
        error={errors.kind?.message}
        className="sm:col-span-6"
        {...register('kind')}
      >
        {PART_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {PART_KIND_LABELS[kind]}
          </option>
        ))}
      </FormField>
      <SpecFields />
    </>
  );
}
