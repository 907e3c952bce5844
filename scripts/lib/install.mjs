import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** @param {string} root the repository */
export function ensureInstalled(root) {
  const lock = path.join(root, 'package-lock.json');
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const fresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  if (fresh) return;
  console.log('Installing dependencies (npm ci)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm ci failed');
}

/**
 * @param {string} command @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 * @returns {boolean} whether it exited 0
 */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status === 0;
}

/**
 * Like run, with the event loop free: servers this process hosts (the mail catcher) keep answering.
 * @param {string} command @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @param {string[]} [output] collects what the command prints instead of showing it
 * @returns {Promise<boolean>}
 */
export function runAsync(command, args, options = {}, output = undefined) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...options });
    child.stdout?.on('data', (chunk) => output?.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output?.push(String(chunk)));
    child.on('error', (error) => {
      output?.push(`${error.message}\n`);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}
