import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { bulkShipSchema, type BulkShip, type BulkShipAnswer } from '@parts-shop/shared/bulk-ship';
import type { Order } from '@parts-shop/shared/order';
import { FormField } from '#web/components/ui/form-field.tsx';
import { CarrierField } from './carrier-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { useShipOrders } from '../api/ship-orders.ts';
import { plural } from '@parts-shop/shared/plural';

type Props = {
  /** The orders to ship; empty keeps the dialog closed. */
  orders: Order[];
  onClose: () => void;
  /** Called with the orders that shipped, once the server has answered. */
  onShipped: (ids: string[]) => void;
};

/** The server's answer, an order to a line: shipped, or why not. */
function Results({ answer }: { answer: BulkShipAnswer }) {
  const shipped = answer.results.filter((result) => result.shipped).length;
  return (
    <div role="status" className="flex flex-col gap-1 text-sm">
      <p className="font-medium">
        Shipped {shipped} of {answer.results.length}.
      </p>
      <ul className="flex flex-col gap-1">
        {answer.results.map((result) => (
          <li key={result.id} className="break-words">
            <span className="font-mono">{result.number ?? result.id}</span>:{' '}
            {result.shipped ? 'shipped' : `not shipped: ${result.reason ?? ''}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Ship selected (Manage Orders): each chosen order with its own carrier and tracking number,
 * both optional (left empty, it ships without tracking), sent at once; the server ships each by
 * the single ship's rules and the dialog shows, per order, which shipped and why not.
 */
export function ShipSelectedDialog({ orders, onClose, onShipped }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const ship = useShipOrders();
  const [answer, setAnswer] = useState<BulkShipAnswer | null>(null);
  const [failure, setFailure] = useState('');
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof bulkShipSchema>, unknown, BulkShip>({ resolver: zodResolver(bulkShipSchema) });
  const { fields } = useFieldArray({ control, name: 'orders' });
  const open = orders.length > 0;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      reset({ orders: orders.map((order) => ({ id: order._id, carrier: '', trackingNumber: '' })) });
      setAnswer(null);
      setFailure('');
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, orders, reset]);

  const onSubmit = handleSubmit((input) =>
    ship.mutateAsync(input).then(
      (answered) => {
        setAnswer(answered);
        onShipped(answered.results.filter((result) => result.shipped).map((result) => result.id));
      },
      (error: unknown) => setFailure(errorMessage(error, 'The orders could not be shipped. Please try again.')),
    ),
  );

  return (
    <dialog ref={ref} className="modal" aria-labelledby="ship-selected-title" onCancel={onClose}>
      <form className="modal-box flex flex-col gap-3" noValidate onSubmit={(event) => void onSubmit(event)}>
        <h2 id="ship-selected-title" className="text-lg font-bold">
          Ship {plural(orders.length, 'order')}
        </h2>
        {answer ? (
          <Results answer={answer} />
        ) : (
          <>
            <p className="text-sm">
              Carrier and tracking number are optional: left empty, the order ships without tracking.
            </p>
            {fields.map((field, index) => {
              const order = orders[index];
              return (
                <fieldset key={field.id} className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
                  <legend className="px-1 font-semibold">
                    {order ? `${order.number}, ${order.productName}` : field.id}
                  </legend>
                  <CarrierField
                    label={`Carrier for ${order?.number ?? ''} (optional)`}
                    error={errors.orders?.[index]?.carrier?.message}
                    {...register(`orders.${index}.carrier`)}
                  />
                  <FormField
                    label={`Tracking number for ${order?.number ?? ''} (optional)`}
                    maxLength={100}
                    error={errors.orders?.[index]?.trackingNumber?.message}
                    {...register(`orders.${index}.trackingNumber`)}
                  />
                </fieldset>
              );
            })}
          </>
        )}
        {failure ? (
          <p role="alert" className="font-medium text-error">
            {failure}
          </p>
        ) : null}
        <div className="modal-action">
          {answer ? null : <SubmitButton pending={ship.isPending}>Ship all</SubmitButton>}
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </dialog>
  );
}
