import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import {
  accountStatement,
  clientStatement,
  nextPayment,
  owedOfOpenDocuments,
  studioDayStart,
  dayCount,
  daysOverdue,
  documentBalance,
  LEDGER_ENTRY_TYPES,
  statementStateText,
  upcomingQuoteStages,
  type LedgerSums,
  type StatementDocument,
} from '../src/index.js';

const LONDON = 'Europe/London';
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

const doc = (over: Partial<StatementDocument> & Pick<StatementDocument, 'id' | 'totalCents'>): StatementDocument => ({
  kind: 'invoice',
  purpose: 'invoice',
  number: null,
  description: 'Work',
  status: 'open',
  issuedAt: day('2026-10-01'),
  dueDate: null,
  ledgerCents: {},
  leadId: 'lead-1',
  ...over,
});

describe('daysOverdue', () => {
  it('counts calendar days on the studio clock, not 24-hour spans or the browser zone', () => {
    // Due days start at midnight on the studio's clock (dueDayStart). At 03:29 UTC on Dec 2 an invoice
    // due Dec 1 is 1 day late in London, and still on its due day for a studio in Los Angeles.
    const now = new Date('2026-12-02T03:29:00Z');
    expect(daysOverdue(new TZDate(2026, 11, 1, LONDON), now, LONDON)).toBe(1);
    const la = 'America/Los_Angeles';
    expect(daysOverdue(new TZDate(2026, 11, 1, la), now, la)).toBe(0);
    expect(daysOverdue(new TZDate(2026, 11, 1, 'Asia/Tokyo'), now, 'Asia/Tokyo')).toBe(1);
    expect(daysOverdue(new TZDate(2026, 11, 1, LONDON), new Date('2026-11-30T12:00:00Z'), LONDON)).toBe(0);
  });

  it('is not shifted by a DST change between due day and now', () => {
    // London leaves summer time on Oct 25, 2026: Oct 20 → Oct 30 is 10 days, whatever the hour.
    expect(daysOverdue(new Date('2026-10-19T23:00:00Z'), new Date('2026-10-30T00:30:00Z'), LONDON)).toBe(10);
    // New York enters summer time on Mar 8, 2026: due Mar 5 (its midnight), late 27 days on Apr 1 at 23:30.
    const ny = 'America/New_York';
    expect(daysOverdue(new TZDate(2026, 2, 5, ny), new TZDate(2026, 3, 1, 23, 30, ny), ny)).toBe(27);
  });
});

