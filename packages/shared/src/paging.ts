import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants.ts';

export const pageQuerySchema = lazySchema(() =>
  z
    .object({
      limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
      cursor: z.string().max(200).optional(),
    })
    .strict(),
);
export type PageQuery = z.infer<typeof pageQuerySchema>;
