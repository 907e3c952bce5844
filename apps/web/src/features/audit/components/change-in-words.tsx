import type { AuditEntry } from '@parts-shop/shared/audit';
import { formatCents } from '@parts-shop/shared/money';
import { SPEC_FIELDS } from '@parts-shop/shared/part-specs';

/** Fields whose words are not their name's: a part's own ones and every spec's label ('Recommended PSU'). */
const FIELD_WORDS: Record<string, string> = {
  ...Object.fromEntries(Object.values(SPEC_FIELDS).flatMap((fields) => fields.map((f) => [f.name, f.label]))),
  img: 'Photo',
  minOrder: 'Minimum order',
  available: 'Stock',
  lowStockAt: 'Low stock at',
  specs: 'Specifications',
};

/** Any other field reads from its camelCase name: 'trackingNumber' is 'Tracking number', 'priceCents' 'Price'. */
function fieldWords(field: string): string {
  const known = FIELD_WORDS[field];
  if (known) return known;
  const words = field
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** A value as a person says it: money from cents, yes or no, lists with commas, an object field by field. */
function valueWords(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field.endsWith('Cents') && typeof value === 'number') return formatCents(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => valueWords('', item)).join(', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '—';
    return entries.map(([key, inner]) => `${fieldWords(key)} ${valueWords(key, inner)}`).join('; ');
  }
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** Each changed field in words ('Price: $199.99 → $149.50'), the raw record behind a disclosure for who needs it. */
export function ChangeInWords({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (fields.length === 0) return <span>—</span>;
  return (
    <div className="flex flex-col gap-1">
      <ul className="flex flex-col gap-1">
        {fields.map((field) => (
          <li key={field} className="break-words">
            <span className="font-medium">{fieldWords(field)}</span>:{' '}
            {entry.before ? <span>{valueWords(field, entry.before[field])}</span> : null}
            {entry.before && entry.after ? <span aria-label="changed to"> → </span> : null}
            {entry.after ? <span>{valueWords(field, entry.after[field])}</span> : null}
          </li>
        ))}
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer">Raw change</summary>
        <pre className="overflow-x-auto text-xs whitespace-pre-wrap break-all">
          {JSON.stringify({ before: entry.before, after: entry.after }, null, 2)}
        </pre>
      </details>
    </div>
  );
}
