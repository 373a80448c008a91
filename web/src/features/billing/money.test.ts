import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  cashOf,
  DAY_MS as DAY,
  LEDGER_ENTRY_TYPES,
  ledgerRows,
  parseAmountToCents,
  revenueByMonth,
  type LedgerEntryDoc,
} from '@studio/domain';
import {
  ageingTotals,
  cashReceived,
  clientLabel,
  customers,
  isClient,
  LEDGER_CSV_CASH,
  LEDGER_CSV_COLUMNS,
  ledgerCsv,
  ledgerFigure,
  matchesClient,
  outstanding,
  revenue,
  signedUsd,
  type BillableDoc,
} from './money';

const NOW = new Date('2026-11-27T12:00:00Z');

const doc = (id: string, over: Partial<BillableDoc> = {}): BillableDoc => ({
  id,
  number: `INV-2026-${id}`,
  email: 'ann@example.com',
  clientName: 'Ann',
  description: 'Work',
  amountCents: 10_000,
  status: 'open',
  dueDate: new Date(NOW.getTime() - 40 * DAY),
  createdAt: null,
  ledgerCents: {},
  ...over,
});

const entry = (over: Partial<LedgerEntryDoc> & Pick<LedgerEntryDoc, 'type' | 'amountCents'>) => ({
  id: `e${Math.random()}`,
  currency: 'usd',
  documentKind: 'invoice' as const,
  documentId: '0001',
  documentNumber: 'INV-2026-0001',
  number: null,
  leadId: null,
  customerEmail: 'ann@example.com',
  customerName: 'Ann',
  paymentIntentId: 'pi_1',
  reference: null,
  stripeEventId: null,
  reason: null,
  by: 'stripe',
  at: NOW,
  refundedCents: 0,
  ...over,
});