describe('accountStatement', () => {
  const now = new Date('2026-12-07T12:00:00Z');

  it('is not paid in full while an old invoice is open, whatever the quote stages say', () => {
    // The month of the report: a $1,200 invoice left 40 days overdue, then the deposit and the final paid.
    const invoice = doc({ id: 'inv', totalCents: 120_000, dueDate: day('2026-10-28'), number: 'INV-2026-0003' });
    const deposit = doc({
      id: 'l_deposit',
      kind: 'request',
      purpose: 'deposit',
      totalCents: 347_500,
      issuedAt: day('2026-10-02'),
      dueDate: day('2026-10-16'),
      ledgerCents: { payment: 347_500 },
    });
    const final = doc({
      id: 'l_final',
      kind: 'request',
      purpose: 'final',
      totalCents: 347_500,
      issuedAt: day('2026-11-20'),
      dueDate: day('2026-12-04'),
      ledgerCents: { payment: 347_500 },
    });
    const s = accountStatement({ documents: [final, invoice, deposit], now, timeZone: LONDON });
    expect(s.paidInFull).toBe(false);
    expect(s.totals.owedCents).toBe(120_000);
    expect(s.totals.overdueCents).toBe(120_000);
    expect(s.next?.line?.document.id).toBe('inv');
    expect(s.next?.line?.overdueDays).toBe(40);
    expect(s.lines.map((l) => l.document.id)).toEqual(['inv', 'l_deposit', 'l_final']);
    expect(statementStateText(s.next!.line!)).toBe('Overdue 40 days');
    expect(s.maxOverdueDays).toBe(40);
  });

  it('is paid in full once every document owes nothing and no stage is still to be billed', () => {
    const paid = doc({ id: 'a', totalCents: 10_000, ledgerCents: { payment: 10_000 } });
    expect(accountStatement({ documents: [paid], now, timeZone: LONDON }).paidInFull).toBe(true);
    const upcoming = [
      {
        purpose: 'final' as const,
        amountCents: 5_000,
        payableNow: true,
        leadId: 'lead-1',
        description: 'Final payment: Site',
      },
    ];
    const s = accountStatement({ documents: [paid], upcoming, now, timeZone: LONDON });
    expect(s.paidInFull).toBe(false);
    expect(s.next?.stage?.purpose).toBe('final');
    expect(accountStatement({ documents: [], now, timeZone: LONDON }).paidInFull).toBe(false);
  });

  it('shows a refund: the document is refunded and owes nothing, the kept total shrinks', () => {
    const refunded = doc({
      id: 'dep',
      totalCents: 347_500,
      ledgerCents: { payment: 347_500, refund: 47_500, credit_note: 47_500 },
    });
    const s = accountStatement({ documents: [refunded], now, timeZone: LONDON });
    expect(s.totals).toMatchObject({ paidCents: 347_500, refundedCents: 47_500, keptCents: 300_000, owedCents: 0 });
    expect(s.lines[0]!.state).toBe('paid');
    expect(statementStateText(s.lines[0]!)).toBe('Partially refunded');
  });

  it('a void document is not billed and owes nothing; a written-off one owes nothing', () => {
    const voided = doc({ id: 'v', totalCents: 5_000, status: 'void', dueDate: day('2026-01-01') });
    const off = doc({ id: 'w', totalCents: 30_000, status: 'uncollectible', ledgerCents: { write_off: 30_000 } });
    const s = accountStatement({ documents: [voided, off], now, timeZone: LONDON });
    expect(s.totals.billedCents).toBe(30_000);
    expect(s.totals.owedCents).toBe(0);
    expect(s.lines.map((l) => l.state).sort()).toEqual(['void', 'written_off']);
    expect(s.paidInFull).toBe(true);
  });

  it('orders what to pay next: most overdue first, then the earliest due', () => {
    const a = doc({ id: 'a', totalCents: 100, dueDate: day('2026-12-20') });
    const b = doc({ id: 'b', totalCents: 100, dueDate: day('2026-12-01') });
    const c = doc({ id: 'c', totalCents: 100, dueDate: day('2026-11-01') });
    const d = doc({ id: 'd', totalCents: 100, dueDate: day('2026-12-10') });
    expect(accountStatement({ documents: [a, b, c], now, timeZone: LONDON }).next?.line?.document.id).toBe('c');
    expect(accountStatement({ documents: [a, d], now, timeZone: LONDON }).next?.line?.document.id).toBe('d');
  });

  it('property: totals are the sums of the lines, and paid in full means nothing owed anywhere', () => {
    const sums = fc.record(
      Object.fromEntries(LEDGER_ENTRY_TYPES.map((t) => [t, fc.option(fc.nat(50_000), { nil: undefined })])),
    ) as fc.Arbitrary<LedgerSums>;
    const docArb = fc.record({
      id: fc.uuid(),
      totalCents: fc.nat(100_000),
      status: fc.constantFrom('open' as const, 'paid' as const, 'void' as const, 'uncollectible' as const),
      dueDate: fc.option(fc.date({ min: day('2026-01-01'), max: day('2027-01-01'), noInvalidDate: true }), {
        nil: null,
      }),
      ledgerCents: sums,
    });
    fc.assert(
      fc.property(fc.array(docArb, { maxLength: 8 }), fc.boolean(), (docs, withStage) => {
        const documents = docs.map((d) => doc(d));
        const upcoming = withStage
          ? [{ purpose: 'final' as const, amountCents: 1, payableNow: false, leadId: null, description: 'Final' }]
          : [];
        const s = accountStatement({ documents, upcoming, now, timeZone: LONDON });
        // Only an open document can owe anything; how much is its ledger's.
        const owed = documents.map((d) =>
          d.status === 'open' ? documentBalance(d.totalCents, { sums: d.ledgerCents }).amountDueCents : 0,
        );
        expect(s.totals.owedCents).toBe(owed.reduce((x, y) => x + y, 0));
        expect(s.openCount).toBe(owed.filter((o) => o > 0).length);
        expect(s.totals.overdueCents).toBeLessThanOrEqual(s.totals.owedCents);
        expect(s.paidInFull).toBe(s.totals.billedCents > 0 && owed.every((o) => o === 0) && !withStage);
        if (s.next?.line) expect(s.next.line.owedCents).toBeGreaterThan(0);
        if (s.totals.owedCents > 0) expect(s.next?.line).toBeDefined();
      }),
    );
  });
});

describe('upcomingQuoteStages', () => {
  const accepted = {
    subject: 'Bakery site',
    quoteAccepted: true,
    status: 'Set Up',
    acceptedQuote: { version: 1, quoteAmountCents: 695_000, depositAmountCents: 347_500, finalAmountCents: 347_500 },
  };

  it('lists the final payment until it is requested, payable early once the deposit is paid', () => {
    const final = { purpose: 'final', amountCents: 347_500, leadId: 'l', description: 'Final payment: Bakery site' };
    expect(upcomingQuoteStages('l', accepted, new Set(['deposit']))).toEqual([{ ...final, payableNow: false }]);
    expect(upcomingQuoteStages('l', { ...accepted, stripeDepositPaymentId: 'pi_1' }, new Set(['deposit']))).toEqual([
      { ...final, payableNow: true },
    ]);
    expect(upcomingQuoteStages('l', accepted, new Set(['deposit', 'final']))).toEqual([]);
  });

  it('lists nothing before acceptance or on a Lost lead', () => {
    expect(upcomingQuoteStages('l', { ...accepted, quoteAccepted: false }, new Set())).toEqual([]);
    expect(upcomingQuoteStages('l', { ...accepted, status: 'Lost' }, new Set())).toEqual([]);
  });

  it('lists a deposit not yet requested', () => {
    expect(upcomingQuoteStages('l', accepted, new Set()).map((s) => s.purpose)).toEqual(['deposit', 'final']);
  });
});

