import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  reconcileStripe,
  reconcileWindowStart,
  STRIPE_RECONCILE_DAYS,
  stripePaymentsToFetch,
  type ReconciledEntry,
  type StripeFacts,
} from '../src/stripeReconciliation.js';

const NOW = new Date('2026-12-07T04:00:00Z');
const START = reconcileWindowStart(NOW);
const DAY = 24 * 60 * 60_000;
const at = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * DAY);

const entry = (
  e: Partial<ReconciledEntry> & Pick<ReconciledEntry, 'id' | 'type' | 'amountCents'>,
): ReconciledEntry => ({
  currency: 'usd',
  paymentIntentId: null,
  reference: null,
  at: at(1),
  ...e,
});
const pay = (pi: string, cents: number, daysAgo = 1) =>
  entry({ id: `payment-${pi}`, type: 'payment', amountCents: cents, paymentIntentId: pi, at: at(daysAgo) });
const none: StripeFacts = { payments: [], refunds: [], disputes: [] };

describe('reconcileStripe', () => {
  it('the window is 35 days', () => {
    expect(STRIPE_RECONCILE_DAYS).toBe(35);
    expect(NOW.getTime() - START.getTime()).toBe(35 * DAY);
  });

  it('agrees when every payment, refund and dispute is in the ledger', () => {
    const stripe: StripeFacts = {
      payments: [
        { id: 'pi_1', amountCents: 150_000, currency: 'usd', status: 'succeeded' },
        { id: 'pi_2', amountCents: 5_000, currency: 'usd', status: 'requires_payment_method' },
      ],
      refunds: [
        { id: 're_1', paymentIntentId: 'pi_1', amountCents: 20_000, currency: 'usd', status: 'succeeded' },
        { id: 're_2', paymentIntentId: 'pi_1', amountCents: 10_000, currency: 'usd', status: 'pending' },
        { id: 're_3', paymentIntentId: 'pi_1', amountCents: 99, currency: 'usd', status: 'failed' },
      ],
      disputes: [{ id: 'dp_1', paymentIntentId: 'pi_1', amountCents: 50_000, currency: 'usd', status: 'lost' }],
    };
    const entries = [
      pay('pi_1', 150_000),
      entry({ id: 'evt_a-refund', type: 'refund', amountCents: 30_000, paymentIntentId: 'pi_1', reference: 'ch_1' }),
      entry({ id: 'evt_a-credit', type: 'credit_note', amountCents: 30_000, paymentIntentId: 'pi_1' }),
      entry({
        id: 'evt_b-opened',
        type: 'dispute_opened',
        amountCents: 50_000,
        paymentIntentId: 'pi_1',
        reference: 'dp_1',
      }),
      entry({
        id: 'evt_c-lost',
        type: 'dispute_lost',
        amountCents: 50_000,
        paymentIntentId: 'pi_1',
        reference: 'dp_1',
      }),
    ];
    expect(reconcileStripe(stripe, entries, START)).toEqual([]);
  });

  it('names a payment, refund or dispute Stripe has and the ledger does not, with the events to resend', () => {
    const stripe: StripeFacts = {
      payments: [{ id: 'pi_9', amountCents: 1_000, currency: 'usd', status: 'succeeded' }],
      refunds: [{ id: 're_9', paymentIntentId: 'pi_8', amountCents: 500, currency: 'usd', status: 'succeeded' }],
      disputes: [{ id: 'dp_9', paymentIntentId: 'pi_8', amountCents: 700, currency: 'usd', status: 'won' }],
    };
    const diffs = reconcileStripe(stripe, [pay('pi_8', 2_000, 40)], START);
    expect(diffs.map((d) => [d.kind, d.paymentIntentId, d.reference])).toEqual([
      ['payment-missing', 'pi_9', null],
      ['refunds-differ', 'pi_8', 're_9'],
      ['dispute-missing', 'pi_8', 'dp_9'],
    ]);
    expect(diffs[0]!.text).toBe(
      "payment pi_9: Stripe received 10.00 usd, the ledger has no payment entry; resend its events from Stripe's dashboard (Developers → Events, filter by the id, Resend), then run npm run books:check",
    );
    expect(diffs[1]!.text).toContain('Stripe refunded 5.00 usd in the last 35 days');
    expect(diffs[1]!.text).toContain('a charge.refunded event is missing');
  });

  it('names amounts that differ, and a dispute outcome the ledger lacks', () => {
    const stripe: StripeFacts = {
      payments: [{ id: 'pi_1', amountCents: 1_000, currency: 'usd', status: 'succeeded' }],
      refunds: [],
      disputes: [{ id: 'dp_1', paymentIntentId: 'pi_1', amountCents: 800, currency: 'usd', status: 'won' }],
    };
    const entries = [
      pay('pi_1', 900),
      entry({ id: 'o', type: 'dispute_opened', amountCents: 700, paymentIntentId: 'pi_1', reference: 'dp_1' }),
    ];
    expect(reconcileStripe(stripe, entries, START).map((d) => d.kind)).toEqual([
      'payment-differs',
      'dispute-differs',
      'dispute-outcome-missing',
    ]);
    const eur = { ...stripe, payments: [{ ...stripe.payments[0]!, amountCents: 900, currency: 'eur' }], disputes: [] };
    expect(reconcileStripe(eur, [pay('pi_1', 900)], START).map((d) => d.kind)).toEqual(['payment-differs']);
  });

  it('names ledger entries of the window that Stripe does not have, once fetched', () => {
    const entries = [
      pay('pi_old', 1_000, 3), // created before the window, paid in it: fetched, succeeded
      pay('pi_fake', 2_000, 2), // Stripe has no such PaymentIntent
      pay('pi_open', 3_000, 2), // Stripe says it never succeeded
      pay('pi_before', 4_000, 40), // dated before the window: not compared
      entry({ id: 'r', type: 'refund', amountCents: 100, paymentIntentId: 'pi_old', reference: 'ch_x' }),
      entry({ id: 'd', type: 'dispute_opened', amountCents: 100, paymentIntentId: 'pi_old', reference: 'dp_x' }),
    ];
    expect(stripePaymentsToFetch(entries, [], START)).toEqual(['pi_fake', 'pi_old', 'pi_open']);
    const stripe: StripeFacts = {
      payments: [
        { id: 'pi_old', amountCents: 1_000, currency: 'usd', status: 'succeeded' },
        { id: 'pi_open', amountCents: 0, currency: 'usd', status: 'requires_payment_method' },
      ],
      unknownPayments: ['pi_fake'],
      refunds: [],
      disputes: [],
    };
    expect(reconcileStripe(stripe, entries, START).map((d) => [d.kind, d.paymentIntentId])).toEqual([
      ['payment-not-in-stripe', 'pi_fake'],
      ['payment-not-in-stripe', 'pi_open'],
      ['refunds-differ', 'pi_old'],
      ['dispute-not-in-stripe', 'pi_old'],
    ]);
    // Not fetched: nothing is known either way, so nothing is said.
    expect(reconcileStripe(none, [pay('pi_x', 1)], START)).toEqual([]);
  });

  it('property: books built from Stripe agree; dropping any entry is named by its PaymentIntent', () => {
    const pi = fc.integer({ min: 1, max: 20 }).map((n) => `pi_${n}`);
    const facts = fc.record({
      payments: fc.uniqueArray(fc.record({ id: pi, cents: fc.integer({ min: 100, max: 100_000 }) }), {
        selector: (p) => p.id,
        maxLength: 10,
      }),
      refunds: fc.array(fc.record({ n: fc.nat(), cents: fc.integer({ min: 1, max: 500 }) }), { maxLength: 8 }),
      disputes: fc.array(fc.record({ n: fc.nat(), status: fc.constantFrom('won', 'lost', 'needs_response') }), {
        maxLength: 4,
      }),
    });
    fc.assert(
      fc.property(facts, fc.nat(), ({ payments, refunds, disputes }, drop) => {
        if (payments.length === 0) return;
        const stripe: StripeFacts = {
          payments: payments.map((p) => ({ id: p.id, amountCents: p.cents, currency: 'usd', status: 'succeeded' })),
          refunds: refunds.map((r, i) => ({
            id: `re_${i}`,
            paymentIntentId: payments[r.n % payments.length]!.id,
            amountCents: r.cents,
            currency: 'usd',
            status: 'succeeded',
          })),
          disputes: disputes.map((d, i) => ({
            id: `dp_${i}`,
            paymentIntentId: payments[d.n % payments.length]!.id,
            amountCents: 50,
            currency: 'usd',
            status: d.status,
          })),
        };
        const entries: ReconciledEntry[] = [
          ...payments.map((p) => pay(p.id, p.cents)),
          ...stripe.refunds.map((r) =>
            entry({ id: `${r.id}-e`, type: 'refund', amountCents: r.amountCents, paymentIntentId: r.paymentIntentId }),
          ),
          ...stripe.disputes.flatMap((d) => [
            entry({
              id: `${d.id}-o`,
              type: 'dispute_opened',
              amountCents: 50,
              paymentIntentId: d.paymentIntentId,
              reference: d.id,
            }),
            ...(d.status === 'needs_response'
              ? []
              : [
                  entry({
                    id: `${d.id}-c`,
                    type: `dispute_${d.status}`,
                    amountCents: 50,
                    paymentIntentId: d.paymentIntentId,
                    reference: d.id,
                  }),
                ]),
          ]),
        ];
        expect(reconcileStripe(stripe, entries, START)).toEqual([]);
        const gone = entries[drop % entries.length]!;
        const diffs = reconcileStripe(
          stripe,
          entries.filter((e) => e !== gone),
          START,
        );
        expect(diffs.length).toBeGreaterThan(0);
        expect(diffs.map((d) => d.paymentIntentId)).toContain(gone.paymentIntentId);
      }),
    );
  });
});
