import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** The one error body every API failure answers with (docs/product.md#errors). */
export const apiErrorSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    /** A stable code for the refusals that have one, e.g. no_shipping_zone. */
    code: z.string().optional(),
    issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
  }),
);
export type ApiError = z.infer<typeof apiErrorSchema>;
