/**
 * The books through the API: the final payment requested and emailed at
 * launch and still owed after the countdown; refunds (from the CRM and from
 * Stripe's events, full and partial) and disputes (won and lost) in the
 * ledger with their credit notes; a payment in the wrong currency or amount
 * held for review; create-invoice's Idempotency-Key under a race; hosting
 * subscriptions renewed, failed and canceled; the totals kept beside the
 * entries (each month's, each document's sums and each payment's refunds),
 * checked and repaired by books:check.
 */
import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  documentBalance,
  ledgerEntryDocSchema,
  ledgerMonthDocSchema,
  ledgerSums,
  ledgerSumsSchema,
  parseInvoiceNumber,
  subscriptionDocSchema,
  DAY_MS,
} from '@studio/domain';
import { checkBooks, repairKeptSums } from '../../functions/src/features/billing/checkBooks.js';
import { recordLedgerEntry } from '../../functions/src/features/billing/ledger.js';
import { runProjectSchedule } from '../../functions/src/features/projects/launchCountdown.js';
import { adminIdToken, api, db, eventually, userIdToken } from '../helpers.js';
import { projectDoc, storeLead } from '../fixtures.js';
import { pdfText } from '../pdfText.js';
import { sendWebhook } from './paymentFixtures.js';

let token: string;

beforeAll(async () => {
  token = await adminIdToken();
});

/** An accepted lead ($4,000: $2,000 deposit) with its project in Set up. */
async function acceptedLead(tag: string) {
  const email = `books.${tag}.${randomUUID().slice(0, 8)}@example.com`;
  const leadId = await storeLead(db, { name: `Books ${tag}`, email, subject: `Books ${tag}` });
  const project = db.collection('projects').doc();
  await project.set(projectDoc({ leadId, name: `Books ${tag}`, client: `Books ${tag}` }));
  return { email, leadId, projectId: project.id };
}

/** Pays the lead's next stage through the test-mode checkout; returns the PaymentIntent id. */
async function payNext(leadId: string): Promise<string> {
  const intent = await api('POST', '/api/create-payment-intent', { body: { leadId } });
  expect(intent.status).toBe(200);
  const { paymentIntentId } = intent.json as { paymentIntentId: string };
  expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).status).toBe(200);
  return paymentIntentId;
}

/** The ledger entries of a PaymentIntent, parsed as the server reads them. */
const entriesOf = async (paymentIntentId: string) =>
  (await db.collection('ledger_entries').where('paymentIntentId', '==', paymentIntentId).get()).docs.map((d) => ({
    id: d.id,
    ...ledgerEntryDocSchema.parse(d.data()),
  }));

/** A billable document's entries (documentKind, documentId). */
const entriesOfDocument = async (kind: string, id: string) =>
  (
    await db.collection('ledger_entries').where('documentKind', '==', kind).where('documentId', '==', id).get()
  ).docs.map((d) => ({ id: d.id, ...ledgerEntryDocSchema.parse(d.data()) }));

/**
 * The totals the ledger's writer keeps are what the entries add up to: the
 * document's `ledgerCents` (what the Money page shows as due) and, when a
 * PaymentIntent is named, its payment entry's `refundedCents` (what it can
 * still refund).
 */
async function expectKeptSums(collection: 'invoices' | 'payment_requests', id: string, pi?: string) {
  const kind = collection === 'invoices' ? 'invoice' : 'request';
  const doc = await db.collection(collection).doc(id).get();
  expect(doc.exists, `${collection}/${id}`).toBe(true);
  const stored = ledgerSumsSchema.parse(doc.get('ledgerCents'));
  expect(stored, `${collection}/${id} ledgerCents`).toEqual(ledgerSums(await entriesOfDocument(kind, id)));
  if (!pi) return;
  const entries = await entriesOf(pi);
  const refunded = entries.filter((e) => e.type === 'refund').reduce((s, e) => s + e.amountCents, 0);
  expect(entries.find((e) => e.type === 'payment')?.refundedCents, `${pi} refundedCents`).toBe(refunded);
}

const outboxOf = async (leadId: string, templateId: string) =>
  (await db.collection('outbox').where('leadId', '==', leadId).where('templateId', '==', templateId).get()).docs;

