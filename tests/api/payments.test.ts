/**
 * Payments: the real `stripe` SDK against a local HTTP stub
 * (request parameters, stable Idempotency-Keys, provider faults), and the
 * test-mode provider and invoices through the emulators.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { CLIENT_STRIPE_ERASE_FAILED, invoiceCreatedReply } from '@studio/domain';
import { adminIdToken, api, db } from '../helpers.js';
import { seedPayableLead } from './paymentFixtures.js';

interface StubRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: URLSearchParams;
}

/** A stand-in for api.stripe.com: records each request, answers like Stripe. */
class StripeStub {
  requests: StubRequest[] = [];
  /** Customers created through the stub, listed by email as Stripe does. */
  customers: Array<{ id: string; object: 'customer'; email: string | null; created: number }> = [];
  failWith: { status: number; body: unknown } | null = null;
  /** A PaymentIntent's status as Stripe would report it (retrieve); requires_payment_method by default. */
  intentStatus = new Map<string, string>();
  private server!: Server;
  private n = 0;
  url = '';

  async start() {
    this.server = createServer(async (req, res) => {
      const body = await read(req);
      const r: StubRequest = {
        method: req.method!,
        path: req.url!,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        params: new URLSearchParams(body),
      };
      this.requests.push(r);
      res.setHeader('content-type', 'application/json');
      if (this.failWith) {
        res.statusCode = this.failWith.status;
        res.end(JSON.stringify(this.failWith.body));
        return;
      }
      res.end(JSON.stringify(this.answer(r)));
    });
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private answer(r: StubRequest) {
    const id = `${++this.n}`.padStart(4, '0');
    const intent = /^\/v1\/payment_intents\/(pi_[A-Za-z0-9_]+)(\/cancel)?/.exec(r.path);
    if (intent) {
      const [, piId, cancel] = intent;
      if (cancel) this.intentStatus.set(piId!, 'canceled');
      return { id: piId, object: 'payment_intent', status: this.intentStatus.get(piId!) ?? 'requires_payment_method' };
    }
    if (r.path.startsWith('/v1/payment_intents')) {
      return {
        id: `pi_stub_${id}`,
        object: 'payment_intent',
        amount: Number(r.params.get('amount')),
        currency: r.params.get('currency'),
        client_secret: `pi_stub_${id}_secret_x`,
        status: 'requires_payment_method',
      };
    }
    if (r.path.startsWith('/v1/products')) return { id: r.params.get('id'), object: 'product' };
    if (r.path.startsWith('/v1/customers') && r.method === 'GET') {
      const email = new URL(r.path, 'http://stub').searchParams.get('email');
      return {
        object: 'list',
        has_more: false,
        url: '/v1/customers',
        data: this.customers.filter((c) => c.email === email),
      };
    }
    if (r.method === 'DELETE' && /^\/v1\/customers\/cus_/.test(r.path)) {
      const at = this.customers.findIndex((c) => r.path.endsWith(`/${c.id}`));
      const gone = at < 0 ? null : this.customers.splice(at, 1)[0]!;
      return gone
        ? { id: gone.id, object: 'customer', deleted: true }
        : { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'stub: no such customer' } };
    }
    if (/^\/v1\/customers\/cus_/.test(r.path))
      return (
        this.customers.find((c) => r.path.endsWith(c.id)) ?? {
          error: { type: 'invalid_request_error', message: 'stub: no such customer' },
        }
      );
    if (r.path.startsWith('/v1/customers')) {
      const customer = {
        id: `cus_stub_${id}`,
        object: 'customer' as const,
        email: r.params.get('email'),
        created: this.n,
      };
      this.customers.push(customer);
      return customer;
    }
    if (r.path.startsWith('/v1/subscriptions')) {
      return {
        id: `sub_stub_${id}`,
        object: 'subscription',
        latest_invoice: {
          id: `in_stub_${id}`,
          object: 'invoice',
          confirmation_secret: { client_secret: `pi_sub_${id}_secret_y`, type: 'payment_intent' },
        },
      };
    }
    return { error: { type: 'invalid_request_error', message: `stub: unknown ${r.path}` } };
  }

