/**
 * Hosting subscriptions in the client portal (functions/src/features/portal
 * subscriptions.ts): a cart buyer signed in by email link lists their
 * subscriptions and ends one at the end of its period (the owner alerted);
 * another client's id is 404 and changes nothing; the wrong callers are
 * refused. A live subscription opens Stripe's customer portal: the real
 * `stripe` SDK against a local HTTP stub, through an in-process app.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import {
  PORTAL_SUBSCRIPTION_CANCELED,
  portalBillingPortalReply,
  portalSubscriptionCanceledReply,
  portalSubscriptionsReply,
  subscriptionDocSchema,
  DAY_MS,
} from '@studio/domain';
import { adminIdToken, api, db } from '../helpers.js';
import { emailLinkIdToken } from '../portalLinks.js';

const buyer = `portal-sub-${randomUUID().slice(0, 8)}@example.com`;
const other = `portal-sub-other-${randomUUID().slice(0, 8)}@example.com`;
let buyerToken: string;
let otherToken: string;
let orderId: string;

const subscription = async (id: string) =>
  subscriptionDocSchema.parse((await db.collection('subscriptions').doc(id).get()).data());

/** A paid monthly hosting order bought by `email` in test mode; its id is its subscription's. */
async function paidMonthly(email: string): Promise<string> {
  const res = await api('POST', '/api/create-subscription', {
    body: {
      packageId: 'web-hosting',
      pricingMode: 'monthly',
      clientInfo: { name: 'Portal Buyer', email, projectDescription: 'Hosting' },
    },
  });
  expect(res.status).toBe(201);
  const { orderId: id, paymentIntentId } = res.json as { orderId: string; paymentIntentId: string };
  expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).status).toBe(200);
  return id;
}

beforeAll(async () => {
  orderId = await paidMonthly(buyer);
  [buyerToken, otherToken] = await Promise.all([emailLinkIdToken(buyer), emailLinkIdToken(other)]);
});

describe('portal subscriptions (test mode)', () => {
  it('the buyer sees their subscription: price as a 2-decimal string, the renewal day, managed on the studio page', async () => {
    const res = await api('GET', '/api/portal/subscriptions', { token: buyerToken });
    expect(res.status).toBe(200);
    const [s, ...rest] = portalSubscriptionsReply.parse(res.json).subscriptions;
    expect(rest).toEqual([]);
    expect(s).toMatchObject({
      id: orderId,
      status: 'active',
      amount: '45.00',
      interval: 'month',
      cancelAtPeriodEnd: false,
      manage: 'studio',
    });
    expect(s!.periodEnd).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });

  it('another client sees none of it, and their cancel or billing-portal call on its id is 404 and changes nothing', async () => {
    const list = await api('GET', '/api/portal/subscriptions', { token: otherToken });
    expect(portalSubscriptionsReply.parse(list.json).subscriptions).toEqual([]);
    for (const action of ['cancel', 'billing-portal']) {
      const res = await api('POST', `/api/portal/subscriptions/${orderId}/${action}`, { token: otherToken, body: {} });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ error: 'Subscription Not Found' });
    }
    expect((await subscription(orderId)).cancelAtPeriodEnd).toBe(false);
  });

  it('refuses the wrong callers and unknown keys', async () => {
    const path = `/api/portal/subscriptions/${orderId}/cancel`;
    expect((await api('GET', '/api/portal/subscriptions')).status).toBe(401);
    expect((await api('POST', path, { body: {} })).status).toBe(401);
    expect((await api('POST', path, { token: await adminIdToken(), body: {} })).status).toBe(403);
    expect((await api('POST', path, { token: buyerToken, body: { cancelAtPeriodEnd: false } })).status).toBe(400);
    expect((await subscription(orderId)).cancelAtPeriodEnd).toBe(false);
  });

  it('a test-mode subscription has no Stripe customer portal: 404', async () => {
    const res = await api('POST', `/api/portal/subscriptions/${orderId}/billing-portal`, {
      token: buyerToken,
      body: {},
    });
    expect(res.status).toBe(404);
  });

  it('the buyer ends it at the end of its period, once; the owner is alerted', async () => {
    const path = `/api/portal/subscriptions/${orderId}/cancel`;
    const res = await api('POST', path, { token: buyerToken, body: {} });
    expect(res.status).toBe(200);
    const body = portalSubscriptionCanceledReply.parse(res.json);
    expect(body.message).toBe(PORTAL_SUBSCRIPTION_CANCELED);
    expect(body.subscription).toMatchObject({ id: orderId, status: 'active', cancelAtPeriodEnd: true });
    expect(await subscription(orderId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await db.collection('subscriptions').doc(orderId).get()).get('cancelRequestedBy')).toBe(`client ${buyer}`);
    expect((await api('POST', path, { token: buyerToken, body: {} })).status).toBe(409);
    const alerts = (await db.collection('outbox').where('templateId', '==', 'money-alert').get()).docs.filter(
      (d) => d.get('variables').event === 'Subscription canceling' && String(d.get('variables').detail).includes(buyer),
    );
    expect(alerts).toHaveLength(1);
  });
});

