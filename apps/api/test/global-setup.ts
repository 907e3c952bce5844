import { startAuthEmulator, type AuthEmulator } from '../../../scripts/lib/emulator.mjs';
import { makeDatabaseTemplate } from './database-template.ts';

/**
 * Once per run, before any test worker starts (workers inherit process.env):
 * - the API tests verify real Firebase ID tokens, so they need an Auth emulator. Unless one
 *   is given (FIREBASE_AUTH_EMULATOR_HOST, as npm test or a developer's running emulator
 *   may set), this starts a fresh, empty one on a free port for the run and stops it after;
 * - the migrated template every test database is copied from (database-template.ts).
 * The API's two projects (vitest.config.ts) share them: the second to start finds them made.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.TEST_AUTH_EMULATOR_HOST) return async () => undefined;
  const removeTemplate = await makeDatabaseTemplate(process.env.TEST_DATABASE_URL);
  let emulator: AuthEmulator | undefined;
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    emulator = await startAuthEmulator();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  }
  // Where test/setup.ts finds it again for each file.
  process.env.TEST_AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  return async () => {
    delete process.env.TEST_AUTH_EMULATOR_HOST;
    await removeTemplate();
    if (!emulator) return;
    const running = emulator;
    emulator = undefined;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    await running.stop();
  };
}