  close() {
    this.server.close();
  }
}

/** "METHOD /path" of a stub request, customer ids as ":id". */
const route = (r: StubRequest) => `${r.method} ${r.path.split('?')[0]!.replace(/\/cus_[A-Za-z0-9_]+$/, '/:id')}`;

const read = (req: IncomingMessage) =>
  new Promise<string>((ok) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => ok(s));
  });

describe('live mode: the stripe SDK against an HTTP stub', () => {
  const stub = new StripeStub();
  let server: Server;
  let base: string;

  beforeAll(async () => {
    await stub.start();
    process.env.STRIPE_SECRET_KEY = 'sk_test_stub';
    process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_stub';
    process.env.STRIPE_API_BASE = stub.url;
    const { createApp } = await import('../../functions/src/app.js');
    server = createApp().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server?.close();
    stub.close();
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_PUBLISHABLE_KEY;
    delete process.env.STRIPE_API_BASE;
  });
  beforeEach(() => {
    stub.requests = [];
    stub.failWith = null;
  });
  // The studio emails its own receipt from the verified payment: no request of any live test asks Stripe for one too.
  afterEach(() => {
    expect(stub.requests.filter((r) => r.params.has('receipt_email')).map(route)).toEqual([]);
  });

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-studio-test-client': `192.0.2.${Math.floor(Math.random() * 250) + 1}`,
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  it('config names live mode and the publishable key', async () => {
    const res = await fetch(`${base}/api/stripe/config`);
    expect(await res.json()).toEqual({ publishableKey: 'pk_test_stub', mode: 'live' });
  });

  it("charges the lead's deposit from the server record, whatever the browser sends, with a stable key", async () => {
    const { leadId } = await seedPayableLead({ quoteAmountCents: 300_000, depositAmountCents: 150_000 });
    const first = await post('/api/create-payment-intent', { amount: '1.00', description: 'tampered', leadId });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      amount: '1500.00',
      mode: 'live',
      clientSecret: expect.stringMatching(/^pi_stub_\d+_secret_x$/),
    });
    const second = await post('/api/create-payment-intent', { leadId });
    expect(second.status).toBe(200);

    // The lead's Stripe Customer: looked up by email, created once, stored on the lead, then reused.
    expect(stub.requests.map(route)).toEqual([
      'GET /v1/customers',
      'POST /v1/customers',
      'POST /v1/customers/:id',
      'POST /v1/payment_intents',
      'POST /v1/payment_intents',
    ]);
    const customerId = (await db.collection('leads').doc(leadId).get()).get('stripeCustomerId') as string;
    expect(customerId).toMatch(/^cus_stub_/);
    const [a, b] = stub.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(a!.params.get('customer')).toBe(customerId);
    expect(b!.params.get('customer')).toBe(customerId);
    expect(a!.method).toBe('POST');
    expect(a!.path).toBe('/v1/payment_intents');
    expect(Object.fromEntries(a!.params)).toMatchObject({
      amount: '150000',
      currency: 'usd',
      'metadata[purpose]': 'deposit',
      'metadata[leadId]': leadId,
      'automatic_payment_methods[enabled]': 'true',
    });
    expect(a!.idempotencyKey).toBe(`studio-pi-deposit-${leadId}-150000`);
    expect(b!.idempotencyKey).toBe(a!.idempotencyKey);

    const stored = await db.collection('payments').doc(String(first.json.paymentIntentId)).get();
    expect(stored.data()).toMatchObject({
      purpose: 'deposit',
      leadId,
      amountCents: 150_000,
      status: 'requires_payment',
      mode: 'live',
    });
  });

  it('a plain payment link charges its own amount; the same checkout id gives the same key', async () => {
    await post('/api/create-payment-intent', {
      amount: '25.00',
      description: 'Consulting',
      checkoutId: 'chk_stable_0001',
    });
    await post('/api/create-payment-intent', {
      amount: '25.00',
      description: 'Consulting',
      checkoutId: 'chk_stable_0001',
    });
    expect(stub.requests.map((r) => r.params.get('amount'))).toEqual(['2500', '2500']);
    expect(stub.requests[0]!.params.get('description')).toBe('Consulting');
    expect(stub.requests[0]!.idempotencyKey).toBe('studio-pi-custom-chk_stable_0001-2500');
    expect(stub.requests[1]!.idempotencyKey).toBe(stub.requests[0]!.idempotencyKey);
  });

  it('refuses bad input before calling Stripe', async () => {
    for (const body of [
      {},
      { amount: '0.10' },
      { amount: '10', currency: 'eur' },
      { amount: '10', extra: true },
      { leadId: 'no/such' },
    ]) {
      expect((await post('/api/create-payment-intent', body)).status).toBe(400);
    }
    expect((await post('/api/create-payment-intent', { leadId: 'no-such-lead' })).status).toBe(404);
    expect(stub.requests).toHaveLength(0);
  });

  it('a Stripe failure answers 502 with the spec message and stores no payment', async () => {
    stub.failWith = { status: 400, body: { error: { type: 'invalid_request_error', message: 'Stripe is unhappy' } } };
    const before = (await db.collection('payments').count().get()).data().count;
    const res = await post('/api/create-payment-intent', { amount: '40.00', description: 'x' });
    expect(res).toEqual({
      status: 502,
      json: { error: 'Payment Setup Failed - Unable to initialize payment. Please try again.' },
    });
    expect((await db.collection('payments').count().get()).data().count).toBe(before);
  });

  it('a Stripe failure on a cart keeps the order, marked payment_setup_failed, with the spec message', async () => {
    stub.failWith = { status: 400, body: { error: { type: 'invalid_request_error', message: 'Stripe is unhappy' } } };
    const email = `stripe.down.${Date.now()}@example.com`;
    const res = await post('/api/create-subscription', {
      packageId: 'web-hosting',
      pricingMode: 'onetime',
      clientInfo: { name: 'Down Client', email, projectDescription: 'A site' },
    });
    expect(res).toEqual({ status: 502, json: { error: 'Failed to prepare checkout' } });
    const orders = await db.collection('orders').where('clientInfo.email', '==', email).get();
    expect(orders.docs.map((d) => d.get('status'))).toEqual(['payment_setup_failed']);
  });

  it('a monthly cart becomes a Stripe subscription with keys derived from the order', async () => {
    const res = await post('/api/create-subscription', {
      packageId: 'maintenance-2hr',
      pricingMode: 'monthly',
      clientInfo: { name: 'Sub Client', email: 'sub.client@example.com', projectDescription: 'A site refresh' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      paymentMode: 'live',
      paymentIntentId: null,
      clientSecret: expect.stringMatching(/^pi_sub_/),
    });
    const orderId = String(res.json.orderId);
    expect(stub.requests.map(route)).toEqual([
      'POST /v1/products',
      'GET /v1/customers',
      'POST /v1/customers',
      'POST /v1/customers/:id',
      'POST /v1/subscriptions',
    ]);
    const sub = stub.requests[4]!;
    expect(Object.fromEntries(sub.params)).toMatchObject({
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][unit_amount]': '8500',
      'items[0][price_data][recurring][interval]': 'month',
      payment_behavior: 'default_incomplete',
      'metadata[orderId]': orderId,
      'metadata[purpose]': 'order',
    });
    // Keys of our own (the name update carries whatever the SDK gives it).
    expect(stub.requests.filter((r) => route(r) !== 'POST /v1/customers/:id').map((r) => r.idempotencyKey)).toEqual([
      'studio-product-studio-maintenance-2hr',
      undefined,
      expect.stringMatching(/^studio-customer-[a-f0-9]{32}$/),
      `studio-subscription-order-${orderId}`,
    ]);
    expect(sub.params.get('customer')).toBe(stub.customers.find((c) => c.email === 'sub.client@example.com')!.id);
    expect((await db.collection('orders').doc(orderId).get()).data()).toMatchObject({
      status: 'pending_payment',
      paymentMode: 'live',
      stripeSubscriptionId: expect.stringMatching(/^sub_stub_/),
    });
  });

  it("one Stripe Customer per client email, reused across a lead's payments and a subscription", async () => {
    const email = `one.customer.${Date.now()}@example.com`;
    const { leadId } = await seedPayableLead({ quoteAmountCents: 100_000, depositAmountCents: 50_000, email });
    const sub = await post('/api/create-subscription', {
      packageId: 'web-hosting',
      pricingMode: 'monthly',
      clientInfo: { name: 'Same Client', email: email.toUpperCase(), projectDescription: 'Hosting' },
    });
    expect(sub.status, JSON.stringify(sub.json)).toBe(201);
    expect((await post('/api/create-payment-intent', { leadId })).status).toBe(200);
    expect(stub.customers.filter((c) => c.email === email)).toHaveLength(1);
    const customerId = stub.customers.find((c) => c.email === email)!.id;
    expect((await db.collection('leads').doc(leadId).get()).get('stripeCustomerId')).toBe(customerId);
    expect((await db.collection('orders').doc(String(sub.json.orderId)).get()).get('stripeCustomerId')).toBe(
      customerId,
    );
    expect(stub.requests.find((r) => r.path === '/v1/payment_intents')!.params.get('customer')).toBe(customerId);
  });

  it('erasing a client deletes its Stripe Customers first; a Stripe refusal erases nothing', async () => {
    const email = `erase.stripe.${Date.now()}@example.com`;
    const { leadId } = await seedPayableLead({ quoteAmountCents: 100_000, depositAmountCents: 50_000, email });
    expect((await post('/api/create-payment-intent', { leadId })).status).toBe(200);
    const stored = (await db.collection('leads').doc(leadId).get()).get('stripeCustomerId') as string;
    // A customer Stripe holds for the address that no document names (a cart checkout's, say).
    stub.customers.push({ id: 'cus_stub_cart_only', object: 'customer', email, created: 0 });
    const token = await adminIdToken();
    const erase = () =>
      api('POST', '/api/clients/erase', { baseUrl: base, token, body: { email, confirmEmail: email.toUpperCase() } });

    stub.failWith = { status: 400, body: { error: { type: 'invalid_request_error', message: 'stub: refused' } } };
    const refused = await erase();
    expect(refused.status).toBe(502);
    expect(refused.json).toEqual({ error: CLIENT_STRIPE_ERASE_FAILED });
    expect((await db.collection('leads').doc(leadId).get()).exists).toBe(true);

    stub.failWith = null;
    stub.requests = [];
    const done = await erase();
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect((done.json as { stripeCustomerIds: string[] }).stripeCustomerIds).toEqual(
      [stored, 'cus_stub_cart_only'].sort(),
    );
    expect(stub.requests.map(route)).toEqual([
      'GET /v1/customers',
      'DELETE /v1/customers/:id',
      'DELETE /v1/customers/:id',
    ]);
    expect(stub.customers.filter((c) => c.email === email)).toEqual([]);
    expect((await db.collection('leads').doc(leadId).get()).exists).toBe(false);
  });

  it("cancels the unpaid order's PaymentIntent at Stripe and releases its hold; leaves a paid one to its webhook", async () => {
    const { runOrderExpiry } = await import('../../functions/src/features/billing/orderExpiry.js');
    const token = await adminIdToken();
    const code = `EXP${Date.now().toString(36)}`.toUpperCase();
    const promo = await api('POST', '/api/promo-codes', {
      token,
      body: {
        code,
        discountType: 'percentage',
        discountValue: 10,
        usageLimit: 5,
        validFrom: '2000-01-01T00:00:00Z',
      },
    });
    expect(promo.status, JSON.stringify(promo.json)).toBe(201);
    const order = async (label: string) => {
      const res = await post('/api/create-subscription', {
        packageId: 'web-hosting',
        pricingMode: 'onetime',
        discountCode: code,
        clientInfo: { name: 'Expiry Client', email: `${label}.${Date.now()}@example.com`, projectDescription: 'Site' },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json as { orderId: string; paymentIntentId: string };
    };
    const [unpaid, paidAtStripe, fresh] = [await order('unpaid'), await order('paid'), await order('fresh')];
    // Twenty-five minutes on: the first two holds end within the expiry margin; the third is new.
    for (const o of [unpaid, paidAtStripe])
      await db
        .collection('orders')
        .doc(o.orderId)
        .update({ promoReservedUntil: Timestamp.fromMillis(Date.now() + 5 * 60_000) });
    stub.intentStatus.set(paidAtStripe.paymentIntentId, 'succeeded');
    stub.requests = [];

    const result = await runOrderExpiry({ db }, new Date());
    expect(result.expired).toContain(unpaid.orderId);
    expect(result.paid).toContain(paidAtStripe.orderId);
    expect([...result.expired, ...result.paid, ...result.failed]).not.toContain(fresh.orderId);
    const cancels = stub.requests.filter((r) => r.path.endsWith('/cancel'));
    expect(cancels.map((r) => [r.path, r.idempotencyKey])).toEqual([
      [`/v1/payment_intents/${unpaid.paymentIntentId}/cancel`, `studio-cancel-${unpaid.paymentIntentId}`],
    ]);

    const statusOf = async (c: string, id: string) => (await db.collection(c).doc(id).get()).get('status');
    expect(await statusOf('orders', unpaid.orderId)).toBe('expired');
    expect(await statusOf('payments', unpaid.paymentIntentId)).toBe('canceled');
    expect(await statusOf('orders', paidAtStripe.orderId)).toBe('pending_payment');
    const holds = (await db.collection('promo_codes').doc(code).get()).get('holds') as Record<string, unknown>;
    expect(Object.keys(holds).sort()).toEqual([paidAtStripe.orderId, fresh.orderId].sort());
    // A second run changes nothing more.
    stub.requests = [];
    const again = await runOrderExpiry({ db }, new Date());
    expect(again.expired).not.toContain(unpaid.orderId);
    expect(stub.requests.filter((r) => r.path.endsWith('/cancel'))).toEqual([]);
  });
});

