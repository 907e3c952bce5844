import { apiMessages } from '@parts-shop/shared/api-messages';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import { useTestApp, createTestApp, type TestApp } from '#api-test/test-app.ts';
import { reviews } from '#api/db/schema.ts';
import { createFirebaseAccount } from '#api-test/firebase-accounts.ts';

// Customer reviews (docs/product.md: Dashboard, Who may do what, Lists and paging, Web addresses, Errors): POST /reviews and GET /reviews.

const t = useTestApp({ users: { customer: 'customer@example.com' } });
const { customer } = t.users;

const validReview = {
  name: 'Ada',
  description: 'The GPU arrived quickly and runs cool.',
  image: 'https://example.com/ada.png',
  rating: 4,
};

type ErrorBody = { message: string; issues?: { path: (string | number)[]; message: string }[] };
type ReviewJson = { _id: string; name: string; description: string; image: string; rating: number };

function addReview(body: unknown, headers: Record<string, string> = customer) {
  return t.app.inject({ method: 'POST', url: '/api/reviews', headers, payload: body as Record<string, unknown> });
}

async function reviewCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(reviews);
  return row?.n ?? 0;
}

async function expectRejected(body: unknown, field: string, message: string | RegExp) {
  const before = await reviewCount();
  const res = await addReview(body);
  expect(res.statusCode).toBe(400);
  const issue = res.json<ErrorBody>().issues?.find((i) => i.path[0] === field);
  expect(issue, `an issue for ${field} in ${res.body}`).toBeDefined();
  if (typeof message === 'string') expect(issue?.message).toBe(message);
  else expect(issue?.message).toMatch(message);
  expect(await reviewCount()).toBe(before);
}

describe('POST /api/reviews validation', () => {
  it.each([
    ['name', messages.nameRequired],
    ['description', messages.reviewRequired],
    ['image', messages.photoRequired],
    ['rating', messages.ratingRange],
  ] as const)('refuses a review without %s with "%s"', async (field, message) => {
    const { [field]: _missing, ...body } = validReview;
    await expectRejected(body, field, message);
  });

  it.each([
    ['name', messages.nameRequired],
    ['description', messages.reviewRequired],
    ['image', messages.photoRequired],
  ] as const)('refuses a blank %s with "%s"', async (field, message) => {
    await expectRejected({ ...validReview, [field]: '  ' }, field, message);
  });

  it.each([6, -1, 2.5, '4', null])('refuses rating %j', async (rating) => {
    await expectRejected({ ...validReview, rating }, 'rating', messages.ratingRange);
  });

  it.each([0, 5])('accepts rating %i', async (rating) => {
    const res = await addReview({ ...validReview, rating });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com/me.png',
    'me.png',
  ])('refuses the photo URL %j', async (image) => {
    await expectRejected({ ...validReview, image }, 'image', messages.urlInvalid);
  });

  it('answers 413 JSON to a 10 MB description and stores nothing', async () => {
    const before = await reviewCount();
    const res = await addReview({ ...validReview, description: 'x'.repeat(10 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json<ErrorBody>().message).toEqual(expect.any(String));
    expect(await reviewCount()).toBe(before);
  });

  it('refuses fields a review does not have (the author comes from the token)', async () => {
    const before = await reviewCount();
    const res = await addReview({ ...validReview, authorEmail: 'someone@example.com' });
    expect(res.statusCode).toBe(400);
    expect(await reviewCount()).toBe(before);
  });
});

describe('who may review', () => {
  it('answers 401 without a token or with a bad one, before looking at the body', async () => {
    const before = await reviewCount();
    expect((await addReview(validReview, {})).statusCode).toBe(401);
    expect((await addReview(validReview, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect((await addReview({ rating: 9 }, {})).statusCode).toBe(401);
    expect(await reviewCount()).toBe(before);
  });

  it('lets an admin review too (any signed-in user)', async () => {
    const admin = await t.signIn('admin@example.com', 'admin');
    expect((await addReview(validReview, admin)).statusCode).toBe(201);
  });
});

describe('POST /api/reviews success', () => {
  it('answers 201 {acknowledged, insertedId}; the review is first in GET /api/reviews', async () => {
    const res = await addReview({ ...validReview, name: 'Newest Reviewer', rating: 3 });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ acknowledged: boolean; insertedId: string }>();
    expect(body.acknowledged).toBe(true);
    expect(typeof body.insertedId).toBe('string');
    const list = await t.app.inject({ url: '/api/reviews' });
    expect(list.statusCode).toBe(200);
    expect(list.json<ReviewJson[]>()[0]).toEqual({
      _id: body.insertedId,
      name: 'Newest Reviewer',
      description: validReview.description,
      image: validReview.image,
      rating: 3,
    });
    const home = await t.app.inject({ url: '/api/reviews?limit=3' });
    expect(home.json<ReviewJson[]>()[0]?._id).toBe(body.insertedId);
  });

  it('records who wrote it from the token', async () => {
    const res = await addReview(validReview);
    const id = res.json<{ insertedId: string }>().insertedId;
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row?.authorEmail).toBe('customer@example.com');
  });

  it('stores HTML and script verbatim and answers them as plain JSON strings', async () => {
    const name = '<script>alert(1)</script>';
    const description = '<img src=x onerror="alert(document.cookie)"> &amp; </textarea><b>hi</b>';
    const res = await addReview({ ...validReview, name, description });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ insertedId: string }>().insertedId;
    const list = await t.app.inject({ url: '/api/reviews' });
    expect(list.headers['content-type']).toMatch(/application\/json/);
    const stored = list.json<ReviewJson[]>().find((r) => r._id === id);
    expect(stored).toMatchObject({ name, description });
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ name, description });
  });
});

