import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFirstVisitBudget, firstVisitScripts } from './first-visit-budget.mjs';

/** @type {string[]} */
const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Chunks of `size` bytes of incompressible text, and their manifest.
 * @param {Record<string, { src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }>} chunks
 * @param {Record<string, number>} [sizes]
 */
function build(chunks, sizes = {}) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-budget-'));
  dirs.push(dist);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const manifest = Object.fromEntries(
    Object.entries(chunks).map(([key, chunk]) => {
      const file = `assets/${key.replaceAll('/', '-')}.js`;
      fs.writeFileSync(path.join(dist, file), crypto.randomBytes(sizes[key] ?? 100).toString('base64'));
      return [key, { file, ...chunk }];
    }),
  );
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const shop = {
  'index.html': { src: 'index.html', isEntry: true, imports: ['_boot-helper'], dynamicImports: ['src/start/main.tsx'] },
  '_boot-helper': {},
  'src/start/main.tsx': {
    src: 'src/start/main.tsx',
    imports: ['_react'],
    dynamicImports: ['src/app/router.tsx', 'src/lib/webmcp/register-shop-tools.ts'],
  },
  _react: {},
  'src/app/router.tsx': {
    src: 'src/app/router.tsx',
    imports: ['src/features/home/routes/home.tsx'],
    dynamicImports: ['src/features/auth/routes/login.tsx'],
  },
  'src/features/home/routes/home.tsx': { src: 'src/features/home/routes/home.tsx' },
  'src/features/auth/routes/login.tsx': { src: 'src/features/auth/routes/login.tsx', imports: ['_firebase'] },
  _firebase: {},
  'src/lib/webmcp/register-shop-tools.ts': { src: 'src/lib/webmcp/register-shop-tools.ts' },
};

describe('the first-visit JavaScript budget', () => {
  it('counts the entry, the start-up’s stages and what they import, not the screens loaded on demand', () => {
    const files = firstVisitScripts(build(shop)).map((script) => script.file);
    expect(files.sort()).toEqual(
      [
        'assets/index.html.js',
        'assets/_boot-helper.js',
        'assets/src-start-main.tsx.js',
        'assets/_react.js',
        'assets/src-app-router.tsx.js',
        'assets/src-features-home-routes-home.tsx.js',
      ].sort(),
    );
  });

  it('fails, naming the largest file, when a first-visit import goes over the budget', () => {
    const dist = build(shop, { _react: 4000, _firebase: 50_000 });
    expect(checkFirstVisitBudget(dist, 10_000)).toBeLessThan(10_000);
    const home = { ...shop['src/features/home/routes/home.tsx'], imports: ['_firebase'] };
    const heavier = build({ ...shop, 'src/features/home/routes/home.tsx': home }, { _react: 4000, _firebase: 50_000 });
    expect(() => checkFirstVisitBudget(heavier, 10_000)).toThrow(
      /over its 9\.8 KB budget; largest: assets\/_firebase\.js/,
    );
  });
});
