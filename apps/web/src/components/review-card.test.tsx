import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewCard } from './review-card.tsx';
import { review } from '#web-test/fixtures.ts';
import { renderRoute } from '#web-test/render-route.tsx';

const priya = review(1, {
  name: 'Priya Nair',
  description: 'The B650 board was exactly as described.',
  image: '/images/reviewers/priya.svg',
});

describe('ReviewCard', () => {
  it('shows the photo, name, words and stars', () => {
    renderRoute(<ReviewCard review={priya} />);
    const photo = screen.getByRole('img', { name: priya.name });
    expect(photo.getAttribute('src')).toBe(priya.image);
    expect(photo.getAttribute('width')).toBe('64');
    expect(screen.getByRole('heading', { level: 3, name: priya.name })).toBeTruthy();
    expect(screen.getByText(priya.description)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
  });

  it('shows initials when the photo cannot load', () => {
    renderRoute(<ReviewCard review={priya} headingLevel={2} />);
    fireEvent.error(screen.getByRole('img', { name: priya.name }));
    expect(screen.queryByRole('img', { name: priya.name })).toBeNull();
    expect(screen.getByText('PN')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: priya.name })).toBeTruthy();
  });

  it('renders a review as text, never as HTML', () => {
    const { container } = renderRoute(<ReviewCard review={{ ...priya, description: '<b>bold</b>' }} />);
    expect(screen.getByText('<b>bold</b>')).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
  });
});