describe('test mode through the emulators', () => {
  let token: string;
  beforeAll(async () => {
    token = await adminIdToken();
  });

  it('config says test mode with no publishable key', async () => {
    expect((await api('GET', '/api/stripe/config')).json).toEqual({ publishableKey: null, mode: 'test' });
  });

  it('a deposit paid in test mode is recorded once and leaves the project in Set up (Production is manual)', async () => {
    const { leadId, projectId } = await seedPayableLead({
      quoteAmountCents: 200_000,
      depositAmountCents: 100_000,
      withProject: true,
    });
    const intent = await api('POST', '/api/create-payment-intent', { body: { leadId } });
    expect(intent.status).toBe(200);
    const { paymentIntentId, amount, mode } = intent.json as Record<string, string>;
    expect({ amount, mode }).toEqual({ amount: '1000.00', mode: 'test' });
    expect(paymentIntentId).toMatch(/^pi_test_[a-f0-9]{24}$/);

    for (let i = 0; i < 2; i++) {
      expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).json).toEqual({
        success: true,
        status: 'succeeded',
      });
    }
    const lead = (await db.collection('leads').doc(leadId).get()).data()!;
    expect(lead).toMatchObject({ status: 'Set Up', stripeDepositPaymentId: paymentIntentId });
    expect((await db.collection('projects').doc(projectId!).get()).get('status')).toBe('Set up');
    const received = await db
      .collection('lead_activity')
      .where('leadId', '==', leadId)
      .where('type', '==', 'payment_received')
      .get();
    expect(received.size).toBe(1);

    // Next comes the final payment: the remainder, from the server.
    expect((await api('POST', '/api/create-payment-intent', { body: { leadId } })).json).toMatchObject({
      amount: '1000.00',
      description: expect.stringMatching(/^Final payment/),
    });
  });

  it('confirm-payment refuses ids that are not test intents', async () => {
    expect(
      (await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId: 'pi_live_123' } })).status,
    ).toBe(400);
    expect(
      (await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId: `pi_test_${'0'.repeat(24)}` } }))
        .status,
    ).toBe(404);
  });

  it('an invoice is stored, emailed with its payment link, and paid through its own amount', async () => {
    const { leadId } = await seedPayableLead({ quoteAmountCents: 100_000, depositAmountCents: 50_000 });
    const bad = await api('POST', '/api/create-invoice', { token, body: { leadId, amount: '', description: '' } });
    expect(bad.status).toBe(400);
    expect((bad.json as { fields: Record<string, string> }).fields).toMatchObject({
      amount: 'Amount is required',
      description: 'Description is required',
    });
    expect((await db.collection('invoices').where('leadId', '==', leadId).get()).size).toBe(0);

    const created = await api('POST', '/api/create-invoice', {
      token,
      body: { leadId, amount: '250.00', description: 'Extra hours', dueDate: '2026-12-31' },
    });
    expect(created.status).toBe(201);
    expect(invoiceCreatedReply.parse(created.json)).toEqual(created.json); // the web's reply schema reads all of it
    const { invoiceId, checkoutUrl, message } = created.json as Record<string, string>;
    expect(message).toBe('Invoice Created Successfully');
    expect(checkoutUrl).toBe(`/checkout?amount=250.00&description=Extra+hours&invoiceId=${invoiceId}`);
    const email = (
      await db.collection('outbox').where('leadId', '==', leadId).where('templateId', '==', 'invoice').get()
    ).docs[0]!.data();
    expect(email.to).toBe('payer@example.com');
    expect(email.variables).toMatchObject({
      amount: '$250.00',
      dueDate: 'December 31, 2026',
      paymentLink: `http://127.0.0.1:5000${checkoutUrl}`,
    });

    const intent = await api('POST', '/api/create-payment-intent', { body: { invoiceId, amount: '1.00' } });
    expect(intent.json).toMatchObject({ amount: '250.00', description: 'Extra hours' });
    await api('POST', '/api/test-mode/confirm-payment', {
      body: { paymentIntentId: (intent.json as Record<string, string>).paymentIntentId },
    });
    expect((await db.collection('invoices').doc(invoiceId!).get()).get('status')).toBe('paid');
    expect((await api('POST', '/api/create-payment-intent', { body: { invoiceId } })).status).toBe(409);
    // The invoice did not count as the deposit.
    expect((await db.collection('leads').doc(leadId).get()).get('stripeDepositPaymentId')).toBeUndefined();
  });

  it('create-invoice: an unknown lead is 404, and only the admin may call it', async () => {
    expect(
      (await api('POST', '/api/create-invoice', { token, body: { leadId: 'nope', amount: '10.00', description: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (await api('POST', '/api/create-invoice', { body: { leadId: 'nope', amount: '10.00', description: 'x' } }))
        .status,
    ).toBe(401);
  });

  it('a test-mode cart order is paid through the same fulfilment', async () => {
    const res = await api('POST', '/api/create-subscription', {
      body: {
        packageId: 'web-hosting',
        pricingMode: 'annual',
        clientInfo: { name: 'Cart Payer', email: 'cart.payer@example.com', projectDescription: 'Hosting' },
      },
    });
    expect(res.status).toBe(201);
    const { orderId, paymentIntentId } = res.json as Record<string, string>;
    expect(paymentIntentId).toMatch(/^pi_test_/);
    await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } });
    expect((await db.collection('orders').doc(orderId!).get()).data()).toMatchObject({
      status: 'paid',
      paymentIntentId,
    });
  });
});
