import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { pluralForm } from './plural.ts';

/** The largest CSV file POST /parts/import takes, and the longest row in it (docs/security.md#csv-import). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_ROW_MAX_BYTES = 64 * 1024;

/**
 * What importing a row does. `conflict`: the row would change a part that changed in the shop
 * since the file was exported (or a file without versions changes it), so applying it could
 * undo a sale or another admin's edit; it is applied only when the owner chooses to overwrite.
 */
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'conflict'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** One column a row changes, as CSV cells: the shop's now, then the file's. */
const importChangeSchema = lazySchema(() => z.object({ field: z.string(), before: z.string(), after: z.string() }));

/** One row of an import; `name` is the shop's for a part it has, else the file's. */
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

/** POST /parts/import: every row, in the file's order. */
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
