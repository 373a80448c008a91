/**
 * The client's Firebase Auth session for /portal, loaded lazily (public page:
 * no Firebase SDK in the landing's initial JS). It runs in a Firebase app of
 * its own ("portal"), so its user is stored apart from the admin's and a
 * client signing in never signs an admin out, or in. Passwordless: email
 * link sign-in only.
 */
import type { Auth, User } from 'firebase/auth';

/** localStorage key of the address a link was asked for on this device (Firebase's recommended flow). */
export const EMAIL_FOR_SIGN_IN = 'portal.emailForSignIn';

let loaded: Promise<{ auth: Auth; sdk: typeof import('./portalAuthSdk') }> | null = null;

/** The portal's Auth instance and the SDK's functions, loaded on first use. */
export function portalAuth() {
  loaded ??= (async () => {
    const sdk = await import('./portalAuthSdk');
    const app =
      sdk.getApps().find((a) => a.name === 'portal') ??
      sdk.initializeApp(
        {
          apiKey: import.meta.env.VITE_FIREBASE_API_KEY,
          authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
          projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID,
          appId: import.meta.env.VITE_FIREBASE_APP_ID,
        },
        'portal',
      );
    const auth = sdk.initializeAuth(app, { persistence: sdk.browserLocalPersistence });
    if (import.meta.env.VITE_USE_EMULATORS === 'true') {
      sdk.connectAuthEmulator(auth, import.meta.env.VITE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099', {
        disableWarnings: true,
      });
    }
    return { auth, sdk };
  })();
  return loaded;
}

/** Asks Firebase to email `email` a one-time sign-in link back to this site's /portal, and remembers the address here. */
export async function sendPortalLink(email: string): Promise<void> {
  const { auth, sdk } = await portalAuth();
  await sdk.sendSignInLinkToEmail(auth, email, { url: `${window.location.origin}/portal`, handleCodeInApp: true });
  window.localStorage.setItem(EMAIL_FOR_SIGN_IN, email);
}

/** True when `href` is a sign-in link to complete. */
export async function isPortalLink(href: string): Promise<boolean> {
  const { auth, sdk } = await portalAuth();
  return sdk.isSignInWithEmailLink(auth, href);
}

/** Completes the link `href` for `email`, forgets the remembered address and drops the code from the address bar. */
export async function completePortalLink(email: string, href: string): Promise<User> {
  const { auth, sdk } = await portalAuth();
  const { user } = await sdk.signInWithEmailLink(auth, email, href);
  window.localStorage.removeItem(EMAIL_FOR_SIGN_IN);
  window.history.replaceState(null, '', '/portal');
  return user;
}

/** Calls `onUser` with the signed-in client (or null) now and on every change; returns the unsubscribe. */
export async function watchPortalUser(onUser: (user: User | null) => void): Promise<() => void> {
  const { auth, sdk } = await portalAuth();
  return sdk.onAuthStateChanged(auth, onUser);
}

/** Signs the client out of the portal (the admin's session, if any, is untouched). */
export async function signOutOfPortal(): Promise<void> {
  const { auth, sdk } = await portalAuth();
  await sdk.signOut(auth);
}
