// The Firebase Auth emulator on any port, several at once, accounts kept across restarts under dataDir.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, isPortFree } from './free-port.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIREBASE_BIN = path.join(ROOT, 'node_modules', '.bin', 'firebase');
const HOST = '127.0.0.1';

export const DEFAULT_PROJECT_ID = 'demo-parts-shop';
export const DEMO_ACCOUNTS_FILE = path.join(ROOT, 'apps', 'api', 'src', 'seed', 'demo-accounts.json');

const EXPORT_METADATA = 'firebase-export-metadata.json';
const AUTH_ACCOUNTS_EXPORT = path.join('auth_export', 'accounts.json');
const READY_LINE = /All emulators ready/;
const OUTPUT_KEPT = 60;

/**
 * @typedef {{ email: string, password: string, userName: string }} DemoAccount
 * @typedef {{ host: string, port: number, projectId: string, stop: () => Promise<void> }} AuthEmulator
 */

/**
 * Resolves once the emulator serves requests and has imported dataDir's accounts.
 * @param {{ port?: number, dataDir?: string, projectId?: string, log?: (line: string) => void, timeoutMs?: number }} [options]
 *   dataDir: accounts imported on start and exported by stop(); without it the emulator forgets everything.
 * @returns {Promise<AuthEmulator>}
 */
export async function startAuthEmulator({
  port,
  dataDir,
  projectId = DEFAULT_PROJECT_ID,
  log = () => {},
  timeoutMs = 90_000,
} = {}) {
  const authPort = port ?? (await freePort());
  if (!(await isPortFree(authPort))) {
    throw new Error(`Cannot start the auth emulator: port ${authPort} on ${HOST} is already in use.`);
  }
  // Ports of their own for the hub and logging emulators, so several emulators never meet on 4400, 4500.
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-auth-'));
  const configFile = path.join(workDir, 'firebase.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify(
      {
        emulators: {
          auth: { host: HOST, port: authPort },
          hub: { host: HOST, port: hubPort },
          logging: { host: HOST, port: loggingPort },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    ),
  );

  const exportDir = dataDir ? path.resolve(dataDir) : undefined;
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configFile];
  if (exportDir) {
    fs.mkdirSync(path.dirname(exportDir), { recursive: true });
    if (fs.existsSync(path.join(exportDir, EXPORT_METADATA))) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }

  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, ...quietCliEnv(), TMPDIR: workDir };
  // An emulator address in our environment means "use that emulator"; the CLI must not see it.
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  delete env.FORCE_COLOR;

  const child = spawn(process.execPath, [FIREBASE_BIN, ...args], {
    cwd: workDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a terminal's Ctrl-C would be the CLI's second SIGINT after stop()'s,
    // which makes it exit at once and skip the export.
    detached: true,
  });

  /** @type {string[]} */
  const output = [];
  let sawReadyLine = false;
  const onLine = (/** @type {string} */ line) => {
    if (!line.trim()) return;
    output.push(line);
    if (output.length > OUTPUT_KEPT) output.shift();
    if (READY_LINE.test(line)) sawReadyLine = true;
    log(line);
  };
  forEachLine(child.stdout, onLine);
  forEachLine(child.stderr, onLine);

  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null)));
    child.once('error', (error) => {
      onLine(`could not run ${FIREBASE_BIN}: ${error.message}`);
      resolve(null);
    });
  });
  let running = true;
  void exited.then(() => {
    running = false;
  });

  // SIGTERM still gives the CLI its clean shutdown (export included) if we end without stop().
  const onParentExit = () => {
    if (running && child.pid) {
      try {
        process.kill(child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', onParentExit);

  const host = `${HOST}:${authPort}`;
  const cleanUp = () => {
    process.removeListener('exit', onParentExit);
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  const failure = (/** @type {string} */ why) =>
    new Error(`${why}\n--- firebase emulators:start (last lines) ---\n${output.join('\n')}`);

  /** @type {Promise<void> | undefined} */
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      const stopAsked = Date.now();
      if (running && child.pid) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        await exited;
        clearTimeout(timer);
      }
      cleanUp();
      if (exportDir && !exportLanded(exportDir, stopAsked)) {
        throw failure(`The auth emulator stopped but its accounts were not exported to ${exportDir}.`);
      }
    })();
    return stopping;
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running) {
      cleanUp();
      throw failure(`The auth emulator exited during start-up (exit code ${String(await exited)}).`);
    }
    // The CLI imports accounts after the server is up and only then prints its ready line.
    const importing = args.includes('--import');
    if ((!importing || sawReadyLine) && (await answers(`http://${host}/`))) break;
    if (Date.now() > deadline) {
      await stop().catch(() => undefined);
      throw failure(`The auth emulator did not become ready on ${host} within ${Math.round(timeoutMs / 1000)} s.`);
    }
    await delay(200);
  }
  return { host, port: authPort, projectId, stop };
}

