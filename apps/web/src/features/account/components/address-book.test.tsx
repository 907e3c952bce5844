import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedAddress } from '@parts-shop/shared/checkout';
import { answerApi, json } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';
import { AddressBook } from './address-book.tsx';

const jsonBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

const home: SavedAddress = {
  id: 'a-1',
  isDefault: true,
  name: 'Casey Customer',
  line1: '1 Market St',
  city: 'San Jose',
  region: 'CA',
  postalCode: '95113',
  country: 'US',
  phone: '+1 408 555 0100',
};
const office: SavedAddress = {
  ...home,
  id: 'a-2',
  isDefault: false,
  line1: '5 Broadway',
  city: 'New York',
  region: 'NY',
};

afterEach(() => vi.unstubAllGlobals());

function shop(calls: { method: string; url: string; body: unknown }[]) {
  // Each change answers the whole book, as the server does; the screen shows that answer.
  const record = (method: string, url: string, addresses: SavedAddress[]) => (init: RequestInit | undefined) => {
    calls.push({ method, url, body: jsonBody(init) });
    return json({ addresses }, method === 'POST' ? 201 : 200);
  };
  return answerApi({
    'GET /api/addresses': () => json({ addresses: [home, office] }),
    'GET /api/checkout/destinations': () => json({ countries: [{ country: 'US' }] }),
    'PATCH /api/addresses/a-2': record('PATCH', '/api/addresses/a-2', [
      { ...home, isDefault: false },
      { ...office, isDefault: true },
    ]),
    'DELETE /api/addresses/a-2': record('DELETE', '/api/addresses/a-2', [home]),
    'POST /api/addresses': record('POST', '/api/addresses', [
      home,
      office,
      { ...office, id: 'a-3', line1: '9 Elm St' },
    ]),
  });
}

const book = <AddressBook email="customer@example.com" name="Casey Customer" />;

describe('the address book', () => {
  it('lists the saved addresses, the default marked, each with its own buttons', async () => {
    shop([]);
    renderRoute(book, { auth: 'customer' });
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('Default');
    expect(first?.textContent).toContain('San Jose, CA 95113');
    expect(first?.textContent).toContain('United States');
    expect(within(first as HTMLElement).queryByRole('button', { name: /Make .* the default/ })).toBeNull();
    expect(
      within(second as HTMLElement).getByRole('button', {
        name: 'Make Casey Customer, 5 Broadway, New York the default',
      }),
    ).toBeTruthy();
  });

  it('makes another address the default, and deletes one only after Are You Sure', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    shop(calls);
    renderRoute(book, { auth: 'customer' });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Make Casey Customer, 5 Broadway, New York the default' }),
    );
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'PATCH', url: '/api/addresses/a-2', body: { isDefault: true } }]),
    );
    const list = screen.getByRole('list', { name: 'Saved addresses' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[1]?.textContent).toContain('Default'));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Casey Customer, 5 Broadway, New York' }));
    expect(calls).toHaveLength(1);
    const dialog = await waitFor(() => {
      const open = screen.getAllByRole('dialog', { hidden: true }).find((d) => d.hasAttribute('open'));
      if (!open) throw new Error('no dialog is open');
      return open;
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'DELETE', url: '/api/addresses/a-2', body: undefined }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('adds an address with the checkout’s fields and rules', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    shop(calls);
    renderRoute(book, { auth: 'customer' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    expect(within(form).getByLabelText<HTMLInputElement>('Full name').value).toBe('Casey Customer');
    fireEvent.change(within(form).getByLabelText('Street address'), { target: { value: '9 Elm St' } });
    fireEvent.change(within(form).getByLabelText('City'), { target: { value: 'Austin' } });
    fireEvent.change(within(form).getByLabelText('Postal code'), { target: { value: '73301' } });
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'US' } });
    fireEvent.change(within(form).getByLabelText('Phone Number'), { target: { value: '+1 512 555 0100' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('State or province is Required')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(within(form).getByLabelText('State'), { target: { value: 'TX' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          method: 'POST',
          url: '/api/addresses',
          body: {
            name: 'Casey Customer',
            line1: '9 Elm St',
            city: 'Austin',
            region: 'TX',
            postalCode: '73301',
            country: 'US',
            phone: '+1 512 555 0100',
          },
        },
      ]),
    );
  });
});
