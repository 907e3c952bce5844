import type { ComponentProps, ReactElement } from 'react';
import { countryChoices } from '#web/components/checkout/places.ts';
import { FormField } from '#web/components/ui/form-field.tsx';

type Props = Omit<ComponentProps<'select'>, 'className'> & { label: string; error?: string | undefined; hint?: string };

let options: ReactElement[] | undefined;
/** The same options for every select of a form: a zone may list dozens of countries, each a select of them all. */
function countryOptions(): ReactElement[] {
  options ??= countryChoices([]).others.map((place) => (
    <option key={place.code} value={place.code}>
      {place.name}
    </option>
  ));
  return options;
}

/** Every country by name, its ISO code as the value: the settings' country fields. */
export function CountrySelect(props: Props) {
  return (
    <FormField as="select" {...props}>
      <option value="">Choose a country</option>
      {countryOptions()}
    </FormField>
  );
}
