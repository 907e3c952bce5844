import { startAuthEmulator, type AuthEmulator } from '../../../scripts/lib/emulator.mjs';
import { makeDatabaseTemplate } from './database-template.ts';

/**
 * Once per run: an Auth emulator unless FIREBASE_AUTH_EMULATOR_HOST names one, and the migrated template
 * database (database-template.ts). Workers inherit process.env; both API projects share them.
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
