// The repository explains itself: no file may point at documents outside it or at issue
// numbers, every `docs/<page>.md#section` reference must name a heading that exists, and
// every link and repository path the README and docs/ mention must exist in a fresh clone.
// Run by `npm test`; prints each problem with its file and line and exits 1 if there is any.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SKIP_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  '.data',
  '.tmp',
  'test-results',
  'playwright-report',
  'drizzle',
]);
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|json|md|css|html|ya?ml|sh|txt)$|^run$/;

// Built from pieces so that this file does not match itself.
const OUTSIDE_DOCS = new RegExp(['\\b(?:SP', 'EC|DES', 'IGN)\\.md\\b|\\.\\./sh', 'ared\\b'].join(''));
const ISSUE_NUMBER = new RegExp(['\\b[Ii]ss', 'ues? #?\\d+|\\bGH-\\d+\\b'].join(''));
const DOC_ANCHOR = /\bdocs\/([\w./-]+\.md)#([\w-]+)/g;
const MD_LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;
const CODE_SPAN = /`([^`\s]+)`/g;
const REPO_ROOTS = /^(?:apps|packages|docs|scripts|e2e|\.ci)\//;

/**
 * Every text file of the repository, as paths relative to `root`.
 * @param {string} root
 * @returns {string[]}
 */
export function repoFiles(root) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(rel);
      } else if (TEXT_FILE.test(entry.name) && entry.name !== 'package-lock.json') {
        found.push(rel);
      }
    }
  };
  walk('');
  return found;
}

/**
 * GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces to dashes.
 * @param {string} heading
 * @returns {string}
 */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * The anchors of a Markdown file's headings.
 * @param {string} markdown
 * @returns {Set<string>}
 */
export function anchorsOf(markdown) {
  const anchors = new Set();
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading?.[1]) anchors.add(slug(heading[1]));
  }
  return anchors;
}

/**
 * The problems in one file's text.
 * @param {string} file path relative to the root
 * @param {string} text
 * @param {(rel: string) => string | null} read a repository file's text, or null if it does not exist
 * @returns {string[]}
 */
export function problemsIn(file, text, read) {
  /** @type {string[]} */
  const problems = [];
  const isDoc = file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md'));
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (OUTSIDE_DOCS.test(line)) problems.push(`${where}: refers to a document outside the repository`);
    if (ISSUE_NUMBER.test(line)) problems.push(`${where}: refers to an issue number; say the rule instead`);
    for (const [, page, anchor] of line.matchAll(DOC_ANCHOR)) {
      const target = read(`docs/${page}`);
      if (target === null) problems.push(`${where}: docs/${page} does not exist`);
      else if (anchor && !anchorsOf(target).has(anchor))
        problems.push(`${where}: docs/${page} has no section #${anchor}`);
    }
    if (!isDoc) return;
    for (const [, href] of line.matchAll(MD_LINK)) {
      if (!href || /^(?:https?:|mailto:|#)/.test(href)) continue;
      const [target = '', anchor] = href.split('#');
      const rel = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
      const content = read(rel);
      if (content === null && !isDirectory(read, rel)) problems.push(`${where}: link to ${href} does not resolve`);
      else if (content !== null && anchor && !anchorsOf(content).has(anchor))
        problems.push(`${where}: link to ${href}: no such section`);
    }
    for (const [, span] of line.matchAll(CODE_SPAN)) {
      // Build outputs (dist) exist only after a build; patterns are not paths.
      if (!span || !REPO_ROOTS.test(span) || /[<>*{}$]|\.\.\.|\/dist\b/.test(span)) continue;
      const rel = span.replace(/#.*$/, '').replace(/\/$/, '');
      if (read(rel) === null && !isDirectory(read, rel)) problems.push(`${where}: ${span} does not exist`);
    }
  });
  return problems;
}

/**
 * @param {(rel: string) => string | null} read
 * @param {string} rel
 */
function isDirectory(read, rel) {
  return read(`${rel}/`) !== null;
}

/**
 * Every problem in the repository at `root`.
 * @param {string} root
 * @returns {string[]}
 */
export function checkRepository(root) {
  /** @param {string} rel */
  const read = (rel) => {
    const full = path.join(root, rel);
    if (!fs.existsSync(full)) return null;
    return fs.statSync(full).isDirectory() ? (rel.endsWith('/') ? '' : null) : fs.readFileSync(full, 'utf8');
  };
  return repoFiles(root).flatMap((file) => problemsIn(file, fs.readFileSync(path.join(root, file), 'utf8'), read));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkRepository(root);
  for (const problem of problems) console.error(problem);
  console.log(problems.length === 0 ? 'references: all resolve' : `references: ${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
