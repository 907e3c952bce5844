import { galleryQuerySchema, type GalleryFilters } from '@parts-shop/shared/build';

const NAMES = ['minPrice', 'maxPrice', 'cpuBrand', 'gpuBrand'] as const;

/** Text fields as the form and the address hold them; an empty one is no filter. */
export type GalleryFilterText = Partial<Record<(typeof NAMES)[number], string>>;

type Parsed = { filters: GalleryFilters; errors: GalleryFilterText };

/** The filters `text` names, checked by the API's own schema, with a message for each field it refuses. */
export function parseGalleryFilters(text: GalleryFilterText): Parsed {
  const given = Object.fromEntries(
    NAMES.flatMap((name) => {
      const value = text[name]?.trim() ?? '';
      return value === '' ? [] : [[name, value]];
    }),
  );
  const result = galleryQuerySchema.safeParse(given);
  if (result.success) {
    const { limit: _limit, cursor: _cursor, ...filters } = result.data;
    return { filters, errors: {} };
  }
  const errors: GalleryFilterText = {};
  for (const issue of result.error.issues) {
    const name = NAMES.find((n) => n === issue.path[0]);
    if (name) errors[name] ??= issue.message;
  }
  return { filters: {}, errors };
}

/** The filters an address names; one it cannot read is left out rather than guessed at. */
export function galleryFiltersOf(params: URLSearchParams): GalleryFilters {
  const text = Object.fromEntries(NAMES.map((name) => [name, params.get(name) ?? undefined])) as GalleryFilterText;
  const { filters, errors } = parseGalleryFilters(text);
  if (Object.keys(errors).length === 0) return filters;
  const kept = Object.fromEntries(NAMES.filter((name) => !errors[name]).map((name) => [name, text[name]]));
  // A max price below the min is refused on the max alone: drop it, keep the rest.
  return parseGalleryFilters(kept).filters;
}
