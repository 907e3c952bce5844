import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { PART_KIND_LABELS, specFieldsOf, type PartKind, type SpecField } from '@parts-shop/shared/part-specs';
import { FieldError, FormField } from '#web/components/ui/form-field.tsx';

export type SpecsForm = { kind: PartKind; specs: Record<string, unknown> };

const labelOf = (field: SpecField) => (field.unit ? `${field.label} (${field.unit})` : field.label);

function SpecInput({ field }: { field: SpecField }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<SpecsForm>();
  const groupId = useId();
  const name = `specs.${field.name}` as const;
  const message = errors.specs?.[field.name]?.message;
  const error = typeof message === 'string' ? message : undefined;
  // A field of another kind (or cooler type) leaves the values when it leaves the screen, so the specs sent are
  // exactly the fields shown.
  const keep = { shouldUnregister: true } as const;
  switch (field.input) {
    case 'whole':
    case 'decimal':
      return (
        <FormField
          label={labelOf(field)}
          error={error}
          type="number"
          inputMode={field.input === 'whole' ? 'numeric' : 'decimal'}
          step={field.input === 'whole' ? 1 : 'any'}
          required={!field.optional}
          {...register(name, { ...keep, setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
        />
      );
    case 'choice':
      return (
        <FormField
          as="select"
          label={labelOf(field)}
          error={error}
          required
          {...register(name, { ...keep, setValueAs: (v: string) => (v === '' ? undefined : v) })}
        >
          <option value="">Choose…</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {field.optionLabels?.[option] ?? option}
            </option>
          ))}
        </FormField>
      );
    case 'choices':
      return (
        <fieldset
          className="flex flex-col gap-1"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${groupId}-error` : undefined}
        >
          <legend className="mb-1 text-sm font-medium">{labelOf(field)}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {field.options.map((option) => (
              <label key={option} className="flex items-center gap-2">
                <input type="checkbox" className="checkbox checkbox-sm" value={option} {...register(name, keep)} />
                {field.optionLabels?.[option] ?? option}
              </label>
            ))}
          </div>
          <FieldError id={`${groupId}-error`} message={error} />
        </fieldset>
      );
    case 'yesno':
      return (
        <div className="flex flex-col gap-1">
          <label className="flex items-center gap-2 pt-6 text-sm font-medium">
            <input type="checkbox" className="checkbox checkbox-sm" {...register(name, keep)} />
            {labelOf(field)}
          </label>
          <FieldError id={`${groupId}-error`} message={error} />
        </div>
      );
  }
}

export function SpecFields() {
  const { watch } = useFormContext<SpecsForm>();
  const kind = watch('kind');
  const fields = specFieldsOf(kind, watch('specs.type'));
  if (fields.length === 0) return null;
  return (
    <fieldset className="grid gap-4 rounded-box border border-base-300 p-4 sm:col-span-6 sm:grid-cols-2">
      <legend className="px-1 font-semibold">{PART_KIND_LABELS[kind]} specifications</legend>
      {fields.map((field) => (
        // Keyed by kind too: a field of the same name under another kind starts afresh.
        <SpecInput key={`${kind}:${field.name}`} field={field} />
      ))}
    </fieldset>
  );
}

export function specPaths(kind: PartKind, variant: unknown): `specs.${string}`[] {
  return specFieldsOf(kind, variant).map((field) => `specs.${field.name}` as const);
}
