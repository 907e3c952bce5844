import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { apiTestDatabaseProblems } from './api-test-databases.mjs';

/** @type {string[]} */
const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A tree with these API test files. @param {Record<string, string>} files */
function tree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-api-tests-'));
  dirs.push(root);
  for (const dir of ['apps/api/src', 'apps/api/test']) fs.mkdirSync(path.join(root, dir), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const race = 'const answers = await Promise.all([pay(t, order), pay(t, order)]);\n';
const startsProcesses = "import { startApiProcess } from './api-process.ts';\n";
const plain = "const res = await t.app.inject({ url: '/api/parts' });\n";

describe('which database runs which API test file', () => {
  it('holds for the tree as it is', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    expect(apiTestDatabaseProblems(root)).toEqual([]);
  });

  it('flags a file that races the same request or starts API processes and is in neither list', () => {
    const root = tree({
      'apps/api/src/modules/a/a.test.ts': race,
      'apps/api/test/b.test.ts': startsProcesses,
      'apps/api/test/c.test.ts': plain,
    });
    expect(apiTestDatabaseProblems(root, { both: {}, one: {} })).toEqual([
      expect.stringMatching(/^apps\/api\/src\/modules\/a\/a\.test\.ts: looks like it needs both databases \(lock\)/),
      expect.stringMatching(/^apps\/api\/test\/b\.test\.ts: looks like it needs both databases \(start-up\)/),
    ]);
  });

  it('accepts a flagged file in either list, each with its reason', () => {
    const root = tree({ 'apps/api/test/a.test.ts': race, 'apps/api/test/b.test.ts': startsProcesses });
    const lists = {
      both: { 'apps/api/test/a.test.ts': 'lock' },
      one: { 'apps/api/test/b.test.ts': 'PostgreSQL only' },
    };
    expect(apiTestDatabaseProblems(root, lists)).toEqual([]);
  });

  it('names a listed file that does not exist, and one listed twice', () => {
    const root = tree({ 'apps/api/test/a.test.ts': plain });
    const lists = {
      both: { 'apps/api/test/gone.test.ts': 'lock', 'apps/api/test/a.test.ts': 'x' },
      one: { 'apps/api/test/a.test.ts': 'y' },
    };
    expect(apiTestDatabaseProblems(root, lists)).toEqual([
      'scripts/lib/api-test-databases.mjs: apps/api/test/gone.test.ts does not exist',
      'scripts/lib/api-test-databases.mjs: apps/api/test/a.test.ts is in both lists',
    ]);
  });
});
