// Formatters are made once and kept: one is costly to make, and a list shows many dates.
let day: Intl.DateTimeFormat | undefined;
let moment: Intl.DateTimeFormat | undefined;
let chartDay: Intl.DateTimeFormat | undefined;
let chartDayWithYear: Intl.DateTimeFormat | undefined;

/** A day (an order placed, a sign-up), as the viewer's locale writes a date. */
export function formatDate(iso: string): string {
  day ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  return day.format(new Date(iso));
}

/** A moment (a payment, a change, a message), as the viewer's locale writes a date and time. */
export function formatDateTime(iso: string): string {
  moment ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return moment.format(new Date(iso));
}

/** A chart's day ("Mar 5", "Mar 5, 2026"), in UTC and en-US so the server's drawing and every viewer agree. */
export function formatChartDay(date: string | number | Date, { withYear = false } = {}): string {
  const options = { month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
  const formatter = withYear
    ? (chartDayWithYear ??= new Intl.DateTimeFormat('en-US', { ...options, year: 'numeric' }))
    : (chartDay ??= new Intl.DateTimeFormat('en-US', options));
  return formatter.format(new Date(date));
}
