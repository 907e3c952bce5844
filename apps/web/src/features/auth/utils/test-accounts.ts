import { z } from 'zod';
import { googleTestAccountSchema, type GoogleTestAccount } from '#web/lib/google-test-mode.ts';

const KEY = 'parts-shop:google-test-accounts';
const KEEP = 8;

export function readTestAccounts(): GoogleTestAccount[] {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return [];
    const parsed = z.array(googleTestAccountSchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function write(accounts: GoogleTestAccount[]): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(accounts));
  } catch {
    // Private mode or full storage: the list is a convenience only.
  }
}

export function rememberTestAccount(account: GoogleTestAccount): GoogleTestAccount[] {
  const others = readTestAccounts().filter((a) => a.email !== account.email);
  const next = [account, ...others].slice(0, KEEP);
  write(next);
  return next;
}

export function forgetTestAccount(email: string): GoogleTestAccount[] {
  const next = readTestAccounts().filter((a) => a.email !== email);
  write(next);
  return next;
}
