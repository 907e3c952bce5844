import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StarRating, clampRating } from './star-rating.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

function filledStars(container: HTMLElement) {
  return container.querySelectorAll('svg[data-filled="true"]').length;
}

describe('StarRating', () => {
  it('names the rating once for screen readers and fills that many of five stars', () => {
    const { container } = renderRoute(<StarRating rating={4} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(container.querySelectorAll('svg')).toHaveLength(5);
    expect(filledStars(container)).toBe(4);
    // The stars themselves are hidden from assistive technology.
    expect(container.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(5);
  });

  it('shows zero stars as five empty ones', () => {
    const { container } = renderRoute(<StarRating rating={0} />);
    expect(screen.getByRole('img', { name: 'Rated 0 out of 5' })).toBeTruthy();
    expect(filledStars(container)).toBe(0);
  });

  it('keeps out-of-range data on the 0 to 5 scale', () => {
    renderRoute(<StarRating rating={9} />);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
  });

  it.each([
    [-2, 0],
    [0, 0],
    [3.4, 3],
    [3.6, 4],
    [5, 5],
    [12, 5],
    [Number.NaN, 0],
  ])('clampRating(%s) is %s', (input, expected) => {
    expect(clampRating(input)).toBe(expected);
  });
});
