import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Review } from '@parts-shop/shared/review';
import { ReviewCard } from './review-card.tsx';

afterEach(cleanup);

const review: Review = {
  _id: '01890a5d-ac96-774b-bcce-b302099a8059',
  name: 'Priya Nair',
  description: 'The B650 board was exactly as described.',
  image: '/images/reviewers/priya.svg',
  rating: 5,
};

describe('ReviewCard', () => {
  it('shows the photo, name, words and stars', () => {
    render(<ReviewCard review={review} />);
    const photo = screen.getByRole('img', { name: review.name });
    expect(photo.getAttribute('src')).toBe(review.image);
    expect(photo.getAttribute('width')).toBe('64');
    expect(screen.getByRole('heading', { level: 3, name: review.name })).toBeTruthy();
    expect(screen.getByText(review.description)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
  });

  it('shows initials when the photo cannot load', () => {
    render(<ReviewCard review={review} headingLevel={2} />);
    fireEvent.error(screen.getByRole('img', { name: review.name }));
    expect(screen.queryByRole('img', { name: review.name })).toBeNull();
    expect(screen.getByText('PN')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: review.name })).toBeTruthy();
  });

  it('renders a review as text, never as HTML', () => {
    const { container } = render(<ReviewCard review={{ ...review, description: '<b>bold</b>' }} />);
    expect(screen.getByText('<b>bold</b>')).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
  });
});
