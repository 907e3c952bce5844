import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Part } from '@parts-shop/shared/part';
import { queryKeys } from '#web/lib/query-keys.ts';
import { answerApi, json } from '#web-test/api.ts';
import { customerProfile, part } from '#web-test/fixtures.ts';
import { Component as BuildPlanner } from './build-planner.tsx';
// Loaded with the test file, as the planner loads it on demand: the test waits on the form, not on its code.
import '../components/order-build-form.tsx';
import { renderRoute, testQueryClient } from '#web-test/render-route.tsx';

afterEach(() => vi.unstubAllGlobals());

const drive = (n: number, fields: Partial<Part>): Part => ({
  ...part(n, fields),
  kind: 'storage',
  specs: { interface: 'NVMe', formFactor: 'M.2', capacityGb: 1000 },
});

describe('the planner and minimum orders', () => {
  it(
    'marks a part a slot cannot hold once and will not order the build, whose total counts one of each',
    { timeout: 30_000 },
    async () => {
      const single = drive(1, { name: 'Single SSD', price: 59.99 });
      const pack = drive(2, { name: 'Bulk SSD', price: 20.1, minOrder: 5 });
      const ids = [single._id, pack._id].sort().join(',');
      answerApi({
        [`GET /api/parts?ids=${encodeURIComponent(ids)}`]: () => json([pack, single]),
        // The order form starts from the address book; this customer has none yet.
        'GET /api/addresses': () => json({ addresses: [] }),
        'GET /api/checkout/destinations': () => json({ countries: [{ country: 'US' }] }),
      });
      const queryClient = testQueryClient();
      queryClient.setQueryData(queryKeys.users.profile(customerProfile.email), customerProfile);
      renderRoute(<BuildPlanner />, {
        url: `/build?storage=${single._id}&storage=${pack._id}`,
        auth: 'customer',
        queryClient,
      });

      expect(await screen.findByText('Sold in packs of 5: not for a single build slot')).toBeTruthy();
      // One of each, as the order form starts: the planner's total is the order's.
      expect(screen.getByTestId('build-total').textContent).toBe('$80.09');
      expect(
        await screen.findByText("Fix the build's errors before ordering it.", {}, { timeout: 10_000 }),
      ).toBeTruthy();
      // Pressing Place the order still answers, and sends nothing.
      fireEvent.click(screen.getByRole('button', { name: /^Place/ }));
      // Beside the empty address fields' own messages.
      expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toContain(
        "The order was not placed: fix the build's errors first.",
      );
    },
  );
});
