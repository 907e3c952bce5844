import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refundTooMuchMessage } from '@parts-shop/shared/api-messages';
import type { Order } from '@parts-shop/shared/order';
import type { OrderReturn } from '@parts-shop/shared/refunds';
import { RefundsAndReturns } from './refunds-and-returns.tsx';
import { Toasts } from '#web/components/ui/toasts.tsx';
import { answerApi, json } from '#web-test/api.ts';
import { order as orderFixture } from '#web-test/fixtures.ts';
import { renderRoute } from '#web-test/render-route.tsx';

const jsonBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

const cpu = { id: '01890a5d-ac96-774b-aaaa-000000000001', partId: '01890a5d-ac96-774b-bcce-000000000001' };
const ram = { id: '01890a5d-ac96-774b-aaaa-000000000002', partId: '01890a5d-ac96-774b-bcce-000000000002' };
/** A paid two-line build order, $299.97: one Ryzen 5 7600 and two DDR5 kits. */
const paid = orderFixture({
  productName: 'Ryzen 5 7600 and 1 more part',
  totalOrder: 3,
  totalPrice: '299.97',
  paid: true,
  transactionId: 'pi_1',
  status: 'paid',
  lines: [
    {
      ...cpu,
      productName: 'Ryzen 5 7600',
      quantity: 1,
      unitPrice: '199.99',
      restocked: 0,
      tax: '0.00',
      discount: '0.00',
    },
    { ...ram, productName: 'DDR5 kit', quantity: 2, unitPrice: '49.99', restocked: 0, tax: '0.00', discount: '0.00' },
  ],
});
const shipped: Order = { ...paid, shipped: true, status: 'shipped' };
const history = { refunds: [], returns: [] };

afterEach(() => vi.unstubAllGlobals());

function RefundsAndReturnsAndToasts(props: { order: Order; isAdmin: boolean }) {
  return (
    <>
      <RefundsAndReturns {...props} />
      <Toasts />
    </>
  );
}

/** The Are You Sure dialog that is open, once it says `text`. */
async function confirmDialog(text: string) {
  return waitFor(() => {
    const open = screen.getAllByRole('dialog', { hidden: true }).find((d) => d.hasAttribute('open'));
    if (!open) throw new Error('no dialog is open');
    expect(open.textContent).toContain(text);
    return open;
  });
}

/** A return request on the order, as GET /orders/{id}/refunds answers it. */
const request = (fields: Partial<OrderReturn>): OrderReturn => ({
  id: '01890a5d-ac96-774b-cccc-000000000002',
  orderId: 'o-1',
  lines: [{ partId: ram.partId, quantity: 1 }],
  reason: 'wrong_part',
  status: 'requested',
  restocked: false,
  refunded: '0.00',
  decidedBy: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  decidedAt: null,
  ...fields,
});

