/** A user's address in an API path: the API keys users by their lower-cased email. */
export function userPath(email: string): string {
  return encodeURIComponent(email.toLowerCase());
}
