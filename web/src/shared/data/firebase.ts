/**
 * Firebase web SDK for the admin area only (lazy chunk): the app and Auth,
 * which the login page needs. Firestore lives in ./FirestoreScope, a
 * chunk of its own that only the signed-in pages load. In mode "emulator" it
 * talks to the local Auth emulator.
 */
import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import { firebaseConfig } from './firebaseConfig';

// The same config as App Check's (shared/lib/appCheck.ts): whichever starts first, both get the one default app.
export const firebaseApp = initializeApp(firebaseConfig);
/**
 * Auth without getAuth()'s popup/redirect resolver and with the user in
 * localStorage: the admin signs in with a password only, and the resolver's
 * redirect state and the IndexedDB store made Auth's start-up wait before it
 * restored the user, which every signed-in page waits for (the board's first
 * render). Other tabs follow sign-ins and sign-outs through storage events.
 */
export const auth = initializeAuth(firebaseApp, { persistence: browserLocalPersistence });

/** True when the build talks to the local emulators (mode "emulator"). */
export const USE_EMULATORS = import.meta.env.VITE_USE_EMULATORS === 'true';

if (USE_EMULATORS) {
  connectAuthEmulator(auth, import.meta.env.VITE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099', {
    disableWarnings: true,
  });
}
