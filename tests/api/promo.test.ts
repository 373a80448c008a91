/**
 * Promo codes and the cart: admin CRUD with validation and guards,
 * the public validate call, server-side cart pricing in the three modes, and
 * the promo usage limit under 50 concurrent create-subscription calls.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { promoValidatedReply, subscriptionReply } from '@studio/domain';
import { adminIdToken, api, db, startInProcessApp, userIdToken, type ApiResponse } from '../helpers.js';

let token: string;
let userToken: string;

beforeAll(async () => {
  token = await adminIdToken();
  userToken = await userIdToken();
});

let seq = 0;
/** A code no other run or test uses (3–32 of A–Z 0–9 _ -). */
const uniqueCode = (prefix = 'T') => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

/** Creates a promo code through the admin API (10% off, valid since a minute ago) and returns its code. */
async function createPromo(over: Record<string, unknown> = {}): Promise<string> {
  const code = uniqueCode();
  const r = await api('POST', '/api/promo-codes', {
    token,
    body: { code, discountType: 'percentage', discountValue: 10, validFrom: minutesFromNow(-1), ...over },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return code;
}

const usedCount = async (code: string) =>
  (await db.collection('promo_codes').doc(code).get()).get('usedCount') as number;
/** Unpaid orders holding the code now, as the admin list shows it. */
const reservedCount = async (code: string) =>
  ((await api('GET', '/api/promo-codes', { token })).json as Array<{ code: string; reservedCount: number }>).find(
    (p) => p.code === code,
  )!.reservedCount;
const ordersFor = async (email: string) =>
  (await db.collection('orders').where('clientInfo.email', '==', email).get()).docs.map((d) => d.data());

let buyer = 0;
const clientInfo = (email = `buyer.${Date.now()}.${buyer++}@example.com`) => ({
  name: 'Cart Buyer',
  email,
  projectDescription: 'A refreshed bakery site',
});
const subscribe = (body: Record<string, unknown>, baseUrl?: string) =>
  api('POST', '/api/create-subscription', { body, baseUrl });
const errorOf = (r: ApiResponse) => (r.json as { error?: string }).error;

describe('admin promo code routes refuse the wrong caller', () => {
  it('401 anonymous and 403 non-admin on every admin route, and nothing changes', async () => {
    const code = await createPromo();
    const body = { code: uniqueCode(), discountType: 'percentage', discountValue: 5, validFrom: minutesFromNow(0) };
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/promo-codes', undefined],
      ['POST', '/api/promo-codes', body],
      ['PUT', `/api/promo-codes/${code}`, { discountType: 'fixed', discountValue: 99 }],
      ['DELETE', `/api/promo-codes/${code}`, undefined],
    ];
    for (const [method, path, b] of routes) {
      expect((await api(method, path, { body: b })).status, `${method} ${path}`).toBe(401);
      expect((await api(method, path, { body: b, token: 'not-a-token' })).status, `${method} ${path}`).toBe(401);
      expect((await api(method, path, { body: b, token: userToken })).status, `${method} ${path}`).toBe(403);
    }
    const stored = (await db.collection('promo_codes').doc(code).get()).data()!;
    expect(stored).toMatchObject({ discountType: 'percentage', discountValue: 10 });
    expect((await db.collection('promo_codes').doc(body.code).get()).exists).toBe(false);
  });
});

describe('admin CRUD', () => {
  it('creates: uppercased code as the doc id, cents in Firestore, 2-decimal strings in the reply', async () => {
    const code = uniqueCode('new');
    const r = await api('POST', '/api/promo-codes', {
      token,
      body: {
        code: ` ${code.toLowerCase()} `,
        discountType: 'fixed',
        discountValue: '25.50',
        minOrderAmount: 100,
        maxDiscountAmount: '20',
        usageLimit: 5,
        validFrom: '2026-01-01T00:00:00.000Z',
        validUntil: '2099-01-01T00:00:00.000Z',
      },
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      id: code,
      code,
      discountType: 'fixed',
      discountValue: '25.50',
      minOrderAmount: '100.00',
      maxDiscountAmount: '20.00',
      usageLimit: 5,
      usedCount: 0,
      isActive: true,
      validFrom: '2026-01-01T00:00:00.000Z',
      validUntil: '2099-01-01T00:00:00.000Z',
    });
    const stored = (await db.collection('promo_codes').doc(code).get()).data()!;
    expect(stored).toMatchObject({
      code,
      discountValue: 2550,
      minOrderAmountCents: 10_000,
      maxDiscountAmountCents: 2_000,
      usageLimit: 5,
      usedCount: 0,
      isActive: true,
    });
    expect(stored.validFrom.toDate().toISOString()).toBe('2026-01-01T00:00:00.000Z');

    const list = await api('GET', '/api/promo-codes', { token });
    expect(list.status).toBe(200);
    const codes = (list.json as Array<{ code: string }>).map((p) => p.code);
    expect(codes).toContain(code);
    expect(codes).toContain('WELCOME10');
    expect(codes).toEqual([...codes].sort());
  });

  it('omitted optionals are stored as null (unlimited, no expiry); isActive defaults to true', async () => {
    const code = await createPromo({ minOrderAmount: '', usageLimit: null });
    expect((await db.collection('promo_codes').doc(code).get()).data()).toMatchObject({
      minOrderAmountCents: null,
      maxDiscountAmountCents: null,
      usageLimit: null,
      validUntil: null,
      isActive: true,
    });
  });

  it('refuses a duplicate code with 409, whatever its case', async () => {
    const code = await createPromo();
    for (const c of [code, code.toLowerCase()]) {
      const dup = await api('POST', '/api/promo-codes', {
        token,
        body: { code: c, discountType: 'percentage', discountValue: 20, validFrom: minutesFromNow(0) },
      });
      expect(dup.status).toBe(409);
      expect(dup.json).toEqual({ error: 'Promo code already exists' });
    }
    expect((await db.collection('promo_codes').doc(code).get()).get('discountValue')).toBe(10);
  });

  it('answers 400 with fields for bad input', async () => {
    const r = await api('POST', '/api/promo-codes', {
      token,
      body: { code: 'x', discountType: 'bogus', usageLimit: 0, validUntil: 'soon', usedCount: 7 },
    });
    expect(r.status).toBe(400);
    expect((r.json as { fields: Record<string, string> }).fields).toMatchObject({
      code: expect.any(String),
      discountType: expect.any(String),
      discountValue: 'Discount value is required',
      usageLimit: expect.any(String),
      validFrom: 'Valid from is required',
      validUntil: expect.any(String),
      usedCount: 'Unknown field',
    });
    const pct = await api('POST', '/api/promo-codes', {
      token,
      body: { code: uniqueCode(), discountType: 'percentage', discountValue: 150, validFrom: minutesFromNow(0) },
    });
    expect((pct.json as { fields: Record<string, string> }).fields).toEqual({
      discountValue: 'Percentage must be a whole number from 1 to 100',
    });
    const window = await api('POST', '/api/promo-codes', {
      token,
      body: {
        code: uniqueCode(),
        discountType: 'fixed',
        discountValue: 5,
        validFrom: minutesFromNow(10),
        validUntil: minutesFromNow(5),
      },
    });
    expect((window.json as { fields: Record<string, string> }).fields).toEqual({
      validUntil: 'Valid until must be after valid from',
    });
  });

  it('updates the terms, keeps usedCount, clears omitted optionals, refuses a new code', async () => {
    const code = await createPromo({ usageLimit: 10, maxDiscountAmount: 30 });
    await db.collection('promo_codes').doc(code).update({ usedCount: 4 });
    const r = await api('PUT', `/api/promo-codes/${code}`, {
      token,
      body: { code, discountType: 'fixed', discountValue: 40, usageLimit: '20', isActive: false },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      code,
      discountType: 'fixed',
      discountValue: '40.00',
      usageLimit: 20,
      usedCount: 4,
      isActive: false,
      maxDiscountAmount: null,
    });
    expect((await db.collection('promo_codes').doc(code).get()).data()).toMatchObject({
      discountValue: 4_000,
      usedCount: 4,
      isActive: false,
      maxDiscountAmountCents: null,
    });

    const rename = await api('PUT', `/api/promo-codes/${code}`, {
      token,
      body: { code: 'SOMETHINGELSE', discountType: 'fixed', discountValue: 40 },
    });
    expect(rename.status).toBe(400);
    expect((rename.json as { fields: object }).fields).toHaveProperty('code');
    const bad = await api('PUT', `/api/promo-codes/${code}`, {
      token,
      body: { discountType: 'percentage', discountValue: 0 },
    });
    expect(bad.status).toBe(400);
    // validUntil is checked against the stored validFrom when none is sent.
    const early = await api('PUT', `/api/promo-codes/${code}`, {
      token,
      body: { discountType: 'fixed', discountValue: 40, validUntil: minutesFromNow(-30) },
    });
    expect((early.json as { fields: object }).fields).toEqual({ validUntil: 'Valid until must be after valid from' });
    expect(
      (await api('PUT', '/api/promo-codes/NOSUCHCODE123', { token, body: { discountType: 'fixed', discountValue: 1 } }))
        .status,
    ).toBe(404);
  });

  it('deletes, then 404', async () => {
    const code = await createPromo();
    const r = await api('DELETE', `/api/promo-codes/${code}`, { token });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true });
    expect((await db.collection('promo_codes').doc(code).get()).exists).toBe(false);
    expect((await api('DELETE', `/api/promo-codes/${code}`, { token })).status).toBe(404);
  });
});

