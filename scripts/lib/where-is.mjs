// docs/architecture.md's "Where is X" table, kept true against the tree: every path it names
// exists, and every area folder (an API module, an API domain folder, a web feature) has a row.

const HEADING = /^## Where is X\s*$/m;
const CODE_SPAN = /`([^`\s]+)`/g;

/** Folders that are areas: each must stand in the table. */
export const AREA_ROOTS = ['apps/api/src/modules/', 'apps/api/src/domain/', 'apps/web/src/features/'];

/**
 * The paths named in the table's rows, with the row's line number.
 * @param {string} architecture docs/architecture.md
 * @returns {{ line: number, path: string }[] | null} null when the table is missing
 */
export function whereIsPaths(architecture) {
  const heading = HEADING.exec(architecture);
  if (!heading) return null;
  const before = architecture.slice(0, heading.index).split('\n').length;
  const section = architecture.slice(heading.index).split('\n').slice(1);
  const end = section.findIndex((line) => line.startsWith('## '));
  /** @type {{ line: number, path: string }[]} */
  const paths = [];
  section.slice(0, end === -1 ? undefined : end).forEach((text, i) => {
    if (!text.startsWith('|')) return;
    for (const [, span] of text.matchAll(CODE_SPAN)) if (span) paths.push({ line: before + i + 1, path: span });
  });
  return paths;
}

/**
 * What is wrong with the table against the tree's folders and files.
 * @param {string} architecture docs/architecture.md
 * @param {string[]} files every file in the repository
 * @param {string[]} dirs every folder in the repository
 * @returns {string[]}
 */
export function whereIsProblems(architecture, files, dirs) {
  const paths = whereIsPaths(architecture);
  if (paths === null) return ['docs/architecture.md: no "## Where is X" table'];
  const exists = new Set([...files, ...dirs]);
  const problems = paths
    .filter(({ path }) => !exists.has(path.replace(/\/$/, '')))
    .map(({ line, path }) => `docs/architecture.md:${line}: Where is X names ${path}, which does not exist`);
  const named = new Set(paths.map(({ path }) => path.replace(/\/$/, '')));
  for (const root of AREA_ROOTS) {
    for (const dir of dirs) {
      const area = dir.startsWith(root) && !dir.slice(root.length).includes('/');
      if (area && !named.has(dir)) problems.push(`docs/architecture.md: Where is X has no row for ${dir}/`);
    }
  }
  return problems;
}
