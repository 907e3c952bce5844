// The docs match the tree and env.ts, names are kebab-case, decision records are numbered and formed
// alike, the API test database lists hold.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiTestDatabaseProblems } from './lib/api-test-databases.mjs';
import { whereIsProblems } from './lib/where-is.mjs';

// Installed, built or generated (drizzle-kit names the migrations).
const SKIP_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'dist-ssr',
  '.data',
  '.tmp',
  'test-results',
  'playwright-report',
]);
const GENERATED = /^apps\/api\/drizzle\//;
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|json|md|css|html|ya?ml|sh|txt)$|^run$/;

// Built from pieces so that this file does not match itself.
const OUTSIDE_DOCS = new RegExp(['\\b(?:SP', 'EC|DES', 'IGN)\\.md\\b|\\.\\./sh', 'ared\\b'].join(''));
const ISSUE_NUMBER = new RegExp(['\\b[Ii]ss', 'ues? #?\\d+|\\bGH-\\d+\\b'].join(''));
const DOC_ANCHOR = /\bdocs\/([\w./-]+\.md)#([\w-]+)/g;
const MD_LINK = /\[[^[\]]*\]\(([^)\s]+)\)/g;
const CODE_SPAN = /`([^`\s]+)`/g;
const REPO_ROOTS = /^(?:apps|packages|docs|scripts|e2e|\.ci)\//;
const NAMES_ONLY_WHAT_EXISTS = /^(?:README\.md|docs\/(?:architecture|contributing)\.md|docs\/decisions\/.+\.md)$/;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const NAME_EXCEPTIONS = /^(?:\..+|README\.md)$/;

/** @param {string} root @returns {string[]} paths relative to `root` */
export function repoFiles(root) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(rel);
      } else {
        found.push(rel);
      }
    }
  };
  walk('');
  return found;
}

/** GitHub's anchor for a Markdown heading. @param {string} heading @returns {string} */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** @param {string} markdown @returns {Set<string>} */
export function anchorsOf(markdown) {
  const anchors = new Set();
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s(.*)$/.exec(line);
    if (heading?.[1]) anchors.add(slug(heading[1].trim()));
  }
  return anchors;
}

/**
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
      const rel = (span.split('#')[0] ?? '').replace(/\/$/, '');
      if (read(rel) === null && !isDirectory(read, rel)) problems.push(`${where}: ${span} does not exist`);
    }
  });
  return problems;
}

/** @param {(rel: string) => string | null} read @param {string} rel */
function isDirectory(read, rel) {
  return read(`${rel}/`) !== null;
}

/** @param {string} file @returns {string[]} */
export function badNames(file) {
  if (GENERATED.test(file)) return [];
  const parts = file.split('/');
  return parts
    .map((name, index) => ({ name, at: parts.slice(0, index + 1).join('/') }))
    .filter(({ name }) => !KEBAB.test(name) && !NAME_EXCEPTIONS.test(name))
    .map(({ at }) => `${at}: name is not kebab-case`);
}

/**
 * A line at column 0 names a folder from the root, an indented one a folder inside the last unindented one.
 * @param {string} readme @returns {string[]}
 */
export function layoutFolders(readme) {
  const section = readme.split(/^## Layout\s*$/m)[1] ?? '';
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  /** @type {string[]} */
  const folders = [];
  let parent = '';
  for (const line of block.split('\n')) {
    const top = /^(\S+)/.exec(line)?.[1];
    const child = /^ {2}(\S+)/.exec(line)?.[1];
    if (top) {
      parent = top.replace(/\/$/, '');
      folders.push(parent);
    } else if (child) {
      folders.push(`${parent}/${child.replace(/\/$/, '')}`);
    }
  }
  return folders;
}

/**
 * Top-level folders, each app and package, each folder directly inside an app, its src/ and scripts/.
 * @param {string[]} dirs every folder of the repository @returns {string[]}
 */
export function foldersToDescribe(dirs) {
  const depth = (/** @type {string} */ dir) => dir.split('/').length;
  return dirs.filter(
    (dir) =>
      depth(dir) === 1 ||
      /^(?:apps|packages)\/[^/]+$/.test(dir) ||
      (/^apps\/[^/]+\/[^/]+$/.test(dir) && !dir.endsWith('/src')) ||
      /^apps\/[^/]+\/src\/[^/]+$/.test(dir) ||
      /^scripts\/[^/]+$/.test(dir),
  );
}

/** The hooks a source file defines or imports: the ones a document may name. @param {string} source @returns {string[]} */
export function hooksIn(source) {
  const defined = [...source.matchAll(/\b(?:function|const)\s+(use[A-Z]\w*)/g)].map((match) => match[1] ?? '');
  const imported = [...source.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}/gm)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/\b(use[A-Z]\w*)\b/g)].map((name) => name[1] ?? ''),
  );
  return [...defined, ...imported];
}

/**
 * A short path (`lib/auth.ts`) counts when some file of the repository ends with it.
 * @param {string} file @param {string} text @param {string[]} files
 * @param {Set<string>} hooks every hook the repository's code defines or imports
 * @returns {string[]}
 */
export function namedThingProblems(file, text, files, hooks) {
  /** @type {string[]} */
  const problems = [];
  text.split('\n').forEach((line, index) => {
    for (const [, span = ''] of line.matchAll(CODE_SPAN)) {
      const hook = /^(use[A-Z]\w*)(?:\(\))?$/.exec(span)?.[1];
      if (hook && !hooks.has(hook)) problems.push(`${file}:${index + 1}: no hook ${hook} in the code`);
      if (!/^[\w.-][\w./-]*\.(?:[cm]?[jt]sx?|json|md|css|html)$/.test(span)) continue;
      if (!files.some((path) => path === span || path.endsWith(`/${span}`)))
        problems.push(`${file}:${index + 1}: no file ${span} in the repository`);
    }
  });
  return problems;
}

/**
 * Files the Layout's descriptions name, read from the folder of their line, its parent or the root.
 * @param {string} readme @param {string[]} files @returns {string[]}
 */
export function layoutFileProblems(readme, files) {
  const section = readme.split(/^## Layout\s*$/m)[1] ?? '';
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  /** @type {string[]} */
  const problems = [];
  let parent = '';
  let folder = '';
  for (const line of block.split('\n')) {
    const top = /^(\S+)/.exec(line)?.[1];
    const child = /^ {2}(\S+)/.exec(line)?.[1];
    if (top) parent = folder = top.replace(/\/$/, '');
    else if (child) folder = `${parent}/${child.replace(/\/$/, '')}`;
    for (const [name = ''] of line.matchAll(/(?<![\w.<>/-])[\w-][\w./-]*\.(?:[cm]?[jt]sx?|json|md)\b/g)) {
      const places = [name, `${parent}/${name}`, `${folder}/${name}`];
      if (!places.some((place) => files.includes(place)))
        problems.push(`README.md Layout: no file ${name} near ${folder}`);
    }
  }
  return problems;
}

/**
 * A setting env.ts reads that the table does not name, or one named in more than one row.
 * @param {string} envTs @param {string} readme @returns {string[]}
 */
export function configurationProblems(envTs, readme) {
  const settings = [...envTs.matchAll(/^ {4}([A-Z][A-Z0-9_]*): z\b/gm)].map((match) => match[1]);
  const section = readme.split(/^## Configuration\s*$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  /** @type {Map<string, number>} */
  const named = new Map();
  for (const row of rows) {
    const firstCell = row.split('|')[1] ?? '';
    for (const [, name] of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g))
      named.set(name ?? '', (named.get(name ?? '') ?? 0) + 1);
  }
  return [
    ...settings
      .filter((name) => !named.has(name ?? ''))
      .map((name) => `README.md Configuration: ${name} (read by apps/api/src/config/env.ts) has no row`),
    ...[...named]
      .filter(([, count]) => count > 1)
      .map(([name]) => `README.md Configuration: ${name} is in more than one row`),
  ];
}

/**
 * A decision keeps its number for good: one that no longer holds says so instead of going away.
 * @param {string[]} decisions paths of the decision records @returns {string[]}
 */
export function missingDecisions(decisions) {
  const numbers = new Set(decisions.map((file) => Number(/\/(\d+)-/.exec(file)?.[1])));
  const highest = Math.max(0, ...numbers);
  return Array.from({ length: highest }, (_, i) => i + 1)
    .filter((number) => !numbers.has(number))
    .map((number) => `docs/decisions: no decision ${number}; a superseded decision keeps its record and says so`);
}

/**
 * A decision record's form: `# N. Title` with its file's number, the decision first, and the rest
 * in bold-labelled paragraphs (`**Why.**`, `**Cost.**`, `**Status.**`), not headings.
 * @param {string} file path relative to the root
 * @param {string} text
 * @returns {string[]}
 */