describe('POST /api/promo-codes/validate (public)', () => {
  const validate = (code: string, packageId = 'web-hosting') =>
    api('POST', '/api/promo-codes/validate', { body: { code, packageId } });

  it('gives the discount on the one-time price without redeeming', async () => {
    const before = await usedCount('WELCOME10');
    const r = await validate('welcome10');
    expect(r.status).toBe(200);
    expect(promoValidatedReply.parse(r.json)).toEqual(r.json); // the web's reply schema reads all of it
    expect(r.json).toMatchObject({
      success: true,
      valid: true,
      code: 'WELCOME10',
      orderAmount: '500.00',
      setupFee: '500.00',
      discount: '50.00',
      monthlyPrice: '12.99',
      totalDueNow: '462.99',
    });
    expect(await usedCount('WELCOME10')).toBe(before);
    const capped = await createPromo({ discountType: 'fixed', discountValue: 900 });
    expect((await validate(capped, 'maintenance-8hr')).json).toMatchObject({
      discount: '500.00',
      setupFee: '500.00',
      totalDueNow: '249.99',
    });
  });

  it.each([
    ['inactive', { isActive: false }, 409, 'This promo code is not active'],
    [
      'expired',
      { validFrom: minutesFromNow(-120), validUntil: minutesFromNow(-60) },
      409,
      'This promo code has expired',
    ],
    ['not yet valid', { validFrom: minutesFromNow(60) }, 409, 'This promo code is not valid yet'],
    [
      'below the minimum order',
      { minOrderAmount: '500.01' },
      409,
      'This promo code needs an order of at least $500.01',
    ],
  ])('%s → %i', async (_name, over, status, message) => {
    const code = await createPromo(over);
    const r = await validate(code);
    expect(r.status).toBe(status);
    expect(errorOf(r)).toBe(message);
  });

  it('usage limit reached, unknown code, bad body', async () => {
    const code = await createPromo({ usageLimit: 2 });
    await db.collection('promo_codes').doc(code).update({ usedCount: 2 });
    expect(errorOf(await validate(code))).toBe('Promo code usage limit reached');
    expect((await validate('SPRING50')).status).toBe(409); // seeded: 20 of 20 used
    const unknown = await validate('NOPE-NOT-A-CODE');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toBe('Invalid promo code');
    expect(
      (await api('POST', '/api/promo-codes/validate', { body: { code: 'WELCOME10', packageId: 'gold' } })).status,
    ).toBe(400);
    expect(
      (await api('POST', '/api/promo-codes/validate', { body: { code: 'a/b', packageId: 'web-hosting' } })).status,
    ).toBe(400);
  });
});

