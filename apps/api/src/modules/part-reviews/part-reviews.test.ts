import { apiMessages } from '@parts-shop/shared/api-messages';
import type { Part } from '@parts-shop/shared/part';
import { partRatingMessage, type PartReview } from '@parts-shop/shared/part-review';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPart, payOrder, placeOrder, type Auth } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { createFirebaseAccount } from '#api-test/firebase-accounts.ts';
import { partReviews } from '#api/db/schema.ts';

// Buyers' ratings of a part (docs/product.md: Ratings of parts; docs/decisions/0026).

const t = useTestApp();
let partId: string;
let regular: Auth;

beforeAll(async () => {
  partId = await addPart(t, { available: 1000 });
  regular = await buyer();
});

type ErrorBody = { message: string; issues?: { path: (string | number)[]; message: string }[] };

let buyers = 0;
async function buyer(part = partId): Promise<Auth> {
  buyers += 1;
  const auth = await t.signIn(`buyer${buyers}@example.com`);
  await payOrder(t, auth, (await placeOrder(t, auth, part))._id);
  return auth;
}

function rate(auth: Auth | Record<string, never>, body: unknown, part = partId) {
  return t.app.inject({
    method: 'POST',
    url: `/api/parts/${part}/reviews`,
    headers: auth,
    payload: body as Record<string, unknown>,
  });
}

async function reviewCount(part = partId): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(partReviews).where(eq(partReviews.partId, part));
  return row?.n ?? 0;
}

async function ratingOf(part: string): Promise<Part['rating']> {
  return (await t.app.inject({ url: `/api/parts/${part}` })).json<Part>().rating;
}

describe('who may rate a part', () => {
  it('lets a customer who paid for it rate it: 201, listed, counted', async () => {
    const auth = await buyer();
    const res = await rate(auth, { rating: 4, text: 'Runs cool and quiet.' });
    expect(res.statusCode, res.body).toBe(201);
    const list = await t.app.inject({ url: `/api/parts/${partId}/reviews` });
    expect(list.statusCode).toBe(200);
    expect(list.json<PartReview[]>()[0]).toMatchObject({
      _id: res.json<{ insertedId: string }>().insertedId,
      name: `buyer${buyers}`,
      rating: 4,
      text: 'Runs cool and quiet.',
    });
  });

  it('refuses 403 a customer whose order is unpaid, and one who never ordered it', async () => {
    const unpaid = await t.signIn('unpaid@example.com');
    await placeOrder(t, unpaid, partId);
    const stranger = await t.signIn('stranger@example.com');
    const before = await reviewCount();
    for (const auth of [unpaid, stranger]) {
      const res = await rate(auth, { rating: 5, text: '' });
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().message).toBe(apiMessages.partReviewBuyersOnly);
    }
    // A paid order for another part does not count for this one.
    const otherBuyer = await buyer(await addPart(t));
    expect((await rate(otherBuyer, { rating: 5 })).statusCode).toBe(403);
    expect(await reviewCount()).toBe(before);
  });

  it('refuses 403 a customer whose paid order the shop cancelled and refunded', async () => {
    const part = await addPart(t);
    const auth = await buyer(part);
    const admin = await t.signIn('reviews-admin@example.com', 'admin');
    const [order] = (await t.app.inject({ url: `/api/orders?email=buyer${buyers}%40example.com`, headers: auth })).json<
      { _id: string }[]
    >();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order?._id ?? ''}/cancel`,
      headers: admin,
      payload: { reason: 'Out of stock at the supplier' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await rate(auth, { rating: 5 }, part);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().message).toBe(apiMessages.partReviewBuyersOnly);
    expect(await reviewCount(part)).toBe(0);
  });

  it('refuses 401 without a token, before looking at the body', async () => {
    expect((await rate({}, { rating: 9 })).statusCode).toBe(401);
  });

  it('refuses 403 a buyer whose email is not verified, as the shop-wide reviews do', async () => {
    // A real sign-up that never clicked its verification link, exchanged for an API token.
    const account = await createFirebaseAccount({ emailVerified: false });
    const exchange = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${encodeURIComponent(account.email)}`,
      headers: { authorization: `Bearer ${account.idToken}` },
      payload: { email: account.email },
    });
    const auth = { authorization: `Bearer ${exchange.json<{ token: string }>().token}` };
    await payOrder(t, auth, (await placeOrder(t, auth, partId))._id);
    const res = await rate(auth, { rating: 3 });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().message).toBe(apiMessages.reviewNeedsVerifiedEmail);
  });

  it('answers 404 for a part that does not exist', async () => {
    expect((await rate(regular, { rating: 3 }, '01890a5d-ac96-774b-bcce-000000000000')).statusCode).toBe(404);
  });
});

