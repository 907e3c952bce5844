import { startAuthEmulator, type AuthEmulator } from '../../../scripts/lib/emulator.mjs';

/**
 * The API tests verify real Firebase ID tokens, so they need an Auth emulator. Unless one
 * is given (FIREBASE_AUTH_EMULATOR_HOST, as npm test or a developer's running emulator
 * may set), this starts a fresh, empty one on a free port for the run and stops it after.
 * The address goes into process.env before any test worker starts, and workers inherit it.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return undefined;
  let emulator: AuthEmulator | undefined = await startAuthEmulator();
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  return async () => {
    const running = emulator;
    emulator = undefined;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    await running?.stop();
  };
}
