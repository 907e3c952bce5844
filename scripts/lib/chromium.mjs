// How the browser suite and the Lighthouse bench launch the system's Chromium: headless, and
// quiet, so that no update check, sync or first-run page adds requests or time to what they
// measure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const HEADLESS_CHROMIUM_FLAGS = /** @type {const} */ ([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);

/** The command that installs the Chromium the suite expects, on Debian or Ubuntu. */
export const INSTALL_CHROMIUM = 'sudo apt-get install -y chromium';

/**
 * Makes sure Chromium is at `chromiumPath`, before a test run spends minutes on other steps:
 * as root on Debian or Ubuntu it installs Debian's package (as .ci/run does); otherwise it
 * throws with the one command to run.
 * @param {string} chromiumPath
 * @param {{ exists?: (file: string) => boolean, install?: () => boolean, isRoot?: boolean, isDebian?: boolean }} [machine] this machine, unless a test says otherwise
 */
export function ensureChromium(chromiumPath, machine = {}) {
  const exists = machine.exists ?? fs.existsSync;
  if (exists(chromiumPath)) return;
  const isRoot = machine.isRoot ?? process.getuid?.() === 0;
  const isDebian = machine.isDebian ?? fs.existsSync('/etc/debian_version');
  const install = machine.install ?? installWithApt;
  // The package installs this path; a CHROMIUM_PATH elsewhere is the owner's to provide.
  if (isRoot && isDebian && chromiumPath === '/usr/bin/chromium') {
    console.log('Chromium is missing: installing it (apt-get install chromium)...');
    if (install() && exists(chromiumPath)) return;
  }
  throw new Error(
    `Chromium not found at ${chromiumPath}. Install it with: ${INSTALL_CHROMIUM} (or set CHROMIUM_PATH to a Chromium binary)`,
  );
}

function installWithApt() {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (/** @type {string[]} */ args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  return apt(['update', '-qq']) && apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium']);
}
