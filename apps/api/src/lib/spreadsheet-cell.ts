/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, a tab or a return first) gets a quote before it, so the text
 * opens as text (docs/security.md#csv-import). `restoreCell` takes the quote off again on import.
 */
const FORMULA = /^'*[=+\-@\t\r]/;
export const neutraliseCell = (cell: string) => (FORMULA.test(cell) ? `'${cell}` : cell);
export const restoreCell = (cell: string) => (FORMULA.test(cell) && cell.startsWith("'") ? cell.slice(1) : cell);
