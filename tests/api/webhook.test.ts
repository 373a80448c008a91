/**
 * POST /api/stripe/webhook: events signed with the SDK's
 * generateTestHeaderString and the emulator's webhook secret
 * (functions/.env.demo-studio). Valid, tampered, stale, five concurrent
 * copies of one event, and out-of-order delivery.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RETENTION_DAYS, DAY_MS } from '@studio/domain';
import { db } from '../helpers.js';
import { seedPayableLead, sendWebhook as send } from './paymentFixtures.js';

function piEvent(
  type: string,
  pi: { id: string; amount: number; metadata: Record<string, string> },
  id = `evt_${randomUUID().replaceAll('-', '')}`,
) {
  return {
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        object: 'payment_intent',
        currency: 'usd',
        amount_received: type.endsWith('succeeded') ? pi.amount : 0,
        last_payment_error: type.endsWith('failed') ? { message: 'Your card was declined.' } : null,
        ...pi,
      },
    },
  };
}

const depositEvent = (leadId: string, type = 'payment_intent.succeeded', piId = `pi_${randomUUID().slice(0, 8)}`) =>
  piEvent(type, { id: piId, amount: 100_000, metadata: { purpose: 'deposit', leadId } });

const eventSeen = async (id: string) => (await db.collection('stripe_events').doc(id).get()).exists;

describe('stripe webhook', () => {
  it('a valid deposit event records the payment and moves nothing: Production is manual (spec §4)', async () => {
    const { leadId, projectId } = await seedPayableLead({
      quoteAmountCents: 200_000,
      depositAmountCents: 100_000,
      withProject: true,
    });
    const event = depositEvent(leadId);
    const res = await send(event);
    expect(res).toMatchObject({ status: 200, json: { received: true, outcome: 'applied' } });
    expect((await db.collection('leads').doc(leadId).get()).data()).toMatchObject({
      status: 'Set Up',
      stripeDepositPaymentId: event.data.object.id,
    });
    const project = (await db.collection('projects').doc(projectId!).get()).data()!;
    expect(project.status).toBe('Set up');
    expect(project.depositPaidAt).toBeDefined();
    expect((await db.collection('payments').doc(event.data.object.id).get()).data()).toMatchObject({
      status: 'succeeded',
      purpose: 'deposit',
      amountReceivedCents: 100_000,
    });
    const receipts = await db
      .collection('outbox')
      .where('leadId', '==', leadId)
      .where('templateId', '==', 'payment-received')
      .get();
    expect(receipts.size).toBe(1);
    expect(receipts.docs[0]!.get('variables')).toMatchObject({ amount: '$1,000.00' });
  });

  it('a tampered body, a wrong secret, a missing or stale signature are refused and write nothing', async () => {
    const { leadId } = await seedPayableLead({ quoteAmountCents: 200_000, depositAmountCents: 100_000 });
    const event = depositEvent(leadId);
    const cases = [
      await send(event, { tamper: (p) => p.replace('"amount":100000', '"amount":1') }),
      await send(event, { secret: 'whsec_wrong' }),
      await send(event, { signature: null }),
      await send(event, { signature: 't=1,v1=deadbeef' }),
      await send(event, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    ];
    for (const r of cases) expect(r).toMatchObject({ status: 400, json: { error: 'Invalid signature' } });
    expect(await eventSeen(event.id)).toBe(false);
    expect((await db.collection('leads').doc(leadId).get()).get('status')).toBe('Set Up');
    expect((await db.collection('payments').doc(event.data.object.id).get()).exists).toBe(false);
  });

  it('the same event delivered 5 times at once has one effect', async () => {
    const { leadId } = await seedPayableLead({
      quoteAmountCents: 200_000,
      depositAmountCents: 100_000,
      withProject: true,
    });
    const event = depositEvent(leadId);
    const results = await Promise.all(Array.from({ length: 5 }, () => send(event)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = results.map((r) => (r.json as { outcome: string }).outcome).sort();
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const activity = await db.collection('lead_activity').where('leadId', '==', leadId).get();
    expect(activity.docs.filter((d) => d.get('type') === 'payment_received')).toHaveLength(1);
    // A paid deposit moves nothing (Production is manual, spec §4).
    expect(activity.docs.filter((d) => d.get('type') === 'status_changed')).toHaveLength(0);
    expect(
      (await db.collection('outbox').where('leadId', '==', leadId).where('templateId', '==', 'payment-received').get())
        .size,
    ).toBe(1);
  });

  it('out of order: a failure arriving after the success does not undo it; a success after a failure counts', async () => {
    const a = await seedPayableLead({ quoteAmountCents: 200_000, depositAmountCents: 100_000 });
    const pi = `pi_${randomUUID().slice(0, 8)}`;
    await send(depositEvent(a.leadId, 'payment_intent.succeeded', pi));
    expect((await send(depositEvent(a.leadId, 'payment_intent.payment_failed', pi))).json).toMatchObject({
      outcome: 'applied',
    });
    expect((await db.collection('payments').doc(pi).get()).get('status')).toBe('succeeded');
    expect((await db.collection('leads').doc(a.leadId).get()).get('stripeDepositPaymentId')).toBe(pi);

    const b = await seedPayableLead({ quoteAmountCents: 200_000, depositAmountCents: 100_000 });
    const pi2 = `pi_${randomUUID().slice(0, 8)}`;
    await send(depositEvent(b.leadId, 'payment_intent.payment_failed', pi2));
    expect((await db.collection('payments').doc(pi2).get()).data()).toMatchObject({
      status: 'failed',
      lastError: 'Your card was declined.',
    });
    // A failed deposit moves the lead to "Payment Failed"; the success that follows puts it back (a deposit moves nothing).
    expect((await db.collection('leads').doc(b.leadId).get()).data()).toMatchObject({
      status: 'Payment Failed',
      statusBeforePaymentFailed: 'Set Up',
    });
    await send(depositEvent(b.leadId, 'payment_intent.succeeded', pi2));
    expect((await db.collection('payments').doc(pi2).get()).get('status')).toBe('succeeded');
    expect((await db.collection('leads').doc(b.leadId).get()).get('status')).toBe('Set Up');
  });

  it('a failed final payment while the project is in the works: Payment Failed, then back to its stage when paid', async () => {
    const { leadId, projectId } = await seedPayableLead({
      quoteAmountCents: 200_000,
      depositAmountCents: 100_000,
      withProject: true,
      status: 'Production',
    });
    await db.collection('projects').doc(projectId!).update({ status: 'Production' });
    await db.collection('leads').doc(leadId).update({ stripeDepositPaymentId: 'pi_paid_before' });
    const pi = `pi_${randomUUID().slice(0, 8)}`;
    const final = (type: string) => piEvent(type, { id: pi, amount: 100_000, metadata: { purpose: 'final', leadId } });
    await send(final('payment_intent.payment_failed'));
    await send(final('payment_intent.payment_failed')); // a second decline: still one move
    expect((await db.collection('leads').doc(leadId).get()).get('status')).toBe('Payment Failed');
    const moves = (
      await db.collection('lead_activity').where('leadId', '==', leadId).where('type', '==', 'status_changed').get()
    ).docs.map((d) => `${d.get('from')}→${d.get('to')}`);
    expect(moves).toEqual(['Production→Payment Failed']);
    await send(final('payment_intent.succeeded'));
    expect((await db.collection('leads').doc(leadId).get()).data()).toMatchObject({
      status: 'Production',
      stripeFinalPaymentId: pi,
    });
    expect((await db.collection('leads').doc(leadId).get()).get('statusBeforePaymentFailed')).toBeUndefined();
  });

  it('a failure for a stage already paid by another intent moves nothing', async () => {
    const { leadId } = await seedPayableLead({ quoteAmountCents: 200_000, depositAmountCents: 100_000 });
    await send(depositEvent(leadId));
    await send(depositEvent(leadId, 'payment_intent.payment_failed'));
    expect((await db.collection('leads').doc(leadId).get()).get('status')).toBe('Set Up');
  });

  it('a final payment before its deposit event still leaves each recorded once; the final completes a delivered project', async () => {
    const { leadId, projectId } = await seedPayableLead({
      quoteAmountCents: 200_000,
      depositAmountCents: 100_000,
      withProject: true,
      status: 'Launch',
    });
    await db.collection('projects').doc(projectId!).update({ status: 'Launch' });
    const final = piEvent('payment_intent.succeeded', {
      id: `pi_${randomUUID().slice(0, 8)}`,
      amount: 100_000,
      metadata: { purpose: 'final', leadId },
    });
    const deposit = depositEvent(leadId);
    await send(final);
    await send(deposit);
    const lead = (await db.collection('leads').doc(leadId).get()).data()!;
    expect(lead).toMatchObject({
      status: 'Complete',
      stripeFinalPaymentId: final.data.object.id,
      stripeDepositPaymentId: deposit.data.object.id,
    });
    expect((await db.collection('projects').doc(projectId!).get()).get('status')).toBe('Launch');
  });

  it('unknown event types are acknowledged and recorded, with no effect', async () => {
    const event = {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    };
    expect((await send(event)).json).toEqual({ received: true, outcome: 'ignored' });
    expect(await eventSeen(event.id)).toBe(true);
    // The once-only record outlives Stripe's retries and late disputes, then its TTL deletes it.
    const expireAt = (await db.collection('stripe_events').doc(event.id).get()).get('expireAt').toMillis();
    expect(Math.abs(expireAt - (Date.now() + RETENTION_DAYS.stripe_events * DAY_MS))).toBeLessThan(5 * 60_000);
  });
});
