import { useId, type ComponentProps } from 'react';
import { KNOWN_CARRIERS } from '@parts-shop/shared/carriers';
import { FormField } from '#web/components/ui/form-field.tsx';

type Props = Omit<ComponentProps<'input'>, 'className' | 'list'> & { label: string; error?: string | undefined };

/**
 * The carrier of a shipment: one of the carriers whose tracking page the shop links (a list the browser offers as
 * it is typed into), or any other typed in full.
 */
export function CarrierField(props: Props) {
  const listId = useId();
  return (
    <>
      <FormField
        maxLength={60}
        autoComplete="off"
        hint="UPS, USPS, FedEx or DHL link the tracking number to their tracking page; any other can be typed."
        {...props}
        list={listId}
      />
      <datalist id={listId}>
        {KNOWN_CARRIERS.map((carrier) => (
          <option key={carrier.name} value={carrier.name} />
        ))}
      </datalist>
    </>
  );
}