describe('launch with the final payment unpaid', () => {
  it('requests the final payment at launch, emails it with its PDF, and it stays owed after the countdown', async () => {
    const { email, leadId, projectId } = await acceptedLead('launch');
    await payNext(leadId);
    await eventually(
      async () => (await db.collection('projects').doc(projectId).get()).get('depositPaidAt') != null,
      'the deposit recorded on the project',
    );
    // Production is a manual stage (spec §4): the owner starts the work once the deposit is in.
    expect((await api('PUT', `/api/projects/${projectId}`, { token, body: { status: 'Production' } })).status).toBe(
      200,
    );
    // No final request before delivery.
    expect((await db.collection('payment_requests').doc(`${leadId}_final`).get()).exists).toBe(false);

    const beta = await api('POST', `/api/projects/${projectId}/deploy-to-beta`, {
      token,
      body: { deploymentUrl: 'https://beta.books.example' },
    });
    expect(beta.status).toBe(200);
    expect(
      (await api('POST', `/api/projects/${projectId}/launch`, { token, body: { handoffType: 'files' } })).status,
    ).toBe(200);
    const final = await eventually(
      async () => (await db.collection('payment_requests').doc(`${leadId}_final`).get()).data(),
      'the final payment request, issued at launch',
    );
    expect(final).toMatchObject({ purpose: 'final', amountCents: 200_000, status: 'open' });
    const [sent] = await outboxOf(leadId, 'invoice');
    expect(sent!.get('to')).toBe(email);
    expect(sent!.get('attachments')).toEqual([{ kind: 'request', id: `${leadId}_final` }]);
    expect(sent!.get('variables')).toMatchObject({ invoiceNumber: final.number, amount: '$2,000.00' });

    // The countdown ends 8 days later: the project is Won and the lead Complete, but the money is still owed.
    await db
      .collection('projects')
      .doc(projectId)
      .update({ launchDate: Timestamp.fromMillis(Date.now() - 8 * DAY_MS) });
    await runProjectSchedule({ db }, new Date());
    expect((await db.collection('leads').doc(leadId).get()).get('status')).toBe('Complete');
    expect((await db.collection('payment_requests').doc(`${leadId}_final`).get()).get('status')).toBe('open');
    const lookup = await api('GET', `/api/client-project?email=${encodeURIComponent(email)}`);
    expect((lookup.json as { lead: unknown }).lead).toMatchObject({ paidInFull: false, amountDue: '2000.00' });
    // The countdown's history line says what moved, not "null → null".
    const history = (await db.collection('lead_activity').where('leadId', '==', leadId).get()).docs.map((d) =>
      String(d.get('detail')),
    );
    expect(history).toContain('Scheduled: project countdown ended → Won');

    // The client pays it from My Project: paid in full.
    await payNext(leadId);
    const after = await api('GET', `/api/client-project?email=${encodeURIComponent(email)}`);
    expect((after.json as { lead: unknown }).lead).toMatchObject({ paidInFull: true, amountDue: null });
  });
});

