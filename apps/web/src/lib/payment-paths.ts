export function groupPaymentPath(orderIds: readonly string[]): string {
  return `/dashboard/payment?orders=${orderIds.map(encodeURIComponent).join(',')}`;
}

export function orderIdsOf(search: URLSearchParams): string[] {
  const ids = (search.get('orders') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
  return [...new Set(ids)];
}
