import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { Order } from '@parts-shop/shared/order';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';

type Props = {
  /** The order to ship; null keeps the dialog closed. */
  order: Order | null;
  busy: boolean;
  onShip: (tracking: { carrier: string; trackingNumber: string }) => void;
  onClose: () => void;
};

/** Ship: asks for an optional carrier and tracking number, shown to the customer on their receipt. */
export function ShipOrderDialog({ order, busy, onShip, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (order && !dialog.open) {
      setCarrier('');
      setTrackingNumber('');
      dialog.showModal();
    }
    if (!order && dialog.open) dialog.close();
  }, [order]);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onShip({ carrier: carrier.trim(), trackingNumber: trackingNumber.trim() });
  };

  return (
    <dialog ref={ref} className="modal" aria-labelledby="ship-title" onCancel={onClose}>
      <form className="modal-box flex flex-col gap-3" onSubmit={submit}>
        <h2 id="ship-title" className="text-lg font-bold">
          Ship order {order?.number}
        </h2>
        <p className="text-sm">
          {order ? `${order.totalOrder} × ${order.productName} to ${order.userName}, ${order.address}` : null}
        </p>
        <FormField
          label="Carrier (optional)"
          name="carrier"
          maxLength={60}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
        />
        <FormField
          label="Tracking number (optional)"
          name="trackingNumber"
          maxLength={100}
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
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
