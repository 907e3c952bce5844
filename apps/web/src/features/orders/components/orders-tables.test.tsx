import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Order } from '@parts-shop/shared/order';
import { ManageOrdersTable } from './manage-orders-table.tsx';
import { MyOrdersTable } from './my-orders-table.tsx';
import { OrderStatusLabel } from './order-status.tsx';

function order(overrides: Partial<Order>): Order {
  return {
    _id: 'o-1',
    partId: 'p-1',
    userName: 'Casey Customer',
    email: 'customer@example.com',
    productName: 'RTX 4070',
    phoneNumber: '0123456789',
    totalPrice: '259.98',
    totalOrder: 2,
    address: '1 Main Street',
    paid: false,
    shipped: false,
    transactionId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    number: 'PS-000001',
    placedAt: '2025-01-01T00:00:00.000Z',
    paidAt: null,
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    status: 'unpaid',
    refunded: '0.00',
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    ...overrides,
  };
}

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

afterEach(cleanup);

describe('OrderStatusLabel', () => {
  it.each([
    [unpaid, 'Unpaid'],
    [pending, 'Pending'],
    [shipped, 'Shipped'],
  ])('labels the order', (o, label) => {
    render(<OrderStatusLabel order={o} />);
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('shows the transaction id of a paid order only', () => {
    render(<OrderStatusLabel order={pending} />);
    expect(screen.getByText('pi_pending')).toBeTruthy();
    cleanup();
    render(<OrderStatusLabel order={unpaid} />);
    expect(screen.queryByText(/Transaction id/)).toBeNull();
  });
});

describe('MyOrdersTable', () => {
  function renderTable() {
    const onCancel = vi.fn();
    render(
      <MemoryRouter>
        <h2 id="title">My Orders</h2>
        <MyOrdersTable orders={[unpaid, pending, shipped]} labelledBy="title" onCancel={onCancel} />
      </MemoryRouter>,
    );
    return { onCancel };
  }

  it("has the contract's columns", () => {
    renderTable();
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

  it('opens each order as a receipt from its number', () => {
    renderTable();
    expect(screen.getByRole('link', { name: 'PS-000012' }).getAttribute('href')).toBe('/dashboard/orders/o-pending');
  });

  it('offers Pay and Cancel on an unpaid order, named after its product', () => {
    const { onCancel } = renderTable();
    const payLink = screen.getByRole('link', { name: 'Pay for Ryzen 7' });
    expect(payLink.textContent).toBe('Pay');
    expect(payLink.getAttribute('href')).toBe('/dashboard/payment/o-unpaid');
    const cancel = screen.getByRole('button', { name: 'Cancel order for Ryzen 7' });
    expect(cancel.textContent).toBe('Cancel');
    fireEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledWith(unpaid);
  });

  it('shows Pending or Shipped with the transaction id on paid orders, and no actions', () => {
    renderTable();
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
  function renderTable(shippingIds: string[] = []) {
    const onCancel = vi.fn();
    const onShip = vi.fn();
    render(
      <MemoryRouter>
        <h2 id="title">Manage Orders</h2>
        <ManageOrdersTable
          orders={[unpaid, pending, shipped]}
          labelledBy="title"
          onCancel={onCancel}
          onShip={onShip}
          shippingIds={shippingIds}
        />
      </MemoryRouter>,
    );
    return { onCancel, onShip };
  }

  it("has the contract's columns", () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Manage Orders' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['no.', 'Order', 'Date', 'Name', 'Email', 'Product', 'Quantity', 'Price', 'Status']);
  });

  it('shows Unpaid and Cancel, Pending and Ship, or just Shipped', () => {
    const { onCancel, onShip } = renderTable();
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
    renderTable(['o-pending']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Ship order PS-000012 for RTX 4070' }).disabled).toBe(
      true,
    );
  });
});
