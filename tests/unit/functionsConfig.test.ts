import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../functions/src/config.js';
import { secretsFor } from '../../functions/src/platform/deployParams.js';
import { clientIp, LOCAL_CLIENT, TEST_CLIENT_HEADER } from '../../functions/src/http.js';
import type { Request } from 'express';

const stripe = {
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
const sendgrid = {
  SENDGRID_API_KEY: 'SG.x',
  EMAIL_FROM: 'studio@studio.example',
  SENDGRID_WEBHOOK_PUBLIC_KEY: 'MFkw',
};
const rest = {
  OUTBOX_SECRET_KEY: 'k',
  OWNER_EMAIL: 'owner@studio.example',
  SITE_URL: 'https://studio.example/',
  SERVER_API_KEY: 'AIza',
  APP_CHECK_APP_ID: '1:123:web:abc',
};

describe('loadConfig: the project decides the mode', () => {
  it('a demo project gets test-mode payments and the email log, with nothing missing', () => {
    const c = loadConfig({ GCLOUD_PROJECT: 'demo-studio' });
    expect([c.local, c.demoProject, c.payments.mode, c.email.mode, c.missing]).toEqual([true, true, 'test', 'log', []]);
    expect(c.siteUrl).toBe('http://127.0.0.1:5000');
  });

  it('a real project with no secrets is refused payments and email, and names what is missing', () => {
    const c = loadConfig({ GCLOUD_PROJECT: 'studio-prod' });
    expect([c.local, c.payments.mode, c.email.mode]).toEqual([false, 'unconfigured', 'unconfigured']);
    expect(c.missing).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SENDGRID_API_KEY',
      'EMAIL_FROM',
      'OWNER_EMAIL',
      'SENDGRID_WEBHOOK_PUBLIC_KEY',
      'OUTBOX_SECRET_KEY',
      'SITE_URL',
      'SERVER_API_KEY',
      'APP_CHECK_APP_ID',
    ]);
  });

  it('a real project with a Stripe key but no webhook secret is still not live (nothing would confirm a payment)', () => {
    const c = loadConfig({
      GCLOUD_PROJECT: 'studio-prod',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    });
    expect(c.payments.mode).toBe('unconfigured');
    expect(c.missing).toContain('STRIPE_WEBHOOK_SECRET');
  });

  it('a real project takes live Stripe keys only: a test key there leaves payments unconfigured (fail closed)', () => {
    const real = (keys: Record<string, string>, more: Record<string, string> = {}) =>
      loadConfig({ GCLOUD_PROJECT: 'studio-prod', ...stripe, ...keys, ...more }).payments;
    expect(real({})).toMatchObject({ mode: 'live', notLive: [] });
    expect(real({ STRIPE_SECRET_KEY: 'rk_live_restricted' })).toMatchObject({ mode: 'live', notLive: [] });
    expect(real({ STRIPE_SECRET_KEY: 'sk_test_x' })).toMatchObject({
      mode: 'unconfigured',
      notLive: ['STRIPE_SECRET_KEY'],
    });
    expect(real({ STRIPE_SECRET_KEY: 'rk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toMatchObject({
      mode: 'unconfigured',
      notLive: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'],
    });
    expect(real({ STRIPE_SECRET_KEY: 'not-a-key' }).mode).toBe('unconfigured');
    // Named, not missing: config.missing would say the wrong thing.
    expect(
      loadConfig({ GCLOUD_PROJECT: 'studio-prod', ...stripe, STRIPE_SECRET_KEY: 'sk_test_x' }).missing,
    ).not.toContain('STRIPE_SECRET_KEY');
    // A staging project rehearses with test keys when STRIPE_TEST_KEYS_PROJECT names it, and only then.
    const staging = (project: string) =>
      loadConfig({
        GCLOUD_PROJECT: project,
        ...stripe,
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_TEST_KEYS_PROJECT: 'studio-staging',
      }).payments.mode;
    expect(staging('studio-staging')).toBe('live');
    expect(staging('studio-prod')).toBe('unconfigured');
    // A demo project takes any key (the tests' stub).
    expect(loadConfig({ GCLOUD_PROJECT: 'demo-studio', STRIPE_SECRET_KEY: 'sk_test_x' }).payments).toMatchObject({
      mode: 'live',
      notLive: [],
    });
  });

  it('a complete real project is live and sends through SendGrid', () => {
    const c = loadConfig({ GCLOUD_PROJECT: 'studio-prod', ...stripe, ...sendgrid, ...rest });
    expect([c.payments.mode, c.email.mode, c.missing, c.siteUrl]).toEqual([
      'live',
      'sendgrid',
      [],
      'https://studio.example',
    ]);
  });

  it('a function reports missing only the secrets it binds', () => {
    const api = loadConfig({
      GCLOUD_PROJECT: 'studio-prod',
      FUNCTION_TARGET: 'api',
      ...stripe,
      ...rest,
      EMAIL_FROM: 'studio@studio.example',
      SENDGRID_WEBHOOK_PUBLIC_KEY: 'MFkw',
    });
    expect(api.missing).toEqual([]);
    expect(api.payments.mode).toBe('live');
    const sender = loadConfig({
      GCLOUD_PROJECT: 'studio-prod',
      FUNCTION_TARGET: 'sendOutboxEmail',
      ...sendgrid,
      ...rest,
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    });
    expect([sender.missing, sender.email.mode]).toEqual([[], 'sendgrid']);
    expect(loadConfig({ GCLOUD_PROJECT: 'studio-prod', FUNCTION_TARGET: 'sendOutboxEmail', ...rest }).missing).toEqual([
      'STRIPE_PUBLISHABLE_KEY',
      'SENDGRID_API_KEY',
      'EMAIL_FROM',
    ]);
  });

  it("a real project binds each function's secrets; a demo project binds none (its values are plain settings)", () => {
    const names = (list: readonly { name: string }[]) => list.map((p) => p.name);
    expect(names(secretsFor('api', { GCLOUD_PROJECT: 'studio-prod' }))).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'OUTBOX_SECRET_KEY',
      'SERVER_API_KEY',
      'SENDGRID_WEBHOOK_PUBLIC_KEY',
    ]);
    expect(names(secretsFor('sweepOutbox', { GCLOUD_PROJECT: 'studio-prod' }))).toEqual([
      'SENDGRID_API_KEY',
      'OUTBOX_SECRET_KEY',
    ]);
    // The order expiry cancels PaymentIntents: it binds what live payments need, so it runs live.
    expect(names(secretsFor('expireOrders', { GCLOUD_PROJECT: 'studio-prod' }))).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(
      loadConfig({
        GCLOUD_PROJECT: 'studio-prod',
        FUNCTION_TARGET: 'expireOrders',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      }).payments.mode,
    ).toBe('live');
    expect(secretsFor('api', { GCLOUD_PROJECT: 'demo-studio' })).toEqual([]);
    // A project id that merely contains "demo" is a real project.
    expect(secretsFor('api', { GCLOUD_PROJECT: 'studio-demo-prod' })).toHaveLength(5);
    const demo = loadConfig({
      GCLOUD_PROJECT: 'demo-studio',
      FUNCTION_TARGET: 'api',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      OUTBOX_SECRET_KEY: 'k',
    });
    expect([demo.payments.mode, demo.payments.webhookSecret, demo.outboxSecretKey, demo.missing]).toEqual([
      'test',
      'whsec_x',
      'k',
      [],
    ]);
  });

  it('blank values count as missing', () => {
    const c = loadConfig({ GCLOUD_PROJECT: 'studio-prod', ...stripe, STRIPE_SECRET_KEY: '   ' });
    expect(c.payments.mode).toBe('unconfigured');
  });

  it('honours STRIPE_API_BASE (the tests’ stub) on a demo project only', () => {
    expect(loadConfig({ GCLOUD_PROJECT: 'demo-studio', STRIPE_API_BASE: 'http://127.0.0.1:1' }).payments.apiBase).toBe(
      'http://127.0.0.1:1',
    );
    expect(
      loadConfig({ GCLOUD_PROJECT: 'studio-prod', ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:1' }).payments.apiBase,
    ).toBeUndefined();
  });

  it('the project id alone decides: FUNCTIONS_EMULATOR (settable by any env file) turns no test mode on', () => {
    const c = loadConfig({ GCLOUD_PROJECT: 'studio-prod', FUNCTIONS_EMULATOR: 'true', FIREBASE_EMULATOR_HUB: 'x' });
    expect([c.local, c.demoProject, c.payments.mode, c.email.mode]).toEqual([
      false,
      false,
      'unconfigured',
      'unconfigured',
    ]);
    expect(c.missing).toContain('STRIPE_SECRET_KEY');
  });

  it('uses the Auth emulator only locally', () => {
    expect(loadConfig({ GCLOUD_PROJECT: 'demo-studio', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).auth).toEqual({
      emulatorHost: '127.0.0.1:9099',
      serverApiKey: undefined,
    });
    expect(
      loadConfig({ GCLOUD_PROJECT: 'studio-prod', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', ...rest }).auth,
    ).toEqual({ emulatorHost: undefined, serverApiKey: 'AIza' });
  });

  it('reads durations, falling back on bad values', () => {
    const c = loadConfig({ GCLOUD_PROJECT: 'demo-studio', FIRESTORE_TIMEOUT_MS: '1500', LEAD_COUNT_TTL_MS: 'soon' });
    expect([c.firestoreTimeoutMs, c.apiDeadlineMs, c.leadCountTtlMs]).toEqual([1500, 4500, 5000]);
  });
});

describe('clientIp: only an entry the platform appended', () => {
  const req = (headers: Record<string, string>) =>
    ({ get: (k: string) => headers[k.toLowerCase()] }) as unknown as Request;
  const prod = loadConfig({ GCLOUD_PROJECT: 'studio-prod' });
  const demo = loadConfig({ GCLOUD_PROJECT: 'demo-studio' });

  it('deployed: the second entry from the right (Hosting appends the client, Google’s front end the edge)', () => {
    expect(clientIp(req({ 'x-forwarded-for': '203.0.113.9, 130.211.0.1' }), prod)).toBe('203.0.113.9');
    expect(clientIp(req({ 'x-forwarded-for': '6.6.6.6, 1.2.3.4, 203.0.113.9, 130.211.0.1' }), prod)).toBe(
      '203.0.113.9',
    );
    expect(clientIp(req({ 'x-forwarded-for': '203.0.113.9' }), prod)).toBe('unknown');
    expect(clientIp(req({}), prod)).toBe('unknown');
  });

  it('deployed: ignores the tests’ header', () => {
    expect(clientIp(req({ [TEST_CLIENT_HEADER]: 'fresh', 'x-forwarded-for': '203.0.113.9, 130.211.0.1' }), prod)).toBe(
      '203.0.113.9',
    );
  });

  it('emulator: one shared bucket whatever X-Forwarded-For says; a demo project lets a test name its own', () => {
    expect(clientIp(req({ 'x-forwarded-for': '1.2.3.4, 5.6.7.8' }), demo)).toBe(LOCAL_CLIENT);
    expect(clientIp(req({ [TEST_CLIENT_HEADER]: 'abc' }), demo)).toBe('test:abc');
  });

  it('TRUSTED_PROXY_HOPS changes the position', () => {
    const one = loadConfig({ GCLOUD_PROJECT: 'studio-prod', TRUSTED_PROXY_HOPS: '1' });
    expect(clientIp(req({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }), one)).toBe('203.0.113.9');
  });
});
