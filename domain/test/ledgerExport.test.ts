import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashOf, ledgerRows, ledgerRowTotals, type LedgerRowEntry } from '../src/index.js';

type Entry = LedgerRowEntry & { id: string };

const entry = (id: string, over: Partial<Entry> & Pick<Entry, 'type' | 'amountCents'>): Entry => ({
  id,
  number: null,
  stripeEventId: null,
  paymentIntentId: 'pi_1',
  reference: null,
  ...over,
});

/** The month the user described: a $3,475 deposit, a $475 refund with its credit note, a $300 write-off. */
const MONTH: Entry[] = [
  entry('write-off', { type: 'write_off', amountCents: 30_000, paymentIntentId: null }),
  entry('evt_1-credit-note', {
    type: 'credit_note',
    amountCents: 47_500,
    number: 'CN-2026-0001',
    stripeEventId: 'evt_1',
    reference: 're_1',
  }),
  entry('evt_1-refund', { type: 'refund', amountCents: 47_500, stripeEventId: 'evt_1', reference: 're_1' }),
  entry('payment-pi_1', { type: 'payment', amountCents: 347_500 }),
];

/**
 * Entries as the server writes them, one Stripe event (or owner's action) at
 * a time: a payment; a refund with its credit note (same event and amount);
 * a dispute opened, won, or lost with the write-off that closes it; a
 * write-off of what is left on an invoice. Shuffled: the export reads them
 * newest first, and a refund and its credit note may come in either order.
 */
const serverEntries = fc
  .array(
    fc.record({
      kind: fc.constantFrom('payment', 'refund', 'opened', 'won', 'lost', 'write_off'),
      cents: fc.integer({ min: 1, max: 10_000_000 }),
      pi: fc.constantFrom('pi_1', 'pi_2', 'pi_3'),
    }),
    { maxLength: 25 },
  )
  .map((events) =>
    events.flatMap(({ kind, cents, pi }, i): Entry[] => {
      const evt = { stripeEventId: `evt_${i}`, paymentIntentId: pi, reference: `ref_${i}` };
      const at = (type: Entry['type'], over: Partial<Entry> = {}) =>
        entry(`evt_${i}-${type}`, { type, amountCents: cents, ...evt, ...over });
      switch (kind) {
        case 'payment':
          return [at('payment', { stripeEventId: null, reference: null })];
        case 'refund':
          return [at('refund'), at('credit_note', { number: `CN-2026-${String(i).padStart(4, '0')}` })];
        case 'opened':
          return [at('dispute_opened')];
        case 'won':
          return [at('dispute_won')];
        case 'lost':
          return [at('dispute_lost'), at('write_off')];
        default:
          return [at('write_off', { stripeEventId: null, reference: null, paymentIntentId: null })];
      }
    }),
  )
  .chain((entries) => fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }));

