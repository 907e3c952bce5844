import type { ReactNode } from 'react';

export function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="mb-8 text-center">
      <h2 id={id} className="text-3xl font-bold">
        {title}
      </h2>
      {children ? <p className="mx-auto mt-2 max-w-2xl text-base-content/80">{children}</p> : null}
    </div>
  );
}
