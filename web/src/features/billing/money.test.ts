import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { LedgerEntryDoc } from '@studio/domain';
import { ageingTotals, customers, ledgerCsv, outstanding, revenue, type BillableDoc } from './money';

const NOW = new Date('2026-11-27T12:00:00Z');
const DAY = 86_400_000;

const doc = (id: string, over: Partial<BillableDoc> = {}): BillableDoc => ({
  id,
  number: `INV-2026-${id}`,
  email: 'ann@example.com',
  clientName: 'Ann',
  description: 'Work',
  amountCents: 10_000,
  dueDate: new Date(NOW.getTime() - 40 * DAY),
  createdAt: null,
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
  ...over,
});

describe('Money page model', () => {
  it('lists what is still due from the ledger, with its ageing bucket, for the chosen client', () => {
    const docs = [
      { kind: 'invoice' as const, doc: doc('0001') },
      { kind: 'invoice' as const, doc: doc('0002', { dueDate: new Date(NOW.getTime() + DAY) }) },
      { kind: 'request' as const, doc: doc('0003', { email: 'bob@example.com', clientName: 'Bob' }) },
    ];
    const entries = [entry({ type: 'payment', amountCents: 4_000 })];
    const rows = outstanding(docs, entries, NOW, null);
    expect(rows.map((r) => [r.id, r.amountDueCents, r.bucket, r.label])).toEqual([
      ['0001', 6_000, '31-60', 'Partially paid'],
      ['0003', 10_000, '31-60', 'Open'],
      ['0002', 10_000, 'current', 'Open'],
    ]);
    expect(outstanding(docs, entries, NOW, 'bob@example.com').map((r) => r.id)).toEqual(['0003']);
    expect(ageingTotals(rows).find((b) => b.bucket === '31-60')?.cents).toBe(16_000);
    expect(customers(entries, docs)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(revenue(entries, 'bob@example.com')).toEqual([]);
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
