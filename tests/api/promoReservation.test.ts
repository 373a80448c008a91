/**
 * Promo codes reserved, then redeemed (domain/promo.ts, features/billing/promo.ts):
 * an unpaid order only reserves its code; paying it redeems (usedCount + 1);
 * a declined card keeps the hold; a hold counts until the order expiry
 * (features/billing/orderExpiry.ts) cancels its payment and releases it, and a payment
 * racing that cancellation is honoured; optional one use per customer by email.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { CHECKOUT_EXPIRED_MESSAGE } from '@studio/domain';
import { adminIdToken, api, db } from '../helpers.js';

let token: string;
beforeAll(async () => {
  token = await adminIdToken();
});

let seq = 0;
const uniqueCode = () => `R${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();
const email = (label: string) => `${label}.${Date.now().toString(36)}${seq++}@example.com`;

async function createPromo(over: Record<string, unknown> = {}): Promise<string> {
  const code = uniqueCode();
  const r = await api('POST', '/api/promo-codes', {
    token,
    body: {
      code,
      discountType: 'percentage',
      discountValue: 10,
      validFrom: new Date(Date.now() - 60_000).toISOString(),
      ...over,
    },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return code;
}

const order = (code: string, to: string) =>
  api('POST', '/api/create-subscription', {
    body: {
      packageId: 'web-hosting',
      pricingMode: 'onetime',
      discountCode: code,
      clientInfo: { name: 'Promo Buyer', email: to, projectDescription: 'A shop' },
    },
  });
const listed = async (code: string) =>
  (
    (await api('GET', '/api/promo-codes', { token })).json as Array<{
      code: string;
      usedCount: number;
      reservedCount: number;
      onePerCustomer: boolean;
    }>
  ).find((p) => p.code === code)!;
const confirm = (paymentIntentId: string) =>
  api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } });
const decline = (paymentIntentId: string) =>
  api('POST', '/api/test-mode/decline-payment', { body: { paymentIntentId } });

describe('reserved, then redeemed', () => {
  it('an unpaid order leaves usedCount unchanged; paying it raises usedCount by one, once', async () => {
    const code = await createPromo({ usageLimit: 3 });
    const r = await order(code, email('payer'));
    expect(r.status).toBe(201);
    expect(await listed(code)).toMatchObject({ usedCount: 0, reservedCount: 1 });
    const { orderId, paymentIntentId } = r.json as { orderId: string; paymentIntentId: string };
    const stored = (await db.collection('orders').doc(orderId).get()).data()!;
    expect(stored.promoReservedUntil.toMillis() - stored.createdAt.toMillis()).toBeGreaterThan(29 * 60_000);

    expect((await confirm(paymentIntentId)).status).toBe(200);
    expect((await confirm(paymentIntentId)).status).toBe(200); // a second confirmation changes nothing
    expect(await listed(code)).toMatchObject({ usedCount: 1, reservedCount: 0 });
    expect((await db.collection('orders').doc(orderId).get()).get('status')).toBe('paid');
  });

  it('a hold counts until its payment is cancelled, not until its time passes; a payment racing the cancel is honoured', async () => {
    const { runOrderExpiry } = await import('../../functions/src/features/billing/orderExpiry.js');
    const code = await createPromo({ usageLimit: 1 });
    const first = await order(code, email('slow'));
    expect(first.status).toBe(201);
    const { orderId, paymentIntentId } = first.json as { orderId: string; paymentIntentId: string };
    expect(await order(code, email('next'))).toMatchObject({
      status: 409,
      json: { error: 'Promo code usage limit reached' },
    });

    // The 30 minutes pass, but the payment is not cancelled yet: the code stays held.
    await db
      .collection('promo_codes')
      .doc(code)
      .update({ [`holds.${orderId}.expiresAtMs`]: Date.now() - 1000 });
    await db
      .collection('orders')
      .doc(orderId)
      .update({ promoReservedUntil: Timestamp.fromMillis(Date.now() - 1000) });
    expect(await listed(code)).toMatchObject({ usedCount: 0, reservedCount: 1 });
    expect((await order(code, email('next'))).status).toBe(409);

    // The expiry finds the payment under way at the provider (the client is paying right now): the order is
    // left to its webhook and keeps its hold, and the payment, when it lands, is honoured within the limit.
    const racing = {
      mode: 'test' as const,
      publishableKey: null,
      createPaymentIntent: async () => ({ id: '', clientSecret: '', amountCents: 0 }),
      cancelPaymentIntent: async () => 'processing' as const,
      refundPayment: async () => null,
    };
    const result = await runOrderExpiry({ db, provider: racing }, new Date());
    expect(result.paid).toContain(orderId);
    expect(await listed(code)).toMatchObject({ usedCount: 0, reservedCount: 1 });
    expect((await confirm(paymentIntentId)).status).toBe(200);
    expect(await listed(code)).toMatchObject({ usedCount: 1, reservedCount: 0 });
    expect((await order(code, email('next'))).status).toBe(409);
  });

  it('a declined card keeps the reservation; near its end the order expires, its payment refused, the code free', async () => {
    const { runOrderExpiry } = await import('../../functions/src/features/billing/orderExpiry.js');
    const code = await createPromo({ usageLimit: 1 });
    const first = await order(code, email('declined'));
    const { orderId, paymentIntentId } = first.json as { orderId: string; paymentIntentId: string };
    expect((await decline(paymentIntentId)).json).toMatchObject({ success: false, status: 'failed' });
    const statusOf = async (c: string, id: string) => (await db.collection(c).doc(id).get()).get('status');
    expect(await statusOf('orders', orderId)).toBe('payment_failed');
    // The client may still pay the same intent with another card: the code stays held.
    expect(await listed(code)).toMatchObject({ usedCount: 0, reservedCount: 1 });
    expect(await order(code, email('blocked'))).toMatchObject({ status: 409 });
    expect((await runOrderExpiry({ db }, new Date())).expired).not.toContain(orderId); // not due yet

    // Twenty-five minutes on, the hold ends within the expiry margin.
    await db
      .collection('orders')
      .doc(orderId)
      .update({ promoReservedUntil: Timestamp.fromMillis(Date.now() + 5 * 60_000) });
    expect((await runOrderExpiry({ db }, new Date())).expired).toContain(orderId);
    expect(await statusOf('orders', orderId)).toBe('expired');
    expect(await statusOf('payments', paymentIntentId)).toBe('canceled');
    expect(await confirm(paymentIntentId)).toMatchObject({ status: 409, json: { error: CHECKOUT_EXPIRED_MESSAGE } });
    expect(await listed(code)).toMatchObject({ usedCount: 0, reservedCount: 0 });
    expect((await order(code, email('after'))).status).toBe(201);
  });
});

describe('one use per customer', () => {
  it('refuses the same email (any case) once it holds or redeemed the code; others may use it; editable', async () => {
    const code = await createPromo({ onePerCustomer: true });
    expect(await listed(code)).toMatchObject({ onePerCustomer: true });
    const buyer = email('once');
    const first = await order(code, buyer);
    expect(first.status).toBe(201);
    expect(await order(code, buyer.toUpperCase())).toMatchObject({
      status: 409,
      json: { error: 'This promo code has already been used with this email' },
    });
    await confirm((first.json as { paymentIntentId: string }).paymentIntentId);
    expect(await order(code, buyer)).toMatchObject({
      status: 409,
      json: { error: 'This promo code has already been used with this email' },
    });
    expect((await order(code, email('other'))).status).toBe(201);

    // Switched off in the Promo Code dialog (PUT), the same customer may use it again.
    const off = await api('PUT', `/api/promo-codes/${code}`, {
      token,
      body: { discountType: 'percentage', discountValue: 10, onePerCustomer: false },
    });
    expect(off.json).toMatchObject({ onePerCustomer: false });
    expect((await order(code, buyer)).status).toBe(201);
    expect(
      (
        await api('POST', '/api/promo-codes', {
          token,
          body: {
            code: uniqueCode(),
            discountType: 'percentage',
            discountValue: 10,
            validFrom: new Date().toISOString(),
            onePerCustomer: 'yes',
          },
        })
      ).status,
    ).toBe(400);
  });
});
