/** The word alone for `count` things: `word` for one, else `pluralWord` (by default `word` + "s"). */
export function pluralForm(count: number, word: string, pluralWord = `${word}s`): string {
  return count === 1 ? word : pluralWord;
}

/** A count with its word: "1 part", "3 parts", and `plural(2, 'box', 'boxes')` is "2 boxes". */
export function plural(count: number, word: string, pluralWord?: string): string {
  return `${count} ${pluralForm(count, word, pluralWord)}`;
}
