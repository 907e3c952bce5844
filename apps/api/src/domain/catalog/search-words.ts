import { sql } from 'drizzle-orm';
import { SEARCH_ALIASES } from '@parts-shop/shared/part-query';
import type { Db } from '#api/db/client.ts';

/**
 * `match`: the tsquery a part must meet (each word as a prefix, an alias or a known word it is a
 * typo of); `words`: the same per word, corrections marked `fix`, so best match can rank exact
 * matches first; `some`: a part need only meet one word.
 */
export type Search = { match: string; words: SearchAlternative[][]; some?: true };
export type SearchAlternative = { prefix: string; fix: boolean };

/** Shorter words have too few trigrams to tell a typo from another word. */
const TYPO_MIN_LENGTH = 4;
const CORRECTIONS_PER_WORD = 3;

type WordRow = { term: string; word: string };

/** node-postgres and PGlite both answer `{ rows }`. */
async function rowsOf<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/**
 * Known words near each term over the trigram index (`ryzn` gives `ryzen`), except those the term
 * begins. Strict: above 0.35 (0.3 would take `corsair` for `core`). Loose, for "did you mean": 0.2,
 * only for a term that begins no known word.
 */
async function corrections(db: Db, terms: string[], limit: number, loose: boolean) {
  const near = loose
    ? sql`similarity(word, t.term) >= 0.2 and not exists (select 1 from search_words where word like t.term || '%')`
    : sql`word % t.term and similarity(word, t.term) > 0.35 and word not like t.term || '%'`;
  const list = sql.join(
    terms.map((t) => sql`${t}`),
    sql`, `,
  );
  const rows = await rowsOf<WordRow>(
    db,
    sql`select t.term, w.word
        from unnest(array[${list}]::text[]) as t(term)
        cross join lateral (
          select word from search_words
          where ${near}
          order by similarity(word, t.term) desc, word
          limit ${limit}
        ) w`,
  );
  const byTerm = new Map<string, string[]>();
  for (const row of rows) byTerm.set(row.term, [...(byTerm.get(row.term) ?? []), row.word]);
  return byTerm;
}

const anyOf = (words: string[]) => {
  const alternatives = words.map((w) => `${w}:*`);
  return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' | ')})`;
};

/** A word's aliases; own keys only, so a word such as `constructor` has none. */
export const aliasesOf = (term: string): readonly string[] =>
  Object.hasOwn(SEARCH_ALIASES, term) ? (SEARCH_ALIASES[term] ?? []) : [];

export const hasCorrections = (search: Search): boolean => search.words.some((w) => w.some((a) => a.fix));

/**
 * Undefined when q has no words. A corrected word is no worse than a typo: `ryzen` also finds a part
 * named `Ryzn`, below every Ryzen. Terms are letters and digits only, so none can change the tsquery syntax.
 */
export async function resolveSearch(db: Db, terms: string[]): Promise<Search | undefined> {
  if (terms.length === 0) return undefined;
  const typoCandidates = terms.filter((t) => t.length >= TYPO_MIN_LENGTH && aliasesOf(t).length === 0);
  const fixes =
    typoCandidates.length === 0
      ? new Map<string, string[]>()
      : await corrections(db, typoCandidates, CORRECTIONS_PER_WORD, false);
  const words = terms.map((t) => [
    ...[t, ...aliasesOf(t)].map((prefix) => ({ prefix, fix: false })),
    ...(fixes.get(t) ?? []).map((prefix) => ({ prefix, fix: true })),
  ]);
  const match = words.map((alternatives) => anyOf(alternatives.map((a) => a.prefix))).join(' & ');
  return { match, words };
}

/** The parts that have any of several words, when none has all; undefined for one word. */
export function someWords(search: Search): Search | undefined {
  if (search.words.length < 2) return undefined;
  const match = search.words.map((alternatives) => anyOf(alternatives.map((a) => a.prefix))).join(' | ');
  return { match, words: search.words, some: true };
}

/** "Did you mean": each word that begins no known word swapped for the nearest; undefined when nothing changes. */
export async function suggestSearch(db: Db, terms: string[]): Promise<string | undefined> {
  const candidates = terms.filter((t) => t.length >= TYPO_MIN_LENGTH - 1);
  if (candidates.length === 0) return undefined;
  const fixes = await corrections(db, candidates, 1, true);
  if (fixes.size === 0) return undefined;
  return terms.map((t) => fixes.get(t)?.[0] ?? t).join(' ');
}
