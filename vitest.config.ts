import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { apiTestFiles } from './scripts/lib/api-test-databases.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const API_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * API test files that replace a module or a global (vi.mock, vi.stubGlobal…): they need a
 * module graph of their own, as a module another file loaded first keeps the real one.
 */
function apiFilesThatReplaceModules(): string[] {
  const replaces = /\bvi\.(?:mock|doMock|stubGlobal|stubEnv)\(/;
  return apiTestFiles(ROOT)
    .filter((file) => replaces.test(fs.readFileSync(path.join(ROOT, file), 'utf8')))
    .map((file) => path.relative('apps/api', file));
}

const api = {
  root: 'apps/api',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Starts a Firebase Auth emulator unless FIREBASE_AUTH_EMULATOR_HOST names one.
  globalSetup: ['./test/global-setup.ts'],
  setupFiles: ['./test/setup.ts'],
  environment: 'node' as const,
};
const isolatedApiFiles = apiFilesThatReplaceModules();

export default defineConfig({
  test: {
    // One worker per core; vitest's default leaves one core idle.
    maxWorkers: os.availableParallelism(),
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'], environment: 'node' } },
      // The API files share their worker's process and modules (one PGlite compile, one import
      // of the app per worker): each builds its own app and database through test/test-app.ts.
      { test: { ...api, name: 'api', include: API_TESTS, exclude: isolatedApiFiles, isolate: false } },
      { test: { ...api, name: 'api-isolated', include: isolatedApiFiles.length > 0 ? isolatedApiFiles : ['none'] } },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
