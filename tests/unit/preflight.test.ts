/**
 * npm run preflight (scripts/preflight.ts) against fakes of the vendors' REST
 * APIs on loopback (tests/vendorFakes.ts): a project set up as the code needs
 * passes, each misconfiguration is reported as a problem with its fix, the
 * preflight only reads, and the command exits 1 on a problem.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clientsFromEnv,
  formatFindings,
  projectSettings,
  runPreflight,
  vendorBase,
  type Finding,
} from '../../scripts/preflight.js';
import {
  correctState,
  fakeEnvFile,
  FAKE_APP_ID,
  FAKE_BUCKET,
  FAKE_EMAIL_FROM,
  FAKE_KEYS,
  FAKE_PROJECT,
  FAKE_SITE,
  startVendorFakes,
  type VendorFakes,
  type VendorState,
} from '../vendorFakes.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SETTINGS = {
  project: FAKE_PROJECT,
  siteUrl: FAKE_SITE,
  filesBucket: FAKE_BUCKET,
  appCheckAppId: FAKE_APP_ID,
  emailFrom: FAKE_EMAIL_FROM,
};

let state: VendorState = correctState();
let fakes: VendorFakes;

beforeAll(async () => {
  fakes = await startVendorFakes(() => state);
});
afterAll(() => fakes?.close());
beforeEach(() => {
  state = correctState();
  fakes.requests.length = 0;
});

const preflight = async (options = {}) =>
  runPreflight(SETTINGS, await clientsFromEnv(FAKE_PROJECT, fakes.env), options);
/** The Auth config's signIn block, to change one provider. */
const signIn = (s: VendorState) =>
  s.authConfig.signIn as { email: { enabled: boolean; passwordRequired: boolean }; anonymous: { enabled: boolean } };
const problems = (findings: Finding[]) =>
  findings.filter((f) => f.level === 'problem').map((f) => `${f.area}: ${f.what}`);

