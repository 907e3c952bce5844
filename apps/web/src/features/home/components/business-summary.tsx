import { MARKETING } from '@parts-shop/shared/constants';
import { SectionHeading } from './section-heading.tsx';

const ICONS = [
  'M21 8l-9-5-9 5v8l9 5 9-5V8zM3 8l9 5 9-5M12 13v8',
  'M16 11a4 4 0 10-8 0 4 4 0 008 0zM4 21a8 8 0 0116 0',
  'M4 5h16v11H9l-5 4V5z',
];

export function BusinessSummary() {
  return (
    <section aria-labelledby="summary-title" className="py-14">
      <SectionHeading id="summary-title" title="Builders Trust Us">
        Thousands of PCs have started with a parcel from Parts Shop.
      </SectionHeading>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-3">
        {MARKETING.map((item, index) => (
          <li
            key={item.label}
            className="flex flex-col items-center gap-2 rounded-box border border-base-300 bg-base-100 p-8 text-center shadow-sm"
          >
            <svg
              viewBox="0 0 24 24"
              width="40"
              height="40"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
              className="text-secondary"
              aria-hidden="true"
            >
              <path d={ICONS[index] ?? ''} />
            </svg>
            <p className="text-4xl font-extrabold text-primary">{item.figure}</p>
            <p className="text-lg font-medium">{item.label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