describe('once per buyer and part', () => {
  it('answers 409 to a second rating and keeps the first', async () => {
    const part = await addPart(t);
    const auth = await buyer(part);
    expect((await rate(auth, { rating: 5 }, part)).statusCode).toBe(201);
    const again = await rate(auth, { rating: 1 }, part);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toBe(apiMessages.partReviewTwice);
    expect(await ratingOf(part)).toEqual({ average: 5, count: 1 });
  });

  it('keeps one of two concurrent posts and counts it once', async () => {
    const part = await addPart(t);
    const auth = await buyer(part);
    const answers = await Promise.all([rate(auth, { rating: 2 }, part), rate(auth, { rating: 4 }, part)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await reviewCount(part)).toBe(1);
    const kept = answers[0].statusCode === 201 ? 2 : 4;
    expect(await ratingOf(part)).toEqual({ average: kept, count: 1 });
  });
});

describe('whether the part page offers the rate form (GET /api/parts/{id}/reviews/eligibility)', () => {
  const eligibility = (auth: Auth | Record<string, never>, part = partId) =>
    t.app.inject({ url: `/api/parts/${part}/reviews/eligibility`, headers: auth });

  it('says yes to a buyer who has not rated it, and no with the reason to everyone else', async () => {
    const part = await addPart(t);
    const auth = await buyer(part);
    expect((await eligibility(auth, part)).json()).toEqual({ canRate: true, reason: null });
    const stranger = await t.signIn('eligibility-stranger@example.com');
    expect((await eligibility(stranger, part)).json()).toEqual({
      canRate: false,
      reason: apiMessages.partReviewBuyersOnly,
    });
    expect((await rate(auth, { rating: 4 }, part)).statusCode).toBe(201);
    expect((await eligibility(auth, part)).json()).toEqual({ canRate: false, reason: apiMessages.partReviewTwice });
  });

  it('answers 401 to a visitor and 404 for a part that does not exist', async () => {
    expect((await eligibility({})).statusCode).toBe(401);
    expect((await eligibility(regular, '01890a5d-ac96-774b-bcce-000000000000')).statusCode).toBe(404);
  });
});

describe('the rating every part answers with', () => {
  it('is {average: 0, count: 0} before anyone rates, on the list and the part', async () => {
    const part = await addPart(t, { name: 'Unrated part xyzzy' });
    expect(await ratingOf(part)).toEqual({ average: 0, count: 0 });
    const list = await t.app.inject({ url: '/api/parts?q=xyzzy' });
    expect(list.json<Part[]>()[0]?.rating).toEqual({ average: 0, count: 0 });
  });

  it('averages several buyers to one decimal, on the list and the part', async () => {
    const part = await addPart(t, { name: 'Rated part plugh' });
    for (const rating of [5, 4, 4]) expect((await rate(await buyer(part), { rating }, part)).statusCode).toBe(201);
    expect(await ratingOf(part)).toEqual({ average: 4.3, count: 3 });
    const list = await t.app.inject({ url: '/api/parts?q=plugh' });
    expect(list.json<Part[]>()[0]?.rating).toEqual({ average: 4.3, count: 3 });
    const reviews = await t.app.inject({ url: `/api/parts/${part}/reviews?limit=2` });
    expect(reviews.json<PartReview[]>().map((r) => r.rating)).toEqual([4, 4]);
    expect(reviews.headers.link).toMatch(/rel="next"/);
  });
});

describe('bad input changes nothing', () => {
  it.each([{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: '5' }, {}, { rating: 5, text: 'x'.repeat(5001) }])(
    'refuses %j with 400',
    async (body) => {
      const before = await reviewCount();
      const res = await rate(regular, body);
      expect(res.statusCode).toBe(400);
      if (!('text' in body)) expect(res.json<ErrorBody>().issues?.[0]?.message).toBe(partRatingMessage);
      expect(await reviewCount()).toBe(before);
    },
  );

  it('refuses fields a rating does not have (the author comes from the token)', async () => {
    expect((await rate(regular, { rating: 5, authorEmail: 'someone@example.com' })).statusCode).toBe(400);
  });

  it.each(['limit=0', 'cursor=abc'])('GET reviews?%s answers 400', async (query) => {
    expect((await t.app.inject({ url: `/api/parts/${partId}/reviews?${query}` })).statusCode).toBe(400);
  });
});