export function decisionFormProblems(file, text) {
  const number = Number(/\/(\d+)-/.exec(file)?.[1]);
  const lines = text.split('\n');
  const problems = [];
  if (!lines[0]?.startsWith(`# ${number}. `)) problems.push(`${file}: the title line must be "# ${number}. <title>"`);
  const first = lines.slice(1).find((line) => line.trim() !== '');
  if (!first?.startsWith('**Decision.** ')) problems.push(`${file}: the first paragraph must be "**Decision.** ..."`);
  if (lines.slice(1).some((line) => line.startsWith('#')))
    problems.push(`${file}: label paragraphs in bold ("**Why.**") instead of headings`);
  return problems;
}

/** @param {string} root @returns {string[]} every problem in the repository */
export function checkRepository(root) {
  /** @param {string} rel */
  const read = (rel) => {
    const full = path.join(root, rel);
    if (!fs.existsSync(full)) return null;
    return fs.statSync(full).isDirectory() ? (rel.endsWith('/') ? '' : null) : fs.readFileSync(full, 'utf8');
  };
  const files = repoFiles(root);
  const problems = files.flatMap((file) => [
    ...badNames(file),
    ...(TEXT_FILE.test(path.posix.basename(file)) && file !== 'package-lock.json'
      ? problemsIn(file, fs.readFileSync(path.join(root, file), 'utf8'), read)
      : []),
  ]);

  const dirs = [
    ...new Set(
      files.flatMap((file) =>
        file
          .split('/')
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
      ),
    ),
  ];
  const layout = layoutFolders(read('README.md') ?? '');
  for (const folder of layout) {
    if (!dirs.includes(folder)) problems.push(`README.md Layout: ${folder} does not exist`);
  }
  for (const folder of foldersToDescribe(dirs)) {
    const described = layout.some((entry) => entry === folder || entry.startsWith(`${folder}/`));
    if (!described) problems.push(`README.md Layout: ${folder} is not described`);
  }
  const hooks = new Set(
    files
      .filter((file) => /^(?:apps|packages)\/.*\.tsx?$/.test(file))
      .flatMap((file) => hooksIn(fs.readFileSync(path.join(root, file), 'utf8'))),
  );
  for (const file of files.filter((file) => NAMES_ONLY_WHAT_EXISTS.test(file))) {
    problems.push(...namedThingProblems(file, fs.readFileSync(path.join(root, file), 'utf8'), files, hooks));
  }
  problems.push(...layoutFileProblems(read('README.md') ?? '', files));
  problems.push(...configurationProblems(read('apps/api/src/config/env.ts') ?? '', read('README.md') ?? ''));
  const decisions = files.filter((file) => /^docs\/decisions\/\d+-/.test(file));
  for (const file of decisions) {
    const number = /\/(\d+)-/.exec(file)?.[1];
    const twins = decisions.filter((other) => other !== file && other.includes(`/${number}-`));
    if (twins.length > 0) problems.push(`${file}: decision number ${number} is also ${twins.join(', ')}`);
  }
  problems.push(...missingDecisions(decisions));
  for (const file of decisions) problems.push(...decisionFormProblems(file, read(file) ?? ''));
  problems.push(...apiTestDatabaseProblems(root));
  problems.push(...whereIsProblems(read('docs/architecture.md') ?? '', files, dirs));
  return [...new Set(problems)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkRepository(root);
  for (const problem of problems) console.error(problem);
  console.log(
    problems.length === 0 ? 'repository checks: all pass' : `repository checks: ${problems.length} problem(s)`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
