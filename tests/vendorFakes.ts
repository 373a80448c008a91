/**
 * Fakes of the vendors' REST APIs that `npm run preflight` reads
 * (scripts/preflight.ts), each an HTTP server on loopback: Google's
 * (Identity Toolkit, Cloud Storage, Firebase Rules, App Check, Firestore
 * admin, each under `/<service>/…`), Stripe's and SendGrid's. They answer
 * from a `VendorState`, which `correctState` fills with a project set up as
 * the code needs; a test changes one thing to make one misconfiguration.
 * Every request is recorded (method and path), so a test can assert that the
 * preflight only reads.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  SENDGRID_EVENT_WEBHOOK_PATH,
  STRIPE_API_VERSION,
  STRIPE_WEBHOOK_EVENTS,
  STRIPE_WEBHOOK_PATH,
} from '../functions/src/platform/vendors.js';

export const FAKE_PROJECT = 'studio-real-123';
export const FAKE_SITE = `https://${FAKE_PROJECT}.web.app`;
export const FAKE_BUCKET = `${FAKE_PROJECT}.firebasestorage.app`;
export const FAKE_APP_ID = '1:123456789:web:abcdef';
export const FAKE_EMAIL_FROM = 'Studio <hello@mail.studio.example>';
export const FAKE_KEYS = {
  google: 'ya29.fake',
  stripe: 'sk_live_fake',
  stripeTest: 'sk_test_fake',
  sendgrid: 'SG.fake',
};

/** What each vendor holds; JSON bodies as the real APIs give them (the fields the preflight reads). */
export interface VendorState {
  authConfig: Record<string, unknown>;
  idps: Array<{ name: string; enabled: boolean }>;
  stripeEndpoints: Array<Record<string, unknown>>;
  /** Stripe's customer portal configurations (`billing_portal.configuration`). */
  portalConfigurations: Array<{ id: string; active: boolean; is_default: boolean }>;
  sendgridDomains: Array<{ domain: string; valid: boolean }>;
  tracking: { click: boolean; open: boolean };
  sendgridWebhooks: Array<Record<string, unknown>>;
  /** Public key per webhook id ('' when signing is off). */
  signedKeys: Record<string, string>;
  buckets: string[];
  /** The released Storage ruleset's source, or null when nothing is released. */
  releasedStorageRules: string | null;
  appCheckSiteKeys: Record<string, string>;
  database: Record<string, unknown> | null;
  backupSchedules: Array<Record<string, unknown>>;
}

