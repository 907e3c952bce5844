/** Says whether the prices beside it include tax, as the owner set (docs/product.md#shipping-and-taxes). */
export function PriceBasis({ includesTax }: { includesTax: boolean }) {
  return <span className="text-sm text-base-content/70">({includesTax ? 'incl. tax' : 'excl. tax'})</span>;
}