/**
 * Creates each account unless its email is registered, with the display name and a verified email.
 * @param {string} host the emulator's host:port
 * @param {readonly DemoAccount[]} accounts
 * @param {{ projectId?: string }} [options]
 * @returns {Promise<{ email: string, uid: string, created: boolean }[]>}
 */
export async function ensureDemoAccounts(host, accounts, { projectId = DEFAULT_PROJECT_ID } = {}) {
  const results = [];
  for (const account of accounts) {
    const email = account.email.toLowerCase();
    const signUp = await identityToolkit(host, 'accounts:signUp?key=any', {
      email,
      password: account.password,
      returnSecureToken: true,
    });
    let uid;
    let created = false;
    let needsUpdate = true;
    if (signUp.ok) {
      uid = stringField(signUp.body, 'localId');
      created = true;
    } else if (signUp.error === 'EMAIL_EXISTS') {
      const found = await identityToolkit(
        host,
        `projects/${projectId}/accounts:lookup`,
        { email: [email] },
        { admin: true },
      );
      const user =
        found.ok && isRecord(found.body) && Array.isArray(found.body.users) ? found.body.users[0] : undefined;
      uid = stringField(user, 'localId');
      // Leave a name (or a verification state) the person changed alone.
      needsUpdate = !stringField(user, 'displayName');
    } else {
      throw new Error(`Could not create the demo account ${email}: ${signUp.error}`);
    }
    if (!uid) throw new Error(`The auth emulator gave no uid for ${email}`);
    if (needsUpdate) {
      const updated = await identityToolkit(
        host,
        `projects/${projectId}/accounts:update`,
        { localId: uid, displayName: account.userName, emailVerified: true },
        { admin: true },
      );
      if (!updated.ok) throw new Error(`Could not name the demo account ${email}: ${updated.error}`);
    }
    results.push({ email, uid, created });
  }
  return results;
}

/** @returns {Promise<DemoAccount[]>} */
export async function readDemoAccounts() {
  const parsed = JSON.parse(await fs.promises.readFile(DEMO_ACCOUNTS_FILE, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${DEMO_ACCOUNTS_FILE} must hold an array`);
  return parsed.map((entry, index) => {
    const email = stringField(entry, 'email');
    const password = stringField(entry, 'password');
    const userName = stringField(entry, 'userName');
    if (!email || !password || !userName)
      throw new Error(`${DEMO_ACCOUNTS_FILE}[${index}] needs email, password and userName`);
    return { email, password, userName };
  });
}

function quietCliEnv() {
  return {
    NO_UPDATE_NOTIFIER: '1',
    // firebase-tools skips its MOTD fetch under CI.
    CI: 'true',
    // colorette honours NO_COLOR; FORCE_COLOR=0 would still force colours on.
    NO_COLOR: '1',
  };
}

/**
 * Admin calls carry the emulator's `Bearer owner` credential; the others an API key, which it accepts as any value.
 * @param {string} host @param {string} endpoint @param {unknown} body
 * @param {{ admin?: boolean }} [options]
 * @returns {Promise<{ ok: boolean, body: unknown, error: string }>}
 */
async function identityToolkit(host, endpoint, body, { admin = false } = {}) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  const json = await response.json().catch(() => undefined);
  const error = isRecord(json) && isRecord(json.error) ? stringField(json.error, 'message') : '';
  const code = error ? error.split(' ')[0] : '';
  return { ok: response.ok, body: json, error: code || (response.ok ? '' : `HTTP ${response.status}`) };
}

/** @param {number} ms */
function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** @param {string} url */
async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The CLI logs a failed export and still exits 0: both files must be written after stop() was asked for.
 * @param {string} dir @param {number} since
 */
function exportLanded(dir, since) {
  try {
    const metadata = fs.statSync(path.join(dir, EXPORT_METADATA));
    fs.statSync(path.join(dir, AUTH_ACCOUNTS_EXPORT));
    return metadata.mtimeMs >= since - 1_000;
  } catch {
    return false;
  }
}

/** @param {import('node:stream').Readable | null} stream @param {(line: string) => void} onLine */
function forEachLine(stream, onLine) {
  if (!stream) return;
  stream.setEncoding('utf8');
  let pending = '';
  stream.on('data', (/** @type {string} */ chunk) => {
    pending += chunk;
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? '';
    lines.forEach(onLine);
  });
  stream.on('end', () => {
    if (pending) onLine(pending);
  });
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return typeof value === 'object' && value !== null;
}

/** @param {unknown} value @param {string} key */
function stringField(value, key) {
  const field = isRecord(value) ? value[key] : undefined;
  return typeof field === 'string' ? field : '';
}
