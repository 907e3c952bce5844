// STUB: replaced by the feature's owner.
export function Component() {
  return <h1>my-profile</h1>;
}
