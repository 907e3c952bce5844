import { useId } from 'react';
import type { Delivery, DeliveryProfile } from '../hooks/use-delivery-profile.ts';

type Props = { delivery: DeliveryProfile; entered: Delivery };

export function SaveToProfileField({ delivery, entered }: Props) {
  const id = useId();
  const offer = delivery.offer(entered);
  if (offer.kind === 'none') return null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-primary"
          checked={delivery.saveChosen}
          aria-describedby={`${id}-hint`}
          onChange={(event) => delivery.setSaveChosen(event.target.checked)}
        />
        Save to my profile
      </label>
      <p id={`${id}-hint`} className="text-sm text-base-content/70">
        Your next order starts from this phone and address.
      </p>
    </div>
  );
}
