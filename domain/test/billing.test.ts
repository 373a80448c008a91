import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageingBucket,
  balanceLabel,
  documentBalance,
  ledgerSums,
  ledgerSumsSchema,
  sameLedgerSums,
  documentTermsText,
  editedQuoteSplit,
  formatInvoiceNumber,
  invoiceModel,
  invoiceTotals,
  taxIncludedTotals,
  mismatchText,
  nextInvoiceNumber,
  parseInvoiceNumber,
  paymentMismatch,
  refundAmount,
  revenueByMonth,
  ledgerMonths,
  monthKey,
  monthRange,
  LEDGER_ENTRY_TYPES,
  CLOSE_REFUSALS,
  voidRefusal,
  writeOffOf,
  studioSettingsSchema,
  taxRateText,
  type LedgerMovement,
} from '../src/index.js';

const cents = fc.integer({ min: 1, max: 10_000_000 });

describe('documentBalance', () => {
  it('an unpaid document owes its total; paid, it owes nothing', () => {
    expect(documentBalance(47_500, [])).toMatchObject({ amountDueCents: 47_500, status: 'open' });
    const paid = documentBalance(47_500, [{ type: 'payment', amountCents: 47_500 }]);
    expect(paid).toMatchObject({ amountDueCents: 0, status: 'paid', keptCents: 47_500 });
    expect(balanceLabel(paid)).toBe('Paid');
    expect(balanceLabel(documentBalance(47_500, [{ type: 'payment', amountCents: 10_000 }]))).toBe('Partially paid');
  });

  it('a refund comes with its credit note: nothing more is owed, and the label says so', () => {
    const b = documentBalance(47_500, [
      { type: 'payment', amountCents: 47_500 },
      { type: 'refund', amountCents: 7_500 },
      { type: 'credit_note', amountCents: 7_500 },
    ]);
    expect(b).toMatchObject({ amountDueCents: 0, keptCents: 40_000, status: 'paid' });
    expect(balanceLabel(b)).toBe('Partially refunded');
  });

  it('a lost dispute is written off: uncollectible, nothing kept of it', () => {
    const b = documentBalance(47_500, [
      { type: 'payment', amountCents: 47_500 },
      { type: 'dispute_opened', amountCents: 47_500 },
      { type: 'dispute_lost', amountCents: 47_500 },
      { type: 'write_off', amountCents: 47_500 },
    ]);
    expect(b).toMatchObject({ amountDueCents: 0, keptCents: 0, status: 'uncollectible', disputedCents: 0 });
    const open = documentBalance(47_500, [
      { type: 'payment', amountCents: 47_500 },
      { type: 'dispute_opened', amountCents: 47_500 },
    ]);
    expect(balanceLabel(open)).toBe('Disputed');
    expect(open.amountDueCents).toBe(0);
  });

  it('property: kept money is what was paid less refunds and lost disputes, and due is never negative', () => {
    const entry = fc.record({
      type: fc.constantFrom(...LEDGER_ENTRY_TYPES),
      amountCents: cents,
    });
    fc.assert(
      fc.property(cents, fc.array(entry, { maxLength: 12 }), (total, entries) => {
        const b = documentBalance(total, entries);
        const sum = (t: string) => entries.filter((e) => e.type === t).reduce((s, e) => s + e.amountCents, 0);
        expect(b.keptCents).toBe(sum('payment') - sum('refund') - sum('dispute_lost'));
        expect(b.amountDueCents).toBeGreaterThanOrEqual(0);
        expect(b.amountDueCents - b.overpaidCents).toBe(total - sum('credit_note') - sum('write_off') - b.keptCents);
        // The order of the entries never changes the balance.
        expect(documentBalance(total, [...entries].reverse())).toEqual(b);
        // The sums the server keeps on the document give the same balance as its entries.
        const sums = ledgerSums(entries);
        expect(documentBalance(total, { sums })).toEqual(b);
        expect(ledgerSumsSchema.parse(sums)).toEqual(sums);
      }),
    );
  });

  it('property: a refund with its credit note never changes what is owed', () => {
    fc.assert(
      fc.property(cents, cents, (total, r) => {
        const paid: LedgerMovement[] = [{ type: 'payment', amountCents: total }];
        const refunded: LedgerMovement[] = [
          ...paid,
          { type: 'refund', amountCents: r },
          { type: 'credit_note', amountCents: r },
        ];
        expect(documentBalance(total, refunded).amountDueCents).toBe(documentBalance(total, paid).amountDueCents);
      }),
    );
  });
});

