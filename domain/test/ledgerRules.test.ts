import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ledgerViolations,
  newViolations,
  planChargeEvent,
  refundAmount,
  REFUND_REFUSALS,
  type ChargeFacts,
  type LedgerFacts,
  type RuledEntry,
} from '../src/index.js';

const T0 = new Date('2026-03-01T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** An invoice inv1 in USD, a lead lead1 (its requests may lag), payment records pi_1 and pi_link. */
const facts: LedgerFacts = {
  document: (kind, id) =>
    kind === 'invoice' && id === 'inv1'
      ? { currency: 'usd' }
      : kind === 'order' && id === 'ord-eur'
        ? { currency: 'eur' }
        : null,
  leadExists: (id) => id === 'lead1',
  payment: (pi) => (pi === 'pi_1' || pi === 'pi_link' ? { currency: 'usd' } : null),
};

let seq = 0;
function entry(over: Partial<RuledEntry> & Pick<RuledEntry, 'type' | 'amountCents'>): RuledEntry {
  return {
    id: `e${++seq}`,
    currency: 'usd',
    documentKind: 'invoice',
    documentId: 'inv1',
    paymentIntentId: 'pi_1',
    reference: null,
    at: at(seq),
    ...over,
  };
}
const paid = (cents: number) => entry({ id: 'payment-pi_1', type: 'payment', amountCents: cents, at: T0 });
const rules = (entries: RuledEntry[]) => ledgerViolations(entries, facts).map((v) => [v.rule, v.entryId]);

describe('ledgerViolations', () => {
  it('a payment, its refund and credit note, a dispute opened and won: no rule broken', () => {
    expect(
      rules([
        paid(1_000),
        entry({ type: 'refund', amountCents: 400 }),
        entry({ type: 'credit_note', amountCents: 400 }),
        entry({ type: 'dispute_opened', amountCents: 600, reference: 'dp_1' }),
        entry({ type: 'dispute_won', amountCents: 600, reference: 'dp_1' }),
      ]),
    ).toEqual([]);
  });

  it('refunds (and credit notes) above what the payment paid name the entry that crossed it', () => {
    expect(
      rules([
        paid(1_000),
        entry({ id: 'r1', type: 'refund', amountCents: 600 }),
        entry({ id: 'r2', type: 'refund', amountCents: 600 }),
        entry({ id: 'c1', type: 'credit_note', amountCents: 5_000_000 }),
      ]),
    ).toEqual([
      ['refund-exceeds-payment', 'r2'],
      ['credit-exceeds-payment', 'c1'],
    ]);
    // A refund of a payment the ledger never received.
    expect(rules([entry({ id: 'r', type: 'refund', amountCents: 1 })])).toEqual([['refund-exceeds-payment', 'r']]);
  });

  it('one currency per document and per payment', () => {
    const v = ledgerViolations(
      [paid(1_000), entry({ id: 'eur', type: 'refund', amountCents: 100, currency: 'eur' })],
      facts,
    );
    expect(v.map((x) => x.rule)).toEqual(['currency-mismatch']);
    expect(v[0]!.text).toContain('EUR');
    // An order in EUR takes EUR entries; a USD one on it is the mismatch.
    const order = { documentKind: 'order' as const, documentId: 'ord-eur', paymentIntentId: 'pi_link' };
    expect(rules([entry({ ...order, id: 'ok', type: 'payment', amountCents: 5, currency: 'eur' })])).toEqual([]);
    expect(rules([entry({ ...order, id: 'usd', type: 'payment', amountCents: 5 })])).toEqual([
      ['currency-mismatch', 'usd'],
    ]);
  });

  it('a dispute is opened once, closed once, after its opening, and takes at most what the payment kept', () => {
    expect(
      rules([
        paid(1_000),
        entry({ id: 'o1', type: 'dispute_opened', amountCents: 1_000, reference: 'dp_1' }),
        entry({ id: 'o2', type: 'dispute_opened', amountCents: 1_000, reference: 'dp_1' }),
        entry({ id: 'l1', type: 'dispute_lost', amountCents: 1_000, reference: 'dp_1' }),
        entry({ id: 'w1', type: 'write_off', amountCents: 1_000, reference: 'dp_1' }),
        entry({ id: 'l2', type: 'dispute_lost', amountCents: 1_000, reference: 'dp_1' }),
        entry({ id: 'w2', type: 'write_off', amountCents: 1_000, reference: 'dp_1' }),
      ]),
    ).toEqual([
      ['dispute-applied-twice', 'o2'],
      ['dispute-applied-twice', 'l2'],
      ['credit-exceeds-payment', 'w2'],
    ]);
    expect(
      rules([paid(1_000), entry({ id: 'big', type: 'dispute_opened', amountCents: 9_999_999, reference: 'dp_2' })]),
    ).toEqual([['dispute-exceeds-payment', 'big']]);
    expect(
      rules([paid(1_000), entry({ id: 'early', type: 'dispute_lost', amountCents: 100, reference: 'dp_3' })]),
    ).toEqual([['dispute-closed-before-opened', 'early']]);
    // Two disputes together never take more than the payment kept.
    expect(
      rules([
        paid(1_000),
        entry({ type: 'dispute_opened', amountCents: 700, reference: 'dp_5' }),
        entry({ id: 'more', type: 'dispute_opened', amountCents: 400, reference: 'dp_6' }),
      ]),
    ).toEqual([['dispute-exceeds-payment', 'more']]);
    // Entries written in one transaction share their time: the opening still comes first.
    expect(
      rules([
        paid(1_000),
        entry({ type: 'dispute_lost', amountCents: 500, reference: 'dp_4', at: at(100) }),
        entry({ type: 'dispute_opened', amountCents: 500, reference: 'dp_4', at: at(100) }),
      ]),
    ).toEqual([]);
  });

  it('an entry names a document that exists, a lead whose request lags, or a payment with its own record', () => {
    expect(rules([entry({ id: 'x', type: 'payment', amountCents: 5, documentId: 'no-such-invoice' })])).toEqual([
      ['entry-without-document', 'x'],
    ]);
    const request = (leadId: string) => ({ documentKind: 'request' as const, documentId: `${leadId}_deposit` });
    expect(rules([entry({ ...request('lead1'), type: 'payment', amountCents: 5 })])).toEqual([]);
    expect(rules([entry({ ...request('ghost'), id: 'g', type: 'payment', amountCents: 5 })])).toEqual([
      ['entry-without-document', 'g'],
    ]);
    const none = { documentKind: null, documentId: null };
    expect(rules([entry({ ...none, paymentIntentId: 'pi_link', type: 'payment', amountCents: 5 })])).toEqual([]);
    expect(rules([entry({ ...none, id: 'n', paymentIntentId: 'pi_ghost', type: 'payment', amountCents: 5 })])).toEqual([
      ['entry-without-document', 'n'],
    ]);
    expect(rules([entry({ ...none, id: 'm', paymentIntentId: null, type: 'payment', amountCents: 5 })])).toEqual([
      ['entry-without-document', 'm'],
    ]);
  });

  it('newViolations names only what the planned entries break', () => {
    const existing = [paid(1_000), entry({ id: 'old', type: 'refund', amountCents: 5_000 })];
    expect(newViolations(existing, [entry({ id: 'fine', type: 'dispute_won', amountCents: 1 })], facts)).toEqual([
      expect.objectContaining({ rule: 'dispute-closed-before-opened', entryId: 'fine' }),
    ]);
  });
});

const base = (eventId: string, reference: string) => ({
  eventId,
  paymentIntentId: 'pi_1',
  documentKind: 'invoice' as const,
  documentId: 'inv1',
  reference,
  at: at(1_000),
});

describe('planChargeEvent', () => {
  const refund = (cumulative: number, currency = 'usd'): ChargeFacts => ({
    kind: 'refund',
    amountRefundedCents: cumulative,
    currency,
  });
  const dispute = (kind: 'dispute_created' | 'dispute_closed', amountCents: number, status?: string): ChargeFacts => ({
    kind,
    disputeId: 'dp_1',
    amountCents,
    currency: 'usd',
    status,
  });

  it('a refund writes what its cumulative adds, and nothing for an older one', () => {
    const existing = [paid(1_000), entry({ type: 'refund', amountCents: 300 })];
    expect(planChargeEvent(refund(500), existing, facts, base('evt', 'ch'))).toEqual({
      outcome: 'apply',
      entries: [
        { type: 'refund', amountCents: 200, suffix: 'refund' },
        { type: 'credit_note', amountCents: 200, suffix: 'credit-note' },
      ],
    });
    expect(planChargeEvent(refund(300), existing, facts, base('evt', 'ch'))).toEqual({ outcome: 'apply', entries: [] });
  });

  it('holds a refund above the payment, or in another currency', () => {
    expect(planChargeEvent(refund(5_000_000), [paid(1_000)], facts, base('evt', 'ch'))).toMatchObject({
      outcome: 'review',
      rule: 'refund-exceeds-payment',
    });
    expect(planChargeEvent(refund(100, 'eur'), [paid(1_000)], facts, base('evt', 'ch'))).toMatchObject({
      outcome: 'review',
      rule: 'currency-mismatch',
    });
  });

  it('applies a dispute once per state, in order, within what the payment kept', () => {
    const opened = entry({ type: 'dispute_opened', amountCents: 1_000, reference: 'dp_1' });
    const lost = entry({ type: 'dispute_lost', amountCents: 1_000, reference: 'dp_1' });
    expect(planChargeEvent(dispute('dispute_created', 1_000), [paid(1_000)], facts, base('e1', 'dp_1'))).toEqual({
      outcome: 'apply',
      entries: [{ type: 'dispute_opened', amountCents: 1_000, suffix: 'dispute-opened' }],
    });
    expect(
      planChargeEvent(dispute('dispute_created', 1_000), [paid(1_000), opened], facts, base('e2', 'dp_1')),
    ).toEqual({ outcome: 'duplicate' });
    expect(
      planChargeEvent(dispute('dispute_created', 9_999_999), [paid(1_000)], facts, base('e3', 'dp_1')),
    ).toMatchObject({ outcome: 'review', rule: 'dispute-exceeds-payment' });
    expect(
      planChargeEvent(dispute('dispute_closed', 1_000, 'lost'), [paid(1_000)], facts, base('e4', 'dp_1')),
    ).toMatchObject({ outcome: 'review', rule: 'dispute-closed-before-opened' });
    expect(
      planChargeEvent(dispute('dispute_closed', 1_000, 'lost'), [paid(1_000), opened], facts, base('e5', 'dp_1')),
    ).toMatchObject({ outcome: 'apply', entries: [{ type: 'dispute_lost' }, { type: 'write_off' }] });
    expect(
      planChargeEvent(dispute('dispute_closed', 1_000, 'lost'), [paid(1_000), opened, lost], facts, base('e6', 'dp_1')),
    ).toEqual({ outcome: 'duplicate' });
    expect(
      planChargeEvent(dispute('dispute_closed', 1_000, 'won'), [paid(1_000), opened, lost], facts, base('e7', 'dp_1')),
    ).toMatchObject({ outcome: 'review', rule: 'dispute-applied-twice' });
    // A closed state that moves no money (an inquiry closed with a warning) writes nothing.
    expect(
      planChargeEvent(dispute('dispute_closed', 1_000, 'warning_closed'), [paid(1_000)], facts, base('e8', 'dp_1')),
    ).toEqual({ outcome: 'apply', entries: [] });
  });

  it('property: whatever Stripe sends, in any order and any number of copies, the recorded ledger breaks no rule', () => {
    const event = fc.oneof(
      fc.record({
        kind: fc.constant('refund' as const),
        amountRefundedCents: fc.integer({ min: 0, max: 30_000 }),
        currency: fc.constantFrom('usd', 'eur'),
      }),
      fc.record({
        kind: fc.constantFrom('dispute_created' as const, 'dispute_closed' as const),
        disputeId: fc.constantFrom('dp_a', 'dp_b'),
        amountCents: fc.integer({ min: 1, max: 30_000 }),
        currency: fc.constantFrom('usd', 'usd', 'eur'),
        status: fc.constantFrom('won', 'lost', 'needs_response', 'warning_closed'),
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.array(event, { maxLength: 25 }), (paidCents, events) => {
        const ledger: RuledEntry[] = [paid(paidCents)];
        events.forEach((e, i) => {
          const reference = e.kind === 'refund' ? 'ch_1' : e.disputeId;
          const plan = planChargeEvent(e, ledger, facts, { ...base(`evt${i}`, reference), at: at(i) });
          if (plan.outcome !== 'apply') return;
          for (const p of plan.entries)
            ledger.push(
              entry({
                id: `evt${i}-${p.suffix}`,
                type: p.type,
                amountCents: p.amountCents,
                currency: e.currency,
                reference,
                at: at(i),
              }),
            );
        });
        expect(ledgerViolations(ledger, facts)).toEqual([]);
        const sum = (t: string) => ledger.filter((x) => x.type === t).reduce((s, x) => s + x.amountCents, 0);
        expect(sum('refund') + sum('dispute_lost')).toBeLessThanOrEqual(paidCents);
      }),
    );
  });
});

describe('refundAmount', () => {
  it('an amount above what is left is too much, even once nothing is left', () => {
    expect(refundAmount(1_000, 1_000, 100)).toEqual({ ok: false, message: REFUND_REFUSALS.tooMuch });
    expect(refundAmount(1_000, 1_000, null)).toEqual({ ok: false, message: REFUND_REFUSALS.nothingLeft });
    expect(refundAmount(1_000, 900, 100)).toEqual({ ok: true, cents: 100 });
  });
});