describe('ledgerRows (the export and the on-screen ledger)', () => {
  it('signs the month the user found: the cash column sums to the $3,000 received', () => {
    const rows = ledgerRows(MONTH);
    expect(rows.map((r) => [r.entry.id, r.creditNote?.number ?? null, r.cashCents, r.writtenOffCents])).toEqual([
      ['write-off', null, 0, -30_000],
      ['evt_1-refund', 'CN-2026-0001', -47_500, 0],
      ['payment-pi_1', null, 347_500, 0],
    ]);
    expect(ledgerRowTotals(rows)).toEqual({ cashCents: 300_000, writtenOffCents: -30_000, disputedCents: 0 });
  });

  it('a lost dispute is cash out and closes the dispute; its write-off is not cash', () => {
    const rows = ledgerRows([
      entry('o', { type: 'dispute_opened', amountCents: 500, stripeEventId: 'evt_o' }),
      entry('w', { type: 'dispute_won', amountCents: 200, stripeEventId: 'evt_w' }),
      entry('l', { type: 'dispute_lost', amountCents: 300, stripeEventId: 'evt_l' }),
      entry('lw', { type: 'write_off', amountCents: 300, stripeEventId: 'evt_l' }),
    ]);
    expect(rows.map((r) => [r.entry.id, r.cashCents, r.writtenOffCents, r.disputedCents])).toEqual([
      ['o', 0, 0, 500],
      ['w', 0, 0, -200],
      ['l', -300, 0, -300],
      ['lw', 0, -300, 0],
    ]);
  });

  it('a credit note whose refund is not among the entries keeps its own row, with no cash', () => {
    const [note] = MONTH.filter((e) => e.type === 'credit_note');
    expect(ledgerRows([note!])).toEqual([
      { entry: note, creditNote: note, cashCents: 0, writtenOffCents: 0, disputedCents: 0 },
    ]);
    // Another amount than its refund's is not its document: both stay visible.
    const other = { ...note!, amountCents: 100 };
    const refund = MONTH.find((e) => e.type === 'refund')!;
    expect(ledgerRows([other, refund]).map((r) => [r.entry.type, r.creditNote?.amountCents ?? null])).toEqual([
      ['credit_note', 100],
      ['refund', null],
    ]);
  });

  it('pairs a refund written without an event id to its credit note by payment and Stripe refund id', () => {
    const refund = entry('r', { type: 'refund', amountCents: 900, reference: 're_9' });
    const note = entry('n', { type: 'credit_note', amountCents: 900, reference: 're_9', number: 'CN-2026-0009' });
    expect(ledgerRows([refund, note]).map((r) => [r.entry.id, r.creditNote?.id])).toEqual([['r', 'n']]);
  });

  it('property: the cash column sums to Σ cashOf, and a credit note is only ever its refund’s document', () => {
    fc.assert(
      fc.property(serverEntries, (entries) => {
        const rows = ledgerRows(entries);
        const sum = (f: (e: Entry) => number) => entries.reduce((s, e) => s + f(e), 0);
        const totals = ledgerRowTotals(rows);
        expect(totals.cashCents).toBe(sum(cashOf));
        expect(totals.writtenOffCents).toBe(0 - sum((e) => (e.type === 'write_off' ? e.amountCents : 0)));
        // No row is a credit note: each is named on the row of the refund of its own event, with the same amount.
        expect(rows.filter((r) => r.entry.type === 'credit_note')).toEqual([]);
        for (const note of entries.filter((e) => e.type === 'credit_note')) {
          const holders = rows.filter((r) => r.creditNote === note);
          expect(holders).toHaveLength(1);
          expect(holders[0]!.entry).toMatchObject({
            type: 'refund',
            stripeEventId: note.stripeEventId,
            amountCents: note.amountCents,
          });
        }
        // Every other entry is a row of its own, in the entries' order.
        expect(rows.map((r) => r.entry)).toEqual(entries.filter((e) => e.type !== 'credit_note'));
        // Only write-offs are written off, and non-cash rows move no cash.
        for (const r of rows) {
          expect(r.cashCents).toBe(cashOf(r.entry));
          if (r.writtenOffCents !== 0) expect(r.entry.type).toBe('write_off');
        }
      }),
    );
  });

  it('property: over any entries, even unpaired ones, every entry is counted once and the cash sums to Σ cashOf', () => {
    const any = fc.array(
      fc.record({
        id: fc.uuid(),
        type: fc.constantFrom(
          'payment',
          'refund',
          'credit_note',
          'dispute_opened',
          'dispute_won',
          'dispute_lost',
          'write_off',
        ) as fc.Arbitrary<Entry['type']>,
        amountCents: fc.integer({ min: 1, max: 1_000 }),
        number: fc.constant(null),
        stripeEventId: fc.option(fc.constantFrom('evt_a', 'evt_b')),
        paymentIntentId: fc.option(fc.constantFrom('pi_a', 'pi_b')),
        reference: fc.option(fc.constantFrom('re_a', 're_b')),
      }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(any, (entries) => {
        const rows = ledgerRows(entries);
        expect(ledgerRowTotals(rows).cashCents).toBe(entries.reduce((s, e) => s + cashOf(e), 0));
        const seen = rows.flatMap((r) =>
          r.creditNote && r.creditNote !== r.entry ? [r.entry, r.creditNote] : [r.entry],
        );
        expect(new Set(seen).size).toBe(entries.length);
        expect(seen).toHaveLength(entries.length);
      }),
    );
  });
});
