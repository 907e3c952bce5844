import { describe, expect, it } from 'vitest';
import { formatChartDay, formatDate, formatDateTime } from './format-date.ts';

describe('format-date', () => {
  it("writes a chart's day in UTC, the same for every viewer, with the year when asked", () => {
    expect(formatChartDay('2026-03-05T23:30:00Z')).toBe('Mar 5');
    expect(formatChartDay(Date.parse('2026-03-05T00:10:00Z'))).toBe('Mar 5');
    expect(formatChartDay(new Date('2026-03-05T12:00:00Z'), { withYear: true })).toBe('Mar 5, 2026');
  });

  it("writes days and moments as the viewer's locale does", () => {
    const iso = '2026-03-05T12:00:00Z';
    expect(formatDate(iso)).toBe(new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }));
    expect(formatDateTime(iso)).toBe(
      new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
  });
});