describe('refunds', () => {
  it('a partial refund from the CRM, then the rest from Stripe: ledger, credit notes, history, emails', async () => {
    const { leadId } = await acceptedLead('refund');
    const pi = await payNext(leadId);
    const deposit = await eventually(async () => {
      const d = (await db.collection('payment_requests').doc(`${leadId}_deposit`).get()).data();
      return d?.status === 'paid' ? d : null;
    }, 'the deposit request paid');

    // The wrong caller is refused, and nothing is written.
    const path = `/api/billing/payments/${pi}/refund`;
    expect((await api('POST', path, { body: { amount: '100.00' } })).status).toBe(401);
    expect((await api('POST', path, { token: await userIdToken(), body: { amount: '100.00' } })).status).toBe(403);
    expect((await api('POST', path, { token, body: { amount: '100.001' } })).status).toBe(400);
    expect((await api('POST', path, { token, body: { amount: '5000.00' } })).status).toBe(409);
    expect((await entriesOf(pi)).map((e) => e.type)).toEqual(['payment']);

    const partial = await api('POST', path, { token, body: { amount: '150.00', reason: 'Scope reduced' } });
    expect(partial.status).toBe(200);
    expect(partial.json).toMatchObject({ success: true, amount: '150.00', recorded: true });
    let entries = await entriesOf(pi);
    expect(entries.map((e) => [e.type, e.amountCents]).sort()).toEqual(
      [
        ['credit_note', 15_000],
        ['payment', 200_000],
        ['refund', 15_000],
      ].sort(),
    );
    const note = entries.find((e) => e.type === 'credit_note')!;
    expect(parseInvoiceNumber(note.number!, 'creditNote')).not.toBeNull();
    expect(note.documentId).toBe(`${leadId}_deposit`);
    expect(documentBalance(200_000, entries)).toMatchObject({ amountDueCents: 0, refundedCents: 15_000 });
    await expectKeptSums('payment_requests', `${leadId}_deposit`, pi);
    expect(entries.find((e) => e.type === 'payment')?.refundedCents).toBe(15_000);

    // The credit note's PDF downloads, with its number and the invoice it credits.
    const res = await fetch(`http://127.0.0.1:5000/api/documents/credit-note/${note.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const { text } = await pdfText(Buffer.from(await res.arrayBuffer()));
    for (const s of ['CREDIT NOTE', note.number!, deposit.number, '-$150.00']) expect(text, s).toContain(s);
    // The request it credits says it is paid and partially refunded, naming the credit note.
    const requestPdf = await fetch(`http://127.0.0.1:5000/api/documents/request/${leadId}_deposit`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const requestText = (await pdfText(Buffer.from(await requestPdf.arrayBuffer()))).text.replace(/\s+/g, ' ');
    for (const s of ['PAID', 'Partially refunded: $150.00', note.number!]) expect(requestText, s).toContain(s);
    expect(requestText).not.toContain('Total due');

    // Stripe's event for the rest (a refund made in its dashboard) records only what is new; a copy records nothing.
    const event = {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: `ch_${randomUUID().slice(0, 8)}`,
          object: 'charge',
          payment_intent: pi,
          amount: 200_000,
          amount_refunded: 200_000,
          currency: 'usd',
        },
      },
    };
    expect((await sendWebhook(event)).json).toEqual({ received: true, outcome: 'applied' });
    expect((await sendWebhook(event)).json).toEqual({ received: true, outcome: 'duplicate' });
    entries = await entriesOf(pi);
    const refunds = entries.filter((e) => e.type === 'refund').map((e) => e.amountCents);
    expect(refunds.sort((a, b) => a - b)).toEqual([15_000, 185_000]);
    const numbers = entries
      .filter((e) => e.type === 'credit_note')
      .map((e) => parseInvoiceNumber(e.number!, 'creditNote')!);
    expect(new Set(numbers.map((n) => n.seq)).size).toBe(2);
    expect((await db.collection('payments').doc(pi).get()).get('amountRefundedCents')).toBe(200_000);
    expect(documentBalance(200_000, entries)).toMatchObject({ amountDueCents: 0, keptCents: 0 });
    await expectKeptSums('payment_requests', `${leadId}_deposit`, pi);
    expect((await api('POST', path, { token, body: {} })).status).toBe(409);

    // The lead's history has both; the owner is alerted and the client gets each credit note.
    const history = (
      await db.collection('lead_activity').where('leadId', '==', leadId).where('type', '==', 'refund').get()
    ).docs;
    expect(history).toHaveLength(2);
    const alerts = (await outboxOf(leadId, 'money-alert')).map((d) => [d.get('to'), d.get('variables').event]);
    expect(alerts.filter(([, event]) => event === 'Refund')).toEqual([
      ['owner@example.com', 'Refund'],
      ['owner@example.com', 'Refund'],
    ]);
    expect(alerts).toContainEqual(['owner@example.com', 'Deposit paid']);
    expect(await outboxOf(leadId, 'credit-note')).toHaveLength(2);
  });
});

describe('disputes', () => {
  it('opened, then lost: the money is written off and the invoice is uncollectible; a won one changes nothing owed', async () => {
    for (const status of ['lost', 'won'] as const) {
      const { leadId } = await acceptedLead(`dispute-${status}`);
      const pi = await payNext(leadId);
      // The deposit request is issued by the leads trigger, before or after the payment: its sums count both ways.
      await eventually(
        async () => (await db.collection('payment_requests').doc(`${leadId}_deposit`).get()).get('status') === 'paid',
        'the deposit request paid',
      );
      const dispute = (type: string, s: string) => ({
        id: `evt_${randomUUID().replaceAll('-', '')}`,
        object: 'event',
        type,
        data: {
          object: {
            id: `dp_${pi.slice(-8)}`,
            object: 'dispute',
            payment_intent: pi,
            charge: 'ch_x',
            amount: 200_000,
            currency: 'usd',
            status: s,
            reason: 'fraudulent',
          },
        },
      });
      expect((await sendWebhook(dispute('charge.dispute.created', 'needs_response'))).json).toMatchObject({
        outcome: 'applied',
      });
      expect((await db.collection('payments').doc(pi).get()).get('disputeStatus')).toBe('open');
      expect((await sendWebhook(dispute('charge.dispute.closed', status))).json).toMatchObject({ outcome: 'applied' });
      const entries = await entriesOf(pi);
      const balance = documentBalance(200_000, entries);
      if (status === 'lost') {
        expect(entries.map((e) => e.type).sort()).toEqual(['dispute_lost', 'dispute_opened', 'payment', 'write_off']);
        expect(balance).toMatchObject({ status: 'uncollectible', keptCents: 0, amountDueCents: 0 });
      } else {
        expect(entries.map((e) => e.type).sort()).toEqual(['dispute_opened', 'dispute_won', 'payment']);
        expect(balance).toMatchObject({ status: 'paid', keptCents: 200_000, disputedCents: 0 });
      }
      await expectKeptSums('payment_requests', `${leadId}_deposit`, pi);
      const history = await db
        .collection('lead_activity')
        .where('leadId', '==', leadId)
        .where('type', '==', 'dispute')
        .get();
      expect(history.size).toBe(2);
    }
  });
});

