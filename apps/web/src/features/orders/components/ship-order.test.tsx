import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ManageOrdersTable } from './manage-orders-table.tsx';
import { ShipOrderDialog } from './ship-order-dialog.tsx';
import { order } from '#web-test/fixtures.ts';
import { renderRoute } from '#web-test/render-route.tsx';

// Ship what is left, with the right count (docs/product.md#dashboard): the dialog lists each
// line with its units left to ship, and every order the To ship tab holds has Ship.

/** A paid build of two lines, $379.97: one Ryzen 7 7800X3D and two DDR5 kits, one of them refunded and back on the shelf. */
const build = order({
  _id: 'o-build',
  number: 'PS-000021',
  productName: 'Ryzen 7 7800X3D Processor and 1 more part',
  totalOrder: 3,
  totalPrice: '379.97',
  paid: true,
  transactionId: 'pi_build',
  status: 'partly_refunded',
  refunded: '90.00',
  lines: [
    {
      id: 'l-1',
      partId: 'p-1',
      productName: 'Ryzen 7 7800X3D Processor',
      quantity: 1,
      unitPrice: '199.99',
      restocked: 0,
      tax: '0.00',
      discount: '0.00',
    },
    {
      id: 'l-2',
      partId: 'p-2',
      productName: 'DDR5 kit',
      quantity: 2,
      unitPrice: '89.99',
      restocked: 1,
      tax: '0.00',
      discount: '0.00',
    },
  ],
});

describe('the Ship dialog', () => {
  it("lists each line with the units left to ship, not the order's first line times its total", () => {
    renderRoute(<ShipOrderDialog order={build} busy={false} onShip={vi.fn()} onClose={vi.fn()} />);
    const items = within(screen.getByRole('list', { name: 'What ships', hidden: true })).getAllByRole('listitem', {
      hidden: true,
    });
    expect(items.map((item) => item.textContent)).toEqual(['1 × Ryzen 7 7800X3D Processor', '1 × DDR5 kit']);
    expect(screen.queryByText(/3 × Ryzen/)).toBeNull();
  });
});

describe("Manage Orders' Ship", () => {
  it('is offered on a partly refunded, unshipped order, and not on one refunded in full', () => {
    const refunded = order({
      ...build,
      _id: 'o-refunded',
      number: 'PS-000022',
      status: 'refunded',
      refunded: '379.97',
    });
    renderRoute(
      <>
        <h2 id="title">Manage Orders</h2>
        <ManageOrdersTable
          orders={[build, refunded]}
          labelledBy="title"
          onCancel={vi.fn()}
          onShip={vi.fn()}
          shippingIds={[]}
        />
      </>,
    );
    expect(screen.getAllByRole('button', { name: `Ship order PS-000021 for ${build.productName}` }).length).toBe(1);
    expect(screen.queryByRole('button', { name: `Ship order PS-000022 for ${build.productName}` })).toBeNull();
  });
});