describe('numbers', () => {
  it('credit notes have their own series; numbers never change once issued', () => {
    expect(formatInvoiceNumber(2026, 1, 'creditNote')).toBe('CN-2026-0001');
    expect(nextInvoiceNumber(6, new Date('2026-11-27T00:00:00Z'), 'creditNote').number).toBe('CN-2026-0007');
    expect(parseInvoiceNumber('CN-2026-0007', 'creditNote')).toEqual({ year: 2026, seq: 7 });
    expect(parseInvoiceNumber('CN-2026-0007')).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (last) => {
        const inv = nextInvoiceNumber(last, new Date('2026-05-01T00:00:00Z'));
        const cn = nextInvoiceNumber(last, new Date('2026-05-01T00:00:00Z'), 'creditNote');
        expect(inv.seq).toBe(last + 1);
        expect(cn.seq).toBe(last + 1);
        expect(parseInvoiceNumber(inv.number)).toEqual({ year: 2026, seq: last + 1 });
        expect(parseInvoiceNumber(cn.number, 'creditNote')).toEqual({ year: 2026, seq: last + 1 });
      }),
    );
  });
});

describe('payments against what is owed', () => {
  it('a currency or amount that is not what is owed is a mismatch', () => {
    const owed = { amountCents: 47_500, currency: 'usd' };
    expect(paymentMismatch({ amountCents: 47_500, currency: 'usd' }, owed)).toBeNull();
    expect(paymentMismatch({ amountCents: 47_500, currency: 'USD' }, owed)).toBeNull();
    expect(paymentMismatch({ amountCents: 50, currency: 'eur' }, owed)).toBe('currency');
    expect(paymentMismatch({ amountCents: 47_500, currency: null }, owed)).toBe('currency');
    expect(paymentMismatch({ amountCents: 100, currency: 'usd' }, owed)).toBe('amount');
    expect(paymentMismatch({ amountCents: 100, currency: 'usd' }, { amountCents: null, currency: 'usd' })).toBeNull();
    expect(mismatchText({ amountCents: 50, currency: 'eur' }, owed)).toBe('Received 0.50 EUR where 475.00 USD is owed');
  });
});

describe('refundAmount', () => {
  it('refunds what is left by default, at most what is left', () => {
    expect(refundAmount(47_500, 0, null)).toEqual({ ok: true, cents: 47_500 });
    expect(refundAmount(47_500, 7_500, null)).toEqual({ ok: true, cents: 40_000 });
    expect(refundAmount(47_500, 7_500, 40_001)).toMatchObject({ ok: false });
    expect(refundAmount(47_500, 47_500, null)).toMatchObject({ ok: false });
    expect(refundAmount(47_500, 0, 0)).toMatchObject({ ok: false });
  });
});