describe('POST /api/create-subscription (public)', () => {
  it('monthly: setup fee waived, the first month due now, an order pending payment', async () => {
    const info = clientInfo();
    const r = await subscribe({ packageId: 'web-hosting', pricingMode: 'monthly', clientInfo: info });
    expect(r.status).toBe(201);
    expect(subscriptionReply.parse(r.json)).toEqual(r.json); // the web's reply schema reads all of it
    expect(r.json).toMatchObject({
      success: true,
      orderId: expect.any(String),
      setupFee: '0.00',
      monthlyPrice: '45.00',
      interval: 'month',
      discount: '0.00',
      totalDueNow: '45.00',
      annualSaving: '90.00',
      clientSecret: expect.stringMatching(/^pi_test_/),
      paymentIntentId: expect.stringMatching(/^pi_test_/),
      paymentMode: 'test',
      message: expect.any(String),
    });
    const order = (
      await db
        .collection('orders')
        .doc((r.json as { orderId: string }).orderId)
        .get()
    ).data()!;
    expect(order).toMatchObject({
      status: 'pending_payment',
      packageId: 'web-hosting',
      pricingMode: 'monthly',
      clientInfo: { name: 'Cart Buyer', email: info.email, phone: null, projectDescription: info.projectDescription },
      promoCode: null,
      setupFeeCents: 0,
      recurringCents: 4_500,
      discountCents: 0,
      totalDueNowCents: 4_500,
    });
    expect(order.createdAt).toBeDefined();
  });

  it('defaults to monthly', async () => {
    const r = await subscribe({ packageId: 'maintenance-2hr', clientInfo: clientInfo() });
    expect(r.json).toMatchObject({
      pricingMode: 'monthly',
      setupFee: '0.00',
      monthlyPrice: '85.00',
      totalDueNow: '85.00',
    });
  });

  it('annual: setup fee waived, the year due now, the saving shown', async () => {
    const r = await subscribe({ packageId: 'maintenance-8hr', pricingMode: 'annual', clientInfo: clientInfo() });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      setupFee: '0.00',
      monthlyPrice: null,
      recurringPrice: '3175.00',
      interval: 'year',
      annualSaving: '125.00',
      totalDueNow: '3175.00',
    });
  });

  it('one-time: the setup fee plus the first month of hosting', async () => {
    const r = await subscribe({ packageId: 'maintenance-2hr', pricingMode: 'onetime', clientInfo: clientInfo() });
    expect(r.json).toMatchObject({
      setupFee: '500.00',
      monthlyPrice: '49.99',
      discount: '0.00',
      totalDueNow: '549.99',
      promoApplied: false,
    });
  });

  it('one-time with a promo: discounted on the server and reserved (not yet redeemed) for the unpaid order', async () => {
    const code = await createPromo({ discountValue: 20, usageLimit: 5 });
    const info = clientInfo();
    const r = await subscribe({
      packageId: 'web-hosting',
      pricingMode: 'onetime',
      discountCode: code.toLowerCase(),
      clientInfo: info,
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      setupFee: '500.00',
      discount: '100.00',
      totalDueNow: '412.99',
      promoApplied: true,
      promoCode: code,
    });
    expect(await usedCount(code)).toBe(0);
    expect(await reservedCount(code)).toBe(1);
    expect(await ordersFor(info.email)).toEqual([
      expect.objectContaining({ promoCode: code, discountCents: 10_000, totalDueNowCents: 41_299 }),
    ]);
  });

  it('ignores a promo outside one-time mode (not applied, not redeemed)', async () => {
    const code = await createPromo();
    for (const pricingMode of ['monthly', 'annual']) {
      const r = await subscribe({
        packageId: 'web-hosting',
        pricingMode,
        discountCode: code,
        clientInfo: clientInfo(),
      });
      expect(r.status).toBe(201);
      expect(r.json).toMatchObject({ discount: '0.00', promoApplied: false, promoCode: null });
    }
    expect(await usedCount(code)).toBe(0);
  });

  it('refuses a promo that does not apply, and stores no order', async () => {
    const expired = await createPromo({ validFrom: minutesFromNow(-120), validUntil: minutesFromNow(-60) });
    const info = clientInfo();
    const r = await subscribe({
      packageId: 'web-hosting',
      pricingMode: 'onetime',
      discountCode: expired,
      clientInfo: info,
    });
    expect(r.status).toBe(409);
    expect(errorOf(r)).toBe('This promo code has expired');
    const unknown = await subscribe({
      packageId: 'web-hosting',
      pricingMode: 'onetime',
      discountCode: 'NO-SUCH-CODE',
      clientInfo: info,
    });
    expect(unknown.status).toBe(404);
    expect(await ordersFor(info.email)).toEqual([]);
    expect(await usedCount(expired)).toBe(0);
  });

  it('validates the body and never takes client totals', async () => {
    const r = await subscribe({
      packageId: 'gold',
      pricingMode: 'weekly',
      clientInfo: { name: '', email: 'nope' },
      totalDueNow: '1.00',
    });
    expect(r.status).toBe(400);
    expect((r.json as { fields: Record<string, string> }).fields).toMatchObject({
      packageId: 'Choose one of the packages',
      pricingMode: expect.any(String),
      'clientInfo.name': 'Name is required',
      'clientInfo.email': 'Please enter a valid email address',
      'clientInfo.projectDescription': 'Project description is required',
      totalDueNow: 'Unknown field',
    });
    expect((await subscribe({ packageId: 'web-hosting', pricingMode: 'monthly' })).status).toBe(400);
  });
});