describe('Money page model', () => {
  it('lists what is still due from the ledger sums, with its ageing bucket, for the chosen client', () => {
    const docs = [
      { kind: 'invoice' as const, doc: doc('0001', { ledgerCents: { payment: 4_000 } }) },
      { kind: 'invoice' as const, doc: doc('0002', { dueDate: new Date(NOW.getTime() + DAY) }) },
      { kind: 'request' as const, doc: doc('0003', { email: 'bob@example.com', clientName: 'Bob' }) },
      // Stored paid or void: owes nothing, whatever its sums say (books:check holds the two together).
      { kind: 'invoice' as const, doc: doc('0004', { status: 'paid' }) },
      { kind: 'invoice' as const, doc: doc('0005', { status: 'void' }) },
      // Open but settled by a credit note and a write-off: nothing left to list.
      { kind: 'invoice' as const, doc: doc('0006', { ledgerCents: { credit_note: 6_000, write_off: 4_000 } }) },
    ];
    const rows = outstanding(docs, NOW, null);
    // The statement's words: how late, on the studio's clock (UTC here), and whether some money is in.
    expect(rows.map((r) => [r.id, r.amountDueCents, r.bucket, r.label])).toEqual([
      ['0001', 6_000, '31-60', `Overdue ${rows[0]!.overdueDays} days, partially paid`],
      ['0003', 10_000, '31-60', `Overdue ${rows[1]!.overdueDays} days`],
      ['0002', 10_000, 'current', 'Open'],
    ]);
    expect(rows[0]!.overdueDays).toBeGreaterThan(30);
    expect(outstanding(docs, NOW, 'bob@example.com').map((r) => r.id)).toEqual(['0003']);
    expect(ageingTotals(rows).find((b) => b.bucket === '31-60')?.cents).toBe(16_000);
  });

  it('the client filter knows each customer by email and by the names the books give them', () => {
    const clients = customers([
      { email: 'Ann@Example.com', name: 'Ann Lee' },
      { email: null, name: 'Nobody' },
      { email: 'zed@example.com', name: null },
      { email: 'ann@example.com', name: 'ann lee' },
      { email: 'ann@example.com', name: 'Ann Lee-Smith' },
      { email: 'bob@example.com', name: 'Bob' },
    ]);
    expect(clients).toEqual([
      { email: 'ann@example.com', names: ['Ann Lee', 'Ann Lee-Smith'] },
      { email: 'bob@example.com', names: ['Bob'] },
      { email: 'zed@example.com', names: [] },
    ]);
    expect(clients.map(clientLabel)).toEqual(['Ann Lee (ann@example.com)', 'Bob (bob@example.com)', 'zed@example.com']);
    const found = (text: string) => clients.filter((c) => matchesClient(c, text)).map((c) => c.email);
    // Typed names, any case, any part of them; emails as before; nothing typed: everyone.
    expect(found('ann')).toEqual(['ann@example.com']);
    expect(found('  SMITH ')).toEqual(['ann@example.com']);
    expect(found('bob')).toEqual(['bob@example.com']);
    expect(found('ZED@')).toEqual(['zed@example.com']);
    expect(found('example')).toHaveLength(3);
    expect(found('')).toHaveLength(3);
    expect(found('carol')).toEqual([]);
    // The chosen client is an email: documents and entries are theirs whatever the case.
    expect(isClient('ANN@example.com', 'ann@example.com')).toBe(true);
    expect(isClient('ann@example.com', 'Ann@Example.com ')).toBe(true);
    expect(isClient('bob@example.com', 'ann@example.com')).toBe(false);
    expect(isClient(null, null)).toBe(true);
  });

  it('revenue comes from the month totals, or from the chosen client’s own entries', () => {
    const months = [{ month: '2026-11', cashCents: 9_000, entries: 3 }];
    const entries = [entry({ type: 'payment', amountCents: 4_000 })];
    expect(revenue(months, [], null)).toEqual([{ month: '2026-11', cents: 9_000 }]);
    expect(revenue(months, entries, 'ann@example.com')).toEqual([{ month: '2026-11', cents: 4_000 }]);
    expect(revenue(months, entries, 'bob@example.com')).toEqual([]);
  });

  it('exports the ledger as CSV with formula-safe text cells', () => {
    const csv = ledgerCsv([entry({ type: 'refund', amountCents: 1_250, reason: '=HYPERLINK("x")' })]);
    const [head, row] = Papa.parse<string[]>(csv.trim()).data;
    expect(head).toEqual([...LEDGER_CSV_COLUMNS]);
    expect(row).toContain('Refund');
    // A signed amount is a number a spreadsheet sums, not a formula: written as it is.
    expect(row![head!.indexOf(LEDGER_CSV_CASH)]).toBe('-12.50');
    expect(row).toContain(`'=HYPERLINK("x")`);
  });

  it('exports the month the user found so that the cash column sums to the $3,000 received', () => {
    const at = new Date('2026-11-20T10:00:00Z');
    const entries = [
      entry({ type: 'write_off', amountCents: 30_000, documentNumber: 'INV-2026-0002', paymentIntentId: null, at }),
      entry({
        type: 'credit_note',
        amountCents: 47_500,
        number: 'CN-2026-0001',
        stripeEventId: 'evt_1',
        reference: 're_1',
        at,
      }),
      entry({ type: 'refund', amountCents: 47_500, stripeEventId: 'evt_1', reference: 're_1', at }),
      entry({ type: 'payment', amountCents: 347_500, at }),
    ];
    const table = Papa.parse<Record<string, string>>(ledgerCsv(entries), { header: true, skipEmptyLines: true }).data;
    expect(
      table.map((r) => [
        r.Type,
        r[LEDGER_CSV_CASH],
        r['Written off (signed, not cash)'],
        r.Currency,
        r.Document,
        r['Credit note'],
      ]),
    ).toEqual([
      ['Write-off', '0.00', '-300.00', 'USD', 'INV-2026-0002', ''],
      ['Refund', '-475.00', '0.00', 'USD', 'INV-2026-0001', 'CN-2026-0001'],
      ['Payment', '3475.00', '0.00', 'USD', 'INV-2026-0001', ''],
    ]);
    const cash = table.reduce((s, r) => s + parseSigned(r[LEDGER_CSV_CASH]!), 0);
    expect(cash).toBe(300_000);
    expect(cashReceived(revenueByMonth(entries))).toBe(cash);
  });

  it('property: the CSV’s cash column sums to the cash received, and a credit note is never a row', () => {
    // As the server writes them: a refund and its credit note come from one Stripe event, with one amount.
    const event = fc.record({
      type: fc.constantFrom(...LEDGER_ENTRY_TYPES.filter((t) => t !== 'credit_note')),
      amountCents: fc.integer({ min: 1, max: 100_000_000 }),
      at: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 20 }), (events) => {
        const entries = events.flatMap((e, i) => {
          const one = entry({ ...e, stripeEventId: `evt_${i}`, reference: `ref_${i}` });
          return e.type === 'refund'
            ? [
                one,
                entry({
                  ...e,
                  type: 'credit_note',
                  number: `CN-2026-${i}`,
                  stripeEventId: `evt_${i}`,
                  reference: `ref_${i}`,
                }),
              ]
            : [one];
        });
        const table = Papa.parse<Record<string, string>>(ledgerCsv(entries), {
          header: true,
          skipEmptyLines: true,
        }).data;
        const cash = table.reduce((s, r) => s + parseSigned(r[LEDGER_CSV_CASH]!), 0);
        expect(cash).toBe(entries.reduce((s, e) => s + cashOf(e), 0));
        expect(cash).toBe(cashReceived(revenueByMonth(entries)));
        expect(table.filter((r) => r.Type === 'Credit note')).toEqual([]);
        expect(table.filter((r) => r['Credit note'] !== '').map((r) => r.Type)).toEqual(
          entries.filter((e) => e.type === 'credit_note').map(() => 'Refund'),
        );
      }),
    );
  });

  it('shows each ledger row’s figure with its sign, and says when it is not cash', () => {
    const rows = ledgerRows([
      entry({ type: 'payment', amountCents: 347_500 }),
      entry({ type: 'refund', amountCents: 47_500, stripeEventId: 'evt_1' }),
      entry({ type: 'credit_note', amountCents: 47_500, stripeEventId: 'evt_1', number: 'CN-2026-0001' }),
      entry({ type: 'write_off', amountCents: 30_000 }),
      entry({ type: 'dispute_opened', amountCents: 5_000 }),
      entry({ type: 'dispute_won', amountCents: 5_000 }),
      entry({ type: 'dispute_lost', amountCents: 2_000 }),
      entry({ type: 'credit_note', amountCents: 900, stripeEventId: 'evt_9', number: 'CN-2026-0009' }),
    ]);
    expect(
      rows.map((r) => {
        const f = ledgerFigure(r);
        return [r.entry.type, f.cents === null ? '—' : signedUsd(f.cents), f.note];
      }),
    ).toEqual([
      ['payment', '$3,475.00', null],
      ['refund', '\u2212$475.00', null],
      ['write_off', '\u2212$300.00', 'Written off, not cash'],
      ['dispute_opened', '$50.00', 'Under dispute, not cash'],
      ['dispute_won', '\u2212$50.00', 'Dispute released, not cash'],
      ['dispute_lost', '\u2212$20.00', null],
      // Its refund is on another page: the refund's row carries the cash.
      ['credit_note', '—', 'Credit note of a refund, not cash'],
    ]);
  });
});

/** A signed 2-decimal cell in cents ("-475.00" → -47500). */
function parseSigned(cell: string): number {
  const cents = parseAmountToCents(cell.replace(/^-/, ''));
  if (cents === null) throw new Error(`not an amount: ${cell}`);
  return cell.startsWith('-') ? -cents : cents;
}
