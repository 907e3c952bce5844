import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxMessage } from '@parts-shop/shared/contact-message';
import { answerApi, json } from '#web-test/api.ts';
import { Component as Messages } from './messages.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

const newest: InboxMessage = {
  _id: 'm2',
  name: 'Dana',
  email: 'dana@example.com',
  message: 'Is the <b>RTX</b> in stock?',
  createdAt: '2026-03-04T15:30:00.000Z',
  readAt: null,
  reply: null,
};
const older: InboxMessage = {
  _id: 'm1',
  name: 'Eli',
  email: 'eli@example.com',
  message: 'Thanks for the quick delivery.',
  createdAt: '2026-03-01T09:00:00.000Z',
  readAt: '2026-03-01T10:00:00.000Z',
  reply: null,
};

afterEach(() => vi.unstubAllGlobals());

const card = (name: string) => screen.getByRole('article', { name });
const unread = () => json({ unread: 1 });

describe('Messages', () => {
  it('lists messages newest first, says which are unread, and loads the next page', async () => {
    answerApi({
      'GET /api/admin/messages?limit=25': () =>
        json([newest], 200, { Link: '</api/admin/messages?limit=25&cursor=bTI>; rel="next"' }),
      'GET /api/admin/messages?limit=25&cursor=bTI': () => json([older]),
    });
    renderRoute(<Messages />, { url: '/dashboard/messages' });
    const dana = await screen.findByRole('article', { name: 'Dana' });
    expect(within(dana).getByText('Unread')).toBeTruthy();
    expect(within(dana).getByText('dana@example.com')).toBeTruthy();
    // The text is shown as typed, never as markup.
    expect(within(dana).getByText('Is the <b>RTX</b> in stock?')).toBeTruthy();
    expect(within(dana).getByRole('button', { name: 'Mark as read' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Load more/i }));
    const eli = await screen.findByRole('article', { name: 'Eli' });
    expect(within(eli).getByText('Read')).toBeTruthy();
    expect(within(eli).getByRole('button', { name: 'Mark as unread' })).toBeTruthy();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'message-m2',
      'message-m1',
    ]);
  });

  it('marks a message read with a PATCH and shows it read', async () => {
    const fetchMock = answerApi({
      'GET /api/admin/messages?limit=25': () => json([newest]),
      'PATCH /api/admin/messages/m2': () => json({ ...newest, readAt: '2026-03-05T08:00:00.000Z' }),
      'GET /api/admin/messages/unread': unread,
    });
    renderRoute(<Messages />, { url: '/dashboard/messages' });
    await screen.findByRole('article', { name: 'Dana' });
    fireEvent.click(within(card('Dana')).getByRole('button', { name: 'Mark as read' }));
    expect(await within(card('Dana')).findByRole('button', { name: 'Mark as unread' })).toBeTruthy();
    expect(within(card('Dana')).getByText('Read')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[1]?.body).toBe(JSON.stringify({ read: true }));
  });

  it('sends a reply with a POST and shows the reply in place of the form', async () => {
    const sent = { text: 'Yes, 4 left.', by: 'boss@example.com', at: '2026-03-05T08:00:00.000Z' };
    const fetchMock = answerApi({
      'GET /api/admin/messages?limit=25': () => json([newest]),
      'POST /api/admin/messages/m2/reply': () => json({ ...newest, readAt: sent.at, reply: sent }, 201),
      'GET /api/admin/messages/unread': unread,
    });
    renderRoute(<Messages />, { url: '/dashboard/messages' });
    await screen.findByRole('article', { name: 'Dana' });
    fireEvent.change(within(card('Dana')).getByLabelText('Reply to Dana'), { target: { value: 'Yes, 4 left.' } });
    fireEvent.click(within(card('Dana')).getByRole('button', { name: 'Send' }));
    expect((await within(card('Dana')).findByText(/Replied by/)).textContent).toContain('boss@example.com');
    expect(within(card('Dana')).getByText('Yes, 4 left.').tagName).toBe('P');
    expect(within(card('Dana')).queryByRole('button', { name: 'Send' })).toBeNull();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[1]?.body).toBe(JSON.stringify({ text: 'Yes, 4 left.' }));
  });

  it('shows the server’s refusal of a second reply in an alert', async () => {
    const answered = 'This message has already been answered; write again from your own mailbox';
    answerApi({
      'GET /api/admin/messages?limit=25': () => json([newest]),
      'POST /api/admin/messages/m2/reply': () => json({ message: answered }, 409),
    });
    renderRoute(<Messages />, { url: '/dashboard/messages' });
    await screen.findByRole('article', { name: 'Dana' });
    fireEvent.change(within(card('Dana')).getByLabelText('Reply to Dana'), { target: { value: 'Hello' } });
    fireEvent.click(within(card('Dana')).getByRole('button', { name: 'Send' }));
    expect((await within(card('Dana')).findByRole('alert')).textContent).toBe(answered);
  });
});
