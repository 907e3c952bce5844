import { randomUUID } from 'node:crypto';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FirebaseAuthError, getAuth } from 'firebase-admin/auth';
import { z } from 'zod';
import { shareAuthEmulatorWithFirebaseAdmin, type Config } from '../config/env.ts';

/** Who a Firebase ID token says the caller is, once the token has been verified. */
export type Identity = {
  uid: string;
  /** Lowercased: the shop keys users by email, and emails are case-insensitive. */
  email: string;
  name?: string;
  emailVerified: boolean;
};

/**
 * Verifies Firebase ID tokens; `null` means the token proves nothing. An unreachable provider throws
 * IdentityUnavailableError, so an outage is never a bad sign-in.
 */
export type IdentityVerifier = {
  verifyIdToken: (idToken: string) => Promise<Identity | null>;
  /**
   * "Sign out everywhere": refresh tokens and older ID tokens stop working, so no device can get a fresh API token.
   */
  revokeSessions: (uid: string) => Promise<void>;
  /** What Firebase says of the account now; null when this verifier has no credential to look it up. */
  accountStatus: (uid: string) => Promise<AccountStatus | null>;
  close: () => Promise<void>;
};

export type AccountStatus =
  | { exists: false }
  | { exists: true; disabled: boolean; validAfterMs: number; email: string | null; emailVerified: boolean };

/** After an email change, older tokens still verify, naming an address no longer the account's. */
export function emailIsCurrent(account: AccountStatus & { exists: true }, email: string): boolean {
  return account.email === email;
}

export class IdentityUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The identity provider could not verify the sign-in', { cause });
    this.name = 'IdentityUnavailableError';
  }
}

const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
});

// What firebase-admin answers for a token that is simply not good; anything else (no
// network, the emulator down) is an outage, not the caller's fault.
const REJECTED_TOKEN_CODES = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/invalid-id-token',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/user-disabled',
  'auth/user-not-found',
]);

function serviceAccountFrom(json: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    // Never echo the value: it holds a private key.
    throw new Error('FIREBASE_SERVICE_ACCOUNT is not valid JSON');
  }
  const account = serviceAccountSchema.safeParse(parsed);
  if (!account.success) {
    throw new Error(
      'FIREBASE_SERVICE_ACCOUNT needs project_id, client_email and private_key (a service account key file)',
    );
  }
  return account.data;
}

/** One firebase-admin app per API instance, so instances in one process never share one. */
export function createIdentityVerifier(config: Config): IdentityVerifier {
  const emulator = Boolean(config.FIREBASE_AUTH_EMULATOR_HOST);
  const account =
    !emulator && config.FIREBASE_SERVICE_ACCOUNT ? serviceAccountFrom(config.FIREBASE_SERVICE_ACCOUNT) : undefined;
  shareAuthEmulatorWithFirebaseAdmin(config);
  const firebaseApp: App = initializeApp(
    account
      ? {
          projectId: account.project_id,
          credential: cert({
            projectId: account.project_id,
            clientEmail: account.client_email,
            privateKey: account.private_key,
          }),
        }
      : // Verifying ID tokens needs only the project id (Google's public keys are public);
        // the emulator needs no credential at all.
        { projectId: config.FIREBASE_PROJECT_ID },
    `parts-shop-identity-${randomUUID()}`,
  );
  const auth = getAuth(firebaseApp);
  // Revocation and disabled accounts are checked with the account record, which needs a
  // credential; against the emulator firebase-admin always checks them.
  const checkRevoked = account !== undefined;
  const canLookUpAccounts = emulator || checkRevoked;

  return {
    verifyIdToken: async (idToken) => {
      try {
        const decoded = await auth.verifyIdToken(idToken, checkRevoked);
        if (typeof decoded.email !== 'string' || decoded.email === '') return null;
        const name: unknown = decoded.name;
        return {
          uid: decoded.uid,
          email: decoded.email.toLowerCase(),
          ...(typeof name === 'string' && name.trim() ? { name: name.trim() } : {}),
          emailVerified: decoded.email_verified === true,
        };
      } catch (error) {
        if (error instanceof FirebaseAuthError && REJECTED_TOKEN_CODES.has(error.code)) return null;
        throw new IdentityUnavailableError(error);
      }
    },
    revokeSessions: async (uid) => {
      try {
        await auth.revokeRefreshTokens(uid);
      } catch (error) {
        if (error instanceof FirebaseAuthError && error.code === 'auth/user-not-found') return;
        throw new IdentityUnavailableError(error);
      }
    },
    accountStatus: async (uid) => {
      if (!canLookUpAccounts) return null;
      try {
        const record = await auth.getUser(uid);
        const validAfter = record.tokensValidAfterTime ? Date.parse(record.tokensValidAfterTime) : 0;
        return {
          exists: true,
          disabled: record.disabled,
          validAfterMs: Number.isNaN(validAfter) ? 0 : validAfter,
          email: record.email ? record.email.toLowerCase() : null,
          emailVerified: record.emailVerified,
        };
      } catch (error) {
        if (error instanceof FirebaseAuthError && error.code === 'auth/user-not-found') return { exists: false };
        throw new IdentityUnavailableError(error);
      }
    },
    close: () => deleteApp(firebaseApp),
  };
}
