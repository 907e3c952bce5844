import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, requiredMessage } from '@parts-shop/shared/ui-messages';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { AddProductForm } from './add-product-form.tsx';
import { fetchMock, json, stubApi } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

vi.mock('#web/lib/toast.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

function field(label: string): HTMLInputElement | HTMLTextAreaElement {
  const element = screen.getByLabelText(label);
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    throw new Error(`${label} is not a text control`);
  }
  return element;
}

/** The texts a screen reader reads with the field (its hint and its error). */
function description(label: string): string {
  const ids = field(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

function fill(values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
}

const valid = {
  Name: 'RTX 4070',
  Description: 'A fast graphics card',
  'Image URL': 'https://example.com/gpu.png',
  'Min Order': '2',
  Available: '10',
  Price: '599.99',
};

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
}

beforeEach(() => {
  stubApi();
  vi.mocked(toastSuccess).mockClear();
  vi.mocked(toastError).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('AddProductForm', () => {
  it('labels every field and starts empty', () => {
    renderRoute(<AddProductForm />);
    for (const label of Object.keys(valid)) expect(field(label).value).toBe('');
    expect(field('Min Order').type).toBe('number');
    expect(field('Available').type).toBe('number');
    expect(field('Price').type).toBe('number');
    expect(field('Description').tagName).toBe('TEXTAREA');
  });

  it('says every field is required, next to it, and sends nothing', async () => {
    renderRoute(<AddProductForm />);
    submit();
    await waitFor(() => expect(description('Name')).toContain(requiredMessage('Name')));
    expect(description('Description')).toContain(requiredMessage('Description'));
    expect(description('Image URL')).toContain(requiredMessage('Image'));
    expect(description('Min Order')).toContain(requiredMessage('Min Order'));
    expect(description('Available')).toContain(requiredMessage('Available'));
    expect(description('Price')).toContain(requiredMessage('Price'));
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['Image URL', 'javascript:alert(1)', messages.urlInvalid],
    ['Image URL', 'data:image/png;base64,AAAA', messages.urlInvalid],
    ['Available', '-1', 'Available must be at least 0'],
    ['Available', '2.5', 'Available must be a whole number'],
    ['Min Order', '0', 'Min Order must be at least 1'],
    ['Min Order', '1.5', 'Min Order must be a whole number'],
    ['Price', '0', 'Price must be more than 0'],
    ['Price', '-3', 'Price must be more than 0'],
    ['Price', '1.005', 'Price can have at most two decimals'],
    ['Name', '   ', requiredMessage('Name')],
    ['Low stock at', '-1', 'Low stock at must be at least 0'],
    ['Low stock at', '2.5', 'Low stock at must be a whole number'],
  ])('%s = %j shows "%s"', async (label, value, message) => {
    renderRoute(<AddProductForm />);
    fill({ ...valid, [label]: value });
    submit();
    await waitFor(() => expect(description(label)).toContain(message));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a minimum order above the stock', async () => {
    renderRoute(<AddProductForm />);
    fill({ ...valid, 'Min Order': '11', Available: '10' });
    submit();
    await waitFor(() => expect(description('Min Order')).toContain('Min Order cannot be more than Available'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts numbers, toasts Parts Added, clears the form and refreshes the parts lists', async () => {
    fetchMock.mockResolvedValue(json({ acknowledged: true, insertedId: '0190a8b2-0000-7000-8000-000000000001' }, 201));
    const { queryClient } = renderRoute(<AddProductForm />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fill(valid);
    submit();
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.partsAdded));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/parts');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({
      name: 'RTX 4070',
      brand: '',
      description: 'A fast graphics card',
      img: 'https://example.com/gpu.png',
      minOrder: 2,
      available: 10,
      price: 599.99,
      lowStockAt: null,
      kind: 'other',
      specs: {},
    });
    await waitFor(() => expect(field('Name').value).toBe(''));
    for (const label of Object.keys(valid)) expect(field(label).value).toBe('');
    expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: ['parts'] }));
    expect(toastError).not.toHaveBeenCalled();
    // The cleared form is really empty: the next Add asks for every field again.
    submit();
    await waitFor(() => expect(description('Price')).toContain(requiredMessage('Price')));
    expect(description('Min Order')).toContain(requiredMessage('Min Order'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends Low stock at as a whole number when given (left empty it is null: no mark)', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json({ acknowledged: true, insertedId: '0190a8b2-0000-7000-8000-000000000001' }, 201)),
    );
    renderRoute(<AddProductForm />);
    expect(description('Low stock at')).toContain('the admins get one email');
    fill({ ...valid, 'Low stock at': '3' });
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = fetchMock.mock.calls[0]?.[1]?.body;
    expect((JSON.parse(typeof body === 'string' ? body : '{}') as { lowStockAt?: unknown }).lowStockAt).toBe(3);
  });

  it('says Failed to Add Parts when the answer has no insertedId, and keeps what was typed', async () => {
    fetchMock.mockResolvedValue(json({ acknowledged: true }, 201));
    renderRoute(<AddProductForm />);
    fill(valid);
    submit();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(messages.addPartsFailed));
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(field('Name').value).toBe('RTX 4070');
    expect(screen.getByRole('alert').textContent).toContain(messages.addPartsFailed);
  });

  it('shows the API validation issues next to their fields', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          message: 'Must be at most 200 characters',
          issues: [{ path: ['name'], message: 'Must be at most 200 characters' }],
        },
        400,
      ),
    );
    renderRoute(<AddProductForm />);
    fill(valid);
    submit();
    await waitFor(() => expect(description('Name')).toContain('Must be at most 200 characters'));
    expect(toastError).toHaveBeenCalledWith(messages.addPartsFailed);
  });

  it('says Failed to Add Parts with the reason when the API refuses outright', async () => {
    fetchMock.mockResolvedValue(json({ message: 'You do not have access to this' }, 403));
    renderRoute(<AddProductForm />);
    fill(valid);
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(`${messages.addPartsFailed}: You do not have access to this`),
    );
    expect(toastError).toHaveBeenCalledWith(messages.addPartsFailed);
  });
});
