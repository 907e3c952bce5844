// STUB: replaced by the feature's owner.
export function Component() {
  return <h1>all-reviews</h1>;
}
