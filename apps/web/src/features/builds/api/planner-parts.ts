import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Part } from '@parts-shop/shared/part';
import { partSpecsSchema, type PartKind } from '@parts-shop/shared/part-specs';
import { apiGet } from '../../../lib/api-client.ts';
import { partQueryOptions } from '../../../lib/get-part.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The planner reads only these fields; the shared part schema checks more than it needs, and
// a narrower schema keeps the picker working whatever else a part grows.
/** What the planner needs of a part: the catalog fields beside its kind and specs. */
const plannerPartSchema = z.intersection(
  z.object({
    _id: z.string(),
    name: z.string(),
    img: z.string(),
    price: z.number(),
    minOrder: z.number().int(),
    available: z.number().int(),
  }),
  partSpecsSchema,
);
export type PlannerPart = z.infer<typeof plannerPartSchema>;

/** Most candidates a picker lists at once; the search box narrows them. */
export const PICKER_LIMIT = 100;

/** The catalog's parts of one kind, optionally searched (GET /parts?kind=&q=). */
export function useSlotCandidates(kind: PartKind, search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: queryKeys.parts.planner.candidates(kind, q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ kind, limit: String(PICKER_LIMIT), sort: q ? 'relevance' : 'price_asc' });
      if (q) params.set('q', q);
      return apiGet(`/parts?${params.toString()}`, z.array(plannerPartSchema), signal);
    },
    placeholderData: keepPreviousData,
  });
}

/** The planner's view of a whole part: the cache keeps the full part that Edit Product and the part page share. */
const toPlannerPart = (part: Part): PlannerPart => part;

/** The build's parts by id: the one GET /parts/{id} read (lib/get-part.ts), narrowed with `select`. */
export function useBuildParts(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({ ...partQueryOptions(id), select: toPlannerPart, retry: false })),
  });
}
