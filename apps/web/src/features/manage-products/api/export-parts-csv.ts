import { apiGet, textAnswer } from '#web/lib/api-client.ts';

/** GET /parts/export.csv (admin): the whole catalog as CSV text. */
export function exportPartsCsv() {
  return apiGet('/parts/export.csv', textAnswer);
}
