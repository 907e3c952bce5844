import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { discountMessages, type Discount } from '@parts-shop/shared/discount';
import { answerApi, json } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';
import { Component as Discounts } from './discounts.tsx';
import { Component as NewDiscount } from './new-discount.tsx';

const jsonBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

const discount = (fields: Partial<Discount>): Discount => ({
  id: 'd-1',
  code: 'WELCOME10',
  title: 'Welcome, 10 % off',
  kind: 'percentage',
  value: 10,
  parts: [],
  kinds: [],
  brands: [],
  minSubtotal: null,
  firstOrderOnly: false,
  startsAt: null,
  endsAt: null,
  usageLimit: 100,
  perCustomerLimit: null,
  combinable: true,
  priority: 0,
  paused: false,
  status: 'active',
  uses: 3,
  given: 24.5,
  createdAt: '2026-12-01T00:00:00.000Z',
  ...fields,
});

const welcome = discount({});
const sale = discount({
  id: 'd-2',
  code: null,
  title: 'Power supply sale',
  usageLimit: null,
  uses: 2,
  given: 12.25,
  paused: true,
  status: 'paused',
});

afterEach(() => vi.unstubAllGlobals());

describe('Dashboard > Discounts', () => {
  it('lists each discount with its state, its uses so far and the money it gave', async () => {
    answerApi({ 'GET /api/discounts': () => json([welcome, sale]) });
    renderRoute(<Discounts />, { auth: 'admin', url: '/dashboard/discounts' });
    const table = await screen.findByRole('table', { name: 'Discounts' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first?.querySelector('th[scope="row"]')?.textContent).toContain('WELCOME10');
    expect(first?.textContent).toContain('10 % off');
    expect(first?.textContent).toContain('3 of 100');
    expect(first?.textContent).toContain('$24.50');
    expect(second?.textContent).toContain('Automatic');
    expect(second?.textContent).toContain('Paused');
    expect(screen.getByTestId('discounts-given').textContent).toBe('5 orders carry a discount; $36.75 given in all.');
  });

  it('pauses a code, resumes a promotion and ends a code, each a PATCH of the one field', async () => {
    const sent: unknown[] = [];
    const patch = (d: Discount) => (init: RequestInit | undefined) => {
      sent.push(jsonBody(init));
      return json(d);
    };
    answerApi({
      'GET /api/discounts': () => json([welcome, sale]),
      'PATCH /api/discounts/d-1': patch(welcome),
      'PATCH /api/discounts/d-2': patch(sale),
    });
    renderRoute(<Discounts />, { auth: 'admin', url: '/dashboard/discounts' });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause WELCOME10' }));
    await waitFor(() => expect(sent).toEqual([{ paused: true }]));
    fireEvent.click(screen.getByRole('button', { name: 'Resume Power supply sale' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ paused: false });
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'End WELCOME10' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    const { endsAt } = sent[2] as { endsAt: string };
    expect(Date.parse(endsAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Object.keys(sent[2] as object)).toEqual(['endsAt']);
  });

  it('offers no pause or end for an ended discount', async () => {
    answerApi({
      'GET /api/discounts': () => json([discount({ status: 'ended', endsAt: '2026-01-01T00:00:00.000Z' })]),
    });
    renderRoute(<Discounts />, { auth: 'admin', url: '/dashboard/discounts' });
    expect(await screen.findByRole('link', { name: 'Edit WELCOME10' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End WELCOME10' })).toBeNull();
  });
});

describe('Dashboard > Discounts > New discount', () => {
  it('creates a code from the form, as the admin API takes it', async () => {
    const sent: unknown[] = [];
    answerApi({
      'POST /api/discounts': (init) => {
        sent.push(jsonBody(init));
        return json(discount({ code: 'SPRING15', title: 'Spring' }), 201);
      },
    });
    renderRoute(<NewDiscount />, {
      auth: 'admin',
      url: '/dashboard/discounts/new',
      routes: [{ path: '/dashboard/discounts', element: <p>The list</p> }],
    });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'spring15' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Spring' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'fixed_order' } });
    fireEvent.change(screen.getByLabelText('Dollars off the order'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Graphics card' }));
    fireEvent.change(screen.getByLabelText('Minimum subtotal (dollars)'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Usage limit (orders)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Combines with other discounts' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create discount' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          code: 'SPRING15',
          title: 'Spring',
          kind: 'fixed_order',
          value: 15,
          parts: [],
          kinds: ['gpu'],
          brands: [],
          minSubtotal: 150,
          firstOrderOnly: false,
          usageLimit: 10,
          combinable: false,
          priority: 0,
        },
      ]),
    );
    expect(await screen.findByText('The list')).toBeTruthy();
  });

  it('shows a code another discount has beside the code field, and keeps what was typed', async () => {
    answerApi({
      'POST /api/discounts': () =>
        json(
          { message: discountMessages.codeTaken, issues: [{ path: ['code'], message: discountMessages.codeTaken }] },
          409,
        ),
    });
    renderRoute(<NewDiscount />, { auth: 'admin', url: '/dashboard/discounts/new' });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'WELCOME10' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Again' } });
    fireEvent.change(screen.getByLabelText('Percent off (0 to 100)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create discount' }));
    expect(await screen.findByText(discountMessages.codeTaken)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Again');
  });

  it('says a percentage above 100 is not one, and sends nothing', async () => {
    const fetchMock = answerApi({});
    renderRoute(<NewDiscount />, { auth: 'admin', url: '/dashboard/discounts/new' });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Too much' } });
    fireEvent.change(screen.getByLabelText('Percent off (0 to 100)'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create discount' }));
    expect(await screen.findByText(discountMessages.percentage)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
