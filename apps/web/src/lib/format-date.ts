// Made on first use and kept: a date formatter is costly to make, and a list shows many dates.
let day: Intl.DateTimeFormat | undefined;
let moment: Intl.DateTimeFormat | undefined;

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
