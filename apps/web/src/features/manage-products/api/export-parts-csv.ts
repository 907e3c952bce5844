import { apiGet, textAnswer } from '#web/lib/api-client.ts';

export function exportPartsCsv() {
  return apiGet('/parts/export.csv', textAnswer);
}
