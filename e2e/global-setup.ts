import { ensureDemoAccounts, readDemoAccounts } from '../scripts/lib/emulator.mjs';
import { emulatorHost } from './support.ts';

/** The demo sign-ins the specs use, created in the auth emulator unless already there, so the suite runs on a fresh one. */
export default async function createDemoAccounts() {
  await ensureDemoAccounts(emulatorHost, await readDemoAccounts());
}