describe('npm run preflight against the vendor fakes', () => {
  it('passes a project set up as the code needs, reading every vendor with GET only', async () => {
    const findings = await preflight();
    expect(problems(findings)).toEqual([]);
    expect(new Set(findings.map((f) => f.area))).toEqual(
      new Set(['Auth', 'Stripe', 'SendGrid', 'Storage', 'App Check', 'Firestore']),
    );
    expect(formatFindings(findings).split('\n').at(-1)).toBe('Preflight passed.');
    expect(fakes.requests.filter((r) => !r.includes(' GET '))).toEqual([]);
    for (const vendor of ['google', 'stripe', 'sendgrid'])
      expect(fakes.requests.some((r) => r.startsWith(vendor))).toBe(true);
  });

  const cases: Array<[string, (s: VendorState) => void, RegExp]> = [
    ['Email/Password off', (s) => (signIn(s).email.enabled = false), /Auth: the Email\/Password provider is off/],
    ['email link off', (s) => (signIn(s).email.passwordRequired = true), /Auth: Email link .* is off/],
    [
      'anonymous sign-in on',
      (s) => (signIn(s).anonymous.enabled = true),
      /other sign-in providers are on \(Anonymous\)/,
    ],
    ['Google sign-in on', (s) => (s.idps[0]!.enabled = true), /other sign-in providers are on \(google\.com\)/],
    ['no sign-up blocker', (s) => delete s.authConfig.blockingFunctions, /guardSignUp is not registered/],
    [
      'site not an authorized domain',
      (s) => (s.authConfig.authorizedDomains = ['localhost']),
      /studio-real-123\.web\.app \(SITE_URL\) is not an authorized domain/,
    ],
    [
      'no Stripe webhook endpoint',
      (s) => s.stripeEndpoints.pop(),
      /Stripe: no webhook endpoint at https:\/\/studio-real-123\.web\.app\/api\/stripe\/webhook/,
    ],
    [
      'Stripe endpoint disabled',
      (s) => (s.stripeEndpoints[1]!.status = 'disabled'),
      /Stripe: the webhook endpoint is disabled/,
    ],
    [
      'Stripe endpoint missing the subscription events',
      (s) =>
        (s.stripeEndpoints[1]!.enabled_events = (s.stripeEndpoints[1]!.enabled_events as string[]).filter(
          (e) => !e.startsWith('customer.subscription'),
        )),
      /does not send customer\.subscription\.updated, customer\.subscription\.deleted/,
    ],
    [
      'Stripe endpoint in another API version',
      (s) => (s.stripeEndpoints[1]!.api_version = '2024-06-20'),
      /sends API version 2024-06-20, the code reads/,
    ],
    ['no customer portal', (s) => (s.portalConfigurations = []), /Stripe: the customer portal is not set up/],
    [
      'SendGrid sender domain not verified',
      (s) => (s.sendgridDomains[0]!.valid = false),
      /SendGrid: mail\.studio\.example \(EMAIL_FROM\) is not an authenticated/,
    ],
    ['click tracking on', (s) => (s.tracking.click = true), /SendGrid: click tracking is on/],
    ['open tracking on', (s) => (s.tracking.open = true), /SendGrid: open tracking is on/],
    [
      'no Event Webhook at the site',
      (s) => (s.sendgridWebhooks[0]!.url = 'https://elsewhere.example/hook'),
      /no Event Webhook posts to https:\/\/studio-real-123\.web\.app\/api\/sendgrid\/events/,
    ],
    [
      'Event Webhook without bounces',
      (s) => (s.sendgridWebhooks[0]!.bounce = false),
      /the Event Webhook at .* has bounce off/,
    ],
    ['Event Webhook not signed', (s) => (s.signedKeys['wh-1'] = ''), /SendGrid: the Event Webhook is not signed/],
    [
      'no files bucket',
      (s) => (s.buckets = []),
      /Storage: the files bucket studio-real-123\.firebasestorage\.app does not exist/,
    ],
    ['Storage rules not released', (s) => (s.releasedStorageRules = null), /Storage: no rules are released/],
    [
      'open Storage rules (test mode)',
      (s) =>
        (s.releasedStorageRules =
          "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o { match /{allPaths=**} { allow read, write: if true; } } }"),
      /Storage: the released Storage rules are not storage\.rules/,
    ],
    ['App Check not registered', (s) => (s.appCheckSiteKeys = {}), /App Check: the web app .* is not registered/],
    ['no database', (s) => (s.database = null), /Firestore: the \(default\) database does not exist/],
    [
      'PITR off',
      (s) => (s.database!.pointInTimeRecoveryEnablement = 'POINT_IN_TIME_RECOVERY_DISABLED'),
      /Firestore: point-in-time recovery is off/,
    ],
    [
      'no daily backup schedule',
      (s) => (s.backupSchedules = [{ weeklyRecurrence: { day: 'SUNDAY' } }]),
      /Firestore: no daily backup schedule/,
    ],
  ];
  for (const [name, breakIt, expected] of cases)
    it(`reports: ${name}`, async () => {
      breakIt(state);
      const found = problems(await preflight());
      expect(found).toEqual([expect.stringMatching(expected)]);
    });

  it('reports test keys on a real project, unless --allow-stripe-test-keys (staging)', async () => {
    const clients = { ...(await clientsFromEnv(FAKE_PROJECT, fakes.env)), stripeKey: FAKE_KEYS.stripeTest };
    expect(problems(await runPreflight(SETTINGS, clients))).toEqual([
      expect.stringMatching(/Stripe: the secret key is not a live key/),
    ]);
    const staging = await runPreflight(SETTINGS, clients, { allowStripeTestKeys: true });
    expect(problems(staging)).toEqual([]);
    expect(staging).toContainEqual(expect.objectContaining({ area: 'Stripe', level: 'note' }));
    // A staging project may forward events with `stripe listen` instead of an endpoint; a live one may not.
    state.stripeEndpoints.pop();
    expect(problems(await runPreflight(SETTINGS, clients, { allowStripeTestKeys: true }))).toEqual([]);
    const live = await clientsFromEnv(FAKE_PROJECT, fakes.env);
    expect(problems(await runPreflight(SETTINGS, live, { allowStripeTestKeys: true }))).toEqual([
      expect.stringMatching(/Stripe: no webhook endpoint/),
    ]);
  });

  it('reports missing keys and settings, and a vendor that refuses the credentials', async () => {
    const clients = await clientsFromEnv(FAKE_PROJECT, fakes.env);
    const found = problems(
      await runPreflight(
        { ...SETTINGS, appCheckAppId: undefined, emailFrom: undefined },
        { ...clients, stripeKey: undefined, sendgridKey: 'SG.wrong', googleToken: async () => 'wrong' },
      ),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Auth: cannot read the Auth settings: Identity Toolkit answered 401/),
        expect.stringMatching(/Stripe: no Stripe secret key/),
        expect.stringMatching(/SendGrid: EMAIL_FROM is not set/),
        expect.stringMatching(/SendGrid: cannot read click tracking: SendGrid answered 401/),
        expect.stringMatching(/App Check: APP_CHECK_APP_ID is not set/),
        expect.stringMatching(/Firestore: cannot read the database: Firestore answered 401/),
      ]),
    );
  });

  it('before a deploy, what the deploy releases itself is a note', async () => {
    state.releasedStorageRules = null;
    delete state.authConfig.blockingFunctions;
    const findings = await preflight({ beforeDeploy: true });
    expect(problems(findings)).toEqual([]);
    expect(findings.filter((f) => f.level === 'note').map((f) => f.area)).toEqual(['Auth', 'Storage']);
  });

  it('moves a vendor only to loopback, so no key is sent to another host', () => {
    expect(vendorBase({}, 'X', 'https://api.stripe.com')).toBe('https://api.stripe.com');
    expect(vendorBase({ X: 'http://127.0.0.1:9/' }, 'X', 'https://api.stripe.com')).toBe('http://127.0.0.1:9');
    expect(() => vendorBase({ X: 'https://evil.example' }, 'X', '')).toThrow('only point at this machine');
  });

  it('reads SITE_URL, APP_CHECK_APP_ID and EMAIL_FROM from functions/.env.<project>, with the defaults', () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-preflight-'));
    try {
      mkdirSync(join(dir, 'functions'));
      expect(projectSettings('p-1', dir)).toEqual({
        project: 'p-1',
        siteUrl: 'https://p-1.web.app',
        filesBucket: 'p-1.firebasestorage.app',
      });
      writeFileSync(join(dir, 'functions', `.env.${FAKE_PROJECT}`), fakeEnvFile());
      expect(projectSettings(FAKE_PROJECT, dir)).toEqual(SETTINGS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the npm run preflight command', () => {
  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/preflight.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('exits 1 on a problem, printing each with its fix', async () => {
    // No functions/.env.<project> here: the default site, and App Check and EMAIL_FROM reported missing.
    const r = await run(['--project', FAKE_PROJECT], fakes.env);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('✖ App Check: APP_CHECK_APP_ID is not set');
    expect(r.stdout).toContain(`    fix: Set APP_CHECK_APP_ID in functions/.env.${FAKE_PROJECT}`);
    expect(r.stdout).toContain('✔ Stripe: the webhook endpoint sends API version');
    expect(r.stdout.trim().split('\n').at(-1)).toBe('Preflight: 2 problems to fix.');
  }, 60_000);

  it('refuses a demo project, a missing --project, an unknown option and a non-loopback vendor base', async () => {
    expect((await run([], {})).stderr).toContain('Name the project');
    expect((await run(['--project', 'demo-studio'], {})).stderr).toContain('demo- project');
    const r = await run(['--project', FAKE_PROJECT], { ...fakes.env, PREFLIGHT_STRIPE_API_BASE: 'https://x.example' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('PREFLIGHT_STRIPE_API_BASE may only point at this machine');
    expect((await run(['--help'], {})).stdout).toContain('Usage: npm run preflight');
    const typo = await run(['--projekt', FAKE_PROJECT], {});
    expect([typo.code, typo.stderr.includes('Usage: npm run preflight')]).toEqual([1, true]);
  }, 60_000);
});
