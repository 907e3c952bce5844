import { NOT_CHECKED } from '@parts-shop/shared/compatibility';

/** What the compatibility check leaves out, so "Everything fits together" is not read as more than it is. */
export function NotCheckedNote() {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">What the planner does not check</summary>
      <ul className="mt-1 list-disc pl-5">
        {NOT_CHECKED.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </details>
  );
}
