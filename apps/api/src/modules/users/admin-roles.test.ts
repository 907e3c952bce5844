import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RoleChange, User } from '@parts-shop/shared/user';
import { users } from '#api/db/schema.ts';
import { useTestApp, createTestApp } from '#api-test/test-app.ts';

type Auth = { authorization: string };

const t = useTestApp();

// A test app migrates a fresh database; on a loaded machine that alone can take a while.

/** A token as the next sign-in would sign it: the user's current role and token version. */
async function signInAgain(email: string): Promise<Auth> {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!row?.uid) throw new Error(`no bound user ${email}`);
  return {
    authorization: `Bearer ${await t.deps.tokens.sign({ email, uid: row.uid, tokenVersion: row.tokenVersion })}`,
  };
}

const isAdmin = async (email: string, auth: Auth) =>
  (await t.call('GET', `/api/admin/${email}`, { as: auth })).json<{ admin: boolean }>().admin;

describe('GET /users: pages and search', () => {
  it('walks every user a page at a time through the Link header', async () => {
    const admin = await t.signIn('pager-admin@example.test', 'admin');
    for (let i = 0; i < 5; i += 1) await t.signIn(`pager-${i}@example.test`);
    const seen: string[] = [];
    let url: string | undefined = '/api/users?q=pager-&limit=2';
    while (url) {
      const res = await t.call('GET', url, { as: admin });
      expect(res.statusCode).toBe(200);
      const page = res.json<User[]>();
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((u) => u.email));
      url = /^<([^<>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''))?.[1];
    }
    expect(seen).toEqual([
      'pager-0@example.test',
      'pager-1@example.test',
      'pager-2@example.test',
      'pager-3@example.test',
      'pager-4@example.test',
      'pager-admin@example.test',
    ]);
  });

  it('finds users by part of the email or name, wildcards taken literally', async () => {
    const admin = await t.signIn('finder@example.test', 'admin');
    await t.signIn('needle_person@example.test');
    const found = (await t.call('GET', '/api/users?q=NEEDLE_', { as: admin })).json<User[]>();
    expect(found.map((u) => u.email)).toEqual(['needle_person@example.test']);
    expect((await t.call('GET', '/api/users?q=%25', { as: admin })).json<User[]>()).toEqual([]);
  });
});

describe('remove admin', () => {
  it('takes the role from another admin at once, and records both changes', async () => {
    const ann = await t.signIn('ann@example.test', 'admin');
    const ben = await t.signIn('ben@example.test');
    expect((await t.call('PUT', '/api/users/admin/ben@example.test', { as: ann })).json()).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    });
    // The change takes effect at once: the token from before it answers 401, and the next
    // sign-in carries the new role.
    expect((await t.call('GET', '/api/users', { as: ben })).statusCode).toBe(401);
    const benAdmin = await signInAgain('ben@example.test');
    expect(await isAdmin('ben@example.test', benAdmin)).toBe(true);
    expect((await t.call('GET', '/api/users', { as: benAdmin })).statusCode).toBe(200);

    const removed = await t.call('DELETE', '/api/users/admin/BEN@example.test', { as: ann });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    // The admin token is refused at once, and signing in again gives a customer's.
    expect((await t.call('GET', '/api/users', { as: benAdmin })).statusCode).toBe(401);
    const benCustomer = await signInAgain('ben@example.test');
    expect(await isAdmin('ben@example.test', benCustomer)).toBe(false);
    expect((await t.call('GET', '/api/users', { as: benCustomer })).statusCode).toBe(403);
    expect((await t.call('DELETE', '/api/users/admin/ben@example.test', { as: ann })).json()).toEqual({
      acknowledged: true,
      modifiedCount: 0,
    });

    const history = (await t.call('GET', '/api/role-changes', { as: ann })).json<RoleChange[]>();
    const ours = history.filter((c) => c.targetEmail === 'ben@example.test');
    expect(ours.map((c) => [c.actorEmail, c.role])).toEqual([
      ['ann@example.test', 'customer'],
      ['ann@example.test', 'admin'],
    ]);
    expect(new Date(ours[0]?.changedAt ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('never from oneself, never from the last admin, and only by admins', { timeout: 180_000 }, async () => {
    const solo = await createTestApp();
    try {
      const only = await solo.signIn('only@example.test', 'admin');
      const customer = await solo.signIn('cust@example.test');
      const self = await solo.app.inject({
        method: 'DELETE',
        url: '/api/users/admin/only@example.test',
        headers: only,
      });
      expect(self.statusCode).toBe(409);
      expect(self.json<{ message: string }>().message).toMatch(/your own admin role/);
      const stranger = await solo.app.inject({
        method: 'DELETE',
        url: '/api/users/admin/only@example.test',
        headers: customer,
      });
      expect(stranger.statusCode).toBe(403);
      const unknown = await solo.app.inject({
        method: 'DELETE',
        url: '/api/users/admin/ghost@example.test',
        headers: only,
      });
      expect(unknown.statusCode).toBe(404);
      const check = await solo.app.inject({ url: '/api/admin/only@example.test', headers: only });
      expect(check.json()).toEqual({ admin: true });
    } finally {
      await solo.close();
    }
  });

  it('leaves one admin when two remove each other at once', { timeout: 180_000 }, async () => {
    const pair = await createTestApp();
    try {
      const a = await pair.signIn('a@example.test', 'admin');
      const b = await pair.signIn('b@example.test', 'admin');
      const answers = await Promise.all([
        pair.app.inject({ method: 'DELETE', url: '/api/users/admin/b@example.test', headers: a }),
        pair.app.inject({ method: 'DELETE', url: '/api/users/admin/a@example.test', headers: b }),
      ]);
      // The loser's token was retired by the winner's change (401), or it got past the token
      // check first and found itself no longer an admin (403).
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([401, 403]).toContain(codes[1]);
      const admins = (await pair.app.inject({ url: '/api/users', headers: answers[0].statusCode === 200 ? a : b }))
        .json<User[]>()
        .filter((u) => u.role === 'admin');
      expect(admins).toHaveLength(1);
    } finally {
      await pair.close();
    }
  });

  it('refuses a malformed email with 400', async () => {
    const admin = await t.signIn('strict@example.test', 'admin');
    expect((await t.call('DELETE', '/api/users/admin/not-an-email', { as: admin })).statusCode).toBe(400);
  });
});
