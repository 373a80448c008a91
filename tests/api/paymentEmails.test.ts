/**
 * The payment emails through the API: every payment request reaches the
 * client when it is issued (the deposit when the quote is accepted, by the
 * owner on the board or by the client through the link; the final payment at
 * launch; an admin's invoice), with its PDF and a Pay Now link to its
 * checkout, once however often the trigger runs; and a declined or failed
 * payment (deposit, invoice, cart order) emails the client a link to try again
 * at the same checkout and alerts the owner, once per failure event.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, requestId } from '@studio/domain';
import { syncPaymentRequests } from '../../functions/src/features/billing/paymentRequests.js';
import { adminIdToken, api, BASE_URL, db, eventually } from '../helpers.js';
import { storeLead, storePaidPayment } from '../fixtures.js';
import { seedPayableLead, sendWebhook } from './paymentFixtures.js';

let token: string;
const tag = () => randomUUID().slice(0, 8);

/** A `payment_intent.payment_failed` event as Stripe sends it, for a new PaymentIntent of `amount` cents. */
const paymentFailed = (amount: number, metadata: Record<string, string>, message: string) => ({
  id: `evt_${randomUUID().replaceAll('-', '')}`,
  object: 'event',
  type: 'payment_intent.payment_failed',
  data: {
    object: {
      id: `pi_${tag()}`,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: 'usd',
      metadata,
      last_payment_error: { message },
    },
  },
});
const OWNER = 'owner@example.com';

beforeAll(async () => {
  token = await adminIdToken();
});

/** The outbox entries of `leadId` with `templateId`. */
const outboxOf = async (leadId: string, templateId: string) =>
  (await db.collection('outbox').where('leadId', '==', leadId).where('templateId', '==', templateId).get()).docs;

/** The email as delivered (the emulators' mailer logs it in email_log). */
const delivered = (outboxId: string) =>
  eventually(async () => (await db.collection('email_log').doc(outboxId).get()).data(), 'the email in the log');

/** A payment request once the issuePaymentRequests trigger has issued it. */
const issued = (id: string) =>
  eventually(async () => (await db.collection('payment_requests').doc(id).get()).data(), `payment request ${id}`);

/** A lead with an approved quote ($750: a $375 deposit) through the CRM; returns its id and the link's token. */
async function approvedQuote(email: string): Promise<{ leadId: string; linkToken: string }> {
  const r = await api('POST', '/api/leads', {
    token,
    body: { name: 'Deposit Client', email, subject: 'Brochure site', message: 'Five pages.' },
  });
  const leadId = (r.json as { id: string }).id;
  expect((await api('PUT', `/api/leads/${leadId}`, { token, body: { status: 'Contacted' } })).status).toBe(200);
  const plan = { complexity: 'Low', timeline: '2 weeks', requirements: 'A small brochure site', estimatedHours: 10 };
  expect((await api('POST', `/api/leads/${leadId}/project-plan`, { token, body: plan })).status).toBe(201);
  const approved = await api('POST', `/api/leads/${leadId}/quote/approve`, { token, body: {} });
  expect(approved.status).toBe(200);
  const url = (approved.json as { acceptanceUrl: string }).acceptanceUrl;
  return { leadId, linkToken: new URLSearchParams(url.split('?')[1]).get('token')! };
}

/**
 * The deposit request of `leadId` was emailed to `email` exactly once, with its PDF and a Pay Now link to its
 * checkout; returns the request's checkout path.
 */
async function expectDepositRequestEmailed(leadId: string, email: string): Promise<string> {
  const request = await issued(`${leadId}_deposit`);
  expect(request).toMatchObject({ purpose: 'deposit', amountCents: 37_500, status: 'open' });
  const mails = await outboxOf(leadId, 'deposit-request');
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  const payLink = `${BASE_URL}${request.checkoutUrl}`;
  expect(mail.get('to')).toBe(email);
  expect(mail.get('attachments')).toEqual([{ kind: 'request', id: `${leadId}_deposit` }]);
  expect(mail.get('variables')).toMatchObject({
    invoiceNumber: request.number,
    description: '50% deposit: Brochure site',
    amount: '$375.00',
    paymentLink: payLink,
  });
  const log = await delivered(mail.id);
  expect(log.subject).toBe(`Deposit request ${request.number}: Brochure site`);
  expect(log.html).toContain(`href="${escapeHtml(payLink)}"`);
  expect(log.html).toContain('Pay now');
  expect(log.attachments).toEqual([
    { filename: `${request.number}.pdf`, contentType: 'application/pdf', bytes: expect.any(Number) },
  ]);
  expect(log.attachments[0].bytes).toBeGreaterThan(1000);
  return request.checkoutUrl as string;
}

