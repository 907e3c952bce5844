import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type FullConfig } from '@playwright/test';
import { ensureDemoAccounts, readDemoAccounts } from '../scripts/lib/emulator.mjs';
import { emulatorHost, logIn, ROLES, readFirebaseSession, SESSIONS_DIR_ENV, sessionFile } from './support.ts';

// Once per run: the demo accounts, made in the auth emulator if missing; each role signs in once
// through the login page, and its Firebase session is kept for `signInAs` (support.ts).
export default async function globalSetup(config: FullConfig) {
  await ensureDemoAccounts(emulatorHost, await readDemoAccounts());
  const { baseURL, launchOptions } = config.projects[0]?.use ?? {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-e2e-sessions-'));
  process.env[SESSIONS_DIR_ENV] = dir;
  const browser = await chromium.launch(launchOptions);
  try {
    for (const [role, account] of Object.entries(ROLES)) {
      const page = await browser.newPage({ baseURL });
      await logIn(page, account.email, account.password);
      fs.writeFileSync(sessionFile(role), JSON.stringify(await readFirebaseSession(page)));
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
