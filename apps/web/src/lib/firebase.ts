// The only module that imports the Firebase SDK. lib/auth.tsx loads it with import(), so the SDK stays out of the
// first-load bundle of the public pages.
import { getApps, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { messages } from '@parts-shop/shared/ui-messages';
import { fetchClientConfig } from './client-config.ts';
import { chooseGoogleTestAccount } from './google-test-mode.ts';

export type { User as FirebaseUser } from 'firebase/auth';

export type SignUpInput = { name: string; email: string; password: string };

export type IdentityProvider = {
  emulatorHost: string | null;
  onUserChanged: (listener: (user: User | null) => void) => () => void;
  signInWithPassword: (email: string, password: string) => Promise<User>;
  signUp: (input: SignUpInput) => Promise<User>;
  signInWithGoogle: () => Promise<User>;
  sendPasswordReset: (email: string) => Promise<void>;
  resendVerification: () => Promise<void>;
  signOut: () => Promise<void>;
};

export async function loadIdentityProvider(): Promise<IdentityProvider> {
  const config = await fetchClientConfig();
  const { emulatorHost, apiKey, authDomain, projectId } = config.firebase;
  const app = getApps()[0] ?? initializeApp({ apiKey, authDomain, projectId });
  const auth = getAuth(app);
  if (emulatorHost) {
    // Firebase's own emulator banner is a fixed bar over the page's footer; the shop labels its test mode itself (the
    // Google account picker says so in its title).
    connectAuthEmulator(auth, `http://${emulatorHost}`, { disableWarnings: true });
  }

  return {
    emulatorHost,
    onUserChanged: (listener) => onAuthStateChanged(auth, listener),
    signInWithPassword: async (email, password) => (await signInWithEmailAndPassword(auth, email, password)).user,
    signUp: async ({ name, email, password }) => {
      await createUserWithEmailAndPassword(auth, email, password);
      const user = auth.currentUser;
      if (!user) throw new Error(messages.noUserLoggedIn);
      await updateProfile(user, { displayName: name });
      try {
        await sendEmailVerification(user);
      } catch {
        // The account exists and works without a verified email; a failed mail must not undo the sign-up.
      }
      return user;
    },
    signInWithGoogle: () => {
      if (!emulatorHost) {
        const provider = new GoogleAuthProvider();
        provider.setCustomParameters({ prompt: 'select_account' });
        return signInWithPopup(auth, provider).then((result) => result.user);
      }
      // Opened now, inside the click; the sign-in waits for the account chosen in it.
      return chooseGoogleTestAccount().then(async ({ sub, email, name }) => {
        // The emulator accepts unsigned JSON claims as a Google ID token (firebase-tools signInWithIdp, parseClaims)
        // and records a google.com sign-in.
        const idToken = JSON.stringify({ sub, email, email_verified: true, name });
        return (await signInWithCredential(auth, GoogleAuthProvider.credential(idToken))).user;
      });
    },
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    resendVerification: async () => {
      if (!auth.currentUser) throw new Error(messages.noUserLoggedIn);
      await sendEmailVerification(auth.currentUser);
    },
    signOut: () => signOut(auth),
  };
}
