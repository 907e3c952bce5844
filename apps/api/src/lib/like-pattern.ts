/** A LIKE pattern matching any text that contains `text`; its wildcards (% and _) are literal. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
