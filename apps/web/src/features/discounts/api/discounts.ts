import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { discountSchema, type DiscountPatch, type NewDiscount } from '@parts-shop/shared/discount';
import { apiGet, apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /discounts/{id} (admin). */
export function useDiscount(id: string) {
  return useQuery({
    queryKey: queryKeys.discounts.one(id),
    queryFn: ({ signal }) => apiGet(`/discounts/${encodeURIComponent(id)}`, discountSchema, signal),
    staleTime: 0,
  });
}

function useRefreshDiscounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.discounts.all });
}

/** POST /discounts: the server checks the body with newDiscountSchema and answers the stored discount. */
export function useCreateDiscount() {
  const refresh = useRefreshDiscounts();
  return useMutation({
    mutationFn: (body: NewDiscount) => apiSend('POST', '/discounts', discountSchema, body),
    onSuccess: refresh,
  });
}

/** PATCH /discounts/{id}: an edit, a pause or resume ({paused}), or an end ({endsAt: now}). */
export function useUpdateDiscount() {
  const refresh = useRefreshDiscounts();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: DiscountPatch }) =>
      apiSend('PATCH', `/discounts/${encodeURIComponent(id)}`, discountSchema, patch),
    onSuccess: refresh,
  });
}
