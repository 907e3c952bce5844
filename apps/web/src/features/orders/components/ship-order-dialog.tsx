import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { shipSchema, unitsToShip, type Order } from '@parts-shop/shared/order';
import { FormField } from '#web/components/ui/form-field.tsx';
import { CarrierField } from './carrier-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { addressLines } from '#web/components/checkout/address-text.ts';

const trackingSchema = shipSchema.pick({ carrier: true, trackingNumber: true });
type TrackingFields = z.input<typeof trackingSchema>;
export type Tracking = z.output<typeof trackingSchema>;

type Props = {
  order: Order | null;
  busy: boolean;
  onShip: (tracking: Tracking) => void;
  onClose: () => void;
};

function ShipmentLines({ order }: { order: Order }) {
  const lines = order.lines.filter((line) => unitsToShip(line) > 0);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <ul aria-label="What ships" className="flex flex-col gap-1">
        {lines.map((line) => (
          <li key={line.id}>
            {unitsToShip(line)} × {line.productName}
          </li>
        ))}
      </ul>
      <p>
        To {order.userName}, {addressLines(order.shippingAddress).join(', ')}
      </p>
    </div>
  );
}

export function ShipOrderDialog({ order, busy, onShip, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TrackingFields, unknown, Tracking>({
    resolver: zodResolver(trackingSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (order && !dialog.open) {
      reset();
      dialog.showModal();
    }
    if (!order && dialog.open) dialog.close();
  }, [order, reset]);

  return (
    <dialog ref={ref} className="modal" aria-labelledby="ship-title" onCancel={onClose}>
      <form className="modal-box flex flex-col gap-3" noValidate onSubmit={(event) => void handleSubmit(onShip)(event)}>
        <h2 id="ship-title" className="text-lg font-bold">
          Ship order {order?.number}
        </h2>
        {order ? <ShipmentLines order={order} /> : null}
        <CarrierField label="Carrier (optional)" error={errors.carrier?.message} {...register('carrier')} />
        <FormField
          label="Tracking number (optional)"
          maxLength={100}
          error={errors.trackingNumber?.message}
          {...register('trackingNumber')}
        />
        <div className="modal-action">
          <SubmitButton pending={busy}>Ship</SubmitButton>
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </dialog>
  );
}
