import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AllReviews } from './all-reviews.tsx';
import { fetchMock, json, stubApi } from '../../../../test/api.ts';
import { review } from '../../../../test/fixtures.ts';

beforeEach(() => {
  stubApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AllReviews />
    </QueryClientProvider>,
  );
}

const hana = review(1, {
  name: 'Hana Sato',
  description: 'Friendly support too.',
  image: '/images/reviewers/hana.svg',
  rating: 3,
});

describe('/allreviews', () => {
  it('shows a spinner while loading', () => {
    fetchMock.mockReturnValue(new Promise(() => undefined));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'All Reviews' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading');
  });

  it('shows the reviews with their stars, as level-2 cards under the page title', async () => {
    fetchMock.mockResolvedValueOnce(json([hana]));
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Hana Sato' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 3 out of 5' })).toBeTruthy();
    expect(screen.getByText('Showing all 1 review')).toBeTruthy();
  });

  it('says so when there are no reviews, and when they cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    renderPage();
    expect(await screen.findByText(/No reviews yet/)).toBeTruthy();
    cleanup();
    fetchMock.mockResolvedValueOnce(json({ message: 'Service unavailable' }, 503));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Service unavailable');
  });
});
