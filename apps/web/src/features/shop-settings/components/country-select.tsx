import type { ComponentProps } from 'react';
import { countryChoices } from '#web/components/checkout/places.ts';
import { FormField } from '#web/components/ui/form-field.tsx';

type Props = Omit<ComponentProps<'select'>, 'className'> & { label: string; error?: string | undefined; hint?: string };

/** Every country by name, its ISO code as the value: the settings' country fields. */
export function CountrySelect(props: Props) {
  const { others } = countryChoices([]);
  return (
    <FormField as="select" {...props}>
      <option value="">Choose a country</option>
      {others.map((place) => (
        <option key={place.code} value={place.code}>
          {place.name}
        </option>
      ))}
    </FormField>
  );
}