describe('every payment request reaches the client when it is issued', () => {
  it('the owner accepts for the client on the board: the deposit request is emailed with its PDF and Pay Now', async () => {
    const email = `deposit.owner.${tag()}@example.com`;
    const { leadId } = await approvedQuote(email);
    expect((await api('POST', `/api/leads/${leadId}/quote/accept`, { token, body: {} })).status).toBe(200);
    await expectDepositRequestEmailed(leadId, email);

    // A retried trigger (the sync run again, also twice at once) finds the request issued and sends nothing more.
    const number = (await issued(`${leadId}_deposit`)).number;
    await syncPaymentRequests(db, leadId);
    await Promise.all([syncPaymentRequests(db, leadId), syncPaymentRequests(db, leadId)]);
    expect(await outboxOf(leadId, 'deposit-request')).toHaveLength(1);
    expect((await issued(`${leadId}_deposit`)).number).toBe(number);
  });

  it('the client accepts through the link: the same email, and its Pay Now is the checkout the quote page opens', async () => {
    const email = `deposit.client.${tag()}@example.com`;
    const { leadId, linkToken } = await approvedQuote(email);
    const accepted = await api('POST', '/api/quote-acceptance/accept', { body: { leadId, token: linkToken } });
    expect(accepted.status).toBe(200);
    const checkoutUrl = await expectDepositRequestEmailed(leadId, email);
    expect(accepted.json).toEqual({ success: true, requiresPayment: true, checkoutUrl });
  });

  it('the final payment, requested at launch, is emailed once; a deposit the lead records as paid is not', async () => {
    const email = `final.${tag()}@example.com`;
    const leadId = await storeLead(db, {
      name: 'Final Client',
      email,
      subject: 'Shop build',
      status: 'Launch',
      stripeDepositPaymentId: `pi_paid_${tag()}`,
    });
    const request = await issued(`${leadId}_final`);
    expect(request).toMatchObject({ purpose: 'final', amountCents: 200_000, status: 'open' });
    const mails = await outboxOf(leadId, 'invoice');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.get('attachments')).toEqual([{ kind: 'request', id: `${leadId}_final` }]);
    expect(mails[0]!.get('variables')).toMatchObject({
      description: 'Final payment: Shop build',
      paymentLink: `${BASE_URL}${request.checkoutUrl}`,
    });
    await syncPaymentRequests(db, leadId);
    expect(await outboxOf(leadId, 'invoice')).toHaveLength(1);
    expect(await outboxOf(leadId, 'deposit-request')).toHaveLength(0);
  });

  it('a request whose payment reached the ledger first is issued paid and asks for nothing', async () => {
    // The quote is not accepted yet, so no request is issued while the payment lands; the lead never records it
    // (its webhook landed between the trigger's read of the lead and the request's transaction).
    const leadId = await storeLead(db, {
      email: `ledger.first.${tag()}@example.com`,
      status: 'Quoted',
      quoteAccepted: false,
    });
    const deposit = requestId(leadId, 'deposit');
    const pi = `pi_first_${tag()}`;
    await storePaidPayment(db, {
      id: pi,
      leadId,
      purpose: 'deposit',
      amountCents: 200_000,
      document: { kind: 'request', id: deposit },
    });
    await db.collection('leads').doc(leadId).update({ status: 'Set Up', quoteAccepted: true });
    await syncPaymentRequests(db, leadId);
    expect(await issued(deposit)).toMatchObject({ status: 'paid', paymentIntentId: pi });
    expect(await outboxOf(leadId, 'deposit-request')).toHaveLength(0);
  });

  it("an admin's invoice is emailed once with its PDF and Pay Now, a retried request sending nothing more", async () => {
    const leadId = await storeLead(db, { name: 'Invoice Client', email: `invoice.${tag()}@example.com` });
    const key = `inv-${tag()}`;
    const send = () =>
      api('POST', '/api/create-invoice', {
        token,
        headers: { 'idempotency-key': key },
        body: { leadId, amount: '120.00', description: 'Extra page' },
      });
    const first = await send();
    expect(first.status).toBe(201);
    expect((await send()).json).toEqual(first.json);
    const { invoiceId, checkoutUrl } = first.json as Record<string, string>;
    const mails = await outboxOf(leadId, 'invoice');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.get('attachments')).toEqual([{ kind: 'invoice', id: invoiceId }]);
    expect(mails[0]!.get('variables')).toMatchObject({ paymentLink: `${BASE_URL}${checkoutUrl}` });
  });
});

