/**
 * Firebase web SDK for the admin area only (lazy chunk). In mode "emulator"
 * it talks to the local Auth and Firestore emulators.
 */
import { initializeApp, type FirebaseOptions } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';

const env = import.meta.env;

export const firebaseConfig: FirebaseOptions = {
  apiKey: env.VITE_FIREBASE_API_KEY,
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
  projectId: env.VITE_FIREBASE_PROJECT_ID,
  appId: env.VITE_FIREBASE_APP_ID,
};

export const firebaseApp = initializeApp(firebaseConfig);
export const auth = getAuth(firebaseApp);
export const firestore = getFirestore(firebaseApp);

if (env.VITE_USE_EMULATORS === 'true') {
  connectAuthEmulator(auth, env.VITE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099', { disableWarnings: true });
  connectFirestoreEmulator(firestore, env.VITE_FIRESTORE_EMULATOR_HOST ?? '127.0.0.1', Number(env.VITE_FIRESTORE_EMULATOR_PORT ?? 8080));
}
