/**
 * The Firebase functions the portal's session uses, imported by name so the
 * bundler keeps only these: a dynamic `import('firebase/auth')` used as a
 * namespace keeps every export of Auth, in the chunk the admin area shares
 * (about 12 KB gzip more on every admin load). portalAuth.ts loads this
 * module lazily; nothing may import it statically (the landing's JS budget,
 * scripts/check-bundle.mjs in npm test, would catch it).
 */
/* eslint-disable @typescript-eslint/no-restricted-imports -- this module is the lazy chunk itself (portalAuth.ts import()) */
export { getApps, initializeApp } from 'firebase/app';
export {
  browserLocalPersistence,
  connectAuthEmulator,
  initializeAuth,
  isSignInWithEmailLink,
  onAuthStateChanged,
  sendSignInLinkToEmail,
  signInWithEmailLink,
  signOut,
} from 'firebase/auth';
