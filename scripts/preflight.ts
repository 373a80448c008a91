/**
 * npm run preflight -- --project <id> [--allow-stripe-test-keys] [--before-deploy]
 *
 * Reads a real project's vendors, read-only, and prints what differs from
 * what the code needs (functions/src/platform/vendors.ts) with how to fix
 * it; exits 1 on any problem.
 *
 * - Firebase Auth (Identity Toolkit admin v2 `projects/ID/config`): the
 *   Email/Password provider on with Email link (passwordless) allowed, no
 *   other provider, the sign-up blocker (`guardSignUp`, beforeUserCreated) registered,
 *   the site's host among the authorized domains;
 * - Stripe: a live secret key (sk_live_/rk_live_) unless
 *   --allow-stripe-test-keys (a staging project), and a webhook endpoint at
 *   SITE_URL/api/stripe/webhook, enabled, sending every handled event, in
 *   the API version the code reads; the customer portal set up ("Manage
 *   billing");
 * - SendGrid: the EMAIL_FROM domain authenticated, click and open tracking
 *   off, an enabled Event Webhook at SITE_URL/api/sendgrid/events sending
 *   the suppressing events, with signing on;
 * - Cloud Storage: the files bucket exists, and its released rules
 *   (Firebase Rules API) are storage.rules;
 * - App Check: APP_CHECK_APP_ID registered with reCAPTCHA Enterprise;
 * - Firestore: the (default) database in nam5 or us-central1, point-in-time
 *   recovery on, a daily backup schedule.
 *
 * Settings (SITE_URL, FILES_BUCKET, APP_CHECK_APP_ID, EMAIL_FROM) come from
 * `functions/.env.<id>`, with the functions' defaults. Credentials: Google
 * APIs with Application Default Credentials (`gcloud auth
 * application-default login`); Stripe and SendGrid keys from
 * STRIPE_SECRET_KEY / SENDGRID_API_KEY in the environment when set (a
 * restricted read-only key does), else from the project's secrets
 * (`firebase functions:secrets:access`).
 *
 * With --before-deploy (scripts/deploy.mjs), what the deploy itself fixes
 * (rules not yet released, the sign-up blocker not yet registered) is a
 * note, not a problem.
 *
 * The vendors' base URLs can be moved to loopback for tests (never
 * elsewhere, so a key never leaves for another host):
 * PREFLIGHT_GOOGLE_API_BASE (each Google service then under
 * `<base>/<service>/…`, no ADC asked, token PREFLIGHT_GOOGLE_TOKEN),
 * PREFLIGHT_STRIPE_API_BASE, PREFLIGHT_SENDGRID_API_BASE.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, parseEnv } from 'node:util';
import {
  AUTH_NEEDS,
  FIRESTORE_LOCATIONS,
  SENDGRID_EVENT_WEBHOOK_PATH,
  SENDGRID_TRACKING_OFF,
  SENDGRID_WEBHOOK_EVENTS,
  STRIPE_API_VERSION,
  STRIPE_WEBHOOK_EVENTS,
  STRIPE_WEBHOOK_PATH,
} from '../functions/src/platform/vendors.js';

const ROOT = join(import.meta.dirname, '..');

/** One thing checked: `ok`, a `problem` (with its fix), or a `note` (reported, never failing). */
export interface Finding {
  area: 'Auth' | 'Stripe' | 'SendGrid' | 'Storage' | 'App Check' | 'Firestore';
  level: 'ok' | 'problem' | 'note';
  what: string;
  fix?: string;
}

/** The project's settings the checks compare with (functions/.env.<id> and the functions' defaults). */
export interface PreflightSettings {
  project: string;
  /** e.g. https://studio.example.com, no trailing slash. */
  siteUrl: string;
  filesBucket: string;
  appCheckAppId?: string;
  emailFrom?: string;
}

/** Where each vendor answers, and the credentials to send. */
export interface PreflightClients {
  /** The base URL of Google service `service` (e.g. "firestore" → https://firestore.googleapis.com). */
  google: (service: string) => string;
  googleToken: () => Promise<string>;
  stripeBase: string;
  sendgridBase: string;
  stripeKey?: string;
  sendgridKey?: string;
}

