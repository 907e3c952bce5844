/**
 * The payment page for several orders at once (docs/product.md#paying-for-several-orders):
 * `/dashboard/payment?orders=id1,id2`. My Orders' "Pay all unpaid" links to it, and the page
 * reads the ids back with `orderIdsOf`.
 */
export function groupPaymentPath(orderIds: readonly string[]): string {
  return `/dashboard/payment?orders=${orderIds.map(encodeURIComponent).join(',')}`;
}

/** The order ids a group payment page names, in order, each once. */
export function orderIdsOf(search: URLSearchParams): string[] {
  const ids = (search.get('orders') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
  return [...new Set(ids)];
}