describe('ageing and revenue', () => {
  it("gives a ledger month's instants: every date from its start to its end has that month's key", () => {
    expect(monthRange('2026-12')).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), (d) => {
        const { start, end } = monthRange(monthKey(d));
        expect(start.getTime()).toBeLessThanOrEqual(d.getTime());
        expect(d.getTime()).toBeLessThan(end.getTime());
        expect(monthKey(new Date(end.getTime() - 1))).toBe(monthKey(d));
      }),
    );
  });

  it('buckets by whole days past due', () => {
    const due = new Date('2026-11-01T00:00:00Z');
    const at = (d: string) => ageingBucket(due, new Date(d));
    expect(at('2026-10-30T00:00:00Z')).toBe('current');
    expect(at('2026-11-01T23:00:00Z')).toBe('current');
    expect(at('2026-11-02T00:00:00Z')).toBe('1-30');
    expect(at('2026-12-01T00:00:00Z')).toBe('1-30');
    expect(at('2026-12-02T00:00:00Z')).toBe('31-60');
    expect(at('2027-01-30T00:00:00Z')).toBe('61-90');
    expect(at('2027-01-31T00:00:00Z')).toBe('90+');
    expect(ageingBucket(null, new Date())).toBe('current');
  });

  it('revenue by month is cash: payments in, refunds and lost disputes out', () => {
    expect(
      revenueByMonth([
        { type: 'payment', amountCents: 100_00, at: new Date('2026-10-03T00:00:00Z') },
        { type: 'payment', amountCents: 50_00, at: new Date('2026-11-03T00:00:00Z') },
        { type: 'refund', amountCents: 20_00, at: new Date('2026-11-04T00:00:00Z') },
        { type: 'credit_note', amountCents: 20_00, at: new Date('2026-11-04T00:00:00Z') },
        { type: 'dispute_opened', amountCents: 5_00, at: new Date('2026-11-05T00:00:00Z') },
      ]),
    ).toEqual([
      { month: '2026-10', cents: 100_00 },
      { month: '2026-11', cents: 30_00 },
    ]);
  });

  it('a month with only a dispute opened is listed with nothing received', () => {
    expect(
      revenueByMonth([{ type: 'dispute_opened', amountCents: 5_00, at: new Date('2026-12-05T00:00:00Z') }]),
    ).toEqual([{ month: '2026-12', cents: 0 }]);
  });

  it('property: month totals kept one entry at a time give the revenue the entries give', () => {
    const entry = fc.record({
      type: fc.constantFrom(...LEDGER_ENTRY_TYPES),
      amountCents: cents,
      at: fc.date({
        min: new Date('2025-01-01T00:00:00Z'),
        max: new Date('2027-12-31T23:59:59Z'),
        noInvalidDate: true,
      }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        // What the server does as it writes each entry: increment its month.
        const kept = new Map<string, { month: string; cashCents: number; entries: number }>();
        for (const e of entries) {
          const [d] = ledgerMonths([e]);
          const m = kept.get(d!.month) ?? { month: d!.month, cashCents: 0, entries: 0 };
          kept.set(d!.month, { month: m.month, cashCents: m.cashCents + d!.cashCents, entries: m.entries + 1 });
        }
        expect(revenueByMonth({ months: [...kept.values()] })).toEqual(revenueByMonth(entries));
        expect(ledgerMonths(entries).reduce((s, m) => s + m.entries, 0)).toBe(entries.length);
      }),
    );
  });
});

describe('document terms and edited quotes', () => {
  it('the terms follow the due date', () => {
    const issued = new Date('2026-11-27T10:00:00Z');
    expect(documentTermsText(issued, new Date('2026-12-15T00:00:00Z'), 14)).toBe('Payment due by December 15, 2026');
    expect(documentTermsText(issued, issued, 14)).toBe('Payment due on receipt');
    expect(documentTermsText(issued, null, 14)).toBe('Payment due within 14 days');
  });

  it('an edited total with amounts that do not add up is split again by the quote’s own share', () => {
    expect(editedQuoteSplit({ quoteCents: 500_000, depositCents: 237_500, finalCents: 237_500 }, 50)).toEqual({
      depositCents: 250_000,
      finalCents: 250_000,
      resplit: true,
    });
    expect(editedQuoteSplit({ quoteCents: 500_000, depositCents: 100_000, finalCents: 400_000 }, 50)).toEqual({
      depositCents: 100_000,
      finalCents: 400_000,
      resplit: false,
    });
    expect(editedQuoteSplit({ quoteCents: 100_000, depositCents: 1, finalCents: 1 }, 30)).toMatchObject({
      depositCents: 30_000,
      finalCents: 70_000,
    });
  });
});

