import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { centsToPriceString, dollarsToCents, formatCents, formatDollars } from '@parts-shop/shared/money';
import type { Order } from '@parts-shop/shared/order';
import {
  cancelOrderSchema,
  newRefundSchema,
  newReturnSchema,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  returnDecisionSchema,
  type NewRefund,
  type OrderReturn,
} from '@parts-shop/shared/refunds';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import {
  useCancelWithReason,
  useDecideReturn,
  useRefundsAndReturns,
  useRefundOrder,
  useRequestReturn,
} from '../api/refunds.ts';
import { plural } from '@parts-shop/shared/plural';

const onError = (error: Error) => toastError(error.message);

/**
 * A checked form's values waiting for the admin's Yes in the Are You Sure dialog: money that
 * goes back cannot be taken back, so a refund and a cancel are asked once more.
 */
function useConfirmed<T>(send: (values: T) => Promise<void>) {
  const [pending, setPending] = useState<T | null>(null);
  return {
    ask: (values: T) => setPending(() => values),
    dialog: (description: (values: T) => string, busy: boolean) => (
      <ConfirmDialog
        open={pending !== null}
        busy={busy}
        description={pending === null ? undefined : description(pending)}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending === null) return;
          void send(pending);
          setPending(null);
        }}
      />
    ),
  };
}

/** Admin: cancel a paid, unshipped order with a reason; it is refunded in full and restocked. */
function CancelForm({ order }: { order: Order }) {
  const cancel = useCancelWithReason(order._id);
  const form = useForm<z.input<typeof cancelOrderSchema>, unknown, z.output<typeof cancelOrderSchema>>({
    resolver: zodResolver(cancelOrderSchema),
    defaultValues: { reason: '' },
  });
  // The promise, not mutate's callbacks: the form leaves the page once the order is cancelled.
  const confirm = useConfirmed(({ reason }: z.output<typeof cancelOrderSchema>) =>
    cancel.mutateAsync(reason).then(() => toastSuccess('Order cancelled'), onError),
  );
  const submit = form.handleSubmit(confirm.ask);
  const left = dollarsToCents(Number(order.totalPrice)) - dollarsToCents(Number(order.refunded));
  return (
    <form className="flex flex-col gap-2" noValidate onSubmit={(e) => void submit(e)} aria-label="Cancel order">
      <FormField
        label="Reason for cancelling"
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <SubmitButton pending={cancel.isPending}>Cancel order</SubmitButton>
      {confirm.dialog(
        () => `Cancel order ${order.number}, refund ${formatCents(left)} and put its units back on the shelf`,
        cancel.isPending,
      )}
    </form>
  );
}

/** The line select's value for the order's shipping: not a line id, so it is sent as `shipping: true`. */
const SHIPPING_CHOICE = 'shipping';

/**
 * Admin: refund part of the order (dollars), optionally for one line, putting units of it back on the shelf, or for
 * the shipping.
 */
