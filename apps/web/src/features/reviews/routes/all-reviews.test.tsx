import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AllReviews } from './all-reviews.tsx';
import { fetchMock, json, stubApi } from '#web-test/api.ts';
import { review } from '#web-test/fixtures.ts';
import { renderRoute } from '#web-test/render-route.tsx';

beforeEach(() => {
  stubApi();
});
afterEach(() => vi.unstubAllGlobals());

const hana = review(1, {
  name: 'Hana Sato',
  description: 'Friendly support too.',
  image: '/images/reviewers/hana.svg',
  rating: 3,
});

describe('/allreviews', () => {
  it('shows a spinner while loading', () => {
    fetchMock.mockReturnValue(new Promise(() => undefined));
    renderRoute(<AllReviews />);
    expect(screen.getByRole('heading', { level: 1, name: 'All Reviews' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading');
  });

  it('shows the reviews with their stars, as level-2 cards under the page title', async () => {
    fetchMock.mockResolvedValueOnce(json([hana]));
    renderRoute(<AllReviews />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Hana Sato' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 3 out of 5' })).toBeTruthy();
    expect(screen.getByText('Showing all 1 review')).toBeTruthy();
  });

  it('says so when there are no reviews, and when they cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    renderRoute(<AllReviews />);
    expect(await screen.findByText(/No reviews yet/)).toBeTruthy();
    cleanup();
    fetchMock.mockResolvedValueOnce(json({ message: 'Service unavailable' }, 503));
    renderRoute(<AllReviews />);
    expect((await screen.findByRole('alert')).textContent).toContain('Service unavailable');
  });
});

describe('/allreviews moderation', () => {
  it('offers no Delete to shoppers', async () => {
    fetchMock.mockResolvedValueOnce(json([hana]));
    renderRoute(<AllReviews />, { auth: { isAdmin: false } });
    await screen.findByRole('heading', { level: 2, name: 'Hana Sato' });
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('lets an admin delete a review after confirming', async () => {
    fetchMock.mockResolvedValueOnce(json([hana]));
    renderRoute(<AllReviews />, { auth: { isAdmin: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete review by Hana Sato' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(json({ acknowledged: true, deletedCount: 1 }));
    fetchMock.mockResolvedValueOnce(json([]));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes', hidden: true }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toMatch(new RegExp(`/api/reviews/${hana._id}$`));
    expect(init?.method).toBe('DELETE');
    expect(await screen.findByText(/No reviews yet/)).toBeTruthy();
  });
});