describe('GET /api/reviews paging', () => {
  it('pages newest first with a Link header', async () => {
    for (let i = 0; i < 3; i += 1) await addReview({ ...validReview, name: `Pager ${i}` });
    const first = await t.app.inject({ url: '/api/reviews?limit=2' });
    expect(first.json<ReviewJson[]>().map((r) => r.name)).toEqual(['Pager 2', 'Pager 1']);
    const next = /^<([^>]+)>;\s*rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await t.app.inject({ url: next ?? '' });
    expect(second.json<ReviewJson[]>()[0]?.name).toBe('Pager 0');
  });

  it.each(['/api/reviews?limit=0', '/api/reviews?limit=101', '/api/reviews?cursor=abc'])(
    'GET %s answers 400 JSON',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toEqual(expect.any(String));
    },
  );
});

describe('who may post what', () => {
  it.each(['Parts Shop Support (official)', 'PARTS-SHOP', 'parts shop', 'The partsshop team'])(
    "refuses a review under the shop's own name: %s",
    async (name) => {
      await expectRejected({ ...validReview, name }, 'name', messages.reviewNameIsShop);
    },
  );

  it('refuses a photo every visitor would load from a host the shop does not allow', async () => {
    for (const image of ['https://tracker.example.net/pixel.png', 'http://example.com/ada.png']) {
      const before = await reviewCount();
      const res = await addReview({ ...validReview, image });
      expect(res.statusCode, image).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(apiMessages.photoHostNotAllowed);
      expect(await reviewCount()).toBe(before);
    }
    // The shop's own pictures and the allowed host's (IMAGE_HOSTS=example.com in the tests) are fine.
    expect((await addReview({ ...validReview, image: '/images/reviewers/amelia.svg' })).statusCode).toBe(201);
    expect((await addReview(validReview)).statusCode).toBe(201);
  });
});

describe("the shop's own absolute photo addresses", () => {
  const photo = `/api/uploads/${'c'.repeat(64)}.webp`;

  async function postedImage(image: string, headers: Record<string, string> = customer, app: TestApp = t) {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers,
      payload: { ...validReview, image },
    });
    expect(res.statusCode, `${image}: ${res.body}`).toBe(201);
    const id = res.json<{ insertedId: string }>().insertedId;
    const [row] = await app.database.db.select().from(reviews).where(eq(reviews.id, id));
    return row?.image;
  }

  it('keeps them as site paths: the demo address, and the address the request came to', async () => {
    // PUBLIC_URL unset: the shop's address is http://localhost:3000, as on the demo.
    expect(await postedImage('http://localhost:3000/images/parts/case.svg')).toBe('/images/parts/case.svg');
    // Reached as http://shop.test:8080, a photo copied from its own page (an uploaded one, at a width).
    const fromHere = { ...customer, host: 'shop.test:8080' };
    expect(await postedImage(`http://shop.test:8080${photo}?w=640`, fromHere)).toBe(photo);
  });

  it("keeps PUBLIC_URL's addresses as site paths", async () => {
    const shop = await createTestApp({ PUBLIC_URL: 'https://shop.example.org' });
    try {
      const headers = await shop.signIn('customer@example.com');
      expect(await postedImage('https://shop.example.org/images/parts/case.svg', headers, shop)).toBe(
        '/images/parts/case.svg',
      );
    } finally {
      await shop.close();
    }
  });

  it('refuses another origin that only looks like the shop', async () => {
    for (const image of [
      'http://localhost:3001/images/parts/case.svg',
      'https://localhost:3000/images/parts/case.svg',
      'http://localhost.example.net:3000/images/parts/case.svg',
    ]) {
      const before = await reviewCount();
      const res = await addReview({ ...validReview, image });
      expect(res.statusCode, image).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(apiMessages.photoHostNotAllowed);
      expect(await reviewCount()).toBe(before);
    }
  });
});

describe('only a verified email may post', () => {
  it('refuses a customer whose email is not verified, and stores nothing', async () => {
    // A real sign-up that never clicked its verification link, exchanged for an API token.
    const account = await createFirebaseAccount({ emailVerified: false });
    const exchange = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${encodeURIComponent(account.email)}`,
      headers: { authorization: `Bearer ${account.idToken}` },
      payload: { email: account.email },
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    const unverified = { authorization: `Bearer ${exchange.json<{ token: string }>().token}` };
    const before = await reviewCount();
    const res = await addReview(validReview, unverified);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().message).toBe(apiMessages.reviewNeedsVerifiedEmail);
    expect(await reviewCount()).toBe(before);
  });
});

describe('DELETE /api/reviews/{id}: admins moderate', () => {
  it('removes the review from the list, for admins only', async () => {
    const posted = await addReview({ ...validReview, description: 'Spam, spam, spam' });
    const id = posted.json<{ insertedId: string }>().insertedId;
    const remove = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers });
    expect((await remove()).statusCode).toBe(401);
    expect((await remove(customer)).statusCode).toBe(403);
    const admin = await t.signIn('moderator@example.com', 'admin');
    const removed = await remove(admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const list = await t.app.inject({ url: '/api/reviews?limit=100' });
    expect(list.json<ReviewJson[]>().map((r) => r._id)).not.toContain(id);
    expect((await remove(admin)).statusCode).toBe(404);
  });
});
