import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { pluralForm } from './plural.ts';

/** The largest CSV file POST /parts/import takes, and the longest row in it (docs/security.md#csv-import). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_ROW_MAX_BYTES = 64 * 1024;

/**
 * `conflict`: the part changed since the export, so the row could undo a sale or an edit; applied only with
 * overwrite.
 */
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'conflict'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** One column a row changes, as CSV cells: the shop's now, then the file's. */
const importChangeSchema = lazySchema(() => z.object({ field: z.string(), before: z.string(), after: z.string() }));

/** One row of an import: where it starts, what it does, the part's name, each column it changes, its issues. */
export const importRowSchema = lazySchema(() =>
  z.object({
    row: z.number().int(),
    action: z.enum(IMPORT_ACTIONS),
    name: z.string(),
    changes: z.array(importChangeSchema),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
  }),
);
export type ImportRow = z.infer<typeof importRowSchema>;

export const importAnswerSchema = lazySchema(() => z.object({ rows: z.array(importRowSchema) }));
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

const flag = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` }).optional();

/** `overwrite=true` applies conflict rows too: the owner's explicit choice to replace what changed since the export. */
export const importQuerySchema = lazySchema(() =>
  z.object({ dryRun: flag('dryRun'), overwrite: flag('overwrite') }).strict(),
);

export const IMPORT_CONFLICT_MESSAGE = 'Changed in the shop since this file was exported';

/** The 409 of an import refused for its conflicts. */
export function importConflictsMessage(lines: readonly number[]): string {
  const which = pluralForm(lines.length, 'the part on line', 'the parts on lines');
  return `Nothing was imported: ${which} ${lines.join(', ')} changed in the shop since this file was exported. Export again, or choose to overwrite those changes.`;
}
