import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE } from '#api/config/jwt-secret.ts';
import { runApiUntilExit, startApiProcess, stopApiProcess } from './api-process.ts';

// The start-up checks as an operator meets them: a real API process, its exit code and
// what it prints.

describe('starting the API process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-startup-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses an unsafe production configuration: exits non-zero naming every variable to set', async () => {
    const { code, output } = await runApiUntilExit({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(code, output).not.toBe(0);
    expect(code, output).not.toBeNull();
    expect(output).toMatch(/^Refusing to start/m);
    for (const variable of [
      'JWT_SECRET',
      'SEED_DEMO',
      'PAYMENT_GATEWAY',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'FIREBASE_SERVICE_ACCOUNT',
      'PUBLIC_URL',
    ]) {
      expect(output).toMatch(new RegExp(`^ {2}${variable}: `, 'm'));
    }
    // Refused before anything is opened or written.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 90_000);

  it('refuses TRUST_PROXY=true in any mode', async () => {
    const { code, output } = await runApiUntilExit({ NODE_ENV: 'development', DATA_DIR: dataDir, TRUST_PROXY: 'true' });
    expect(code, output).toBe(1);
    expect(output).toMatch(/TRUST_PROXY: "true" would let any client forge its address/);
  }, 90_000);

  it('outside production, makes its JWT secret once under DATA_DIR and keeps it across restarts', async () => {
    const env = { DATA_DIR: dataDir, JWT_SECRET: undefined, NODE_ENV: 'development' };
    const first = await startApiProcess(env);
    await stopApiProcess(first);
    const file = path.join(dataDir, JWT_SECRET_FILE);
    const secret = fs.readFileSync(file, 'utf8');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = await startApiProcess(env);
    await stopApiProcess(second);
    expect(fs.readFileSync(file, 'utf8')).toBe(secret);
  }, 180_000);
});
