import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator, type AuthEmulator } from '../../../../../scripts/lib/emulator.mjs';
import { users } from '#api/db/schema.ts';
import { demoUsers } from '#api/seed/seed-data.ts';
import { seedDemoData } from '#api/seed/seed.ts';
import { useTestApp, type TestApp } from '#api-test/test-app.ts';
import { accountTakenMessage } from './users.service.ts';
import { createFirebaseAccount, signInWithPassword, verifyFirebaseEmail } from '#api-test/firebase-accounts.ts';

// A stranger signs up as the demo admin's address on a fresh shop. This file has an
// emulator of its own: the shared one already holds the verified demo account of that
// name, and the stranger's must be a new, unverified one. firebase-admin and the test
// helpers read the emulator's address from the environment of this file's own process.

const demoAdmin = demoUsers.find((u) => u.role === 'admin');
if (!demoAdmin) throw new Error('the demo seed has no admin');
const email = demoAdmin.email;
const password = 'stranger-pass-2022';

let emulator: AuthEmulator | undefined;
const sharedEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
let strangerUid = '';
beforeAll(async () => {
  emulator = await startAuthEmulator();
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  strangerUid = (await createFirebaseAccount({ email, password })).uid;
}, 120_000);
afterAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = sharedEmulator;
  await emulator?.stop();
}, 120_000);
const ownEmulator = () => ({ FIREBASE_AUTH_EMULATOR_HOST: emulator?.host ?? '' });
/** Two fresh shops: one as production runs (no demo seed), one with the demo seed. */
const production = useTestApp({ config: ownEmulator });
const seeded = useTestApp({ config: ownEmulator });
beforeAll(() => seedDemoData(seeded.database.db));

function exchange(t: TestApp, idToken: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/users/${email}`,
    headers: { authorization: `Bearer ${idToken}` },
    payload: { email },
  });
}

async function isAdmin(t: TestApp, token: string): Promise<unknown> {
  return (await t.app.inject({ url: `/api/admin/${email}`, headers: { authorization: `Bearer ${token}` } })).json();
}

describe(`a stranger signing up as ${email}`, () => {
  it('on a fresh database without the demo seed (production) becomes a customer, nothing more', async () => {
    const t = production;
    const res = await exchange(t, await signInWithPassword(email, password));
    expect(res.statusCode, res.body).toBe(200);
    expect(await isAdmin(t, res.json<{ token: string }>().token)).toEqual({ admin: false });
  });

  it('with the demo seed is refused (401): the seeded admin row waits for a verified owner', async () => {
    const t = seeded;
    const res = await exchange(t, await signInWithPassword(email, password));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: accountTakenMessage });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ uid: null, role: 'admin' });

    // The owner of the address, once verified, is the one who claims it.
    await verifyFirebaseEmail(strangerUid);
    const owner = await exchange(t, await signInWithPassword(email, password));
    expect(owner.statusCode, owner.body).toBe(200);
    expect(await isAdmin(t, owner.json<{ token: string }>().token)).toEqual({ admin: true });
  });
});
