import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts the API's validation issues next to the form fields they name: the server checks every rule again, and its
 * word is the one that counts.
 */
export function showServerIssues<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const issue of error.issues) {
    // A nested field (specs.socket) by its whole path, else the top-level field it sits under.
    const field = fields.find((name) => name === issue.path.join('.')) ?? fields.find((name) => name === issue.path[0]);
    if (field === undefined) continue;
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
