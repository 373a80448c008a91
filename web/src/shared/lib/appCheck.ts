/**
 * The App Check token the public forms send in `X-Firebase-AppCheck`
 * (contact, client lookup, quote acceptance, cart order, checkout; the server
 * refuses those calls without one: functions/src/platform/appCheck.ts).
 *
 * - Production: Firebase App Check with the reCAPTCHA Enterprise provider
 *   (site key VITE_RECAPTCHA_ENTERPRISE_SITE_KEY). The Firebase SDK and
 *   reCAPTCHA load here, lazily, the first time a form is about to submit,
 *   so the landing page's initial JS carries none of it.
 * - Emulator builds: the emulators can neither mint nor verify App Check
 *   tokens (a demo project has no App Check service), so the build sends its
 *   debug token VITE_APPCHECK_DEBUG_TOKEN as is, which only a demo project's
 *   functions accept, and only when its APP_CHECK_DEBUG_TOKEN is the same.
 * - A development build against a real project (`vite --mode <mode>` with
 *   VITE_APPCHECK_DEBUG_TOKEN set) hands the debug token to the SDK as
 *   `self.FIREBASE_APPCHECK_DEBUG_TOKEN`; register it in the Firebase console
 *   (App Check → Apps → Manage debug tokens). A production build refuses that
 *   variable (web/scripts/production-env.mjs).
 */
import type { AppCheck } from 'firebase/app-check';

/** The header the server reads (the Firebase SDK's own name for it). */
export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';

let started: Promise<AppCheck> | undefined;

/** Starts App Check once on the default Firebase app (the admin area's, when it is already running). */
async function start(): Promise<AppCheck> {
  const [{ getApp, getApps, initializeApp }, { initializeAppCheck, ReCaptchaEnterpriseProvider }, { firebaseConfig }] =
    await Promise.all([import('firebase/app'), import('firebase/app-check'), import('../data/firebaseConfig')]);
  if (import.meta.env.DEV && import.meta.env.VITE_APPCHECK_DEBUG_TOKEN) {
    (self as { FIREBASE_APPCHECK_DEBUG_TOKEN?: string }).FIREBASE_APPCHECK_DEBUG_TOKEN =
      import.meta.env.VITE_APPCHECK_DEBUG_TOKEN;
  }
  const app = getApps().length > 0 ? getApp() : initializeApp(firebaseConfig);
  return initializeAppCheck(app, {
    provider: new ReCaptchaEnterpriseProvider(import.meta.env.VITE_RECAPTCHA_ENTERPRISE_SITE_KEY ?? ''),
    // Tokens are fetched when a form submits; nothing refreshes them in the background.
    isTokenAutoRefreshEnabled: false,
  });
}

/**
 * The App Check token for the next public write, or null when none could be had (reCAPTCHA blocked or
 * unreachable, no site key): the call then goes without it and the server answers 401 with its message.
 */
export async function appCheckToken(): Promise<string | null> {
  if (import.meta.env.VITE_USE_EMULATORS === 'true') return import.meta.env.VITE_APPCHECK_DEBUG_TOKEN || null;
  try {
    const { getToken } = await import('firebase/app-check');
    const { token } = await getToken(await (started ??= start()));
    return token || null;
  } catch {
    started = undefined;
    return null;
  }
}
