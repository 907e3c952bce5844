import { useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditEntry, type AuditKind } from '@parts-shop/shared/audit';
import { PagedListView } from '#web/components/paged-list-view.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { ResponsiveTable } from '#web/components/ui/responsive-table.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useAuditLog } from '../api/get-audit.ts';
import { ChangeInWords } from '../components/change-in-words.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';

const TITLE = 'Audit Log';

function Subject({ entry }: { entry: AuditEntry }) {
  const name = entry.entityName ? (
    <span className="break-words">{entry.entityName}</span>
  ) : (
    <span className="break-all text-base-content/70">{entry.entityId}</span>
  );
  if (entry.entity === 'order')
    return (
      <Link className="link" to={`/dashboard/orders/${entry.entityId}`}>
        order {name}
      </Link>
    );
  if (entry.entity === 'part' && entry.kind !== 'product.delete')
    return (
      <Link className="link" to={`/parts/${entry.entityId}`}>
        part {name}
      </Link>
    );
  if (entry.entity === 'return') return name;
  return (
    <span>
      {entry.entity} {name}
    </span>
  );
}

export function Component() {
  useDocumentTitle(TITLE);
  const [kind, setKind] = useState<AuditKind | ''>('');
  const log = useAuditLog(kind);
  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-4">
      <h2 id="audit-title" className="text-2xl font-bold">
        {TITLE}
      </h2>
      <FormField
        as="select"
        label="Kind of change"
        className="max-w-xs"
        value={kind}
        onChange={(event) => setKind(event.target.value as AuditKind | '')}
      >
        <option value="">All changes</option>
        {AUDIT_KINDS.map((k) => (
          <option key={k} value={k}>
            {AUDIT_KIND_LABELS[k]}
          </option>
        ))}
      </FormField>
      <PagedListView
        list={log}
        emptyText={kind ? `No changes of the kind "${AUDIT_KIND_LABELS[kind]}" yet.` : 'No admin changes yet.'}
        noun={{ one: 'change', many: 'changes' }}
      >
        <ResponsiveTable
          rows={log.items}
          rowKey={(entry) => entry.id}
          labelledBy="audit-title"
          columns={[
            {
              header: 'When',
              cell: (entry) => (
                <time dateTime={entry.at} className="whitespace-nowrap">
                  {formatDateTime(entry.at)}
                </time>
              ),
            },
            {
              header: 'Who',
              cell: (entry) => (
                <span className="flex flex-col">
                  {entry.actor.name ? <span>{entry.actor.name}</span> : null}
                  <span className="break-all text-base-content/70">{entry.actor.email}</span>
                </span>
              ),
            },
            {
              header: 'What',
              cell: (entry) => (
                <span className="flex flex-col">
                  <span className="font-medium">{AUDIT_KIND_LABELS[entry.kind]}</span>
                  <Subject entry={entry} />
                </span>
              ),
            },
            { header: 'Before → after', cell: (entry) => <ChangeInWords entry={entry} /> },
          ]}
        />
      </PagedListView>
    </section>
  );
}
