// npm start: install, build, start the auth emulator (unless real Firebase is configured), then the shop.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './lib/install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureInstalled(root);

const { buildShop, startShop } = await import('./lib/shop.mjs');
const { ensureDemoAccounts, startAuthEmulator } = await import('./lib/emulator.mjs');
const { startMaildev } = await import('./lib/maildev.mjs');
const { readFileSync } = await import('node:fs');

const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
const realFirebase = Boolean(process.env.FIREBASE_SERVICE_ACCOUNT) && !process.env.FIREBASE_AUTH_EMULATOR_HOST;

console.log('Building the web app and the API (skipped when nothing it reads has changed)...');
if (!buildShop(root, { unlessCurrent: true })) console.log('The build is up to date.');

/** What this start has launched, stopped in reverse on a failure or on Ctrl+C. @type {(() => Promise<unknown> | undefined)[]} */
const started = [];
async function stopStarted() {
  for (const stopOne of started.reverse()) await stopOne()?.catch(() => {});
}
/** @param {unknown} error @returns {Promise<never>} */
async function giveUp(error) {
  console.error(error instanceof Error ? error.message : error);
  await stopStarted();
  process.exit(1);
}

/** @type {import('./lib/emulator.mjs').AuthEmulator | null} */
let emulator = null;
/** @type {NodeJS.ProcessEnv} */
const env = { DATA_DIR: dataDir };
if (!realFirebase) {
  const emulatorPort = Number(process.env.FIREBASE_EMULATOR_PORT ?? 9099);
  emulator = await startAuthEmulator({
    port: emulatorPort,
    dataDir: path.join(dataDir, 'auth-emulator'),
    log: (line) => console.log(`[auth emulator] ${line}`),
  }).catch(giveUp);
  started.push(() => emulator?.stop());
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}

/** @type {import('./lib/maildev.mjs').MailCatcher | null} */
let mailbox = null;
if (!process.env.SMTP_URL) {
  mailbox = await startMaildev({
    smtpPort: Number(process.env.MAILDEV_SMTP_PORT ?? 1025),
    webPort: Number(process.env.MAILDEV_WEB_PORT ?? 1080),
    mailDir: path.join(dataDir, 'mail'),
  }).catch(giveUp);
  started.push(() => mailbox?.stop());
  env.SMTP_URL = mailbox.smtpUrl;
}

/** @type {(import('./lib/emulator.mjs').DemoAccount & { role: string })[]} */
const accounts = JSON.parse(readFileSync(path.join(root, 'apps/api/src/seed/demo-accounts.json'), 'utf8'));
if (emulator) await ensureDemoAccounts(emulator.host, accounts).catch(giveUp);
const shop = await startShop(root, { port, env }).catch(giveUp);
started.push(() => shop.stop());

console.log(`
Parts Shop is running at http://localhost:${port}
  API docs:  http://localhost:${port}/api/docs
  Data:      ${dataDir}${emulator ? `\n  Sign-in:   Firebase Auth emulator at ${emulator.host} (test mode)` : ''}${mailbox ? `\n  Emails:    ${mailbox.webUrl} (every email the shop sends lands here)` : ''}
  Demo accounts:${accounts.map((a) => `\n    ${a.email} / ${a.password} (${a.role})`).join('')}
Below: warnings, errors, slow requests and emails sent, one line each (LOG_FORMAT=json logs every request).
Press Ctrl+C to stop.`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await stopStarted();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
shop.child.on('exit', (code) => {
  if (stopping) return;
  console.error(`The shop stopped unexpectedly (exit code ${code}).`);
  void stopStarted().then(() => process.exit(1));
});
