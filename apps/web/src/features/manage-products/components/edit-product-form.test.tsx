import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { messages } from '@parts-shop/shared/ui-messages';
import { UPLOAD_MAX_BYTES } from '@parts-shop/shared/upload';
import { STALE_VERSION_MESSAGE, type Part } from '@parts-shop/shared/part';
import { toastSuccess } from '#web/lib/toast.ts';
import { EditProductForm } from './edit-product-form.tsx';
import { fetchMock, json, stubApi } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

vi.mock('#web/lib/toast.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

beforeEach(() => {
  stubApi();
  vi.mocked(toastSuccess).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const board: Part = {
  _id: '0190a8b2-0000-7000-8000-000000000007',
  name: 'B650 Board',
  brand: '',
  description: 'An AM5 board',
  img: '/images/parts/motherboard.svg',
  minOrder: 1,
  available: 4,
  price: 189.99,
  version: 2,
  rating: { average: 0, count: 0 },
  kind: 'motherboard',
  specs: { socket: 'AM5', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryGb: 192, m2Slots: 2 },
};

const editPage = {
  url: `/dashboard/editProduct/${board._id}`,
  path: '/dashboard/editProduct/:id',
  routes: [{ path: '/dashboard/manageproducts', element: <h1>Manage Products</h1> }],
};

const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

function patchBody(call: number): unknown {
  const [url, init] = fetchMock.mock.calls[call] ?? [];
  expect(url).toBe(`/api/parts/${board._id}`);
  expect(init?.method).toBe('PATCH');
  return JSON.parse(typeof init?.body === 'string' ? init.body : 'null');
}

describe('EditProductForm', () => {
  it('starts from the product as loaded, specs included, and has no stock field', () => {
    renderRoute(<EditProductForm part={board} reload={vi.fn()} />, editPage);
    expect(value('Name')).toBe('B650 Board');
    expect(value('Price')).toBe('189.99');
    expect(value('Kind')).toBe('motherboard');
    expect(value('Socket')).toBe('AM5');
    expect(value('Form factor')).toBe('ATX');
    expect(value('Max memory (GB)')).toBe('192');
    expect(screen.queryByLabelText('Available')).toBeNull();
  });

  it('saves with the version it loaded, toasts Product Updated and goes back to Manage Products', async () => {
    fetchMock.mockResolvedValueOnce(json({ ...board, price: 179.99, version: 3 }));
    const { router } = renderRoute(<EditProductForm part={board} reload={vi.fn()} />, editPage);
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '179.99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.productUpdated));
    expect(patchBody(0)).toEqual({
      version: 2,
      name: board.name,
      brand: '',
      description: board.description,
      img: board.img,
      minOrder: 1,
      price: 179.99,
      lowStockAt: null,
      kind: 'motherboard',
      specs: board.specs,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manageproducts'));
  });

  it('starts Low stock at from the product and saves a new mark', async () => {
    fetchMock.mockResolvedValueOnce(json({ ...board, lowStockAt: 2, version: 3 }));
    renderRoute(<EditProductForm part={{ ...board, lowStockAt: 6 }} reload={vi.fn()} />, editPage);
    expect(screen.getByLabelText<HTMLInputElement>('Low stock at').value).toBe('6');
    fireEvent.change(screen.getByLabelText('Low stock at'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.productUpdated));
    expect(patchBody(0)).toMatchObject({ version: 2, lowStockAt: 2 });
  });

  it('shows the API message when someone else saved first, and saves again from their version', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: STALE_VERSION_MESSAGE }, 409));
    const theirs: Part = { ...board, name: 'B650 Board (renamed)', version: 5 };
    const reload = vi.fn(() => Promise.resolve(theirs));
    renderRoute(<EditProductForm part={board} reload={reload} />, editPage);
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '179.99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(STALE_VERSION_MESSAGE);
    expect(toastSuccess).not.toHaveBeenCalled();
    // Nothing the admin typed is lost until they ask for the saved copy.
    expect(value('Price')).toBe('179.99');

    fireEvent.click(screen.getByRole('button', { name: 'Load the saved version' }));
    await waitFor(() => expect(value('Name')).toBe('B650 Board (renamed)'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(value('Price')).toBe('189.99');
    expect(screen.queryByRole('alert')).toBeNull();

    fetchMock.mockResolvedValueOnce(json({ ...theirs, version: 6 }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.productUpdated));
    expect(patchBody(1)).toMatchObject({ version: 5, name: 'B650 Board (renamed)' });
  });

  it('puts a spec issue from the API beside its field', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          message: 'Socket must be one of AM4, AM5',
          issues: [{ path: ['specs', 'socket'], message: 'Socket must be one of AM4, AM5' }],
        },
        400,
      ),
    );
    renderRoute(<EditProductForm part={board} reload={vi.fn()} />, editPage);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Socket').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Socket must be one of AM4, AM5')).toBeTruthy();
  });
});

describe('Upload photo', () => {
  const photoUrl = `/api/uploads/${'a'.repeat(64)}.webp`;
  const choose = (file: File) => fireEvent.change(screen.getByLabelText('Photo file'), { target: { files: [file] } });
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'board.png', { type: 'image/png' });

  it('sends the chosen file as multipart field file, fills Image URL with the answer, and saves it', async () => {
    fetchMock.mockResolvedValueOnce(json({ url: photoUrl }, 201));
    renderRoute(<EditProductForm part={board} reload={vi.fn()} />, editPage);
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeTruthy();
    choose(png());
    await waitFor(() => expect(value('Image URL')).toBe(photoUrl));
    expect(screen.getByRole('status').textContent).toBe('Photo uploaded');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/uploads');
    expect(init?.method).toBe('POST');
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toMatchObject({ name: 'board.png' });

    fetchMock.mockResolvedValueOnce(json({ ...board, img: photoUrl, version: 3 }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.productUpdated));
    expect(patchBody(1)).toMatchObject({ img: photoUrl });
  });

  it('shows why a photo was refused and keeps the address it had', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: apiMessages.uploadUnsupported }, 415));
    renderRoute(<EditProductForm part={board} reload={vi.fn()} />, editPage);
    choose(png());
    expect((await screen.findByRole('alert')).textContent).toBe(apiMessages.uploadUnsupported);
    expect(value('Image URL')).toBe(board.img);
  });

  it('refuses a file over 5 MB without sending it', async () => {
    renderRoute(<EditProductForm part={board} reload={vi.fn()} />, editPage);
    const big = new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' });
    choose(big);
    expect((await screen.findByRole('alert')).textContent).toBe(apiMessages.uploadTooLarge);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