describe("portal subscriptions (live mode): Stripe's customer portal through the real SDK and a stub", () => {
  const requests: Array<{ method: string; path: string; body: string }> = [];
  let stub: Server;
  let app: Server;
  let base: string;
  const liveId = `order-live-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    stub = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        requests.push({ method: req.method!, path: req.url!, body });
        res.setHeader('content-type', 'application/json');
        if (req.url!.startsWith('/v1/subscriptions/'))
          res.end(JSON.stringify({ id: 'sub_live_1', object: 'subscription', customer: 'cus_live_1' }));
        else if (req.url === '/v1/billing_portal/sessions')
          res.end(
            JSON.stringify({
              id: 'bps_1',
              object: 'billing_portal.session',
              url: 'https://billing.stripe.com/p/session/test_live_1',
            }),
          );
        else {
          res.statusCode = 404;
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such route' } }));
        }
      });
    });
    await new Promise<void>((ok) => stub.listen(0, '127.0.0.1', ok));
    process.env.STRIPE_SECRET_KEY = 'sk_test_stub';
    process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_stub';
    process.env.STRIPE_API_BASE = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    const { createApp } = await import('../../functions/src/app.js');
    app = createApp().listen(0, '127.0.0.1');
    await new Promise((r) => app.once('listening', r));
    base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    await db
      .collection('subscriptions')
      .doc(liveId)
      .set({
        orderId: liveId,
        packageId: 'web-hosting',
        packageName: 'Web Hosting',
        customerEmail: buyer,
        customerName: 'Portal Buyer',
        interval: 'year',
        amountCents: 49_999,
        currency: 'usd',
        status: 'active',
        currentPeriodEnd: Timestamp.fromMillis(Date.now() + 200 * DAY_MS),
        cancelAtPeriodEnd: false,
        stripeSubscriptionId: 'sub_live_1',
        mode: 'live',
        lastPaymentFailedAt: null,
        canceledAt: null,
        createdAt: Timestamp.now(),
      });
  });
  afterAll(() => {
    app?.close();
    stub?.close();
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_PUBLISHABLE_KEY;
    delete process.env.STRIPE_API_BASE;
  });

  it('lists it as managed in Stripe, and opens a customer portal session for its customer, returning to /portal', async () => {
    const list = await api('GET', '/api/portal/subscriptions', { token: buyerToken, baseUrl: base });
    const live = portalSubscriptionsReply.parse(list.json).subscriptions.find((s) => s.id === liveId);
    expect(live).toMatchObject({ manage: 'stripe', amount: '499.99', interval: 'year' });

    const res = await api('POST', `/api/portal/subscriptions/${liveId}/billing-portal`, {
      token: buyerToken,
      body: {},
      baseUrl: base,
    });
    expect(res.status).toBe(200);
    expect(portalBillingPortalReply.parse(res.json).url).toBe('https://billing.stripe.com/p/session/test_live_1');
    const session = requests.find((r) => r.path === '/v1/billing_portal/sessions')!;
    const params = new URLSearchParams(session.body);
    expect(params.get('customer')).toBe('cus_live_1');
    expect(params.get('return_url')).toMatch(/\/portal$/);
  });

  it("another client cannot open the buyer's billing portal: 404, and Stripe is not asked", async () => {
    const before = requests.length;
    const res = await api('POST', `/api/portal/subscriptions/${liveId}/billing-portal`, {
      token: otherToken,
      body: {},
      baseUrl: base,
    });
    expect(res.status).toBe(404);
    expect(requests.length).toBe(before);
  });
});