export interface PreflightOptions {
  allowStripeTestKeys?: boolean;
  /** Before a deploy: what the deploy releases itself is a note. */
  beforeDeploy?: boolean;
  /** The rules the project must run (storage.rules). */
  storageRules?: string;
}

/** A vendor answer: its status and parsed JSON body (null when none or not JSON). */
interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

/** GETs `url` with a bearer token; never throws (a network failure is status 0). */
async function get(url: string, token: string, extra: Record<string, string> = {}): Promise<Answer> {
  try {
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...extra },
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let body: Record<string, unknown> | null = null;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    return { status: res.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

/**
 * The header that bills a Google API call to the project: user credentials (ADC from gcloud) are refused
 * without a quota project by some APIs (Identity Toolkit first).
 */
const quota = (s: PreflightSettings) => ({ 'x-goog-user-project': s.project });

/** A short account of a failed read, for a problem line. */
const failed = (what: string, a: Answer) =>
  a.status === 0
    ? `could not reach ${what}`
    : `${what} answered ${a.status}${a.status === 401 || a.status === 403 ? ' (credentials or permission)' : ''}`;

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Firebase Auth: providers, the sign-up blocker, authorized domains. */
async function checkAuth(s: PreflightSettings, c: PreflightClients, o: PreflightOptions): Promise<Finding[]> {
  const area = 'Auth';
  const token = await c.googleToken();
  const base = `${c.google('identitytoolkit')}/admin/v2/projects/${s.project}`;
  const config = await get(`${base}/config`, token, quota(s));
  if (config.status !== 200)
    return [
      {
        area,
        level: 'problem',
        what: `cannot read the Auth settings: ${failed('Identity Toolkit', config)}`,
        fix: 'Upgrade Authentication to Identity Platform (console → Authentication → Settings), and give your account the Firebase Authentication Viewer role.',
      },
    ];
  const out: Finding[] = [];
  const signIn = obj(config.body?.signIn);
  const email = obj(signIn.email);
  const where = 'console → Authentication → Sign-in method → Email/Password';
  if (email.enabled !== true)
    out.push({
      area,
      level: 'problem',
      what: 'the Email/Password provider is off: the admin cannot sign in, nor clients by email link',
      fix: `Enable it, with "Email link (passwordless sign-in)" on (${where}).`,
    });
  else if (email.passwordRequired !== false)
    out.push({
      area,
      level: 'problem',
      what: 'Email link (passwordless sign-in) is off: the portal cannot send a client a sign-in link',
      fix: `Turn on "Email link (passwordless sign-in)" (${where}).`,
    });
  else
    out.push({
      area,
      level: 'ok',
      what: 'Email/Password is on with Email link (the admin signs in by password, clients by email link)',
    });
  const others = [
    obj(signIn.anonymous).enabled === true ? 'Anonymous' : null,
    obj(signIn.phoneNumber).enabled === true ? 'Phone' : null,
  ].filter((x): x is string => x !== null);
  const idps = await get(`${base}/defaultSupportedIdpConfigs`, token, quota(s));
  if (idps.status === 200)
    for (const idp of list(idps.body?.defaultSupportedIdpConfigs))
      if (obj(idp).enabled === true)
        others.push(
          String(obj(idp).name ?? '')
            .split('/')
            .pop() ?? 'an identity provider',
        );
  if (idps.status !== 200)
    out.push({
      area,
      level: 'problem',
      what: `cannot read the identity providers: ${failed('Identity Toolkit', idps)}`,
    });
  else if (others.length > 0)
    out.push({
      area,
      level: 'problem',
      what: `other sign-in providers are on (${others.join(', ')}): only Email/Password and Email link may be`,
      fix: 'Disable them (console → Authentication → Sign-in method).',
    });
  else out.push({ area, level: 'ok', what: 'no other sign-in provider is on' });

  const blocker = String(obj(obj(obj(config.body?.blockingFunctions).triggers).beforeCreate).functionUri ?? '');
  if (blocker.toLowerCase().includes(AUTH_NEEDS.signUpBlocker.toLowerCase()))
    out.push({ area, level: 'ok', what: `sign-up is blocked (${AUTH_NEEDS.signUpBlocker} is registered)` });
  else
    out.push({
      area,
      level: o.beforeDeploy ? 'note' : 'problem',
      what: `the sign-up blocker ${AUTH_NEEDS.signUpBlocker} is not registered${blocker ? ` (beforeCreate is ${blocker})` : ''}: anyone with the web config could sign up`,
      fix: `npm run deploy registers it (it needs Identity Platform: console → Authentication → Settings → Upgrade).`,
    });

  const host = new URL(s.siteUrl).hostname;
  const domains = list(config.body?.authorizedDomains).map(String);
  if (domains.includes(host)) out.push({ area, level: 'ok', what: `${host} is an authorized domain` });
  else
    out.push({
      area,
      level: 'problem',
      what: `${host} (SITE_URL) is not an authorized domain: sign-in from the site is refused`,
      fix: `Add ${host} (console → Authentication → Settings → Authorized domains).`,
    });
  return out;
}

/** Stripe: live keys and the webhook endpoint. */
async function checkStripe(s: PreflightSettings, c: PreflightClients, o: PreflightOptions): Promise<Finding[]> {
  const area = 'Stripe';
  const key = c.stripeKey?.trim();
  if (!key)
    return [
      {
        area,
        level: 'problem',
        what: 'no Stripe secret key to read with',
        fix: `Set the STRIPE_SECRET_KEY secret (firebase functions:secrets:set STRIPE_SECRET_KEY --project ${s.project}), or pass a restricted read key in STRIPE_SECRET_KEY.`,
      },
    ];
  const out: Finding[] = [];
  const live = /^(sk|rk)_live_/.test(key);
  if (live) out.push({ area, level: 'ok', what: 'the secret key is a live key' });
  else if (/^(sk|rk)_test_/.test(key) && o.allowStripeTestKeys)
    out.push({
      area,
      level: 'note',
      what: 'the secret key is a test key (--allow-stripe-test-keys: a staging project)',
    });
  else
    out.push({
      area,
      level: 'problem',
      what: 'the secret key is not a live key: with test keys anyone can "pay" with card 4242 4242 4242 4242',
      fix: `Set sk_live_… (firebase functions:secrets:set STRIPE_SECRET_KEY --project ${s.project}) and pk_live_… as STRIPE_PUBLISHABLE_KEY, then deploy.`,
    });

  // "Manage billing" in the portal opens a Stripe customer portal session, which needs a default configuration.
  const portal = await get(`${c.stripeBase}/v1/billing_portal/configurations?is_default=true&limit=1`, key);
  if (portal.status !== 200)
    out.push({ area, level: 'problem', what: `cannot read the customer portal settings: ${failed('Stripe', portal)}` });
  else if (list(portal.body?.data).some((p) => obj(p).active === true))
    out.push({ area, level: 'ok', what: 'the customer portal is set up' });
  else
    out.push({
      area,
      level: 'problem',
      what: 'the customer portal is not set up: "Manage billing" in the client portal fails',
      fix: 'Stripe → Settings → Billing → Customer portal: save a configuration (cancel at period end, payment method updates), in the mode of the key.',
    });

  const url = `${s.siteUrl}${STRIPE_WEBHOOK_PATH}`;
  const createFix = `In Stripe → Developers → Webhooks, add an endpoint at ${url} with API version ${STRIPE_API_VERSION} and the events ${STRIPE_WEBHOOK_EVENTS.join(', ')}; set its signing secret as STRIPE_WEBHOOK_SECRET and deploy.`;
  const endpoints = await get(`${c.stripeBase}/v1/webhook_endpoints?limit=100`, key);
  if (endpoints.status !== 200) {
    out.push({ area, level: 'problem', what: `cannot list the webhook endpoints: ${failed('Stripe', endpoints)}` });
    return out;
  }
  const endpoint = list(endpoints.body?.data)
    .map(obj)
    .find((e) => e.url === url);
  if (!endpoint) {
    // A staging project on test keys may forward events with `stripe listen` instead (docs/operations.md "Staging rehearsal").
    const staging = o.allowStripeTestKeys === true && !live;
    out.push({
      area,
      level: staging ? 'note' : 'problem',
      what: `no webhook endpoint at ${url}: no payment would be recorded${staging ? ' unless `stripe listen` forwards them' : ''}`,
      fix: createFix,
    });
    return out;
  }
  if (endpoint.status !== 'enabled')
    out.push({
      area,
      level: 'problem',
      what: `the webhook endpoint is ${String(endpoint.status)}`,
      fix: 'Enable it in Stripe → Developers → Webhooks.',
    });
  const enabled = list(endpoint.enabled_events).map(String);
  const missing = enabled.includes('*') ? [] : STRIPE_WEBHOOK_EVENTS.filter((e) => !enabled.includes(e));
  if (missing.length > 0)
    out.push({
      area,
      level: 'problem',
      what: `the webhook endpoint does not send ${missing.join(', ')}`,
      fix: `Add those events to the endpoint at ${url} (Stripe → Developers → Webhooks → the endpoint → Update details).`,
    });
  else out.push({ area, level: 'ok', what: `the webhook endpoint at ${url} sends every handled event` });
  if (endpoint.api_version !== STRIPE_API_VERSION)
    out.push({
      area,
      level: 'problem',
      what: `the webhook endpoint sends API version ${String(endpoint.api_version ?? "the account's default")}, the code reads ${STRIPE_API_VERSION}: events it cannot read are recorded as ignored`,
      fix: `An endpoint's version cannot change: create a new endpoint at ${url} with API version ${STRIPE_API_VERSION} and the same events, set its signing secret as STRIPE_WEBHOOK_SECRET, deploy, then delete the old one.`,
    });
  else out.push({ area, level: 'ok', what: `the webhook endpoint sends API version ${STRIPE_API_VERSION}` });
  return out;
}

/** SendGrid: sender authentication, tracking off, the signed Event Webhook. */
async function checkSendgrid(s: PreflightSettings, c: PreflightClients): Promise<Finding[]> {
  const area = 'SendGrid';
  const key = c.sendgridKey?.trim();
  if (!key)
    return [
      {
        area,
        level: 'problem',
        what: 'no SendGrid API key to read with',
        fix: `Set the SENDGRID_API_KEY secret (firebase functions:secrets:set SENDGRID_API_KEY --project ${s.project}), or pass a read key in SENDGRID_API_KEY.`,
      },
    ];
  const out: Finding[] = [];
  const base = `${c.sendgridBase}/v3`;

  const fromDomain = s.emailFrom?.match(/@([^>\s]+)>?\s*$/)?.[1]?.toLowerCase();
  if (!fromDomain)
    out.push({
      area,
      level: 'problem',
      what: 'EMAIL_FROM is not set',
      fix: `Set EMAIL_FROM in functions/.env.${s.project} (README "Production checklist").`,
    });
  else {
    const domains = await get(`${base}/whitelabel/domains`, key);
    if (domains.status !== 200)
      out.push({
        area,
        level: 'problem',
        what: `cannot read the authenticated domains: ${failed('SendGrid', domains)}`,
      });
    else {
      const verified = list(domains.body as unknown)
        .map(obj)
        .some(
          (d) =>
            d.valid === true &&
            typeof d.domain === 'string' &&
            (fromDomain === d.domain || fromDomain.endsWith(`.${d.domain}`)),
        );
      out.push(
        verified
          ? { area, level: 'ok', what: `${fromDomain} (EMAIL_FROM) is an authenticated domain` }
          : {
              area,
              level: 'problem',
              what: `${fromDomain} (EMAIL_FROM) is not an authenticated, verified domain: mail will be junked or refused`,
              fix: 'SendGrid → Settings → Sender Authentication → Authenticate Your Domain (docs/operations.md "Mail that arrives").',
            },
      );
    }
  }

  for (const tracking of SENDGRID_TRACKING_OFF) {
    const t = await get(`${base}/tracking_settings/${tracking}`, key);
    if (t.status !== 200)
      out.push({ area, level: 'problem', what: `cannot read ${tracking} tracking: ${failed('SendGrid', t)}` });
    else if (t.body?.enabled !== false)
      out.push({
        area,
        level: 'problem',
        what: `${tracking} tracking is on${tracking === 'click' ? ': every link in an email goes through SendGrid’s redirect' : ''}`,
        fix: `Turn it off: SendGrid → Settings → Tracking → ${tracking === 'click' ? 'Click' : 'Open'} Tracking.`,
      });
    else out.push({ area, level: 'ok', what: `${tracking} tracking is off` });
  }

  const url = `${s.siteUrl}${SENDGRID_EVENT_WEBHOOK_PATH}`;
  const hooks = await get(`${base}/user/webhooks/event/settings/all`, key);
  if (hooks.status !== 200) {
    out.push({ area, level: 'problem', what: `cannot read the Event Webhooks: ${failed('SendGrid', hooks)}` });
    return out;
  }
  const hook = list(hooks.body?.webhooks)
    .map(obj)
    .find((h) => h.url === url);
  const hookFix = `SendGrid → Settings → Mail Settings → Event Webhook: Post URL ${url}, ${SENDGRID_WEBHOOK_EVENTS.join(', ')} on, Signed Event Webhook on; set its verification key as SENDGRID_WEBHOOK_PUBLIC_KEY (docs/operations.md "Mail that arrives").`;
  if (!hook) {
    out.push({
      area,
      level: 'problem',
      what: `no Event Webhook posts to ${url}: bounces and spam reports are never heard`,
      fix: hookFix,
    });
    return out;
  }
  const off = [
    hook.enabled === true ? null : 'the webhook itself',
    ...SENDGRID_WEBHOOK_EVENTS.filter((e) => hook[e] !== true),
  ].filter((x): x is string => x !== null);
  if (off.length > 0)
    out.push({ area, level: 'problem', what: `the Event Webhook at ${url} has ${off.join(', ')} off`, fix: hookFix });
  else out.push({ area, level: 'ok', what: `the Event Webhook posts ${SENDGRID_WEBHOOK_EVENTS.join(', ')} to ${url}` });
  const signed = await get(
    `${base}/user/webhooks/event/settings/signed/${encodeURIComponent(String(hook.id ?? ''))}`,
    key,
  );
  if (signed.status === 200 && typeof signed.body?.public_key === 'string' && signed.body.public_key !== '')
    out.push({ area, level: 'ok', what: 'the Event Webhook is signed' });
  else
    out.push({
      area,
      level: 'problem',
      what: `the Event Webhook is not signed${signed.status !== 200 ? ` (${failed('SendGrid', signed)})` : ''}: the site refuses unsigned posts`,
      fix: hookFix,
    });
  return out;
}

/** Cloud Storage: the bucket, and its released rules. */
async function checkStorage(s: PreflightSettings, c: PreflightClients, o: PreflightOptions): Promise<Finding[]> {
  const area = 'Storage';
  const token = await c.googleToken();
  const bucket = await get(`${c.google('storage')}/storage/v1/b/${encodeURIComponent(s.filesBucket)}`, token, quota(s));
  if (bucket.status === 404)
    return [
      {
        area,
        level: 'problem',
        what: `the files bucket ${s.filesBucket} does not exist: lead files cannot be stored`,
        fix: 'Create it: console → Storage → Get started, production mode (docs/operations.md "First deploy to a new project"), or set FILES_BUCKET to the bucket you use.',
      },
    ];
  if (bucket.status !== 200)
    return [
      { area, level: 'problem', what: `cannot read the bucket ${s.filesBucket}: ${failed('Cloud Storage', bucket)}` },
    ];
  const out: Finding[] = [{ area, level: 'ok', what: `the files bucket ${s.filesBucket} exists` }];
  const rulesBase = `${c.google('firebaserules')}/v1`;
  const release = await get(
    `${rulesBase}/projects/${s.project}/releases/firebase.storage/${s.filesBucket}`,
    token,
    quota(s),
  );
  const deployFix = {
    level: o.beforeDeploy ? ('note' as const) : ('problem' as const),
    fix: 'npm run deploy releases storage.rules.',
  };
  if (release.status === 404) {
    out.push({ area, ...deployFix, what: `no rules are released for ${s.filesBucket}` });
    return out;
  }
  if (release.status !== 200) {
    out.push({
      area,
      level: 'problem',
      what: `cannot read the Storage rules release: ${failed('Firebase Rules', release)}`,
    });
    return out;
  }
  const ruleset = await get(`${rulesBase}/${String(release.body?.rulesetName ?? '')}`, token, quota(s));
  if (ruleset.status !== 200) {
    out.push({
      area,
      level: 'problem',
      what: `cannot read the released Storage ruleset: ${failed('Firebase Rules', ruleset)}`,
    });
    return out;
  }
  const released = list(obj(ruleset.body?.source).files)
    .map((f) => String(obj(f).content ?? ''))
    .join('\n');
  const ours = o.storageRules ?? readFileSync(join(ROOT, 'storage.rules'), 'utf8');
  if (released.trim() === ours.trim())
    out.push({ area, level: 'ok', what: 'the released Storage rules are storage.rules' });
  else
    out.push({
      area,
      ...deployFix,
      what: `the released Storage rules are not storage.rules: the bucket may be open to browsers`,
    });
  return out;
}

/** App Check: the web app registered with reCAPTCHA Enterprise. */
async function checkAppCheck(s: PreflightSettings, c: PreflightClients): Promise<Finding[]> {
  const area = 'App Check';
  if (!s.appCheckAppId)
    return [
      {
        area,
        level: 'problem',
        what: 'APP_CHECK_APP_ID is not set: the public forms answer 503',
        fix: `Set APP_CHECK_APP_ID in functions/.env.${s.project} (README "Production checklist", App Check).`,
      },
    ];
  const token = await c.googleToken();
  // App Check names apps under the project number, which the web app id carries (1:NUMBER:web:HASH).
  const projectNumber = s.appCheckAppId.split(':')[1] ?? s.project;
  const r = await get(
    `${c.google('firebaseappcheck')}/v1/projects/${projectNumber}/apps/${s.appCheckAppId}/recaptchaEnterpriseConfig`,
    token,
    quota(s),
  );
  if (r.status === 200 && typeof r.body?.siteKey === 'string' && r.body.siteKey !== '')
    return [{ area, level: 'ok', what: `the web app ${s.appCheckAppId} is registered with reCAPTCHA Enterprise` }];
  return [
    {
      area,
      level: 'problem',
      what: `the web app ${s.appCheckAppId} is not registered with reCAPTCHA Enterprise${r.status !== 200 && r.status !== 404 ? ` (${failed('App Check', r)})` : ''}: every enquiry is refused`,
      fix: 'console → App Check → Apps → the web app → reCAPTCHA Enterprise, with the site key of VITE_RECAPTCHA_ENTERPRISE_SITE_KEY.',
    },
  ];
}

/** Firestore: location, point-in-time recovery, backup schedules. */
async function checkFirestore(s: PreflightSettings, c: PreflightClients): Promise<Finding[]> {
  const area = 'Firestore';
  const token = await c.googleToken();
  const base = `${c.google('firestore')}/v1/projects/${s.project}/databases/(default)`;
  const db = await get(base, token, quota(s));
  if (db.status === 404)
    return [
      {
        area,
        level: 'problem',
        what: 'the (default) database does not exist',
        fix: `gcloud firestore databases create --location=nam5 --project=${s.project}`,
      },
    ];
  if (db.status !== 200)
    return [{ area, level: 'problem', what: `cannot read the database: ${failed('Firestore', db)}` }];
  const out: Finding[] = [];
  const location = String(db.body?.locationId ?? '');
  out.push(
    FIRESTORE_LOCATIONS.includes(location)
      ? { area, level: 'ok', what: `the database is in ${location}` }
      : {
          area,
          level: 'note',
          what: `the database is in ${location || 'an unknown location'}, not ${FIRESTORE_LOCATIONS.join(' or ')}: every request crosses regions from the functions (us-central1)`,
          fix: 'A location cannot change; it works, only slower.',
        },
  );
  if (db.body?.pointInTimeRecoveryEnablement === 'POINT_IN_TIME_RECOVERY_ENABLED')
    out.push({ area, level: 'ok', what: 'point-in-time recovery is on' });
  else
    out.push({
      area,
      level: 'problem',
      what: 'point-in-time recovery is off: a bad write cannot be undone',
      fix: `gcloud firestore databases update --database='(default)' --enable-pitr --project=${s.project} (docs/operations.md "Backups").`,
    });
  const schedules = await get(`${base}/backupSchedules`, token, quota(s));
  if (schedules.status !== 200) {
    out.push({ area, level: 'problem', what: `cannot read the backup schedules: ${failed('Firestore', schedules)}` });
    return out;
  }
  const daily = list(schedules.body?.backupSchedules).some((b) => obj(b).dailyRecurrence !== undefined);
  out.push(
    daily
      ? { area, level: 'ok', what: 'a daily backup schedule exists' }
      : {
          area,
          level: 'problem',
          what: 'no daily backup schedule',
          fix: `gcloud firestore backups schedules create --database='(default)' --recurrence=daily --retention=7d --project=${s.project} (docs/operations.md "Backups").`,
        },
  );
  return out;
}

/** Runs every check, in order; never throws for a vendor's answer (each failure is a problem). */
export async function runPreflight(
  settings: PreflightSettings,
  clients: PreflightClients,
  options: PreflightOptions = {},
): Promise<Finding[]> {
  const checks: Array<[Finding['area'], () => Promise<Finding[]>]> = [
    ['Auth', () => checkAuth(settings, clients, options)],
    ['Stripe', () => checkStripe(settings, clients, options)],
    ['SendGrid', () => checkSendgrid(settings, clients)],
    ['Storage', () => checkStorage(settings, clients, options)],
    ['App Check', () => checkAppCheck(settings, clients)],
    ['Firestore', () => checkFirestore(settings, clients)],
  ];
  const findings: Finding[] = [];
  for (const [area, check] of checks) {
    try {
      findings.push(...(await check()));
    } catch (e) {
      findings.push({ area, level: 'problem', what: `not checked: ${(e as Error).message}` });
    }
  }
  return findings;
}

/** The findings as printed: one line each, the fix indented under a problem or note. */
export function formatFindings(findings: Finding[]): string {
  const mark = { ok: '✔', problem: '✖', note: '•' } as const;
  const lines = findings.flatMap((f) => [
    `${mark[f.level]} ${f.area}: ${f.what}`,
    ...(f.fix && f.level !== 'ok' ? [`    fix: ${f.fix}`] : []),
  ]);
  const problems = findings.filter((f) => f.level === 'problem').length;
  lines.push(
    problems === 0 ? 'Preflight passed.' : `Preflight: ${problems} problem${problems === 1 ? '' : 's'} to fix.`,
  );
  return lines.join('\n');
}

/** A base URL from `env[name]`, else `fallback`; an override must be loopback, so no key leaves for another host. */
export function vendorBase(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const v = env[name];
  if (!v) return fallback;
  const host = new URL(v).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host))
    throw new Error(`${name} may only point at this machine (127.0.0.1), not ${host}`);
  return v.replace(/\/$/, '');
}

