import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { ManageOrdersTable } from './manage-orders-table.tsx';
import { MyOrdersTable } from './my-orders-table.tsx';
import { OrderStatusLabel } from './order-status.tsx';
import { order } from '#web-test/fixtures.ts';
import { renderRoute } from '#web-test/render-route.tsx';

const unpaid = order({ _id: 'o-unpaid', productName: 'Ryzen 7', number: 'PS-000011' });
const pending = order({
  _id: 'o-pending',
  productName: 'RTX 4070',
  paid: true,
  transactionId: 'pi_pending',
  number: 'PS-000012',
  status: 'paid',
});
const shipped = order({
  _id: 'o-shipped',
  number: 'PS-000013',
  productName: 'Samsung SSD',
  paid: true,
  shipped: true,
  transactionId: 'pi_shipped',
  status: 'shipped',
});

describe('OrderStatusLabel', () => {
  it.each([
    [unpaid, 'Unpaid'],
    [pending, 'Pending'],
    [shipped, 'Shipped'],
  ])('labels the order', (o, label) => {
    renderRoute(<OrderStatusLabel order={o} />);
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('shows the transaction id of a paid order only', () => {
    renderRoute(<OrderStatusLabel order={pending} />);
    expect(screen.getByText('pi_pending')).toBeTruthy();
    cleanup();
    renderRoute(<OrderStatusLabel order={unpaid} />);
    expect(screen.queryByText(/Transaction id/)).toBeNull();
  });
});

const myOrders = (props: Partial<ComponentProps<typeof MyOrdersTable>> = {}) => (
  <>
    <h2 id="title">My Orders</h2>
    <MyOrdersTable orders={[unpaid, pending, shipped]} labelledBy="title" onCancel={vi.fn()} {...props} />
  </>
);

const manageOrders = (props: Partial<ComponentProps<typeof ManageOrdersTable>> = {}) => (
  <>
    <h2 id="title">Manage Orders</h2>
    <ManageOrdersTable
      orders={[unpaid, pending, shipped]}
      labelledBy="title"
      onCancel={vi.fn()}
      onShip={vi.fn()}
      shippingIds={[]}
      {...props}
    />
  </>
);

describe('MyOrdersTable', () => {
  it("has the contract's columns", () => {
    renderRoute(myOrders());
    const table = screen.getByRole('table', { name: 'My Orders' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['no.', 'Order', 'Date', 'Name', 'Product', 'Quantity', 'Price', 'Status']);
    const firstRow = within(table).getAllByRole('row')[1];
    expect(firstRow?.textContent).toContain('Casey Customer');
    expect(firstRow?.textContent).toContain('$259.98');
    expect(firstRow?.textContent).toContain('2025');
  });

  it('lists every line of a build order in its Product cell', () => {
    const build = order({
      _id: 'o-build',
      number: 'PS-000020',
      partId: null,
      productName: 'Ryzen 5 7600 and 2 more parts',
      totalOrder: 4,
      totalPrice: '612.97',
      subtotal: '612.97',
      total: '612.97',
      lines: [
        {
          id: 'l-1',
          partId: 'p-1',
          productName: 'Ryzen 5 7600',
          quantity: 1,
          unitPrice: '199.99',
          restocked: 0,
          tax: '0.00',
          discount: '0.00',
        },
        {
          id: 'l-2',
          partId: 'p-2',
          productName: 'DDR5 16 GB',
          quantity: 2,
          unitPrice: '56.49',
          restocked: 0,
          tax: '0.00',
          discount: '0.00',
        },
        {
          id: 'l-3',
          partId: 'p-3',
          productName: 'B650 Board',
          quantity: 1,
          unitPrice: '300.00',
          restocked: 0,
          tax: '0.00',
          discount: '0.00',
        },
      ],
    });
    renderRoute(myOrders({ orders: [build] }));
    const table = screen.getByRole('table', { name: 'My Orders' });
    const lines = within(table).getByRole('list', { name: 'Ryzen 5 7600 and 2 more parts' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1 × Ryzen 5 7600', '2 × DDR5 16 GB', '1 × B650 Board']);
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('$612.97');
  });

  it('opens each order as a receipt from its number', () => {
    renderRoute(myOrders());
    expect(screen.getByRole('link', { name: 'PS-000012' }).getAttribute('href')).toBe('/dashboard/orders/o-pending');
  });

  it('offers Pay and Cancel on an unpaid order, named after its product', () => {
    const onCancel = vi.fn();
    renderRoute(myOrders({ onCancel }));
    const payLink = screen.getByRole('link', { name: 'Pay for Ryzen 7' });
    expect(payLink.textContent).toBe('Pay');
    expect(payLink.getAttribute('href')).toBe('/dashboard/payment/o-unpaid');
    const cancel = screen.getByRole('button', { name: 'Cancel order for Ryzen 7' });
    expect(cancel.textContent).toBe('Cancel');
    fireEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledWith(unpaid);
  });

  it('shows Pending or Shipped with the transaction id on paid orders, and no actions', () => {
    renderRoute(myOrders());
    // One Pay link besides the three order numbers.
    expect(screen.getAllByRole('link')).toHaveLength(4);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    const rows = screen.getAllByRole('row');
    expect(rows[2]?.textContent).toContain('Pending');
    expect(rows[2]?.textContent).toContain('paid, waiting to ship');
    expect(rows[3]?.textContent).not.toContain('waiting to ship');
    expect(rows[2]?.textContent).toContain('pi_pending');
    expect(rows[3]?.textContent).toContain('Shipped');
    expect(rows[3]?.textContent).toContain('pi_shipped');
  });
});

describe('ManageOrdersTable', () => {
  it("has the contract's columns", () => {
    renderRoute(manageOrders());
    const table = screen.getByRole('table', { name: 'Manage Orders' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['no.', 'Order', 'Date', 'Name', 'Email', 'Product', 'Quantity', 'Price', 'Status']);
  });

  it('names the AI assistant that placed an order under its number, and nothing for a web order', () => {
    renderRoute(manageOrders({ orders: [{ ...pending, origin: 'assistant.example' }, shipped] }));
    const rows = within(screen.getByRole('table', { name: 'Manage Orders' })).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('via assistant.example')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByText(/^via /)).toBeNull();
  });

  it('shows Unpaid and Cancel, Pending and Ship, or just Shipped', () => {
    const onCancel = vi.fn();
    const onShip = vi.fn();
    renderRoute(manageOrders({ onCancel, onShip }));
    const rows = screen.getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Unpaid');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Cancel order for Ryzen 7' }));
    expect(onCancel).toHaveBeenCalledWith(unpaid);
    expect(rows[2]?.textContent).toContain('Pending');
    const ship = within(rows[2] as HTMLElement).getByRole('button', { name: 'Ship order PS-000012 for RTX 4070' });
    expect(ship.textContent).toBe('Ship');
    fireEvent.click(ship);
    expect(onShip).toHaveBeenCalledWith(pending);
    expect(rows[3]?.textContent).toContain('Shipped');
    expect(within(rows[3] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('disables Ship while that order is being shipped', () => {
    renderRoute(manageOrders({ shippingIds: ['o-pending'] }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Ship order PS-000012 for RTX 4070' }).disabled).toBe(
      true,
    );
  });
});
