import { z } from 'zod';
import { GOOGLE_POPUP } from '@parts-shop/shared/constants';
import { AuthFlowError } from './auth-flow-error.ts';

export const GOOGLE_PICKER_PATH = '/auth/google-picker';
export const GOOGLE_ACCOUNT_MESSAGE = 'parts-shop:google-account';
const WINDOW_NAME = 'parts-shop-google-picker';

export const googleTestAccountSchema = z.object({
  sub: z.string().min(1).max(300),
  email: z.string().min(3).max(254),
  name: z.string().max(200),
});
export type GoogleTestAccount = z.infer<typeof googleTestAccountSchema>;

const accountMessageSchema = googleTestAccountSchema.extend({ type: z.literal(GOOGLE_ACCOUNT_MESSAGE) });

export function googleAccountMessage(account: GoogleTestAccount) {
  return { type: GOOGLE_ACCOUNT_MESSAGE, ...account } as const;
}

export function testGoogleSub(email: string): string {
  return `test-google-${email.trim().toLowerCase()}`;
}

/**
 * Accepts a message only from our own picker window, on our own origin, in the expected shape; anything else (another
 * window, another site, a stray extension) is ignored.
 */
export function readGoogleAccountMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  popup: Window,
  origin = window.location.origin,
): GoogleTestAccount | null {
  if (event.origin !== origin || event.source !== popup) return null;
  const parsed = accountMessageSchema.safeParse(event.data);
  if (!parsed.success) return null;
  const { sub, email, name } = parsed.data;
  return { sub, email, name };
}

let pending: { popup: Window; result: Promise<GoogleTestAccount> } | null = null;

export function chooseGoogleTestAccount(): Promise<GoogleTestAccount> {
  if (pending && !pending.popup.closed) {
    pending.popup.focus();
    return pending.result;
  }
  const { width, height } = GOOGLE_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const popup = window.open(
    GOOGLE_PICKER_PATH,
    WINDOW_NAME,
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) {
    return Promise.reject(new AuthFlowError('auth/popup-blocked', 'The browser blocked the Google sign-in window.'));
  }
  const result = new Promise<GoogleTestAccount>((resolve, reject) => {
    const finish = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedPoll);
      pending = null;
    };
    const onMessage = (event: MessageEvent) => {
      const account = readGoogleAccountMessage(event, popup);
      if (!account) return;
      finish();
      resolve(account);
    };
    // A closed window sends no event; look every so often, as Firebase's own popup does.
    let closedTicks = 0;
    const closedPoll = window.setInterval(() => {
      closedTicks = popup.closed ? closedTicks + 1 : 0;
      if (closedTicks < 2) return;
      finish();
      reject(new AuthFlowError('auth/popup-closed-by-user', 'The Google sign-in window was closed.'));
    }, 400);
    window.addEventListener('message', onMessage);
  });
  pending = { popup, result };
  return result;
}
