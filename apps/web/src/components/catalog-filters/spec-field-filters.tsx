import type { SubmitEvent } from 'react';
import { ownSpecFields, type PartFacets } from '@parts-shop/shared/part-query';
import type { PartKind, SpecField } from '@parts-shop/shared/part-specs';
import { isNumeric, specParam } from '@parts-shop/shared/spec-filters';
import { FormField } from '#web/components/ui/form-field.tsx';
import { changeCatalog, textOf, type CatalogState, type ChangeCatalog } from '#web/lib/catalog-state.ts';

type Props = {
  kind: PartKind;
  state: CatalogState;
  facets: PartFacets | undefined;
  onChange: ChangeCatalog;
};

/** A label inside a sentence ('Min recommended PSU'): an ordinary first word lowers, never 'TDP', 'M.2' or 'PCIe'. */
export function midSentence(label: string): string {
  const [word = ''] = label.split(' ');
  return /^[A-Z][a-z]+$/.test(word) ? `${label.charAt(0).toLowerCase()}${label.slice(1)}` : label;
}

const withUnit = (field: SpecField) =>
  field.unit ? `${midSentence(field.label)} (${field.unit})` : midSentence(field.label);

function setParams(state: CatalogState, changes: Record<string, string>): CatalogState {
  return changeCatalog(state, { specParams: { ...state.specParams, ...changes } });
}

function ChoiceFilter({ field, state, facets, onChange }: Omit<Props, 'kind'> & { field: SpecField }) {
  const param = specParam(field.name, 'eq');
  const counts = facets?.specs?.[field.name]?.counts;
  const options =
    field.input === 'yesno'
      ? [
          ['true', 'Yes'],
          ['false', 'No'],
        ]
      : 'options' in field
        ? field.options.map((o) => [o, field.optionLabels?.[o] ?? o])
        : [];
  return (
    <FormField
      as="select"
      label={field.label}
      value={state.specParams[param] ?? ''}
      onChange={(event) => onChange(setParams(state, { [param]: event.target.value }))}
    >
      <option value="">Any</option>
      {options.map(([value = '', label]) => (
        <option key={value} value={value}>
          {counts ? `${label} (${counts[value] ?? 0})` : label}
        </option>
      ))}
    </FormField>
  );
}

export function SpecFieldFilters({ kind, state, facets, onChange }: Props) {
  // The fields the catalog's shared spec filters read (a processor's memory types) are those filters.
  const fields = ownSpecFields(kind);
  const numbers = fields.filter(isNumeric);
  function apply(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const changes = Object.fromEntries(
      numbers.flatMap((field) =>
        (['min', 'max'] as const).map((op) => {
          const param = specParam(field.name, op);
          return [param, textOf(form.get(param)).trim()];
        }),
      ),
    );
    onChange(setParams(state, changes));
  }
  return (
    <>
      {fields
        .filter((field) => !isNumeric(field))
        .map((field) => (
          <ChoiceFilter key={field.name} field={field} state={state} facets={facets} onChange={onChange} />
        ))}
      {numbers.length > 0 ? (
        <form
          key={JSON.stringify(state.specParams)}
          noValidate
          onSubmit={apply}
          aria-label="Spec ranges"
          className="grid grid-cols-2 items-end gap-2"
        >
          {numbers.flatMap((field) => {
            const range = facets?.specs?.[field.name];
            return (['min', 'max'] as const).map((op) => {
              const param = specParam(field.name, op);
              const bound = op === 'min' ? range?.min : range?.max;
              return (
                <FormField
                  key={param}
                  label={`${op === 'min' ? 'Min' : 'Max'} ${withUnit(field)}`}
                  name={param}
                  type="number"
                  inputMode="decimal"
                  step="any"
                  placeholder={bound === undefined || bound === null ? undefined : String(bound)}
                  defaultValue={state.specParams[param] ?? ''}
                />
              );
            });
          })}
          <button type="submit" className="btn btn-outline btn-sm col-span-2">
            Apply specs
          </button>
        </form>
      ) : null}
    </>
  );
}
