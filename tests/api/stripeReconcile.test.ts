/**
 * Stripe reconciliation in the daily booksCheck
 * (functions/src/features/billing/booksCheck.ts, stripeReconcile.ts): the
 * ledger is written through the emulator's real webhook (signed events, as
 * Stripe sends them), and the real `stripe` SDK lists Stripe's side from a
 * local HTTP stub, one object per page so its auto-pagination is exercised.
 * A payment, refund or dispute Stripe has and the ledger lacks, or an amount
 * that differs, is logged as one `stripe.mismatch` with what to do. A Stripe
 * test key on a real project fails closed: 503 on the payment routes and a
 * logged `config.stripe_test_key`. A verified event that matches nothing is
 * answered 200 and logged as `webhook.unmatched_event`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconcileWindowStart } from '@studio/domain';
import { api, db, startInProcessApp } from '../helpers.js';
import Stripe from 'stripe';
import { SECRET, seedPayableLead, sendWebhook } from './paymentFixtures.js';
import { loadConfig, setConfigForTests } from '../../functions/src/config.js';

/** The catalogued events the code under test logs in this process, by name. */
const logged = vi.hoisted(() => [] as Array<{ message: string; fields: Record<string, unknown> }>);
vi.mock('firebase-functions/logger', () => {
  const keep = (message: string, fields: Record<string, unknown> = {}) => logged.push({ message, fields });
  return { error: keep, warn: keep, info: keep, log: keep, debug: keep, write: keep };
});
const events = (name: string) => logged.filter((l) => l.fields.event === name);

const { MISMATCHES_LOGGED, runBooksCheck } = await import('../../functions/src/features/billing/booksCheck.js');
const { reconcileWithStripe } = await import('../../functions/src/features/billing/stripeReconcile.js');

/** Every difference's line (the alert carries only the first MISMATCHES_LOGGED; the emulator's ledger also holds the other suites' payments). */
const differenceTexts = async (now: Date, cfg: ReturnType<typeof loadConfig>) =>
  (await reconcileWithStripe(db, now, cfg)).differences.map((d) => d.text);

type Listed = Record<string, unknown> & { id: string };

/** A stand-in for api.stripe.com's list and retrieve calls: answers one object per page, records each request. */
class StripeListStub {
  paymentIntents: Listed[] = [];
  refunds: Listed[] = [];
  disputes: Listed[] = [];
  requests: URL[] = [];
  failing = false;
  private server!: Server;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stub');
      this.requests.push(url);
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (this.failing) return reply(500, { error: { type: 'api_error', message: 'stub: down' } });
      const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (one) {
        const pi = this.paymentIntents.find((p) => p.id === one[1]);
        return pi
          ? reply(200, pi)
          : reply(404, {
              error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
            });
      }
      const list = {
        '/v1/payment_intents': this.paymentIntents,
        '/v1/refunds': this.refunds,
        '/v1/disputes': this.disputes,
      }[url.pathname];
      if (!list) return reply(404, { error: { type: 'invalid_request_error', message: `stub: ${url.pathname}` } });
      const after = url.searchParams.get('starting_after');
      const from = after ? list.findIndex((o) => o.id === after) + 1 : 0;
      reply(200, {
        object: 'list',
        data: list.slice(from, from + 1),
        has_more: from + 1 < list.length,
        url: url.pathname,
      });
    });
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close() {
    this.server.close();
  }
}

