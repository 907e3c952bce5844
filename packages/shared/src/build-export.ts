import type { Problem } from './compatibility.ts';
import { formatDollars } from './money.ts';
import { PART_KIND_LABELS, type PartKind } from './part-specs.ts';
import { plural } from './plural.ts';

/**
 * A build's part list as builders paste it elsewhere: a Reddit Markdown table, forum BBCode or
 * plain text (docs/product.md#sharing-a-build). Prices, total and wattage are the server's
 * answer; this only lays them out.
 */

export const EXPORT_FORMATS = ['reddit', 'bbcode', 'text'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  reddit: 'Reddit Markdown',
  bbcode: 'Forum BBCode',
  text: 'Plain text',
};

export type ExportLine = {
  partId: string;
  kind: PartKind;
  name: string;
  quantity: number;
  /** Dollars: one unit, and the line (unit × quantity). */
  price: number;
  lineTotal: number;
};

export type ExportableBuild = {
  title: string;
  lines: readonly ExportLine[];
  total: number;
  estimatedWatts: number;
  problems: readonly Pick<Problem, 'severity'>[];
  /** The shop's origin, e.g. "https://parts.example": parts and the build link to it when given. */
  origin?: string;
  /** The build's own address (a published build's page or a planner link), absolute. */
  url?: string;
};

export type BuildVerdict = 'compatible' | 'warnings' | 'errors';

export function verdictOf(problems: readonly Pick<Problem, 'severity'>[]): BuildVerdict {
  if (problems.some((p) => p.severity === 'error')) return 'errors';
  return problems.length > 0 ? 'warnings' : 'compatible';
}

/** The verdict in words, the same on every page and in every export. */
export function verdictText(problems: readonly Pick<Problem, 'severity'>[]): string {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  if (errors > 0) {
    return `Not compatible: ${plural(errors, 'error')}${warnings > 0 ? ` and ${plural(warnings, 'warning')}` : ''}`;
  }
  return warnings > 0 ? `Compatible, with ${plural(warnings, 'warning')}` : 'Compatible: no problems found';
}

const priceOf = (line: ExportLine) =>
  line.quantity > 1
    ? `${line.quantity} × ${formatDollars(line.price)} = ${formatDollars(line.lineTotal)}`
    : formatDollars(line.lineTotal);

const partUrl = (build: ExportableBuild, line: ExportLine) =>
  build.origin ? `${build.origin}/parts/${line.partId}` : undefined;

// Characters that would end a table cell, start emphasis or open a link in Reddit's Markdown.
const markdownText = (text: string) => text.replace(/[\\|*_[\]`<>#~]/g, (c) => `\\${c}`);
// BBCode has no escape: a bracket in a name would open a tag, so it becomes a parenthesis.
const bbcodeText = (text: string) => text.replace(/\[/g, '(').replace(/\]/g, ')');
// A URL inside Markdown's (…) or BBCode's [url=…] must not close it early.
const safeUrl = (url: string) =>
  url.replace(/[()[\]\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

function reddit(build: ExportableBuild): string {
  const link = (text: string, url: string | undefined) =>
    url ? `[${markdownText(text)}](${safeUrl(url)})` : markdownText(text);
  const rows = build.lines.map(
    (line) => `**${PART_KIND_LABELS[line.kind]}** | ${link(line.name, partUrl(build, line))} | ${priceOf(line)}`,
  );
  return [
    `**${link(build.title, build.url)}**`,
    '',
    'Type|Item|Price',
    ':----|:----|----:',
    ...rows,
    `| **Total** | **${formatDollars(build.total)}**`,
    `| *Estimated wattage* | ${build.estimatedWatts} W`,
    '',
    `*${verdictText(build.problems)}*`,
  ].join('\n');
}

function bbcode(build: ExportableBuild): string {
  const link = (text: string, url: string | undefined) =>
    url ? `[url=${safeUrl(url)}]${bbcodeText(text)}[/url]` : bbcodeText(text);
  return [
    `[b]${link(build.title, build.url)}[/b]`,
    '',
    '[list]',
    ...build.lines.map(
      (line) => `[*][b]${PART_KIND_LABELS[line.kind]}:[/b] ${link(line.name, partUrl(build, line))} - ${priceOf(line)}`,
    ),
    '[/list]',
    `[b]Total:[/b] ${formatDollars(build.total)}`,
    `[b]Estimated wattage:[/b] ${build.estimatedWatts} W`,
    `[i]${verdictText(build.problems)}[/i]`,
  ].join('\n');
}

function text(build: ExportableBuild): string {
  return [
    build.title,
    ...(build.url ? [build.url] : []),
    '',
    ...build.lines.map((line) => `${PART_KIND_LABELS[line.kind]}: ${line.name} - ${priceOf(line)}`),
    '',
    `Total: ${formatDollars(build.total)}`,
    `Estimated wattage: ${build.estimatedWatts} W`,
    verdictText(build.problems),
  ].join('\n');
}

const WRITERS: Record<ExportFormat, (build: ExportableBuild) => string> = { reddit, bbcode, text };

export function exportBuild(format: ExportFormat, build: ExportableBuild): string {
  return WRITERS[format](build);
}