/** Project `p` set up exactly as the code needs (site https://p.web.app, the default bucket). */
export function correctState(p = FAKE_PROJECT): VendorState {
  const site = `https://${p}.web.app`;
  return {
    authConfig: {
      signIn: { email: { enabled: true, passwordRequired: false }, anonymous: { enabled: false }, phoneNumber: {} },
      blockingFunctions: {
        triggers: { beforeCreate: { functionUri: 'https://guardsignup-abc123-uc.a.run.app' } },
      },
      authorizedDomains: ['localhost', `${p}.firebaseapp.com`, `${p}.web.app`],
    },
    idps: [{ name: `projects/${p}/defaultSupportedIdpConfigs/google.com`, enabled: false }],
    stripeEndpoints: [
      { id: 'we_old', url: 'https://old.example/hook', status: 'enabled', enabled_events: ['*'], api_version: null },
      {
        id: 'we_1',
        url: `${site}${STRIPE_WEBHOOK_PATH}`,
        status: 'enabled',
        enabled_events: [...STRIPE_WEBHOOK_EVENTS, 'customer.created'],
        api_version: STRIPE_API_VERSION,
      },
    ],
    portalConfigurations: [{ id: 'bpc_1', active: true, is_default: true }],
    sendgridDomains: [{ domain: 'studio.example', valid: true }],
    tracking: { click: false, open: false },
    sendgridWebhooks: [
      {
        id: 'wh-1',
        enabled: true,
        url: `${site}${SENDGRID_EVENT_WEBHOOK_PATH}`,
        bounce: true,
        dropped: true,
        spam_report: true,
        delivered: false,
      },
    ],
    signedKeys: { 'wh-1': 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEfake==' },
    buckets: [`${p}.firebasestorage.app`],
    releasedStorageRules: readFileSync(join(import.meta.dirname, '..', 'storage.rules'), 'utf8'),
    appCheckSiteKeys: { [FAKE_APP_ID]: '6Lfake' },
    database: {
      name: `projects/${p}/databases/(default)`,
      locationId: 'nam5',
      pointInTimeRecoveryEnablement: 'POINT_IN_TIME_RECOVERY_ENABLED',
    },
    backupSchedules: [{ name: 'daily', dailyRecurrence: {}, retention: '604800s' }],
  };
}

type Reply = [status: number, body: unknown];
const notFound: Reply = [404, { error: { code: 404, message: 'not found' } }];

/** Google's answers about project `p`, by path (after the service prefix). */
function google(s: VendorState, path: string, p: string): Reply {
  const bucket = `${p}.firebasestorage.app`;
  const routes: Record<string, () => Reply> = {
    [`/identitytoolkit/admin/v2/projects/${p}/config`]: () => [200, s.authConfig],
    [`/identitytoolkit/admin/v2/projects/${p}/defaultSupportedIdpConfigs`]: () => [
      200,
      { defaultSupportedIdpConfigs: s.idps },
    ],
    [`/firestore/v1/projects/${p}/databases/(default)`]: () => (s.database ? [200, s.database] : notFound),
    [`/firestore/v1/projects/${p}/databases/(default)/backupSchedules`]: () => [
      200,
      { backupSchedules: s.backupSchedules },
    ],
    [`/firebaserules/v1/projects/${p}/releases/firebase.storage/${bucket}`]: () =>
      s.releasedStorageRules === null
        ? notFound
        : [200, { name: 'release', rulesetName: `projects/${p}/rulesets/rs-1` }],
    [`/firebaserules/v1/projects/${p}/rulesets/rs-1`]: () => [
      200,
      { source: { files: [{ name: 'storage.rules', content: s.releasedStorageRules ?? '' }] } },
    ],
  };
  const named = path.match(/^\/storage\/storage\/v1\/b\/([^/]+)$/);
  if (named) return s.buckets.includes(decodeURIComponent(named[1]!)) ? [200, { name: named[1] }] : notFound;
  const appCheck = path.match(/^\/firebaseappcheck\/v1\/projects\/[^/]+\/apps\/([^/]+)\/recaptchaEnterpriseConfig$/);
  if (appCheck) {
    const siteKey = s.appCheckSiteKeys[decodeURIComponent(appCheck[1]!)];
    return siteKey ? [200, { siteKey }] : notFound;
  }
  return routes[path]?.() ?? notFound;
}

function stripe(s: VendorState, path: string): Reply {
  if (path === '/v1/webhook_endpoints')
    return [200, { object: 'list', data: s.stripeEndpoints, has_more: false, url: '/v1/webhook_endpoints' }];
  if (path === '/v1/billing_portal/configurations')
    return [200, { object: 'list', data: s.portalConfigurations.filter((c) => c.is_default), has_more: false }];
  return notFound;
}

function sendgrid(s: VendorState, path: string): Reply {
  if (path === '/v3/whitelabel/domains') return [200, s.sendgridDomains];
  if (path === '/v3/tracking_settings/click') return [200, { enabled: s.tracking.click }];
  if (path === '/v3/tracking_settings/open') return [200, { enabled: s.tracking.open }];
  if (path === '/v3/user/webhooks/event/settings/all') return [200, { max_allowed: 5, webhooks: s.sendgridWebhooks }];
  const signed = path.match(/^\/v3\/user\/webhooks\/event\/settings\/signed\/(.+)$/);
  if (signed) {
    const id = decodeURIComponent(signed[1]!);
    return id in s.signedKeys ? [200, { id, public_key: s.signedKeys[id] }] : notFound;
  }
  return notFound;
}

/** The running fakes: the environment that points the preflight at them, what they were asked, and close. */
export interface VendorFakes {
  env: Record<string, string>;
  requests: string[];
  close(): Promise<void>;
}

/**
 * Starts the three fakes on loopback, answering about project `project` from `state` (read at each
 * request, so a test may change it).
 */
export async function startVendorFakes(state: () => VendorState, project = FAKE_PROJECT): Promise<VendorFakes> {
  const requests: string[] = [];
  const serve = async (
    name: string,
    tokens: string[],
    answer: (s: VendorState, path: string, project: string) => Reply,
  ) => {
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push(`${name} ${req.method} ${path}`);
      const [status, body]: Reply = !tokens.some((t) => req.headers.authorization === `Bearer ${t}`)
        ? [401, { error: 'unauthorized' }]
        : req.method !== 'GET'
          ? [405, { error: 'read-only fake' }]
          : answer(state(), path, project);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    return server;
  };
  const servers: Server[] = [
    await serve('google', [FAKE_KEYS.google], google),
    await serve('stripe', [FAKE_KEYS.stripe, FAKE_KEYS.stripeTest], stripe),
    await serve('sendgrid', [FAKE_KEYS.sendgrid], sendgrid),
  ];
  const url = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  return {
    env: {
      PREFLIGHT_GOOGLE_API_BASE: url(servers[0]!),
      PREFLIGHT_GOOGLE_TOKEN: FAKE_KEYS.google,
      PREFLIGHT_STRIPE_API_BASE: url(servers[1]!),
      PREFLIGHT_SENDGRID_API_BASE: url(servers[2]!),
      STRIPE_SECRET_KEY: FAKE_KEYS.stripe,
      SENDGRID_API_KEY: FAKE_KEYS.sendgrid,
    },
    requests,
    close: () => Promise.all(servers.map((s) => new Promise<void>((ok) => s.close(() => ok())))).then(() => undefined),
  };
}

/** The functions/.env.<project> lines of project `p` as the fakes hold it. */
export const fakeEnvFile = (p = FAKE_PROJECT) =>
  `SITE_URL=https://${p}.web.app\nAPP_CHECK_APP_ID=${FAKE_APP_ID}\nEMAIL_FROM="${FAKE_EMAIL_FROM}"\n`;
