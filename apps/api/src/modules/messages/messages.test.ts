import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { ApiError } from '@parts-shop/shared/error';
import { REPLY_MAX_LENGTH, type InboxMessage } from '@parts-shop/shared/contact-message';
import { messages } from '@parts-shop/shared/ui-messages';
import { contactMessages, emailOutbox } from '#api/db/schema.ts';
import { dueEmails } from '#api/domain/emails/outbox.repo.ts';
import { emailPayloadSchema, renderReplyEmail } from '#api/domain/emails/order-email-templates.ts';
import { newId } from '#api/lib/ids.ts';
import { useTestApp } from '#api-test/test-app.ts';

const t = useTestApp({ users: { admin: { email: 'boss@example.com', role: 'admin' }, customer: 'carol@example.com' } });
const { admin, customer } = t.users;

async function send(name: string, message: string, email = 'visitor@example.org'): Promise<string> {
  const res = await t.call('POST', '/api/messages', { body: { name, email, message } });
  expect(res.statusCode).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

const unread = async () =>
  (await t.call('GET', '/api/admin/messages/unread', { as: admin })).json<{ unread: number }>().unread;
const repliesTo = (email: string) => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));

describe('the admins’ inbox', () => {
  it('lists contact messages newest first, a page at a time, with how many are unread', async () => {
    const before = await unread();
    const first = await send('Ann', 'First question');
    const second = await send('Ben', 'Second question');
    const third = await send('Cy', 'Third question');
    expect(await unread()).toBe(before + 3);

    const page = await t.call('GET', '/api/admin/messages?limit=2', { as: admin });
    expect(page.statusCode).toBe(200);
    const rows = page.json<InboxMessage[]>();
    expect(rows.map((m) => m._id)).toEqual([third, second]);
    expect(rows[0]).toMatchObject({ name: 'Cy', email: 'visitor@example.org', readAt: null, reply: null });
    const next = /^<([^>]*)>; rel="next"$/.exec(String(page.headers.link))?.[1];
    expect(next).toBeDefined();
    const rest = (await t.call('GET', next ?? '', { as: admin })).json<InboxMessage[]>();
    expect(rest[0]?._id).toBe(first);
  });

  it('marks a message read once opened, and unread again on request', async () => {
    const id = await send('Dee', 'Do you ship to Norway?');
    const before = await unread();
    const read = await t.call('PATCH', `/api/admin/messages/${id}`, { as: admin, body: { read: true } });
    expect(read.statusCode).toBe(200);
    const readAt = read.json<InboxMessage>().readAt;
    expect(readAt).not.toBeNull();
    expect(await unread()).toBe(before - 1);
    // Opening it again keeps when it was first read.
    expect(
      (await t.call('PATCH', `/api/admin/messages/${id}`, { as: admin, body: { read: true } })).json<InboxMessage>()
        .readAt,
    ).toBe(readAt);
    const again = await t.call('PATCH', `/api/admin/messages/${id}`, { as: admin, body: { read: false } });
    expect(again.json<InboxMessage>().readAt).toBeNull();
    expect(await unread()).toBe(before);
    expect(
      (await t.call('PATCH', `/api/admin/messages/${newId()}`, { as: admin, body: { read: true } })).statusCode,
    ).toBe(404);
  });

  it('emails a reply to the address the message came from, once, and keeps it on the message', async () => {
    const id = await send('Eve <b>', 'Is the <script>alert(1)</script> GPU in stock?\nThanks', 'eve@example.org');
    const res = await t.call('POST', `/api/admin/messages/${id}/reply`, {
      as: admin,
      body: {
        text: 'Yes, two left.\nBest, the shop',
      },
    });
    expect(res.statusCode).toBe(201);
    const answered = res.json<InboxMessage>();
    expect(answered.reply).toMatchObject({ text: 'Yes, two left.\nBest, the shop', by: 'boss@example.com' });
    expect(answered.readAt).not.toBeNull();
    const listed = (await t.call('GET', '/api/admin/messages', { as: admin }))
      .json<InboxMessage[]>()
      .find((m) => m._id === id);
    expect(listed?.reply?.text).toBe('Yes, two left.\nBest, the shop');

    const [email, ...more] = await repliesTo('eve@example.org');
    expect(more).toHaveLength(0);
    expect(email).toMatchObject({ kind: 'message-reply', recipient: 'eve@example.org' });
    // The sender has no account, let alone a verified one; an admin's reply goes all the same.
    const due = await dueEmails(t.database.db, 1000, 50);
    expect(due.map((row) => row.id)).toContain(email?.id);

    const payload = emailPayloadSchema.parse(email?.payload);
    if (payload.kind !== 'message-reply') throw new Error(`unexpected ${payload.kind}`);
    const rendered = renderReplyEmail(payload);
    expect(rendered.text).toContain('Yes, two left.\nBest, the shop');
    expect(rendered.html).toContain('<p>Yes, two left.</p><p>Best, the shop</p>');
    // Nothing the sender wrote goes back out: the address is nobody's verified one.
    for (const theirs of ['Eve', 'script', 'GPU in stock', 'Thanks']) {
      expect(rendered.text).not.toContain(theirs);
      expect(rendered.html).not.toContain(theirs);
    }
    expect(JSON.stringify(email?.payload)).not.toContain('GPU');

    const twice = await t.call('POST', `/api/admin/messages/${id}/reply`, {
      as: admin,
      body: { text: 'And another thing' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ApiError>().message).toBe(apiMessages.messageAlreadyReplied);
    expect(await repliesTo('eve@example.org')).toHaveLength(1);
  });

  it('refuses a reply with another address, an empty or overlong text, or to no message, and sends nothing', async () => {
    const id = await send('Fay', 'Hello', 'fay@example.org');
    const refusals: [object, number][] = [
      [{ text: 'Hi', email: 'stranger@example.net' }, 400],
      [{ text: 'Hi', to: 'stranger@example.net' }, 400],
      [{ text: '   ' }, 400],
      [{ text: 'x'.repeat(REPLY_MAX_LENGTH + 1) }, 400],
    ];
    for (const [body, status] of refusals) {
      expect(
        (await t.call('POST', `/api/admin/messages/${id}/reply`, { as: admin, body: body })).statusCode,
        JSON.stringify(body).slice(0, 60),
      ).toBe(status);
    }
    const missing = await t.call('POST', `/api/admin/messages/${newId()}/reply`, { as: admin, body: { text: 'Hi' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiError>().message).toBe(apiMessages.messageNotFound);
    expect(await repliesTo('fay@example.org')).toHaveLength(0);
    expect(await repliesTo('stranger@example.net')).toHaveLength(0);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.reply).toBeNull();
  });

  it('refuses a name of more than one line (400 naming the field) and stores nothing', async () => {
    const before = await t.database.db.select({ id: contactMessages.id }).from(contactMessages);
    for (const name of [
      'Eve\nBcc: all@example.net',
      'Eve\r\nSubject: Free GPUs',
      'Eve\rX',
      'Eve\u2028Bcc',
      'Eve\tX',
      'Eve\u0085X',
    ]) {
      const res = await t.call('POST', '/api/messages', { body: { name, email: 'eve@example.org', message: 'Hi' } });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json<ApiError>()).toMatchObject({
        issues: [expect.objectContaining({ path: ['name'], message: messages.nameOneLine })],
      });
    }
    expect(await t.database.db.select({ id: contactMessages.id }).from(contactMessages)).toHaveLength(before.length);
  });

  it('is for admins only: customers get 403 and visitors 401 on every inbox call', async () => {
    const id = await send('Gus', 'Hello');
    const calls = [
      ['GET', '/api/admin/messages', undefined],
      ['GET', '/api/admin/messages/unread', undefined],
      ['PATCH', `/api/admin/messages/${id}`, { read: true }],
      ['POST', `/api/admin/messages/${id}/reply`, { text: 'Hi' }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await t.call(method, url, { as: customer, body: body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.call(method, url, { body: body })).statusCode, `${method} ${url}`).toBe(401);
    }
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ readAt: null, reply: null });
  });
});
