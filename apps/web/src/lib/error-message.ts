/**
 * What to tell a person about a failure: the shop's own words when it sent them (every API refusal is an ApiError
 * whose message is the server's), else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
