import { z } from 'zod';

/** The largest CSV file POST /parts/import takes, and the longest row in it (docs/security.md#csv-import). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_ROW_MAX_BYTES = 64 * 1024;

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** One row of an import: the line it starts on, what importing it does, and what is wrong with it. */
export const importRowSchema = z.object({
  row: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** POST /parts/import: every row, in the file's order. */
export const importAnswerSchema = z.object({ rows: z.array(importRowSchema) });
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

export const importQuerySchema = z
  .object({ dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).optional() })
  .strict();
