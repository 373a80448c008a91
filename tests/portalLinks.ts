/**
 * Email-link sign-in on the Auth emulator, for the portal's API and
 * end-to-end tests: the links the emulator keeps (its oobCodes endpoint,
 * where a real project would have sent an email), and an ID token got the
 * way the portal page gets one. No imports of tests/helpers.ts or server code:
 * Playwright specs use this too.
 */
const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-studio';

export interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: string;
}

/** The email sign-in links the Auth emulator holds for `email`, oldest first. */
export async function signInLinksFor(email: string): Promise<OobCode[]> {
  const res = await fetch(`http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const json = (await res.json()) as { oobCodes?: OobCode[] };
  return (json.oobCodes ?? []).filter((c) => c.requestType === 'EMAIL_SIGNIN' && c.email === email.toLowerCase());
}

async function identityToolkit(method: string, body: object): Promise<Record<string, unknown>> {
  const res = await fetch(`http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} failed: ${JSON.stringify(json.error)}`);
  return json;
}

/**
 * Asks for a sign-in link for `email` (as the portal page does), takes it from
 * the emulator and completes it: the ID token of a client signed in by email
 * link (email_verified true, no admin claim).
 */
export async function emailLinkIdToken(email: string, continueUrl = 'http://127.0.0.1:5000/portal'): Promise<string> {
  const before = new Set((await signInLinksFor(email)).map((c) => c.oobCode));
  await identityToolkit('sendOobCode', { requestType: 'EMAIL_SIGNIN', email, continueUrl, canHandleCodeInApp: true });
  const code = (await signInLinksFor(email)).find((c) => !before.has(c.oobCode));
  if (!code) throw new Error(`no sign-in link for ${email}`);
  const signedIn = await identityToolkit('signInWithEmailLink', {
    email,
    oobCode: code.oobCode,
    returnSecureToken: true,
  });
  return String(signedIn.idToken);
}