function RefundForm({ order }: { order: Order }) {
  const refund = useRefundOrder(order._id);
  const [only] = order.lines.length === 1 ? order.lines : [];
  const form = useForm<z.input<typeof newRefundSchema>, unknown, z.output<typeof newRefundSchema>>({
    resolver: zodResolver(newRefundSchema),
    defaultValues: { amount: '', reason: '', lineId: only?.id },
  });
  const { errors } = form.formState;
  // The promise, not mutate's callbacks: a refund of all that is left takes the form off the page.
  const confirm = useConfirmed((body: NewRefund) =>
    refund.mutateAsync(body).then(() => {
      toastSuccess('Refunded');
      form.reset();
    }, onError),
  );
  const submit = form.handleSubmit(confirm.ask);
  const describe = (body: NewRefund) => {
    const line = order.lines.find((l) => l.id === body.lineId);
    const units = body.restock === true ? 'every unit left' : body.restock ? plural(body.restock, 'unit') : '';
    return (
      `Refund ${formatCents(dollarsToCents(body.amount))} on order ${order.number}` +
      (line ? ` for ${line.productName}` : body.shipping ? ' for the shipping' : '') +
      (units ? `, putting ${units} back on the shelf` : '')
    );
  };
  return (
    <form className="flex flex-col gap-2" noValidate onSubmit={(e) => void submit(e)} aria-label="Refund">
      <FormField label="Amount ($)" inputMode="decimal" error={errors.amount?.message} {...form.register('amount')} />
      <FormField label="Reason for the refund" error={errors.reason?.message} {...form.register('reason')} />
      <FormField
        as="select"
        label="For the line"
        error={errors.lineId?.message}
        {...form.register('lineId', {
          setValueAs: (v: string) => (v === '' || v === SHIPPING_CHOICE ? undefined : v),
          onChange: (event: { target: { value: string } }) =>
            form.setValue('shipping', event.target.value === SHIPPING_CHOICE ? true : undefined),
        })}
      >
        {only ? null : <option value="">The whole order</option>}
        {order.lines.map((line) => (
          <option key={line.id} value={line.id}>
            {line.quantity} × {line.productName}
          </option>
        ))}
        {order.shipping && dollarsToCents(Number(order.shippingPrice)) > 0 ? (
          <option value={SHIPPING_CHOICE}>
            The shipping ({order.shipping.title}, {formatDollars(order.shippingPrice)})
          </option>
        ) : null}
      </FormField>
      <FormField
        label="Units of that line back on the shelf (optional)"
        type="number"
        min={0}
        error={errors.restock?.message}
        {...form.register('restock', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
      />
      <SubmitButton pending={refund.isPending}>Refund</SubmitButton>
      {confirm.dialog(describe, refund.isPending)}
    </form>
  );
}

/** The customer: ask to send units of one line of a shipped order back. */
function ReturnRequestForm({ order }: { order: Order }) {
  const ask = useRequestReturn(order._id);
  // A line whose part is no longer sold cannot go back on a shelf.
  const returnable = order.lines.flatMap((line) => (line.partId ? [{ ...line, partId: line.partId }] : []));
  const form = useForm<z.input<typeof newReturnSchema>, unknown, z.output<typeof newReturnSchema>>({
    resolver: zodResolver(newReturnSchema),
    defaultValues: { lines: [{ partId: returnable[0]?.partId ?? '', quantity: 1 }], reason: 'damaged_on_arrival' },
  });
  const submit = form.handleSubmit((body) =>
    ask.mutate(body, { onSuccess: () => toastSuccess('Return requested'), onError }),
  );
  return (
    <form className="flex flex-col gap-2" noValidate onSubmit={(e) => void submit(e)} aria-label="Request a return">
      <FormField as="select" label="Part to return" {...form.register('lines.0.partId')}>
        {returnable.map((line) => (
          <option key={line.id} value={line.partId}>
            {line.productName} ({line.quantity} bought)
          </option>
        ))}
      </FormField>
      <FormField
        label="Units to return"
        type="number"
        min={1}
        max={order.totalOrder}
        error={form.formState.errors.lines?.[0]?.quantity?.message}
        {...form.register('lines.0.quantity', { valueAsNumber: true })}
      />
      <FormField as="select" label="Reason" {...form.register('reason')}>
        {RETURN_REASONS.map((code) => (
          <option key={code} value={code}>
            {RETURN_REASON_LABELS[code]}
          </option>
        ))}
      </FormField>
      <SubmitButton pending={ask.isPending}>Request a return</SubmitButton>
    </form>
  );
}

/**
 * What the returned units were bought for, at most what is left to refund on the order: the refund a received
 * return usually gets, as the field's starting value ('' when nothing is left).
 */
function returnedPrice(order: Order, request: OrderReturn): string {
  const paid = request.lines.reduce((cents, returned) => {
    const line = order.lines.find((l) => l.partId === returned.partId);
    return cents + (line ? returned.quantity * dollarsToCents(Number(line.unitPrice)) : 0);
  }, 0);
  const left = dollarsToCents(Number(order.totalPrice)) - dollarsToCents(Number(order.refunded));
  const cents = Math.min(paid, left);
  return cents > 0 ? centsToPriceString(cents) : '';
}

/** Admin: approve, reject, or receive a return (restocking and refunding as asked). */
function ReturnDecision({ order, request }: { order: Order; request: OrderReturn }) {
  const decide = useDecideReturn();
  const form = useForm<z.input<typeof returnDecisionSchema>, unknown, z.output<typeof returnDecisionSchema>>({
    resolver: zodResolver(returnDecisionSchema),
    // A part that arrived damaged goes back to the supplier, not on the shelf.
    defaultValues: {
      status: 'received',
      restock: request.reason !== 'damaged_on_arrival',
      refund: returnedPrice(order, request) || undefined,
    },
  });
  const send = (decision: z.output<typeof returnDecisionSchema>) =>
    decide.mutate({ id: request.id, decision }, { onSuccess: () => toastSuccess('Return updated'), onError });
  const receive = form.handleSubmit(send);
  return (
    <div className="flex flex-col gap-2">
      {request.status === 'requested' ? (
        <button type="button" className="btn btn-sm" onClick={() => send({ status: 'approved' })}>
          Approve
        </button>
      ) : null}
      <button type="button" className="btn btn-sm" onClick={() => send({ status: 'rejected' })}>
        Reject
      </button>
      <form className="flex flex-col gap-2" noValidate onSubmit={(e) => void receive(e)} aria-label="Receive return">
        <label className="flex items-center gap-2">
          <input type="checkbox" className="checkbox" {...form.register('restock')} />
          Put the units back on the shelf
        </label>
        <FormField
          label="Refund ($, optional)"
          hint="Starts at what the returned units were bought for; clear it for no refund."
          inputMode="decimal"
          error={form.formState.errors.refund?.message}
          {...form.register('refund', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
        />
        <SubmitButton pending={decide.isPending}>Mark received</SubmitButton>
      </form>
    </div>
  );
}

/** What a return sends back, '2 × Name' per part, named from the order's lines. */
function returnedParts(order: Order, request: OrderReturn): string {
  const named = (partId: string) =>
    order.lines.find((line) => line.partId === partId)?.productName ?? 'a part no longer sold';
  return request.lines.map((line) => `${line.quantity} × ${named(line.partId)}`).join(', ');
}

/**
 * The order page's refunds and returns: the history for everyone who may see the order, the
 * admin's Cancel and Refund, the customer's "Request a return" for a shipped order.
 */
export function RefundsAndReturns({ order, isAdmin }: { order: Order; isAdmin: boolean }) {
  const history = useRefundsAndReturns(order._id);
  const refunds = history.data?.refunds ?? [];
  const returns = history.data?.returns ?? [];
  const open = (r: OrderReturn) => r.status === 'requested' || r.status === 'approved';
  return (
    <section aria-labelledby="refunds-title" className="flex flex-col gap-3 print:hidden">
      <h3 id="refunds-title" className="text-lg font-semibold">
        Refunds and returns
      </h3>
      {order.cancelledAt ? (
        <p>
          Cancelled {order.cancelledBy ? `by ${order.cancelledBy}` : 'when the hold ran out'}: {order.cancelReason}
        </p>
      ) : null}
      {refunds.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {refunds.map((r) => (
            <li key={r.id}>
              {formatDollars(r.amount)} refunded ({r.reason}
              {r.restocked > 0 ? `, ${r.restocked} back on the shelf` : ''}){r.status === 'pending' ? ', pending' : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>No refunds.</p>
      )}
      {returns.map((r) => (
        <article key={r.id} className="flex flex-col gap-1 rounded border border-base-300 p-2">
          <p>
            Return of {returnedParts(order, r)} ({RETURN_REASON_LABELS[r.reason]}): {r.status}
            {r.status === 'received' && r.refunded !== '0.00' ? `, ${formatDollars(r.refunded)} refunded` : ''}
          </p>
          {isAdmin && open(r) ? <ReturnDecision order={order} request={r} /> : null}
        </article>
      ))}
      {isAdmin && order.paid && !order.shipped && !order.cancelledAt ? <CancelForm order={order} /> : null}
      {isAdmin && order.paid && !order.cancelledAt && order.refunded !== order.totalPrice ? (
        <RefundForm order={order} />
      ) : null}
      {!isAdmin && order.shipped && !order.cancelledAt ? <ReturnRequestForm order={order} /> : null}
    </section>
  );
}