describe("the order page's refunds and returns, for an admin", () => {
  it('cancels a paid, unshipped order only with a reason, and sends that reason', async () => {
    const fetchMock = answerApi({
      'GET /api/orders/o-1/refunds': () => json(history),
      'POST /api/orders/o-1/cancel': () => json({ ...paid, status: 'cancelled', refunded: '299.97' }),
    });
    renderRoute(<RefundsAndReturnsAndToasts order={paid} isAdmin />);
    const form = await screen.findByRole('form', { name: 'Cancel order' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel order' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Reason for cancelling'), { target: { value: 'Out of stock' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel order' }));
    // Nothing goes until the admin says Yes: No leaves the order as it is.
    fireEvent.click(within(await confirmDialog('refund $299.97')).getByRole('button', { name: 'No' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(await confirmDialog('Cancel order')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order cancelled')).toBeTruthy();
    const cancel = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(jsonBody(cancel?.[1])).toEqual({ reason: 'Out of stock' });
  });

  it('refunds dollars for one line, putting units back, and shows the refusal of more than is left', async () => {
    const sent: unknown[] = [];
    answerApi({
      'GET /api/orders/o-1/refunds': () => json(history),
      'POST /api/orders/o-1/refunds': (init) => {
        sent.push(jsonBody(init));
        return json({ message: refundTooMuchMessage(29_997) }, 409);
      },
    });
    renderRoute(<RefundsAndReturnsAndToasts order={shipped} isAdmin />);
    const form = await screen.findByRole('form', { name: 'Refund' });
    // A shipped order is no longer cancelled, only refunded.
    expect(screen.queryByRole('form', { name: 'Cancel order' })).toBeNull();
    fireEvent.change(within(form).getByLabelText('Amount ($)'), { target: { value: '300.00' } });
    fireEvent.change(within(form).getByLabelText('Reason for the refund'), { target: { value: 'Kit was faulty' } });
    fireEvent.change(within(form).getByLabelText('For the line'), { target: { value: ram.id } });
    fireEvent.change(within(form).getByLabelText('Units of that line back on the shelf (optional)'), {
      target: { value: '1' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    const dialog = await confirmDialog('Refund $300.00 on order');
    expect(dialog.textContent).toContain('for DDR5 kit, putting 1 unit back on the shelf');
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('At most $299.97 is left to refund on this order')).toBeTruthy();
    expect(sent).toEqual([{ amount: 300, reason: 'Kit was faulty', lineId: ram.id, restock: 1 }]);
  });

  it('refunds the shipping, named as such, when the order paid for it', async () => {
    const sent: unknown[] = [];
    answerApi({
      'GET /api/orders/o-1/refunds': () => json(history),
      'POST /api/orders/o-1/refunds': (init) => {
        sent.push(jsonBody(init));
        return json({ message: 'stop here' }, 409);
      },
    });
    const withShipping: Order = {
      ...shipped,
      shipping: { optionId: 'us-express', title: 'Express', carrier: 'UPS', price: '14.99' },
      shippingPrice: '14.99',
    };
    renderRoute(<RefundsAndReturnsAndToasts order={withShipping} isAdmin />);
    const form = await screen.findByRole('form', { name: 'Refund' });
    fireEvent.change(within(form).getByLabelText('Amount ($)'), { target: { value: '14.99' } });
    fireEvent.change(within(form).getByLabelText('Reason for the refund'), { target: { value: 'Arrived late' } });
    fireEvent.change(within(form).getByLabelText('For the line'), { target: { value: 'shipping' } });
    expect(within(form).getByRole('option', { name: 'The shipping (Express, $14.99)' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    const dialog = await confirmDialog('Refund $14.99 on order');
    expect(dialog.textContent).toContain('for the shipping');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await screen.findByText('stop here');
    expect(sent).toEqual([{ amount: 14.99, reason: 'Arrived late', shipping: true }]);
  });

  it('offers no shipping refund for an order that paid none', async () => {
    answerApi({ 'GET /api/orders/o-1/refunds': () => json(history) });
    renderRoute(<RefundsAndReturnsAndToasts order={shipped} isAdmin />);
    const form = await screen.findByRole('form', { name: 'Refund' });
    expect(within(form).queryByRole('option', { name: /The shipping/ })).toBeNull();
  });

  it('refuses an amount that is not dollars and cents before asking the server', async () => {
    const fetchMock = answerApi({ 'GET /api/orders/o-1/refunds': () => json(history) });
    renderRoute(<RefundsAndReturnsAndToasts order={shipped} isAdmin />);
    const form = await screen.findByRole('form', { name: 'Refund' });
    fireEvent.change(within(form).getByLabelText('Amount ($)'), { target: { value: '12.345' } });
    fireEvent.change(within(form).getByLabelText('Reason for the refund'), { target: { value: 'Scratched' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Give an amount like 12.50');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('names the parts of each return, and leaves Restock unticked for a part damaged on arrival', async () => {
    answerApi({
      'GET /api/orders/o-1/refunds': () =>
        json({
          refunds: [],
          returns: [
            request({ lines: [{ partId: cpu.partId, quantity: 1 }], reason: 'damaged_on_arrival' }),
            request({ id: '01890a5d-ac96-774b-cccc-000000000003', lines: [{ partId: ram.partId, quantity: 2 }] }),
          ],
        }),
    });
    renderRoute(<RefundsAndReturnsAndToasts order={shipped} isAdmin />);
    expect(await screen.findByText('Return of 1 × Ryzen 5 7600 (Damaged on arrival): requested')).toBeTruthy();
    expect(screen.getByText('Return of 2 × DDR5 kit (Wrong part): requested')).toBeTruthy();
    const [damaged, wrong] = screen.getAllByRole('checkbox', { name: 'Put the units back on the shelf' });
    expect((damaged as HTMLInputElement).checked).toBe(false);
    expect((wrong as HTMLInputElement).checked).toBe(true);
  });

  it('offers no return request: only the customer asks', async () => {
    answerApi({ 'GET /api/orders/o-1/refunds': () => json(history) });
    renderRoute(<RefundsAndReturnsAndToasts order={shipped} isAdmin />);
    await screen.findByRole('form', { name: 'Refund' });
    expect(screen.queryByRole('form', { name: 'Request a return' })).toBeNull();
  });
});

describe("the order page's refunds and returns, for the customer", () => {
  it('asks to return units of one part of a shipped order, with a reason', async () => {
    const sent: unknown[] = [];
    answerApi({
      'GET /api/orders/o-1/refunds': () => json(history),
      'POST /api/orders/o-1/returns': (init) => {
        sent.push(jsonBody(init));
        return json(
          {
            id: '01890a5d-ac96-774b-cccc-000000000001',
            orderId: 'o-1',
            lines: [{ partId: ram.partId, quantity: 2 }],
            reason: 'wrong_part',
            status: 'requested',
            restocked: false,
            refunded: '0.00',
            decidedBy: null,
            createdAt: '2026-01-05T10:00:00.000Z',
            decidedAt: null,
          },
          201,
        );
      },
    });
    renderRoute(<RefundsAndReturnsAndToasts order={shipped} isAdmin={false} />);
    const form = await screen.findByRole('form', { name: 'Request a return' });
    // Neither Cancel nor Refund is the customer's.
    expect(screen.queryByRole('form', { name: 'Refund' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Cancel order' })).toBeNull();
    fireEvent.change(within(form).getByLabelText('Part to return'), { target: { value: ram.partId } });
    fireEvent.change(within(form).getByLabelText('Units to return'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'wrong_part' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request a return' }));

    expect(await screen.findByText('Return requested')).toBeTruthy();
    expect(sent).toEqual([{ lines: [{ partId: ram.partId, quantity: 2 }], reason: 'wrong_part' }]);
  });

  it('offers no return before the order has shipped', async () => {
    answerApi({ 'GET /api/orders/o-1/refunds': () => json(history) });
    renderRoute(<RefundsAndReturnsAndToasts order={paid} isAdmin={false} />);
    await waitFor(() => expect(screen.getByText('No refunds.')).toBeTruthy());
    expect(screen.queryByRole('form', { name: 'Request a return' })).toBeNull();
  });
});