describe('dayCount', () => {
  it('pluralises', () => {
    expect(dayCount(1)).toBe('1 day');
    expect(dayCount(0)).toBe('0 days');
    expect(dayCount(40)).toBe('40 days');
  });
});

describe('clientStatement and nextPayment', () => {
  const now = new Date('2026-12-07T12:00:00Z');
  it('lists what the client owes and owns, with their words, and Pay Now takes the most overdue first', () => {
    const s = accountStatement({
      documents: [
        doc({ id: 'inv', number: 'INV-1', totalCents: 120_000, dueDate: day('2026-10-28') }),
        doc({ id: 'void', totalCents: 5_000, status: 'void' }),
        doc({
          id: 'l_deposit',
          kind: 'request',
          purpose: 'deposit',
          totalCents: 347_500,
          ledgerCents: { payment: 347_500, refund: 47_500, credit_note: 47_500 },
          checkoutUrl: '/checkout?amount=3475.00&description=Deposit&leadId=l',
        }),
      ],
      upcoming: [
        { purpose: 'final', amountCents: 347_500, payableNow: true, leadId: 'l', description: 'Final payment' },
      ],
      now,
      timeZone: LONDON,
    });
    const client = clientStatement(s, LONDON);
    expect(client.lines.map((l) => [l.id, l.state, l.stateText, l.owed, l.refunded])).toEqual([
      ['inv', 'overdue', 'Overdue 40 days', '1200.00', '0.00'],
      ['l_deposit', 'paid', 'Partially refunded', '0.00', '475.00'],
    ]);
    expect(client.lines[0]!.dueDate).toBe('October 28, 2026');
    expect(client.lines[0]!.payPath).toBe('/checkout?amount=1200.00&description=Work&invoiceId=inv');
    expect(client.lines[1]!.payPath).toBeNull();
    expect(client).toMatchObject({ owed: '1200.00', overdue: '1200.00', paidInFull: false });
    expect(client.upcoming).toEqual([
      { kind: 'final', amount: '3475.00', payPath: '/checkout?amount=3475.00&description=Final+payment&leadId=l' },
    ]);
    expect(nextPayment(s)).toEqual({ amountCents: 120_000, payPath: client.lines[0]!.payPath });
  });
});

describe('owedOfOpenDocuments', () => {
  it('is the sum of each open document’s balance (property: none overpaid, none written off)', () => {
    const openDoc = fc.integer({ min: 1, max: 100_000 }).chain((total) =>
      fc.record({
        total: fc.constant(total),
        payment: fc.integer({ min: 0, max: total - 1 }),
        refunded: fc.nat(1_000),
      }),
    );
    fc.assert(
      fc.property(fc.array(openDoc, { maxLength: 10 }), (docs) => {
        // A refund comes with its credit note; what is kept stays below the total, so each one still owes.
        const each = docs.map((d) => {
          const refund = Math.min(d.refunded, d.payment);
          return { total: d.total, sums: { payment: d.payment, refund, credit_note: refund } };
        });
        const sum = (f: (x: (typeof each)[number]) => number) => each.reduce((s, x) => s + f(x), 0);
        const owed = owedOfOpenDocuments({
          count: each.length,
          totalCents: sum((x) => x.total),
          sums: {
            payment: sum((x) => x.sums.payment),
            refund: sum((x) => x.sums.refund),
            credit_note: sum((x) => x.sums.credit_note),
          },
        });
        expect(owed.owedCents).toBe(sum((x) => documentBalance(x.total, { sums: x.sums }).amountDueCents));
        expect(owed.count).toBe(each.length);
      }),
    );
  });
});

describe('studioDayStart', () => {
  it('is midnight on the studio’s clock, and a document due before it is overdue', () => {
    const now = new Date('2026-12-02T03:29:00Z');
    expect(studioDayStart(now, LONDON).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(studioDayStart(now, 'America/Los_Angeles').toISOString()).toBe('2026-12-01T08:00:00.000Z');
    const due = new TZDate(2026, 10, 30, 'America/Los_Angeles');
    expect(due.getTime() < studioDayStart(now, 'America/Los_Angeles').getTime()).toBe(
      daysOverdue(due, now, 'America/Los_Angeles') > 0,
    );
  });
});
