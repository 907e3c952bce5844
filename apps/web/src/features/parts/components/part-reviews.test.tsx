import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { answerApi, json, urlOf } from '#web-test/api.ts';
import { PartReviews } from './part-reviews.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

const PART = '01900000-0000-7000-8000-0000000000aa';
const user = { email: 'buyer@example.com', displayName: 'Bea', photoURL: null };
const reviews = `GET /api/parts/${PART}/reviews?limit=20`;
const eligibility = `GET /api/parts/${PART}/reviews/eligibility`;

afterEach(() => vi.unstubAllGlobals());

describe("the part page's rate form", () => {
  it('is offered to a buyer who may rate, who is thanked once the rating is in', async () => {
    let rated = false;
    answerApi({
      [reviews]: () => json([]),
      [eligibility]: () =>
        json(rated ? { canRate: false, reason: apiMessages.partReviewTwice } : { canRate: true, reason: null }),
      [`POST /api/parts/${PART}/reviews`]: () => {
        rated = true;
        return json({ acknowledged: true, insertedId: 'r1' }, 201);
      },
    });
    renderRoute(<PartReviews partId={PART} />, { auth: { user, isAdmin: false } });
    fireEvent.click(await screen.findByRole('button', { name: 'Rate' }));
    expect((await screen.findByRole('status')).textContent).toBe('Thank you for rating this part.');
    expect(screen.queryByRole('form', { name: 'Rate this part' })).toBeNull();
  });

  it('is not offered to a customer who did not buy the part, who reads why', async () => {
    answerApi({
      [reviews]: () => json([]),
      [eligibility]: () => json({ canRate: false, reason: apiMessages.partReviewBuyersOnly }),
    });
    renderRoute(<PartReviews partId={PART} />, { auth: { user, isAdmin: false } });
    expect(await screen.findByText(apiMessages.partReviewBuyersOnly)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Rate this part' })).toBeNull();
  });

  it('tells a visitor who may rate, without asking the API', async () => {
    const api = answerApi({ [reviews]: () => json([]) });
    renderRoute(<PartReviews partId={PART} />);
    expect(screen.getByText('Customers who bought this part can rate it.')).toBeTruthy();
    expect(api.mock.calls.some(([input]) => urlOf(input).includes('eligibility'))).toBe(false);
  });
});