const id = (prefix: string) => `${prefix}_recon_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const intent = (piId: string, received: number) => ({
  id: piId,
  object: 'payment_intent',
  amount: received,
  amount_received: received,
  currency: 'usd',
  status: 'succeeded',
  created: Math.floor(Date.now() / 1000) - 3600,
});

async function pay(piId: string, amount: number) {
  const { leadId } = await seedPayableLead({ quoteAmountCents: 2 * amount, depositAmountCents: amount });
  const res = await sendWebhook({
    id: id('evt'),
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: piId,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        currency: 'usd',
        metadata: { purpose: 'deposit', leadId },
      },
    },
  });
  expect(res.json).toEqual({ received: true, outcome: 'applied' });
}

async function refund(piId: string, amount: number, refunded: number) {
  const res = await sendWebhook({
    id: id('evt'),
    object: 'event',
    type: 'charge.refunded',
    data: {
      object: {
        id: id('ch'),
        object: 'charge',
        payment_intent: piId,
        amount,
        amount_refunded: refunded,
        currency: 'usd',
      },
    },
  });
  expect(res.json).toEqual({ received: true, outcome: 'applied' });
}

describe('booksCheck compares Stripe with the ledger', () => {
  const stub = new StripeListStub();
  const liveStandIn = () =>
    loadConfig({
      GCLOUD_PROJECT: 'demo-studio',
      STRIPE_SECRET_KEY: 'sk_test_recon_stub',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_recon_stub',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
      STRIPE_API_BASE: stub.url,
    });

  beforeAll(() => stub.start());
  afterAll(() => stub.close());
  beforeEach(() => {
    logged.length = 0;
    stub.requests = [];
    stub.failing = false;
  });

  it('logs one stripe.mismatch naming each payment, refund and dispute that differs, and what to do', async () => {
    const [agreed, short, unrecorded] = [id('pi'), id('pi'), id('pi')];
    const dispute = id('dp');
    await pay(agreed, 100_000);
    await refund(agreed, 100_000, 20_000);
    await pay(short, 100_000);
    stub.paymentIntents = [intent(agreed, 100_000), intent(short, 90_000), intent(unrecorded, 50_000)];
    stub.refunds = [
      { id: id('re'), object: 'refund', payment_intent: agreed, amount: 20_000, currency: 'usd', status: 'succeeded' },
      { id: id('re'), object: 'refund', payment_intent: short, amount: 5_000, currency: 'usd', status: 'succeeded' },
      { id: id('re'), object: 'refund', payment_intent: short, amount: 7_000, currency: 'usd', status: 'failed' },
    ];
    stub.disputes = [
      {
        id: dispute,
        object: 'dispute',
        payment_intent: agreed,
        amount: 10_000,
        currency: 'usd',
        status: 'needs_response',
      },
    ];

    const now = new Date();
    const summary = await runBooksCheck({ db }, now, liveStandIn());

    // Every list asked for the window's objects (created[gte] = 35 days back), every page of it.
    const gte = String(Math.floor(reconcileWindowStart(now).getTime() / 1000));
    for (const path of ['/v1/payment_intents', '/v1/refunds', '/v1/disputes']) {
      const pages = stub.requests.filter((u) => u.pathname === path);
      expect(pages.length, path).toBeGreaterThanOrEqual(
        { '/v1/payment_intents': 3, '/v1/refunds': 3, '/v1/disputes': 1 }[path]!,
      );
      for (const u of pages) expect(u.searchParams.get('created[gte]'), path).toBe(gte);
    }
    const [alert, ...more] = events('stripe.mismatch');
    expect(more).toEqual([]);
    expect(alert!.message).toMatch(/^books: \d+ differences between Stripe and the ledger$/);
    const texts = await differenceTexts(now, liveStandIn());
    expect(alert!.fields.count).toBe(texts.length);
    expect(alert!.fields.differences).toEqual(texts.slice(0, MISMATCHES_LOGGED));
    const about = (x: string) => texts.filter((t) => t.includes(x));
    expect(about(agreed)).toEqual([
      expect.stringMatching(new RegExp(`^dispute ${dispute} on payment ${agreed}: Stripe has it .*Resend`)),
    ]);
    expect(about(short)).toEqual([
      expect.stringContaining(`payment ${short}: Stripe received 900.00 usd, the ledger says 1000.00 usd`),
      expect.stringContaining(`payment ${short}: Stripe refunded 50.00 usd in the last 35 days`),
    ]);
    expect(about(unrecorded)).toEqual([
      `payment ${unrecorded}: Stripe received 500.00 usd, the ledger has no payment entry; resend its events from Stripe's dashboard (Developers → Events, filter by the id, Resend), then run npm run books:check`,
    ]);
    expect(summary.stripe).toBe(alert!.fields.count);
  });

  it('once the missing events arrive, the payments agree', async () => {
    const [pi] = [id('pi')];
    stub.paymentIntents = [intent(pi, 30_000)];
    stub.refunds = [];
    stub.disputes = [];
    expect((await differenceTexts(new Date(), liveStandIn())).filter((t) => t.includes(pi))).toHaveLength(1);
    await pay(pi, 30_000);
    expect((await differenceTexts(new Date(), liveStandIn())).filter((t) => t.includes(pi))).toEqual([]);
  });

  it('Stripe out of reach: job.item_failed, and the books check itself still runs', async () => {
    stub.failing = true;
    const summary = await runBooksCheck({ db }, new Date(), liveStandIn());
    expect(summary.stripe).toBe('failed');
    expect(events('job.item_failed')).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ job: 'booksCheck', event: 'job.item_failed' }) }),
    ]);
    expect(events('stripe.mismatch')).toEqual([]);
    expect(typeof summary.documents).toBe('number');
  });

  it('test mode (the emulators without a secret key) has nothing to compare', async () => {
    const summary = await runBooksCheck({ db }, new Date(), loadConfig({ GCLOUD_PROJECT: 'demo-studio' }));
    expect(summary.stripe).toBe('test mode: no Stripe account');
    expect(stub.requests).toEqual([]);
  });
});

