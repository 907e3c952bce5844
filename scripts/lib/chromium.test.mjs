import { describe, expect, it, vi } from 'vitest';
import { ensureChromium, INSTALL_CHROMIUM } from './chromium.mjs';

const DEBIANS = '/usr/bin/chromium';

describe('a test run on a machine without Chromium', () => {
  it('stops at once with the one command to run when it cannot install it', () => {
    const install = vi.fn(() => true);
    const absent = () => false;
    const why = `Chromium not found at ${DEBIANS}. Install it with: ${INSTALL_CHROMIUM}`;
    expect(() => ensureChromium(DEBIANS, { exists: absent, isRoot: false, isDebian: true, install })).toThrow(why);
    expect(() => ensureChromium(DEBIANS, { exists: absent, isRoot: true, isDebian: false, install })).toThrow(why);
    expect(() => ensureChromium('/opt/chrome', { exists: absent, isRoot: true, isDebian: true, install })).toThrow(
      INSTALL_CHROMIUM,
    );
    expect(install).not.toHaveBeenCalled();
  });

  it('installs it as root on Debian or Ubuntu, and says the command if that did not bring it', () => {
    let installed = false;
    const exists = () => installed;
    ensureChromium(DEBIANS, { exists, isRoot: true, isDebian: true, install: () => (installed = true) });
    expect(installed).toBe(true);
    expect(() =>
      ensureChromium(DEBIANS, { exists: () => false, isRoot: true, isDebian: true, install: () => false }),
    ).toThrow(INSTALL_CHROMIUM);
  });
});
