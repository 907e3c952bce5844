import { z } from 'zod';
import { managedPartSchema } from '@parts-shop/shared/part';
import { usePagedList } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { productsPath, type ProductsView } from '../products-view.ts';

const managedPartListSchema = z.array(managedPartSchema);

export function useManagedParts(view: ProductsView) {
  const firstPage = productsPath(view);
  return usePagedList({
    queryKey: queryKeys.parts.manage(firstPage),
    firstPage,
    schema: managedPartListSchema,
  });
}
