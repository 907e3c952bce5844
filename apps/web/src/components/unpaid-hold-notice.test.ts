import { describe, expect, it } from 'vitest';
import { holdDuration } from './unpaid-hold-notice.tsx';

describe('holdDuration', () => {
  it('reads the hold in the largest whole unit', () => {
    expect(holdDuration(1440)).toBe('24 hours');
    expect(holdDuration(2880)).toBe('2 days');
    expect(holdDuration(60)).toBe('1 hour');
    expect(holdDuration(90)).toBe('90 minutes');
    expect(holdDuration(1)).toBe('1 minute');
  });
});
