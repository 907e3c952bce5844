import { describe, expect, it } from 'vitest';
import { ucpCheckoutSchema } from '@parts-shop/shared/ucp';
import { createFirebaseAccount, uniqueEmail } from '#api-test/firebase-accounts.ts';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { AGENT_NAME, payment, readyCheckout, ucp } from '#api-test/ucp-fixtures.ts';

/** A buyer an assistant named, signing up afterwards: the account is theirs, and so is its name. */
const t = useTestApp({ config: { PUBLIC_URL: 'https://shop.example' } });

describe("an assistant's buyer signing up", () => {
  it('keeps their own name, not the one the assistant gave, and sees the order as placed by that assistant', async () => {
    const email = uniqueEmail();
    const partId = await addPart(t, { available: 5 });
    const checkout = readyCheckout(partId, 1, email);
    checkout.buyer.first_name = 'Mallory';
    checkout.buyer.last_name = 'Chosen-By-Assistant';
    const opened = await ucp(t, 'POST', '/checkout-sessions', checkout);
    expect(opened.statusCode, opened.body).toBe(201);
    const created = ucpCheckoutSchema.parse(opened.json());
    const done = ucpCheckoutSchema.parse(
      (await ucp(t, 'POST', `/checkout-sessions/${created.id}/complete`, payment())).json(),
    );
    expect(done.status).toBe('completed');

    const account = await createFirebaseAccount({ email, displayName: 'Ada Own-Name', emailVerified: true });
    const exchanged = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${account.idToken}` },
      payload: { email },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const authorization = `Bearer ${exchanged.json<{ token: string }>().token}`;

    const me = await t.app.inject({ url: `/api/users/${encodeURIComponent(email)}`, headers: { authorization } });
    expect(me.json()).toMatchObject({ userName: 'Ada Own-Name' });
    const mine = await t.app.inject({
      url: `/api/orders?email=${encodeURIComponent(email)}`,
      headers: { authorization },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual([expect.objectContaining({ email, origin: AGENT_NAME })]);
  });
});