describe('promo usage limit under concurrency', () => {
  // The 50 requests go to one API instance started in this process, as production's instance
  // (concurrency 80) takes them: the Functions emulator starts a process per concurrent request,
  // and 50 cold processes on a 2-core machine outlast its 30 s start timeout. The race across
  // instances is the next test's, through the emulator.
  it(
    '50 concurrent one-time subscriptions with a 10-use code: 10 reserve it, the rest get a clear 409 and no order',
    { timeout: 240_000 },
    async () => {
      const code = await createPromo({ usageLimit: 10 });
      const tag = `race.${Date.now()}`;
      const app = await startInProcessApp();
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          subscribe(
            {
              packageId: 'web-hosting',
              pricingMode: 'onetime',
              discountCode: code,
              clientInfo: clientInfo(`${tag}.${i}@example.com`),
            },
            app.base,
          ),
        ),
      ).finally(app.close);

      const won = responses.filter((r) => r.status === 201);
      const lost = responses.filter((r) => r.status !== 201);
      for (const r of won)
        expect(r.json).toMatchObject({ promoApplied: true, promoCode: code, discount: '50.00', totalDueNow: '462.99' });
      for (const r of lost) {
        expect(r.status, JSON.stringify(r.json)).toBe(409);
        expect(r.json).toEqual({ error: 'Promo code usage limit reached' });
      }
      // Every call ended in one of the two clear outcomes, so the limit was reached exactly.
      expect(won.length).toBeLessThanOrEqual(10);
      expect(won.length).toBe(10);
      // Reservations count against the limit; none is paid yet, so usedCount stays 0.
      expect(await reservedCount(code)).toBe(won.length);
      expect(await usedCount(code)).toBe(0);

      const orders = (await db.collection('orders').where('promoCode', '==', code).get()).docs;
      expect(orders).toHaveLength(won.length);
      expect(orders.map((d) => d.id).sort()).toEqual(won.map((r) => (r.json as { orderId: string }).orderId).sort());
      // Losers wrote nothing at all: the race's orders are exactly the winners'.
      const raceOrders = (await db.collection('orders').where('clientInfo.name', '==', 'Cart Buyer').get()).docs.filter(
        (d) => String(d.get('clientInfo.email')).startsWith(tag),
      );
      expect(raceOrders).toHaveLength(won.length);
    },
  );

  it(
    '4 concurrent subscriptions across the emulator instances with a 2-use code: 2 reserve it, 2 get a 409',
    { timeout: 180_000 },
    async () => {
      const code = await createPromo({ usageLimit: 2 });
      const tag = `race2.${Date.now()}`;
      const responses = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          subscribe({
            packageId: 'web-hosting',
            pricingMode: 'onetime',
            discountCode: code,
            clientInfo: clientInfo(`${tag}.${i}@example.com`),
          }),
        ),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
      expect(await reservedCount(code)).toBe(2);
    },
  );
});
