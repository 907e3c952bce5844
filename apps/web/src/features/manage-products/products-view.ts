import { PAGE_LIMIT_MAX } from '@parts-shop/shared/constants';
import { MANAGE_SORTS, type ManageSort } from '@parts-shop/shared/part-query';
import { PART_KINDS, type PartKind } from '@parts-shop/shared/part-specs';

export type ProductsView = { q: string; kind: PartKind | ''; sort: ManageSort; lowStock: boolean };

const PAGE_SIZE = PAGE_LIMIT_MAX;

export function productsViewOf(params: URLSearchParams): ProductsView {
  const kind = params.get('kind');
  const sort = params.get('sort');
  return {
    q: params.get('q')?.trim() ?? '',
    kind: PART_KINDS.find((k) => k === kind) ?? '',
    sort: MANAGE_SORTS.find((s) => s === sort) ?? 'newest',
    lowStock: params.get('lowStock') === 'true',
  };
}

export function productsViewParams(view: ProductsView): Record<string, string> {
  const params: Record<string, string> = {};
  if (view.q) params.q = view.q;
  if (view.kind) params.kind = view.kind;
  if (view.sort !== 'newest') params.sort = view.sort;
  if (view.lowStock) params.lowStock = 'true';
  return params;
}

export function productsPath(view: ProductsView): string {
  return `/admin/parts?${new URLSearchParams({ limit: String(PAGE_SIZE), ...productsViewParams(view) }).toString()}`;
}