describe('a declined or failed payment tells the client and the owner', () => {
  it("a declined deposit (test mode's Decline): the client gets a link to the same checkout, the owner an alert", async () => {
    const email = `declined.${tag()}@example.com`;
    const { leadId } = await seedPayableLead({ quoteAmountCents: 200_000, depositAmountCents: 100_000, email });
    const request = await issued(`${leadId}_deposit`);
    const intent = await api('POST', '/api/create-payment-intent', { body: { leadId } });
    expect(intent.status).toBe(200);
    const { paymentIntentId } = intent.json as { paymentIntentId: string };
    const decline = () => api('POST', '/api/test-mode/decline-payment', { body: { paymentIntentId } });
    expect((await decline()).json).toMatchObject({ success: false, status: 'failed' });
    expect((await db.collection('leads').doc(leadId).get()).get('status')).toBe('Payment Failed');

    const mails = await outboxOf(leadId, 'payment-failed');
    expect(mails).toHaveLength(1);
    const retryLink = `${BASE_URL}${request.checkoutUrl}`;
    expect(mails[0]!.get('to')).toBe(email);
    expect(mails[0]!.get('variables')).toMatchObject({
      amount: '$1,000.00',
      description: '50% deposit: Shop build',
      invoiceNumber: request.number,
      reason: 'Your card was declined. (test mode)',
      paymentLink: retryLink,
    });
    const log = await delivered(mails[0]!.id);
    expect(log.subject).toBe('Your payment of $1,000.00 did not go through');
    expect(log.html).toContain(`href="${escapeHtml(retryLink)}"`);
    expect(log.html).toContain('Try again');

    const alerts = await outboxOf(leadId, 'money-alert');
    const failed = alerts.filter((d) => d.get('variables').event === 'Deposit payment failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.get('to')).toBe(OWNER);
    expect(failed[0]!.get('variables')).toMatchObject({
      amount: '$1,000.00',
      clientName: 'Payer Client',
      documentNumber: request.number,
    });
    expect(failed[0]!.get('variables').detail).toContain(retryLink);

    // A second decline is a second failure event: told again.
    await decline();
    expect(await outboxOf(leadId, 'payment-failed')).toHaveLength(2);
  });

  it('an invoice payment that fails: one email and one alert however often Stripe delivers the event', async () => {
    const email = `invoice.failed.${tag()}@example.com`;
    const leadId = await storeLead(db, { name: 'Invoice Payer', email });
    const created = await api('POST', '/api/create-invoice', {
      token,
      body: { leadId, amount: '250.00', description: 'Extra hours' },
    });
    const { invoiceId, number, checkoutUrl } = created.json as Record<string, string>;
    const event = paymentFailed(
      25_000,
      { purpose: 'invoice', invoiceId: invoiceId!, leadId },
      'Your card has insufficient funds.',
    );
    const results = await Promise.all([sendWebhook(event), sendWebhook(event)]);
    expect(results.map((r) => (r.json as { outcome: string }).outcome).sort()).toEqual(['applied', 'duplicate']);
    expect((await sendWebhook(event)).json).toMatchObject({ outcome: 'duplicate' });

    const mails = await outboxOf(leadId, 'payment-failed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.get('to')).toBe(email);
    expect(mails[0]!.get('variables')).toMatchObject({
      amount: '$250.00',
      description: 'Extra hours',
      invoiceNumber: number,
      reason: 'Your card has insufficient funds.',
      paymentLink: `${BASE_URL}${checkoutUrl}`,
    });
    const alerts = (await outboxOf(leadId, 'money-alert')).filter(
      (d) => d.get('variables').event === 'Invoice payment failed',
    );
    expect(alerts).toHaveLength(1);
    // An invoice is not a stage of the quote: the lead does not move.
    expect((await db.collection('leads').doc(leadId).get()).get('status')).toBe('Set Up');
  });

  it('a declined cart order: the buyer is sent back to the cart, the owner alerted', async () => {
    const email = `cart.declined.${tag()}@example.com`;
    const name = `Cart Decline ${tag()}`;
    const res = await api('POST', '/api/create-subscription', {
      body: {
        packageId: 'web-hosting',
        pricingMode: 'annual',
        clientInfo: { name, email, projectDescription: 'Hosting' },
      },
    });
    expect(res.status).toBe(201);
    const { orderId, paymentIntentId } = res.json as Record<string, string>;
    expect((await api('POST', '/api/test-mode/decline-payment', { body: { paymentIntentId } })).status).toBe(200);
    expect((await db.collection('orders').doc(orderId!).get()).get('status')).toBe('payment_failed');

    const mails = (await db.collection('outbox').where('to', '==', email).get()).docs;
    expect(mails.map((d) => d.get('templateId'))).toEqual(['payment-failed']);
    expect(mails[0]!.get('variables')).toMatchObject({ invoiceNumber: orderId, paymentLink: `${BASE_URL}/cart` });
    const alerts = (await db.collection('outbox').where('templateId', '==', 'money-alert').get()).docs.filter(
      (d) => d.get('variables').clientName === name,
    );
    expect(alerts.map((d) => d.get('variables').event)).toEqual(['Order payment failed']);
  });

  it('a failure for a stage already paid by another intent tells nobody', async () => {
    const { leadId } = await seedPayableLead({
      quoteAmountCents: 200_000,
      depositAmountCents: 100_000,
      email: `stale.${tag()}@example.com`,
    });
    const intent = await api('POST', '/api/create-payment-intent', { body: { leadId } });
    const { paymentIntentId } = intent.json as { paymentIntentId: string };
    expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).status).toBe(200);
    const stale = paymentFailed(100_000, { purpose: 'deposit', leadId }, 'Your card was declined.');
    expect((await sendWebhook(stale)).json).toMatchObject({ outcome: 'applied' });
    expect(await outboxOf(leadId, 'payment-failed')).toHaveLength(0);
    const alerts = (await outboxOf(leadId, 'money-alert')).map((d) => d.get('variables').event);
    expect(alerts).not.toContain('Deposit payment failed');
  });
});
