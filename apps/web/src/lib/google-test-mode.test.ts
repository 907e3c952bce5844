import { afterEach, describe, expect, it, vi } from 'vitest';
import { GOOGLE_POPUP } from '@parts-shop/shared/constants';
import {
  chooseGoogleTestAccount,
  GOOGLE_PICKER_PATH,
  googleAccountMessage,
  readGoogleAccountMessage,
  testGoogleSub,
} from './google-test-mode.ts';

const account = { sub: testGoogleSub('g@example.com'), email: 'g@example.com', name: 'Gee' };

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('readGoogleAccountMessage', () => {
  const popup = {} as Window;
  const origin = 'http://shop.test';
  const message = googleAccountMessage(account);

  it('accepts our picker’s message from our own origin', () => {
    expect(readGoogleAccountMessage({ origin, source: popup, data: message }, popup, origin)).toEqual(account);
  });
  it('ignores another origin, another window or another shape', () => {
    expect(
      readGoogleAccountMessage({ origin: 'http://evil.test', source: popup, data: message }, popup, origin),
    ).toBeNull();
    expect(readGoogleAccountMessage({ origin, source: {} as Window, data: message }, popup, origin)).toBeNull();
    expect(
      readGoogleAccountMessage({ origin, source: popup, data: { ...message, type: 'other' } }, popup, origin),
    ).toBeNull();
    expect(readGoogleAccountMessage({ origin, source: popup, data: 'hello' }, popup, origin)).toBeNull();
  });
});

describe('chooseGoogleTestAccount', () => {
  it('opens the picker in a 500 x 600 window', async () => {
    vi.useFakeTimers();
    const focus = vi.fn();
    const popup = { closed: false, focus } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const result = chooseGoogleTestAccount().catch((error: unknown) => error);
    const [url, , features] = open.mock.calls[0] ?? [];
    expect(url).toBe(GOOGLE_PICKER_PATH);
    expect(features).toContain(`width=${GOOGLE_POPUP.width}`);
    expect(features).toContain(`height=${GOOGLE_POPUP.height}`);
    // A second click while it is open brings the same window forward instead of another one.
    void chooseGoogleTestAccount().catch(() => undefined);
    expect(open).toHaveBeenCalledTimes(1);
    expect(focus).toHaveBeenCalled();
    // Close it, so no pending picker leaks into the next test.
    (popup as { closed: boolean }).closed = true;
    vi.advanceTimersByTime(2000);
    await result;
  });

  it('rejects as popup-blocked when the browser refuses the window', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(chooseGoogleTestAccount()).rejects.toMatchObject({ code: 'auth/popup-blocked' });
  });

  it('rejects as closed when the window is closed without a choice', async () => {
    vi.useFakeTimers();
    const popup = { closed: false, focus: vi.fn() } as unknown as Window;
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const result = chooseGoogleTestAccount();
    (popup as { closed: boolean }).closed = true;
    vi.advanceTimersByTime(2000);
    await expect(result).rejects.toMatchObject({ code: 'auth/popup-closed-by-user' });
  });
});