describe('payments checked against what is owed', () => {
  it('a verified payment in EUR, or of another amount, changes no balance and is held for review', async () => {
    for (const [currency, amount] of [
      ['eur', 50],
      ['usd', 50],
    ] as const) {
      const { leadId } = await acceptedLead(`mismatch-${currency}`);
      const pi = `pi_${randomUUID().slice(0, 12)}`;
      const res = await sendWebhook({
        id: `evt_${randomUUID().replaceAll('-', '')}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: pi,
            object: 'payment_intent',
            amount,
            amount_received: amount,
            currency,
            metadata: { purpose: 'deposit', leadId },
          },
        },
      });
      expect(res.json).toEqual({ received: true, outcome: 'review' });
      const lead = (await db.collection('leads').doc(leadId).get()).data()!;
      expect(lead.stripeDepositPaymentId).toBeUndefined();
      expect(lead.status).toBe('Set Up');
      expect((await db.collection('payments').doc(pi).get()).data()).toMatchObject({
        status: 'needs_review',
        reviewReason: `Received 0.50 ${currency.toUpperCase()} where 2000.00 USD is owed`,
      });
      expect(await entriesOf(pi)).toEqual([]);
    }
  });
});

describe('create-invoice idempotency', () => {
  // Through the emulator, so the copies race across instances: it starts one cold process per concurrent request,
  // and on a busy 2-core machine ten of them take tens of seconds before any handler runs (as in invoices.test.ts).
  it(
    '10 concurrent calls with one Idempotency-Key make 1 invoice and 1 email; the key with other parameters is refused',
    { timeout: 180_000 },
    async () => {
      const { leadId } = await acceptedLead('idem');
      const key = `idem-${randomUUID()}`;
      const body = { leadId, amount: '120.00', description: 'Extra pages' };
      const replies = await Promise.all(
        Array.from({ length: 10 }, () =>
          api('POST', '/api/create-invoice', { token, body, headers: { 'idempotency-key': key } }),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
      const ids = new Set(replies.map((r) => (r.json as { invoiceId: string }).invoiceId));
      expect(ids.size).toBe(1);
      expect((await db.collection('invoices').where('leadId', '==', leadId).get()).size).toBe(1);
      expect(await outboxOf(leadId, 'invoice')).toHaveLength(1);

      const other = await api('POST', '/api/create-invoice', {
        token,
        body: { ...body, amount: '130.00' },
        headers: { 'idempotency-key': key },
      });
      expect(other.status).toBe(409);
      const bad = await api('POST', '/api/create-invoice', { token, body, headers: { 'idempotency-key': 'a b' } });
      expect(bad.status).toBe(400);
      expect((await db.collection('invoices').where('leadId', '==', leadId).get()).size).toBe(1);
    },
  );
});

describe('hosting subscriptions', () => {
  /** A paid monthly hosting order (test mode); returns its id, which is its subscription's. */
  async function paidMonthly(tag: string): Promise<{ orderId: string; email: string }> {
    const email = `sub.${tag}.${randomUUID().slice(0, 8)}@example.com`;
    const res = await api('POST', '/api/create-subscription', {
      body: {
        packageId: 'web-hosting',
        pricingMode: 'monthly',
        clientInfo: { name: `Sub ${tag}`, email, projectDescription: 'Hosting' },
      },
    });
    expect(res.status).toBe(201);
    const { orderId, paymentIntentId } = res.json as { orderId: string; paymentIntentId: string };
    expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).status).toBe(200);
    return { orderId, email };
  }
  const subscription = async (id: string) =>
    subscriptionDocSchema.parse((await db.collection('subscriptions').doc(id).get()).data());
  const renew = (id: string, body: object = {}) =>
    api('POST', `/api/billing/subscriptions/${id}/test-renew`, { token, body });

  it('a paid order starts it; renew, fail and cancel at period end move it, each in the ledger and told to the owner', async () => {
    const { orderId, email } = await paidMonthly('cycle');
    const started = await subscription(orderId);
    expect(started).toMatchObject({ status: 'active', interval: 'month', amountCents: 4_500, customerEmail: email });
    const days = (started.currentPeriodEnd.getTime() - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    // Renewed: the period moves on by a month, the payment is in the ledger and the owner is told.
    expect((await renew(orderId)).status).toBe(200);
    const renewed = await subscription(orderId);
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodEnd.getTime()).toBeGreaterThan(started.currentPeriodEnd.getTime() + 27 * DAY_MS);
    const entries = (await db.collection('ledger_entries').where('reference', '==', `subscription ${orderId}`).get())
      .docs;
    expect(entries.map((d) => [d.get('type'), d.get('amountCents'), d.get('customerEmail')])).toEqual([
      ['payment', 4_500, email],
    ]);
    const alerts = (await db.collection('outbox').where('templateId', '==', 'money-alert').get()).docs.filter(
      (d) => d.get('variables').clientName === 'Sub cycle',
    );
    expect(alerts.map((d) => d.get('variables').event).sort()).toEqual(['Order paid', 'Subscription renewed']);

    // A failed renewal: past due; a later renewal makes it active again.
    expect((await renew(orderId, { fail: true })).status).toBe(200);
    expect((await subscription(orderId)).status).toBe('past_due');
    expect((await renew(orderId)).status).toBe(200);
    expect((await subscription(orderId)).status).toBe('active');

    // Cancel at period end (the wrong caller is refused), then the period ends: canceled.
    const cancel = `/api/billing/subscriptions/${orderId}/cancel`;
    expect((await api('POST', cancel, { body: {} })).status).toBe(401);
    expect((await api('POST', cancel, { token: await userIdToken(), body: {} })).status).toBe(403);
    expect((await api('POST', cancel, { token, body: {} })).status).toBe(200);
    expect((await api('POST', cancel, { token, body: {} })).status).toBe(409);
    expect(await subscription(orderId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await renew(orderId)).status).toBe(200);
    expect((await subscription(orderId)).status).toBe('canceled');
    expect((await renew(orderId)).status).toBe(409);
  });

  it("Stripe's events: a renewal of another amount is held for review; a deleted subscription is canceled", async () => {
    const { orderId } = await paidMonthly('stripe');
    const invoice = (amount: number) => ({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: `in_${randomUUID().slice(0, 12)}`,
          object: 'invoice',
          amount_paid: amount,
          currency: 'usd',
          parent: { subscription_details: { metadata: { purpose: 'order', orderId } } },
        },
      },
    });
    const before = await subscription(orderId);
    expect((await sendWebhook(invoice(100))).json).toEqual({ received: true, outcome: 'review' });
    expect((await subscription(orderId)).currentPeriodEnd).toEqual(before.currentPeriodEnd);
    expect((await sendWebhook(invoice(4_500))).json).toEqual({ received: true, outcome: 'applied' });
    expect((await subscription(orderId)).currentPeriodEnd.getTime()).toBeGreaterThan(before.currentPeriodEnd.getTime());
    // Cancel at period end set, then withdrawn, in Stripe's customer portal: the CRM follows at once.
    const updated = (cancelAtPeriodEnd: boolean) => ({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: 'sub_x',
          object: 'subscription',
          cancel_at_period_end: cancelAtPeriodEnd,
          metadata: { purpose: 'order', orderId },
        },
      },
    });
    expect((await sendWebhook(updated(true))).json).toEqual({ received: true, outcome: 'applied' });
    expect(await subscription(orderId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await sendWebhook(updated(false))).json).toEqual({ received: true, outcome: 'applied' });
    expect(await subscription(orderId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    const deleted = {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_x', object: 'subscription', metadata: { purpose: 'order', orderId } } },
    };
    expect((await sendWebhook(deleted)).json).toEqual({ received: true, outcome: 'applied' });
    expect((await subscription(orderId)).status).toBe('canceled');
  });
});

describe('deposit labels', () => {
  it("a hosted-project quote's deposit is named by its own share on the request and the payment", async () => {
    const email = `books.share.${randomUUID().slice(0, 8)}@example.com`;
    const leadId = await storeLead(db, {
      email,
      subject: 'Hosted app',
      quoteAmountCents: 100_000,
      depositAmountCents: 30_000,
      finalAmountCents: 70_000,
    });
    const request = await eventually(
      async () => (await db.collection('payment_requests').doc(`${leadId}_deposit`).get()).data(),
      'the deposit request',
    );
    expect(request.description).toBe('30% deposit: Hosted app');
    const intent = await api('POST', '/api/create-payment-intent', { body: { leadId } });
    expect(intent.json).toMatchObject({ amount: '300.00', description: '30% deposit: Hosted app' });
  });
});

describe('kept totals', () => {
  it('each entry adds to its month as it is written, books:check finds a month that disagrees, and the repair recounts it', async () => {
    // A month no other test writes into, so the totals are this test's alone.
    const month = db.collection('ledger_months').doc('1999-01');
    const at = new Date('1999-01-15T12:00:00Z');
    // A plain payment link's payment and a refund of it: tied to no document, so to its own payments record.
    const pi = `pi_months_${randomUUID().slice(0, 8)}`;
    await db
      .collection('payments')
      .doc(pi)
      .set({
        purpose: 'custom',
        leadId: null,
        invoiceId: null,
        orderId: null,
        amountCents: 30_000,
        amountReceivedCents: 30_000,
        currency: 'usd',
        status: 'succeeded',
        paidAt: Timestamp.fromDate(at),
      });
    const entry = (type: 'payment' | 'refund', amountCents: number) => ({
      type,
      amountCents,
      currency: 'usd',
      document: null,
      documentNumber: null,
      leadId: null,
      customerEmail: 'months@example.com',
      customerName: null,
      paymentIntentId: pi,
      by: 'test',
      keep: { document: false, paymentEntry: type === 'refund' },
    });
    const batch = db.batch();
    recordLedgerEntry(db, batch, `payment-${pi}`, entry('payment', 30_000), at);
    await batch.commit();
    const refund = db.batch();
    recordLedgerEntry(db, refund, `months-${randomUUID()}`, entry('refund', 5_000), at);
    await refund.commit();
    expect(ledgerMonthDocSchema.parse((await month.get()).data())).toEqual({
      month: '1999-01',
      cashCents: 25_000,
      entries: 2,
    });
    expect((await checkBooks(db)).mismatches.filter((m) => m.includes('1999-01'))).toEqual([]);

    // A month that lost count, and one that holds money no entry explains.
    const stray = db.collection('ledger_months').doc('1999-02');
    await month.update({ entries: 3 });
    await stray.set({ month: '1999-02', cashCents: 4_000, entries: 0 });
    const ours = (m: string) => m.includes('1999-01') || m.includes('1999-02');
    const report = await checkBooks(db);
    expect(report.mismatches.filter(ours)).toEqual([
      'ledger month 1999-01: stored 25000 cents in 3 entries, the entries say 25000 cents in 2',
      'ledger month 1999-02: stored 4000 cents in 0 entries, the ledger has none',
    ]);
    const kept = report.keptSums.filter((k) => 'month' in k && ours(k.month));
    expect(kept).toEqual([{ month: '1999-01' }, { month: '1999-02' }]);
    expect(await repairKeptSums(db, kept)).toBe(2);
    expect(ledgerMonthDocSchema.parse((await month.get()).data())).toEqual({
      month: '1999-01',
      cashCents: 25_000,
      entries: 2,
    });
    expect(ledgerMonthDocSchema.parse((await stray.get()).data())).toEqual({
      month: '1999-02',
      cashCents: 0,
      entries: 0,
    });
    expect((await checkBooks(db)).mismatches.filter(ours)).toEqual([]);

    // Totals that no longer parse: two mismatches, one month to recount.
    await month.set({ month: '1999-01', cashCents: 'lost' });
    const unreadable = await checkBooks(db);
    expect(unreadable.mismatches.filter(ours)).toEqual([
      'ledger month 1999-01: unreadable totals',
      'ledger month 1999-01: stored nothing, the entries say 25000 cents in 2',
    ]);
    const again = unreadable.keptSums.filter((k) => 'month' in k && ours(k.month));
    expect(again).toEqual([{ month: '1999-01' }]);
    await repairKeptSums(db, again);
    expect((await checkBooks(db)).mismatches.filter(ours)).toEqual([]);
  });

  it('books:check finds kept sums that disagree with the entries, and the repair rewrites them from the entries', async () => {
    const { leadId } = await acceptedLead('sums');
    const pi = await payNext(leadId);
    const requestId = `${leadId}_deposit`;
    const request = db.collection('payment_requests').doc(requestId);
    const number = await eventually(
      async () => ((await request.get()).get('status') === 'paid' ? String((await request.get()).get('number')) : null),
      'the deposit request paid',
    );
    await expectKeptSums('payment_requests', requestId, pi);
    const mine = (m: string) => m.includes(requestId) || m.includes(pi);
    expect((await checkBooks(db)).mismatches.filter(mine)).toEqual([]);

    // A document written before the sums were kept has none; a payment entry that lost count of its refunds.
    await request.update({ ledgerCents: FieldValue.delete() });
    await db.collection('ledger_entries').doc(`payment-${pi}`).update({ refundedCents: 700 });
    const report = await checkBooks(db);
    expect(report.mismatches.filter(mine)).toEqual([
      `request ${requestId} (${number}): keeps nothing, its entries add up to payment 2000.00`,
      `payment ${pi}: its entry keeps 700 cents refunded, its refunds add up to 0`,
    ]);
    const ours = report.keptSums.filter((k) =>
      'id' in k ? k.id === requestId : 'paymentIntentId' in k && k.paymentIntentId === pi,
    );
    expect(await repairKeptSums(db, ours)).toBe(2);
    await expectKeptSums('payment_requests', requestId, pi);
    expect((await request.get()).get('ledgerCents')).toEqual({ payment: 200_000 });
    expect((await checkBooks(db)).mismatches.filter(mine)).toEqual([]);
  });
});

describe('void and write-off', () => {
  /** A new $120.00 invoice on a new accepted lead; returns its id and the lead's. */
  async function newInvoice(tag: string) {
    const { email, leadId } = await acceptedLead(tag);
    const res = await api('POST', '/api/create-invoice', {
      token,
      body: { leadId, amount: '120.00', description: `Extra pages ${tag}` },
    });
    expect(res.status).toBe(201);
    return { email, leadId, invoiceId: (res.json as { invoiceId: string }).invoiceId };
  }
  const invoiceOf = async (id: string) => (await db.collection('invoices').doc(id).get()).data()!;

  it('voids an unpaid invoice: it keeps its number, owes nothing, cannot be paid, and a raced payment is held', async () => {
    const { email, leadId, invoiceId } = await newInvoice('void');
    const number = (await invoiceOf(invoiceId)).number as string;
    const path = `/api/billing/invoices/${invoiceId}/void`;
    // A PaymentIntent made before the void, paid after it.
    const intent = await api('POST', '/api/create-payment-intent', { body: { invoiceId } });
    expect(intent.status).toBe(200);
    const { paymentIntentId } = intent.json as { paymentIntentId: string };

    expect((await api('POST', path, { body: {} })).status).toBe(401);
    expect((await api('POST', path, { token: await userIdToken(), body: {} })).status).toBe(403);
    expect((await api('POST', path, { token, body: { extra: 1 } })).status).toBe(400);
    expect((await api('POST', '/api/billing/invoices/a%2Fb/void', { token, body: {} })).status).toBe(400);
    expect((await api('POST', '/api/billing/invoices/missing-invoice/void', { token, body: {} })).status).toBe(404);
    expect((await invoiceOf(invoiceId)).status).toBe('open');

    const res = await api('POST', path, { token, body: { reason: 'Sent twice' } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: `${number} voided` });
    const voided = await invoiceOf(invoiceId);
    expect(voided).toMatchObject({ status: 'void', number, checkoutUrl: null });
    expect((await api('POST', path, { token, body: {} })).status).toBe(409);
    expect((await api('POST', `/api/billing/invoices/${invoiceId}/write-off`, { token, body: {} })).status).toBe(409);
    expect((await api('POST', '/api/create-payment-intent', { body: { invoiceId } })).status).toBe(409);
    const history = await db.collection('lead_activity').where('leadId', '==', leadId).get();
    expect(history.docs.map((d) => d.get('detail'))).toContain(`${number} voided: Sent twice`);
    // My Project still lists it, said to be void.
    const lookup = await api('GET', `/api/client-project?email=${encodeURIComponent(email)}`);
    expect(lookup.status).toBe(200);
    const labels = (lookup.json as { documents: { label: string }[] }).documents.map((d) => d.label);
    expect(labels).toContain(`Invoice (${number}) · Void`);

    // The payment that raced the void changes no balance and is held for review.
    expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).status).toBe(200);
    await eventually(
      async () => (await db.collection('payments').doc(paymentIntentId).get()).get('status') === 'needs_review',
      'the raced payment held for review',
    );
    expect(await entriesOf(paymentIntentId)).toEqual([]);
    expect((await invoiceOf(invoiceId)).status).toBe('void');
  });

  it('writes off what is due: a write-off entry, uncollectible, and a paid invoice cannot be closed', async () => {
    const { invoiceId } = await newInvoice('writeoff');
    const path = `/api/billing/invoices/${invoiceId}/write-off`;
    expect((await api('POST', path, { token: await userIdToken(), body: {} })).status).toBe(403);
    const res = await api('POST', path, { token, body: {} });
    expect(res.status).toBe(200);
    expect((res.json as { message: string }).message).toMatch(/^\$120\.00 written off on INV-\d{4}-\d{4,}$/);
    expect((await invoiceOf(invoiceId)).status).toBe('uncollectible');
    const entries = (await db.collection('ledger_entries').where('documentId', '==', invoiceId).get()).docs.map((d) =>
      ledgerEntryDocSchema.parse(d.data()),
    );
    expect(entries.map((e) => [e.type, e.amountCents])).toEqual([['write_off', 12_000]]);
    expect(documentBalance(12_000, entries)).toMatchObject({ status: 'uncollectible', amountDueCents: 0 });
    await expectKeptSums('invoices', invoiceId);
    expect((await api('POST', path, { token, body: {} })).status).toBe(409);

    // Paid in full: nothing to void or write off.
    const paid = await newInvoice('paid');
    const intent = await api('POST', '/api/create-payment-intent', { body: { invoiceId: paid.invoiceId } });
    const { paymentIntentId } = intent.json as { paymentIntentId: string };
    expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).status).toBe(200);
    await eventually(async () => (await invoiceOf(paid.invoiceId)).status === 'paid', 'the invoice paid');
    await expectKeptSums('invoices', paid.invoiceId, paymentIntentId);
    expect((await invoiceOf(paid.invoiceId)).ledgerCents).toEqual({ payment: 12_000 });
    for (const action of ['void', 'write-off'])
      expect((await api('POST', `/api/billing/invoices/${paid.invoiceId}/${action}`, { token, body: {} })).status).toBe(
        409,
      );
  });
});

describe('tax', () => {
  type Studio = Record<string, unknown> & { taxRateBps: number; taxLabel: string };
  /** Saves the studio settings with `over`, returns what was there. */
  async function setStudio(over: Partial<Studio>): Promise<Studio> {
    const read = (await api('GET', '/api/settings/studio', { token })).json as { settings: Studio; version: number };
    const body = { ...read.settings, logoUrl: read.settings.logoUrl ?? '', taxId: read.settings.taxId ?? '', ...over };
    const res = await api('PUT', '/api/settings/studio', { token, body: { ...body, version: read.version } });
    expect(res.status).toBe(200);
    return read.settings;
  }
  const pdfOf = async (kind: string, id: string) => {
    const res = await fetch(`http://127.0.0.1:5000/api/documents/${kind}/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return (await pdfText(Buffer.from(await res.arrayBuffer()))).text;
  };

  it('adds the rate to an invoice, and shows it inside the quoted deposit: subtotal, tax and total on both PDFs', async () => {
    const before = await setStudio({ taxRateBps: 2_000, taxLabel: 'VAT' });
    try {
      const { leadId } = await acceptedLead('tax');
      const res = await api('POST', '/api/create-invoice', {
        token,
        body: { leadId, amount: '100.00', description: 'Extra page, taxed' },
      });
      expect(res.status).toBe(201);
      const { invoiceId } = res.json as { invoiceId: string };
      expect((await db.collection('invoices').doc(invoiceId).get()).data()).toMatchObject({
        amountCents: 12_000,
        subtotalCents: 10_000,
        taxCents: 2_000,
        taxRateBps: 2_000,
        taxLabel: 'VAT',
      });
      const invoiceText = await pdfOf('invoice', invoiceId);
      for (const s of ['Subtotal', '$100.00', 'VAT (20%)', '$20.00', '$120.00']) expect(invoiceText, s).toContain(s);

      // The deposit the client accepted ($2,000.00) is what is charged: its tax is shown within it.
      const deposit = await eventually(
        async () => (await db.collection('payment_requests').doc(`${leadId}_deposit`).get()).data(),
        'the deposit request',
      );
      expect(deposit).toMatchObject({ amountCents: 200_000, subtotalCents: 166_667, taxCents: 33_333 });
      const depositText = await pdfOf('request', `${leadId}_deposit`);
      for (const s of ['Subtotal', '$1,666.67', 'VAT (20%)', '$333.33', '$2,000.00'])
        expect(depositText, s).toContain(s);
    } finally {
      await setStudio({ taxRateBps: before.taxRateBps, taxLabel: before.taxLabel });
    }
  });
});
