import { and, desc, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { parts, partSearchTerms } from '#api/db/schema.ts';
import type { Db } from '#api/db/client.ts';
import { allFilters, type BoundFilters, type Cursor } from './parts-search.ts';
import type { Search } from './search-words.ts';

/**
 * Best match read from part_search_terms in the index's order instead of ranking every match
 * (docs/decisions/0035-search-terms-in-index-order.md). Rank: 1000 when every word matches as typed
 * or aliased, plus per word the best weight it begins (8 name or brand, 4 spec, 2 description);
 * ties go to the newest. One word that begins exactly one known word is read straight from the
 * index (oneWord); any other search groups its matches by part (grouped).
 */

const bind = sql.placeholder;
const t = partSearchTerms;
/** Above every other character: `term < prefix || TOP` keeps the words that begin with prefix. */
const TOP = sql`chr(1114111)`;

type Columns = SelectedFields;

export type Read = {
  build: (
    db: Db,
    columns: Columns,
    name: string,
  ) => { execute: (values: Record<string, unknown>) => Promise<unknown[]> };
  shape: string[];
  values: Record<string, unknown>;
};

/** Rows with the word itself, provided no longer known word begins with it (else grouped runs). */
export function oneWord(word: string, where: BoundFilters, cursor: Cursor | undefined): Read {
  const others = allFilters(where, undefined);
  const after = cursor
    ? [sql`(${t.weight}, ${t.partId}) < (${bind('cursorKey')}::int - 1000, ${bind('cursorId')}::uuid)`]
    : [];
  return {
    shape: ['best1', ...others.shape, ...(cursor ? ['cursor'] : [])],
    values: { ...others.values, word, ...(cursor ? { cursorKey: cursor.key, cursorId: cursor.id } : {}) },
    build: (db, columns, name) =>
      db
        .select({ ...columns, rank: sql<number>`1000 + ${t.weight}` })
        .from(t)
        .innerJoin(parts, eq(parts.id, t.partId))
        .where(
          and(
            eq(t.term, bind('word')),
            sql`not exists (select 1 from ${t} as longer where longer.term > ${bind('word')} and longer.term < ${bind('word')} || ${TOP})`,
            ...after,
            ...others.conditions,
          ),
        )
        .orderBy(desc(t.weight), desc(t.partId))
        .limit(bind('limit'))
        .prepare(name),
  };
}

/**
 * Per part and word the best weight (typed or aliased first, as oneWord ranks), then per part the
 * rank. A search of some words ranks the parts missing words below 0, so a cursor knows its read.
 */
export function grouped(search: Search, where: BoundFilters, cursor: Cursor | undefined): Read {
  const others = allFilters(where, undefined);
  const alternatives = search.words.flatMap((alternatives, word) => alternatives.map((a) => ({ ...a, word })));
  const ranked = sql`(
    select w.part_id, ${search.some ? sql`(count(*) - ${bind('wordCount')}::int - 1) * 1000 + ` : sql``}(bool_and(w.exact))::int * ${search.some ? sql`500` : sql`1000`} + sum(w.best)::int as rank
    from (
      select t.part_id, q.word, bool_or(not q.fix) as exact,
        coalesce(max(t.weight) filter (where not q.fix), max(t.weight)) as best
      from unnest(${bind('prefixes')}::text[], ${bind('words')}::int[], ${bind('fixes')}::boolean[]) as q(prefix, word, fix)
      join ${t} as t on t.term >= q.prefix and t.term < q.prefix || ${TOP}
      group by t.part_id, q.word
    ) as w
    group by w.part_id
    ${search.some ? sql`` : sql`having count(*) = ${bind('wordCount')}`}
  ) as m`;
  const rank = sql<number>`m.rank`;
  const after = cursor ? [sql`(${rank}, ${parts.id}) < (${bind('cursorKey')}::int, ${bind('cursorId')}::uuid)`] : [];
  return {
    shape: [search.some ? 'best_some' : 'best', ...others.shape, ...(cursor ? ['cursor'] : [])],
    values: {
      ...others.values,
      prefixes: alternatives.map((a) => a.prefix),
      words: alternatives.map((a) => a.word),
      fixes: alternatives.map((a) => a.fix),
      wordCount: search.words.length,
      ...(cursor ? { cursorKey: cursor.key, cursorId: cursor.id } : {}),
    },
    build: (db, columns, name) =>
      db
        .select({ ...columns, rank })
        .from(parts)
        .innerJoin(ranked, sql`${parts.id} = m.part_id`)
        .where(and(...after, ...others.conditions))
        .orderBy(desc(rank), desc(parts.id))
        .limit(bind('limit'))
        .prepare(name),
  };
}
