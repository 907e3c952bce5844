import os from 'node:os';

/** @typedef {{ section: string, name: string, figure: string, target: string, verdict: 'PASS' | 'FAIL' | 'info' }} Row */

/** @type {Row[]} */
export const rows = [];

/**
 * @param {string} section @param {string} name @param {string} figure @param {string} target
 * @param {boolean | null} pass null for a figure without a target here
 */
export function record(section, name, figure, target, pass) {
  /** @type {Row} */
  const row = { section, name, figure, target, verdict: pass === null ? 'info' : pass ? 'PASS' : 'FAIL' };
  rows.push(row);
  console.log(`  ${row.verdict.padEnd(4)}  ${name.padEnd(44)} ${figure.padEnd(34)} ${target}`);
  return row;
}

/** @param {string} text */
export function heading(text) {
  console.log(`\n=== ${text} ===`);
}

export function printSummary() {
  heading('Summary');
  let section = '';
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      console.log(`\n${section}`);
    }
    console.log(`  ${row.verdict.padEnd(4)}  ${row.name.padEnd(44)} ${row.figure.padEnd(34)} ${row.target}`);
  }
  const failed = rows.filter((r) => r.verdict === 'FAIL');
  console.log(
    `\n${rows.length} figures: ${rows.filter((r) => r.verdict === 'PASS').length} PASS, ${failed.length} FAIL, ${rows.filter((r) => r.verdict === 'info').length} info`,
  );
  return failed.length;
}

export const fmt = {
  rps: (/** @type {number} */ n) => `${Math.round(n).toLocaleString('en-US')} req/s`,
  ms: (/** @type {number} */ n) => `${Number(n).toFixed(n < 10 ? 1 : 0)} ms`,
  kb: (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`,
  mb: (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`,
};

/** The middle value (the mean of the two middle ones for an even count). @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The 1-minute load average now, with the machine's cores: how much other work shared them. */
export const loadNow = () => `${(os.loadavg()[0] ?? 0).toFixed(2)} on ${os.availableParallelism()} cores`;
