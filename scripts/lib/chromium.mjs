// Headless and quiet: no update check, sync or first-run page adds requests or time to what is measured.
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

export const INSTALL_CHROMIUM = 'sudo apt-get install -y chromium';

/**
 * Before a run spends minutes on other steps: as root on Debian or Ubuntu installs Debian's
 * package, otherwise throws with the one command to run.
 * @param {string} chromiumPath
 * @param {{ exists?: (file: string) => boolean, install?: () => boolean, isRoot?: boolean, isDebian?: boolean }} [machine]
 */
export function ensureChromium(chromiumPath, machine = {}) {
  const exists = machine.exists ?? fs.existsSync;
  if (exists(chromiumPath)) return;
  const isRoot = machine.isRoot ?? process.getuid?.() === 0;
  const isDebian = machine.isDebian ?? fs.existsSync('/etc/debian_version');
  const install = machine.install ?? installWithApt;
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
