import { z } from 'zod';
import { auditEntrySchema, type AuditKind } from '@parts-shop/shared/audit';
import { usePagedList } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const auditListSchema = z.array(auditEntrySchema);
const AUDIT_PAGE = 25;

export function useAuditLog(kind: AuditKind | '') {
  const search = new URLSearchParams({ limit: String(AUDIT_PAGE), ...(kind ? { kind } : {}) });
  return usePagedList({
    queryKey: queryKeys.audit.list(kind),
    firstPage: `/admin/audit?${search.toString()}`,
    schema: auditListSchema,
    // Every admin change adds a record: read again on each visit.
    staleTime: 0,
  });
}