describe('tax', () => {
  it('adds the rate in basis points, rounded half up; a rate of 0 adds nothing', () => {
    expect(invoiceTotals(10_000, 2_000)).toEqual({ subtotalCents: 10_000, taxCents: 2_000, totalCents: 12_000 });
    expect(invoiceTotals(999, 825)).toEqual({ subtotalCents: 999, taxCents: 82, totalCents: 1_081 }); // 82.4175
    expect(invoiceTotals(1_000, 825).taxCents).toBe(83); // 82.5 → 83
    expect(invoiceTotals(12_345, 0)).toEqual({ subtotalCents: 12_345, taxCents: 0, totalCents: 12_345 });
  });

  it('finds the tax inside a price that includes it: the parts add up, and adding the tax back gives the price', () => {
    expect(taxIncludedTotals(12_000, 2_000)).toEqual({ subtotalCents: 10_000, taxCents: 2_000, totalCents: 12_000 });
    expect(taxIncludedTotals(200_000, 0)).toEqual({ subtotalCents: 200_000, taxCents: 0, totalCents: 200_000 });
    expect(taxIncludedTotals(1_081, 825)).toEqual({ subtotalCents: 999, taxCents: 82, totalCents: 1_081 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (total, rate) => {
        const t = taxIncludedTotals(total, rate);
        expect(t.subtotalCents + t.taxCents).toBe(total);
        expect(t.taxCents).toBeGreaterThanOrEqual(0);
        // Within a cent of the tax a subtotal would be charged (the rounding of each side).
        expect(Math.abs(invoiceTotals(t.subtotalCents, rate).totalCents - total)).toBeLessThanOrEqual(1);
      }),
    );
    expect(taxRateText(2_000)).toBe('20%');
    expect(taxRateText(825)).toBe('8.25%');
  });

  it('an invoice with tax prints its subtotal, the tax and the total', () => {
    const studio = studioSettingsSchema.parse({
      businessName: 'S',
      postalAddress: '',
      contactEmail: 's@example.com',
      taxId: null,
      logoUrl: null,
      paymentTermsDays: 14,
      invoiceFooter: '',
    });
    expect(studio).toMatchObject({ taxRateBps: 0, taxLabel: 'Tax' }); // documents saved before tax existed
    const m = invoiceModel(
      studio,
      {
        number: 'INV-2026-0001',
        description: 'Pages',
        amountCents: 12_000,
        issuedAt: new Date('2026-11-27T00:00:00Z'),
        dueDate: null,
        clientName: null,
        email: null,
        checkoutUrl: null,
        tax: { subtotalCents: 10_000, taxCents: 2_000, rateBps: 2_000, label: 'VAT' },
      },
      'https://s.example',
    );
    expect(m.lines).toEqual([{ description: 'Pages', amount: '$100.00' }]);
    expect(m.tax).toEqual({ subtotal: '$100.00', label: 'VAT (20%)', amount: '$20.00' });
    expect(m.total).toBe('$120.00');
  });
});

