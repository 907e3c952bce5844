/** A day (an order placed, a sign-up), as the viewer's locale writes a date. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** A moment (a payment, a change, a message), as the viewer's locale writes a date and time. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