/** The settings of `project` from functions/.env.<project>, with the functions' defaults (functions/src/config.ts). */
export function projectSettings(project: string, root = ROOT): PreflightSettings {
  const file = join(root, 'functions', `.env.${project}`);
  const env = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  return {
    project,
    siteUrl: (env.SITE_URL ?? `https://${project}.web.app`).replace(/\/$/, ''),
    filesBucket: env.FILES_BUCKET ?? `${project}.firebasestorage.app`,
    ...(env.APP_CHECK_APP_ID ? { appCheckAppId: env.APP_CHECK_APP_ID } : {}),
    ...(env.EMAIL_FROM ? { emailFrom: env.EMAIL_FROM } : {}),
  };
}

/** A secret's latest value through the firebase CLI, or undefined. */
function accessSecret(project: string, name: string): string | undefined {
  const firebase = join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const r = spawnSync(process.execPath, [firebase, 'functions:secrets:access', name, '--project', project], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return r.status === 0 ? r.stdout.trim() || undefined : undefined;
}

/** The clients for a real run (or the loopback fakes named in the environment). */
export async function clientsFromEnv(project: string, env: NodeJS.ProcessEnv = process.env): Promise<PreflightClients> {
  const googleBase = env.PREFLIGHT_GOOGLE_API_BASE ? vendorBase(env, 'PREFLIGHT_GOOGLE_API_BASE', '') : null;
  let token: Promise<string> | null = null;
  const googleToken = () =>
    (token ??= googleBase
      ? Promise.resolve(env.PREFLIGHT_GOOGLE_TOKEN ?? 'preflight-local')
      : import('firebase-admin/app').then(
          async ({ applicationDefault }) => (await applicationDefault().getAccessToken()).access_token,
        ));
  return {
    google: (service) => (googleBase ? `${googleBase}/${service}` : `https://${service}.googleapis.com`),
    googleToken,
    stripeBase: vendorBase(env, 'PREFLIGHT_STRIPE_API_BASE', 'https://api.stripe.com'),
    sendgridBase: vendorBase(env, 'PREFLIGHT_SENDGRID_API_BASE', 'https://api.sendgrid.com'),
    stripeKey: env.STRIPE_SECRET_KEY || accessSecret(project, 'STRIPE_SECRET_KEY'),
    sendgridKey: env.SENDGRID_API_KEY || accessSecret(project, 'SENDGRID_API_KEY'),
  };
}

const USAGE = `Usage: npm run preflight -- --project <id> [--allow-stripe-test-keys] [--before-deploy]

Reads the project's Auth, Stripe, SendGrid, Storage, App Check and Firestore
settings (read-only) and prints what is wrong and how to fix it; exits 1 on
any problem. Google: Application Default Credentials. Stripe and SendGrid
keys: STRIPE_SECRET_KEY / SENDGRID_API_KEY in the environment, else the
project's secrets (firebase functions:secrets:access).`;

async function main() {
  let values: { project?: string; 'allow-stripe-test-keys'?: boolean; 'before-deploy'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        project: { type: 'string' },
        'allow-stripe-test-keys': { type: 'boolean' },
        'before-deploy': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    console.error(`✖ ${(e as Error).message}\n\n${USAGE}`);
    process.exit(1);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const project = values.project;
  if (!project || project.startsWith('demo-')) {
    console.error(
      project
        ? `✖ "${project}" is a demo- project: it has no vendors to check.`
        : '✖ Name the project: npm run preflight -- --project <id>.',
    );
    process.exit(1);
  }
  let clients: PreflightClients;
  try {
    clients = await clientsFromEnv(project);
  } catch (e) {
    console.error(`✖ ${(e as Error).message}`);
    process.exit(1);
  }
  const wrapped: PreflightClients = {
    ...clients,
    googleToken: () =>
      clients.googleToken().catch((e: Error) => {
        throw new Error(
          `no Google credentials (${e.message.split('\n')[0]}): run gcloud auth application-default login, then gcloud auth application-default set-quota-project ${project}`,
        );
      }),
  };
  const findings = await runPreflight(projectSettings(project), wrapped, {
    allowStripeTestKeys: values['allow-stripe-test-keys'],
    beforeDeploy: values['before-deploy'],
  });
  console.log(`Preflight of ${project}:\n${formatFindings(findings)}`);
  if (findings.some((f) => f.level === 'problem')) process.exit(1);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await main();