describe('void and write-off', () => {
  it('voids only an open invoice on which no money is kept; a void owes nothing', () => {
    const open = documentBalance(10_000, []);
    expect(voidRefusal(open)).toBeNull();
    const voided = documentBalance(10_000, [], { voided: true });
    expect(voided).toMatchObject({ status: 'void', amountDueCents: 0 });
    expect(balanceLabel(voided)).toBe('Void');
    expect(voidRefusal(voided)).toBe(CLOSE_REFUSALS.notOpen);
    expect(voidRefusal(documentBalance(10_000, [{ type: 'payment', amountCents: 4_000 }]))).toBe(
      CLOSE_REFUSALS.hasPayment,
    );
    expect(voidRefusal(documentBalance(10_000, [{ type: 'payment', amountCents: 10_000 }]))).toBe(
      CLOSE_REFUSALS.notOpen,
    );
    // Refunded in full and credited: nothing kept, but nothing open either.
    expect(
      voidRefusal(
        documentBalance(10_000, [
          { type: 'payment', amountCents: 4_000 },
          { type: 'refund', amountCents: 4_000 },
        ]),
      ),
    ).toBeNull();
  });

  it('writes off what is still due, and the invoice is then uncollectible', () => {
    const partly = documentBalance(10_000, [{ type: 'payment', amountCents: 4_000 }]);
    expect(writeOffOf(partly)).toEqual({ ok: true, cents: 6_000 });
    const closed = documentBalance(10_000, [
      { type: 'payment', amountCents: 4_000 },
      { type: 'write_off', amountCents: 6_000 },
    ]);
    expect(closed).toMatchObject({ status: 'uncollectible', amountDueCents: 0, keptCents: 4_000 });
    expect(writeOffOf(closed)).toEqual({ ok: false, message: CLOSE_REFUSALS.notOpen });
    expect(writeOffOf(documentBalance(10_000, [], { voided: true }))).toEqual({
      ok: false,
      message: CLOSE_REFUSALS.notOpen,
    });
  });

  it('property: voids and credit notes never renumber: each series stays gap-free and every issued number is kept', () => {
    const op = fc.constantFrom('issue', 'void', 'creditNote');
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.integer({ min: 0, max: 1000 }), (ops, pick) => {
        const now = new Date('2026-11-27T12:00:00Z');
        const counters = { invoice: 0, creditNote: 0 };
        const invoices: Array<{ number: string; voided: boolean }> = [];
        const notes: string[] = [];
        for (const o of ops) {
          if (o === 'void') {
            // A void changes the status only: the number stays as issued.
            const target = invoices.filter((i) => !i.voided)[pick % Math.max(1, invoices.length)];
            if (target) target.voided = true;
            continue;
          }
          const series = o === 'issue' ? 'invoice' : 'creditNote';
          const next = nextInvoiceNumber(counters[series], now, series);
          counters[series] = next.seq;
          if (o === 'issue') invoices.push({ number: next.number, voided: false });
          else notes.push(next.number);
        }
        const seqs = (numbers: string[], series: 'invoice' | 'creditNote') =>
          numbers.map((n) => parseInvoiceNumber(n, series)!.seq);
        expect(
          seqs(
            invoices.map((i) => i.number),
            'invoice',
          ),
        ).toEqual(invoices.map((_, i) => i + 1));
        expect(seqs(notes, 'creditNote')).toEqual(notes.map((_, i) => i + 1));
        // The two series never share a number.
        expect(notes.every((n) => parseInvoiceNumber(n, 'invoice') === null)).toBe(true);
      }),
    );
  });
});

describe('ledger sums', () => {
  it('add each type’s cents, read an absent map as no entry, and refuse what is not a sum', () => {
    const sums = ledgerSums([
      { type: 'payment', amountCents: 4_000 },
      { type: 'payment', amountCents: 6_000 },
      { type: 'refund', amountCents: 1_000 },
    ]);
    expect(sums).toEqual({ payment: 10_000, refund: 1_000 });
    expect(sameLedgerSums(sums, { ...sums, write_off: 0 })).toBe(true);
    expect(sameLedgerSums(sums, { payment: 10_000 })).toBe(false);
    expect(ledgerSumsSchema.parse(undefined)).toEqual({});
    expect(ledgerSumsSchema.parse(null)).toEqual({});
    expect(() => ledgerSumsSchema.parse({ payment: -1 })).toThrow();
    expect(() => ledgerSumsSchema.parse({ payment: 1.5 })).toThrow();
    expect(() => ledgerSumsSchema.parse({ tip: 100 })).toThrow();
  });
});