describe('a Stripe test key on a real project fails closed (in-process stand-in)', () => {
  let base: string;
  let close = () => {};
  beforeAll(async () => {
    logged.length = 0;
    setConfigForTests(undefined);
    const real = loadConfig({
      GCLOUD_PROJECT: 'studio-real-standin',
      FIRESTORE_TIMEOUT_MS: '10000',
      STRIPE_SECRET_KEY: 'sk_test_copied_by_mistake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_copied_by_mistake',
      STRIPE_WEBHOOK_SECRET: 'whsec_standin',
    });
    expect(real.payments).toMatchObject({
      mode: 'unconfigured',
      notLive: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'],
    });
    // As the instance's first use of its configuration would: logged once, with what to do.
    const previous = { ...process.env };
    Object.assign(process.env, {
      GCLOUD_PROJECT: 'studio-real-standin',
      STRIPE_SECRET_KEY: 'sk_test_copied_by_mistake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_copied_by_mistake',
    });
    const { config } = await import('../../functions/src/config.js');
    config();
    for (const k of ['GCLOUD_PROJECT', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'])
      if (previous[k] === undefined) delete process.env[k];
      else process.env[k] = previous[k];
    setConfigForTests(real);
    ({ base, close } = await startInProcessApp());
  });
  afterAll(() => {
    close();
    setConfigForTests(undefined);
  });

  it('logs config.stripe_test_key, and every payment route answers 503', async () => {
    expect(events('config.stripe_test_key')).toEqual([
      expect.objectContaining({
        fields: { settings: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'], event: 'config.stripe_test_key' },
      }),
    ]);
    const config = await api('GET', '/api/stripe/config', { baseUrl: base });
    expect([config.status, config.json]).toEqual([503, { error: 'Payments are not configured' }]);
    // No event is applied either, whatever its signature.
    const standInWebhook = await api('POST', '/api/stripe/webhook', {
      baseUrl: base,
      rawBody: '{}',
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expect([standInWebhook.status, standInWebhook.json]).toEqual([503, { error: 'Payments are not configured' }]);
    const apiNotConfigured = events('api.not_configured').map((l) => l.fields.settings);
    expect(apiNotConfigured).toContainEqual([
      'STRIPE_SECRET_KEY (not a live key)',
      'STRIPE_PUBLISHABLE_KEY (not a live key)',
    ]);
  });
});

describe('a verified Stripe event that matches nothing (in-process app)', () => {
  let base: string;
  let close = () => {};
  const signer = new Stripe('sk_test_unused');
  const post = (event: object) => {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    return api('POST', '/api/stripe/webhook', {
      baseUrl: base,
      rawBody: payload,
      headers: { 'stripe-signature': signature },
    });
  };
  beforeAll(async () => {
    setConfigForTests(loadConfig({ GCLOUD_PROJECT: 'demo-studio', STRIPE_WEBHOOK_SECRET: SECRET }));
    ({ base, close } = await startInProcessApp());
  });
  afterAll(() => {
    close();
    setConfigForTests(undefined);
  });
  beforeEach(() => {
    logged.length = 0;
  });

  const event = (type: string, object: Record<string, unknown>) => ({
    id: id('evt'),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: id('obj'), ...object } },
  });

  it('is answered 200 "ignored" and logged as webhook.unmatched_event with why', async () => {
    const unhandled = event('charge.captured', { object: 'charge', amount: 100, currency: 'usd' });
    expect((await post(unhandled)).json).toEqual({ received: true, outcome: 'ignored' });
    const noOrder = event('customer.subscription.deleted', { object: 'subscription', metadata: {} });
    expect((await post(noOrder)).json).toEqual({ received: true, outcome: 'ignored' });
    expect(events('webhook.unmatched_event').map((l) => [l.fields.eventId, l.fields.type, l.fields.why])).toEqual([
      [unhandled.id, 'charge.captured', "the code does not handle this type: remove it from the endpoint's events"],
      [noOrder.id, 'customer.subscription.deleted', 'it names no order of the studio (no orderId in its metadata)'],
    ]);
    // Its copy is a duplicate, not a second alert.
    expect((await post(unhandled)).json).toEqual({ received: true, outcome: 'duplicate' });
    expect(events('webhook.unmatched_event')).toHaveLength(2);
  });

  it("an order's own first invoice, before the order is paid, is expected and not logged", async () => {
    const first = event('invoice.paid', {
      object: 'invoice',
      amount_paid: 1_000,
      currency: 'usd',
      parent: { subscription_details: { metadata: { orderId: id('order') } } },
    });
    expect((await post(first)).json).toEqual({ received: true, outcome: 'ignored' });
    expect(events('webhook.unmatched_event')).toEqual([]);
  });
});
