import { describe, expect, it } from 'vitest';
import {
  anchorsOf,
  badNames,
  configurationProblems,
  decisionFormProblems,
  foldersToDescribe,
  hooksIn,
  layoutFileProblems,
  layoutFolders,
  missingDecisions,
  namedThingProblems,
  problemsIn,
  slug,
} from './check-repository.mjs';

/** @param {Record<string, string>} files */
const reader = (files) => (/** @type {string} */ rel) => files[rel] ?? null;

describe('repository checks', () => {
  it('makes the anchors GitHub makes', () => {
    expect(slug('Blogs (Frequent Asked Questions)')).toBe('blogs-frequent-asked-questions');
    expect([...anchorsOf('# Title\n\n## Who may do what\ntext\n### Sign-in and tokens')]).toEqual([
      'title',
      'who-may-do-what',
      'sign-in-and-tokens',
    ]);
  });

  it('refuses references to outside documents and issue numbers, and unknown sections', () => {
    const read = reader({ 'docs/product.md': '## Quantity\n' });
    const outside = ['SP', 'EC.md'].join('');
    const issue = ['iss', 'ue 12'].join('');
    expect(problemsIn('a.ts', `// see ${outside} 3`, read)).toEqual([
      'a.ts:1: refers to a document outside the repository',
    ]);
    expect(problemsIn('a.ts', `// from ${issue}`, read)).toEqual([
      'a.ts:1: refers to an issue number; say the rule instead',
    ]);
    expect(problemsIn('a.ts', '// docs/product.md#quantity', read)).toEqual([]);
    expect(problemsIn('a.ts', '// docs/product.md#stock', read)).toEqual([
      'a.ts:1: docs/product.md has no section #stock',
    ]);
  });

  it("checks the README's links and paths, not code's", () => {
    const read = reader({ 'docs/deploy.md': '# Deploy\n', 'apps/api/src/app.ts': '' });
    const text =
      'See [deploy](docs/deploy.md), [gone](docs/gone.md), `apps/api/src/app.ts` and `apps/api/src/nope.ts`.';
    expect(problemsIn('README.md', text, read)).toEqual([
      'README.md:1: link to docs/gone.md does not resolve',
      'README.md:1: apps/api/src/nope.ts does not exist',
    ]);
    expect(problemsIn('apps/api/src/app.ts', text, read)).toEqual([]);
  });

  it('wants kebab-case names, except dotfiles, the README and generated migrations', () => {
    expect(badNames('apps/web/src/lib/query-keys.ts')).toEqual([]);
    expect(badNames('apps/api/src/modules/users/users.test.ts')).toEqual([]);
    expect(badNames('apps/web/src/lib/QueryKeys.ts')).toEqual([
      'apps/web/src/lib/QueryKeys.ts: name is not kebab-case',
    ]);
    expect(badNames('apps/web/src/some_dir/a.ts')).toEqual(['apps/web/src/some_dir: name is not kebab-case']);
    expect(badNames('.ci/run')).toEqual([]);
    expect(badNames('apps/api/drizzle/0000_init.sql')).toEqual([]);
  });

  it("reads the README's layout block and knows which folders it must describe", () => {
    const readme = '## Layout\n\n```\napps/web          app\n  src/lib         lib\ndocs/             docs\n```\n';
    expect(layoutFolders(readme)).toEqual(['apps/web', 'apps/web/src/lib', 'docs']);
    expect(foldersToDescribe(['apps', 'apps/web', 'apps/web/src', 'apps/web/src/lib', 'apps/web/src/lib/x'])).toEqual([
      'apps',
      'apps/web',
      'apps/web/src/lib',
    ]);
  });

  it('wants a README row for every setting env.ts reads, and one row each', () => {
    const envTs =
      'const envSchema = z\n  .object({\n    PORT: z.coerce.number(),\n    SMTP_URL: z.string().optional(),\n';
    const readme =
      '## Configuration\n\n| variable | default | meaning |\n| --- | --- | --- |\n' +
      '| `PORT` / `HOST` | 3000 | where |\n| `PORT` | 3000 | again |\n\n## Next\n| `SMTP_URL` | x | y |\n';
    expect(configurationProblems(envTs, readme)).toEqual([
      'README.md Configuration: SMTP_URL (read by apps/api/src/config/env.ts) has no row',
      'README.md Configuration: PORT is in more than one row',
    ]);
  });

  it('wants the files and hooks a document names to exist, even by a short path', () => {
    const files = ['apps/api/src/lib/auth.ts', 'apps/web/src/hooks/use-x.ts'];
    const hooks = new Set(hooksIn("import { useQuery } from '@tanstack/react-query';\nexport function useCart() {}"));
    expect([...hooks]).toEqual(['useCart', 'useQuery']);
    const text = '`lib/auth.ts`, `useCart()` and `useQuery`\n`lib/gone.ts` and `useGone`';
    expect(namedThingProblems('docs/architecture.md', text, files, hooks)).toEqual([
      'docs/architecture.md:2: no file lib/gone.ts in the repository',
      'docs/architecture.md:2: no hook useGone in the code',
    ]);
  });

  it("reads the files the Layout's descriptions name from their folder", () => {
    const readme = '## Layout\n\n```\napps/web   app\n  src/app   (src/boot.ts, src/gone.ts)\n```\n';
    expect(layoutFileProblems(readme, ['apps/web/src/boot.ts'])).toEqual([
      'README.md Layout: no file src/gone.ts near apps/web/src/app',
    ]);
  });

  it('keeps every decision number below the highest one taken', () => {
    const decisions = ['docs/decisions/0001-a.md', 'docs/decisions/0003-c.md'];
    expect(missingDecisions(decisions)).toEqual([
      'docs/decisions: no decision 2; a superseded decision keeps its record and says so',
    ]);
    expect(missingDecisions([...decisions, 'docs/decisions/0002-b.md'])).toEqual([]);
  });

  it('holds every decision to one form: numbered title, the decision first, bold labels', () => {
    const file = 'docs/decisions/0007-money.md';
    expect(decisionFormProblems(file, '# 7. Cents\n\n**Decision.** Cents.\n\n**Why.** Drift.\n')).toEqual([]);
    expect(decisionFormProblems(file, '# 0007: Cents\n\n## Context\n\nDrift.\n\n## Decision\n\nCents.\n')).toEqual([
      `${file}: the title line must be "# 7. <title>"`,
      `${file}: the first paragraph must be "**Decision.** ..."`,
      `${file}: label paragraphs in bold ("**Why.**") instead of headings`,
    ]);
  });
});
