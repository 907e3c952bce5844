import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { part } from '#web-test/fixtures.ts';
import { PartCard } from './part-card.tsx';
import { PartRating } from './part-rating.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

describe("a part's buyers' rating", () => {
  it('reads "4.2 out of 5, 12 ratings" once and shows four of five stars and 4.2 (12)', () => {
    renderRoute(<PartRating rating={{ average: 4.2, count: 12 }} />);
    expect(screen.getByRole('img', { name: '4.2 out of 5, 12 ratings' }).textContent).toBe('★★★★☆ 4.2 (12)');
  });

  it('says "1 rating" for one', () => {
    renderRoute(<PartRating rating={{ average: 3, count: 1 }} />);
    expect(screen.getByRole('img', { name: '3 out of 5, 1 rating' })).toBeTruthy();
  });

  it('shows on a part card only once the part has ratings', () => {
    const rated = part(1, { rating: { average: 4.2, count: 7 } });
    renderRoute(
      <>
        <PartCard part={rated} />
        <PartCard part={part(2)} />
      </>,
    );
    expect(screen.getAllByRole('img', { name: /out of 5, \d+ ratings?$/ })).toHaveLength(1);
    expect(screen.getByRole('img', { name: '4.2 out of 5, 7 ratings' })).toBeTruthy();
  });
});
