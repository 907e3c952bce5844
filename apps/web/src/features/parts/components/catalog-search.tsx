import { useEffect, useState, type SubmitEvent } from 'react';
import { hasSearchTerms, PART_SORTS, SEARCH_MAX, SORT_LABELS, type PartSort } from '@parts-shop/shared/part-query';
import {
  changeCatalog,
  chooseSort,
  shownSort,
  textOf,
  type CatalogState,
  type ChangeCatalog,
} from '#web/lib/catalog-state.ts';
import { FormField } from '#web/components/ui/form-field.tsx';

export const SEARCH_DEBOUNCE_MS = 300;

// WebMCP's declarative attributes: a browser agent may use this form as a tool.
const SEARCH_TOOL = {
  toolname: 'show_parts',
  tooldescription:
    'Show parts of the Parts Shop catalog (processors, motherboards, memory, graphics cards, storage, power supplies, cases, cooling) on this page for the person to see, found by words and in the chosen order. To read part data yourself, use search_parts.',
};
const QUERY_PARAM = {
  toolparamdescription:
    'Words to find in the part name, description and specifications; each word may be the start of one ("ryz" finds Ryzen).',
};
const SORT_PARAM = {
  toolparamdescription: 'Order of the results: newest, price_asc, price_desc, or relevance (only with a search).',
};

type Props = { state: CatalogState; onChange: ChangeCatalog };

export function CatalogSearch({ state, onChange }: Props) {
  // What is typed but not yet in the address; null once the address has caught up, so Back and a shared link show
  // their own search.
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null && (draft === state.q || (draft.trim() === '' && state.q === ''))) setDraft(null);

  useEffect(() => {
    if (draft === null) return;
    // Typing on in a search already made replaces it, so Back does not step through every word.
    const timer = setTimeout(
      () => onChange(changeCatalog(state, { q: draft }), { replace: state.q !== '' }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [draft, state, onChange]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const q = textOf(form.get('q'));
    const sort = textOf(form.get('sort'));
    const searched = changeCatalog(state, { q });
    // The menu shows the current order; only a different choice (an agent's, say) is a new sort.
    const chosen = sort !== shownSort(state) && (PART_SORTS as readonly string[]).includes(sort);
    onChange(chosen ? chooseSort(searched, sort as PartSort) : searched);
  }

  const sorts = PART_SORTS.filter((sort) => sort !== 'relevance' || hasSearchTerms(state.q));
  return (
    <form
      role="search"
      aria-label="Search parts"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={submit}
      {...SEARCH_TOOL}
    >
      <FormField
        label="Search parts"
        className="min-w-0 flex-1"
        name="q"
        type="search"
        placeholder="Name, spec or description, e.g. ryzen am5"
        maxLength={SEARCH_MAX}
        autoComplete="off"
        value={draft ?? state.q}
        onChange={(event) => setDraft(event.target.value)}
        {...QUERY_PARAM}
      />
      <FormField
        as="select"
        label="Sort by"
        className="sm:w-48"
        name="sort"
        value={shownSort(state)}
        onChange={(event) => onChange(chooseSort(state, event.target.value as PartSort))}
        {...SORT_PARAM}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </FormField>
      <button type="submit" className="btn btn-primary sm:w-auto">
        Search
      </button>
    </form>
  );
}
