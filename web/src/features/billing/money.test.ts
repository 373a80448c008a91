import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DAY_MS as DAY, type LedgerEntryDoc } from '@studio/domain';
import { ageingTotals, customers, ledgerCsv, outstanding, revenue, type BillableDoc } from './money';

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
    expect(rows.map((r) => [r.id, r.amountDueCents, r.bucket, r.label])).toEqual([
      ['0001', 6_000, '31-60', 'Partially paid'],
      ['0003', 10_000, '31-60', 'Open'],
      ['0002', 10_000, 'current', 'Open'],
    ]);
    expect(outstanding(docs, NOW, 'bob@example.com').map((r) => r.id)).toEqual(['0003']);
    expect(ageingTotals(rows).find((b) => b.bucket === '31-60')?.cents).toBe(16_000);
    expect(customers(['Ann@Example.com', null, 'bob@example.com', 'ann@example.com'])).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
  });

  it('revenue comes from the month totals, or from the chosen client’s own entries', () => {
    const months = [{ month: '2026-11', cashCents: 9_000, entries: 3 }];
    const entries = [entry({ type: 'payment', amountCents: 4_000 })];
    expect(revenue(months, [], null)).toEqual([{ month: '2026-11', cents: 9_000 }]);
    expect(revenue(months, entries, 'ann@example.com')).toEqual([{ month: '2026-11', cents: 4_000 }]);
    expect(revenue(months, entries, 'bob@example.com')).toEqual([]);
  });

  it('exports the ledger as CSV with formula-safe cells', () => {
    const csv = ledgerCsv([entry({ type: 'refund', amountCents: 1_250, reason: '=HYPERLINK("x")' })]);
    const [head, row] = Papa.parse<string[]>(csv.trim()).data;
    expect(head).toContain('Reason');
    expect(row).toContain('Refund');
    expect(row).toContain('12.50');
    expect(row).toContain(`'=HYPERLINK("x")`);
  });
});
