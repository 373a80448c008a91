/**
 * The project's Firebase web config (Firebase console: Project settings → Your apps), from the build's
 * VITE_FIREBASE_* variables. Its own module so that App Check's lazy chunk (shared/lib/appCheck.ts) can start the
 * app without Auth.
 */
import type { FirebaseOptions } from 'firebase/app';

// import.meta.env.X written out each time: Vite replaces each with its value.
export const firebaseConfig: FirebaseOptions = {
  apiKey: import.meta.env.VITE_FIREBASE_API_KEY,
  authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
  projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID,
  appId: import.meta.env.VITE_FIREBASE_APP_ID,
};
