import type { Problem } from '@parts-shop/shared/compatibility';

export function ProblemList({ problems, label }: { problems: readonly Problem[]; label: string }) {
  if (problems.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" aria-label={label}>
      {problems.map((p) => (
        <li
          key={`${p.code} ${p.partIds.join(' ')}`}
          className={`text-sm font-medium ${p.severity === 'error' ? 'text-error' : 'text-warning-content'}`}
        >
          <span className={`badge badge-sm mr-1 ${p.severity === 'error' ? 'badge-error' : 'badge-warning'}`}>
            {p.severity === 'error' ? 'Error' : 'Warning'}
          </span>
          {p.message}
        </li>
      ))}
    </ul>
  );
}
