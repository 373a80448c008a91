/**
 * Firestore and reactfire for the signed-in admin pages. A chunk of its own,
 * loaded with the first page after login (see ../lazyPages.tsx), so the login
 * page never downloads the Firestore SDK (nor reactfire, which imports every
 * Firebase product). In mode "emulator" it talks to the local
 * Firestore emulator.
 */
import type { ReactNode } from 'react';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { FirebaseAppProvider, FirestoreProvider } from 'reactfire';
import { firebaseApp, USE_EMULATORS } from '../firebase';

const env = import.meta.env;

export const firestore = getFirestore(firebaseApp);

if (USE_EMULATORS) {
  connectFirestoreEmulator(firestore, env.VITE_FIRESTORE_EMULATOR_HOST ?? '127.0.0.1', Number(env.VITE_FIRESTORE_EMULATOR_PORT ?? 8080));
}

/** Provides the Firebase app and Firestore to reactfire's hooks (./hooks). */
export function FirestoreScope({ children }: { children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <FirestoreProvider sdk={firestore}>{children}</FirestoreProvider>
    </FirebaseAppProvider>
  );
}
