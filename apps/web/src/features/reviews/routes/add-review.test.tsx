import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { messages } from '@parts-shop/shared/ui-messages';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { AddReviewForm, Component as AddReviewPage } from './add-review.tsx';
import { fetchMock, json, stubApi } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

vi.mock('#web/lib/toast.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
const asAda = {
  auth: { user: { email: 'ada@example.com', displayName: 'Display Ada', photoURL: null }, isAdmin: false },
};

function field(label: string): HTMLInputElement | HTMLTextAreaElement {
  const element = screen.getByLabelText(label);
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    throw new Error(`${label} is not a text control`);
  }
  return element;
}

function describedBy(element: Element): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

function description(label: string): string {
  return describedBy(field(label));
}

function star(name: string): HTMLInputElement {
  const radio = screen.getByRole('radio', { name });
  if (!(radio instanceof HTMLInputElement)) throw new Error(`${name} is not an input`);
  return radio;
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Add Review' }));
}

beforeEach(() => {
  stubApi();
  vi.mocked(toastSuccess).mockClear();
  vi.mocked(toastError).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('AddReviewForm', () => {
  it('prefills the name and offers a radio group of 0 to 5 stars, none chosen', () => {
    renderRoute(<AddReviewForm defaultName="Ada Lovelace" defaultImage="" />, asAda);
    expect(field('Name').value).toBe('Ada Lovelace');
    expect(field('Review').tagName).toBe('TEXTAREA');
    expect(field('Photo URL').value).toBe('');
    const group = screen.getByRole('group', { name: 'Rating' });
    expect(group).toBeTruthy();
    const names = ['0 stars', '1 star', '2 stars', '3 stars', '4 stars', '5 stars'];
    for (const name of names) expect(star(name).checked).toBe(false);
    expect(screen.getAllByRole('radio')).toHaveLength(6);
  });

  it('takes the profile name when it arrives, unless the customer typed one', () => {
    const { rerender } = renderRoute(<AddReviewForm defaultName="" defaultImage="" />, asAda);
    expect(field('Name').value).toBe('');
    rerender(<AddReviewForm defaultName="Ada from profile" defaultImage="" />);
    expect(field('Name').value).toBe('Ada from profile');
    fireEvent.change(field('Name'), { target: { value: 'Countess' } });
    rerender(<AddReviewForm defaultName="Someone else" defaultImage="" />);
    expect(field('Name').value).toBe('Countess');
  });

  it("shows the contract's messages for every missing field and sends nothing", async () => {
    renderRoute(<AddReviewForm defaultName="" defaultImage="" />, asAda);
    submit();
    await waitFor(() => expect(description('Review')).toContain(messages.reviewRequired));
    expect(description('Name')).toContain(messages.nameRequired);
    expect(description('Photo URL')).toContain(messages.photoRequired);
    expect(describedBy(star('0 stars'))).toContain(messages.ratingRange);
    expect(field('Review').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://example.com/me.png', 'me.png'])(
    'refuses the photo URL %j',
    async (image) => {
      renderRoute(<AddReviewForm defaultName="Ada Lovelace" defaultImage="" />, asAda);
      fireEvent.change(field('Review'), { target: { value: 'Great' } });
      fireEvent.change(field('Photo URL'), { target: { value: image } });
      fireEvent.click(star('4 stars'));
      submit();
      await waitFor(() => expect(description('Photo URL')).toContain(messages.urlInvalid));
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('posts the review with a whole-number rating, toasts Review Added and resets', async () => {
    fetchMock.mockResolvedValue(json({ acknowledged: true, insertedId: '0190a8b2-0000-7000-8000-000000000002' }, 201));
    const { queryClient } = renderRoute(<AddReviewForm defaultName="Ada Lovelace" defaultImage="" />, asAda);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.change(field('Review'), { target: { value: '<b>Fast</b> shipping' } });
    fireEvent.change(field('Photo URL'), { target: { value: 'https://example.com/ada.png' } });
    fireEvent.click(star('0 stars'));
    fireEvent.click(star('3 stars'));
    expect(star('3 stars').checked).toBe(true);
    submit();
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.reviewAdded));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/reviews');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({
      name: 'Ada Lovelace',
      description: '<b>Fast</b> shipping',
      image: 'https://example.com/ada.png',
      rating: 3,
    });
    await waitFor(() => expect(field('Review').value).toBe(''));
    expect(field('Name').value).toBe('Ada Lovelace');
    expect(field('Photo URL').value).toBe('');
    expect(star('3 stars').checked).toBe(false);
    expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: ['reviews'] }));
  });

  it('says which photo addresses it takes', () => {
    renderRoute(<AddReviewForm defaultName="Ada Lovelace" defaultImage="" />, asAda);
    expect(description('Photo URL')).toContain(
      'Upload your photo below, or give its address: one on this shop, or an https:// address on a site the shop allows',
    );
  });

  it('uploads a photo, fills Photo URL with its address and posts the review with it', async () => {
    const photoUrl = `/api/uploads/${'d'.repeat(64)}.webp`;
    fetchMock.mockResolvedValueOnce(json({ url: photoUrl }, 201));
    renderRoute(<AddReviewForm defaultName="Ada Lovelace" defaultImage="" />, asAda);
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Photo file'), { target: { files: [file] } });
    await waitFor(() => expect(field('Photo URL').value).toBe(photoUrl));
    expect(screen.getByRole('status').textContent).toBe('Photo uploaded');
    const [uploadUrl, upload] = fetchMock.mock.calls[0] ?? [];
    expect(uploadUrl).toBe('/api/uploads/review-photo');
    expect(upload?.method).toBe('POST');
    expect((upload?.body as FormData).get('file')).toMatchObject({ name: 'me.jpg' });

    fetchMock.mockResolvedValueOnce(
      json({ acknowledged: true, insertedId: '0190a8b2-0000-7000-8000-000000000003' }, 201),
    );
    fireEvent.change(field('Review'), { target: { value: 'Runs cool' } });
    fireEvent.click(star('4 stars'));
    submit();
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.reviewAdded));
    const [, post] = fetchMock.mock.calls[1] ?? [];
    expect(JSON.parse(typeof post?.body === 'string' ? post.body : '')).toMatchObject({ image: photoUrl, rating: 4 });
  });

  it('shows why a photo was refused', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: apiMessages.reviewNeedsVerifiedEmail }, 403));
    renderRoute(<AddReviewForm defaultName="Ada Lovelace" defaultImage="" />, asAda);
    const file = new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Photo file'), { target: { files: [file] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(apiMessages.reviewNeedsVerifiedEmail));
    expect(field('Photo URL').value).toBe('');
  });

  it('shows API validation issues next to their fields', async () => {
    fetchMock.mockResolvedValue(
      json({ message: messages.urlInvalid, issues: [{ path: ['image'], message: messages.urlInvalid }] }, 400),
    );
    renderRoute(<AddReviewForm defaultName="Ada Lovelace" defaultImage="" />, asAda);
    fireEvent.change(field('Review'), { target: { value: 'Good' } });
    fireEvent.change(field('Photo URL'), { target: { value: 'https://example.com/a.png' } });
    fireEvent.click(star('5 stars'));
    submit();
    await waitFor(() => expect(description('Photo URL')).toContain(messages.urlInvalid));
    expect(toastError).toHaveBeenCalledWith(messages.urlInvalid);
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});

describe('Add Review page', () => {
  it("prefills the name from the profile's userName", async () => {
    fetchMock.mockResolvedValue(
      json({
        email: 'ada@example.com',
        userName: 'Profile Ada',
        phone: '',
        education: '',
        address: '',
        linkedIn: '',
        role: 'customer',
      }),
    );
    renderRoute(<AddReviewPage />, asAda);
    expect(screen.getByRole('heading', { level: 2, name: 'Add Review' })).toBeTruthy();
    await waitFor(() => expect(field('Name').value).toBe('Profile Ada'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/ada%40example.com');
  });

  it('falls back to the sign-in display name when the profile has none or fails', async () => {
    fetchMock.mockResolvedValue(json({ message: 'User not found' }, 404));
    renderRoute(<AddReviewPage />, asAda);
    expect(field('Name').value).toBe('Display Ada');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(field('Name').value).toBe('Display Ada');
  });
});
