import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  invoiceLineInputSchema,
  invoiceLineTotals,
  invoiceTotals,
  lineNetCents,
  linesFromStoredInvoice,
  LINE_LIMITS,
  storedInvoiceLineSchema,
  taxIncludedTotals,
  taxOn,
  taxOnTaxable,
  type InvoiceLine,
  type VatCategory,
} from '../src/index.js';

const line = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  description: 'Design',
  quantityMilli: 1000,
  unit: 'C62',
  unitPriceCents: 10_000,
  taxRateBps: 2000,
  taxCategory: 'S',
  ...over,
});

const RATES = [0, 500, 550, 700, 900, 1000, 1300, 1900, 2000, 2100, 2500, 2700, 825];

/** A valid line: S with a rate > 0, or a zero-rate category at 0. */
const arbLine: fc.Arbitrary<InvoiceLine> = fc
  .record({
    quantityMilli: fc.integer({ min: 1, max: LINE_LIMITS.maxQuantityMilli }),
    unitPriceCents: fc.integer({ min: -LINE_LIMITS.maxUnitPriceCents, max: LINE_LIMITS.maxUnitPriceCents }),
    rate: fc.constantFrom(...RATES),
    zeroCat: fc.constantFrom<VatCategory>('Z', 'E', 'AE', 'O'),
  })
  .map(({ quantityMilli, unitPriceCents, rate, zeroCat }) =>
    line({
      quantityMilli,
      unitPriceCents,
      taxRateBps: rate,
      taxCategory: rate > 0 ? 'S' : zeroCat,
    }),
  );
/** Smaller lines, the sizes a studio bills, so exact sums are checked with plain numbers. */
const arbSmallLine = arbLine.map((l) => ({
  ...l,
  quantityMilli: (l.quantityMilli % 100_000) + 1,
  unitPriceCents: l.unitPriceCents % 10_000_000,
}));

describe('lineNetCents', () => {
  it('rounds quantity × price to the cent, halves away from zero', () => {
    expect(lineNetCents({ quantityMilli: 1500, unitPriceCents: 3333 })).toBe(5000); // 4999.5 → 5000
    expect(lineNetCents({ quantityMilli: 1500, unitPriceCents: -3333 })).toBe(-5000);
    expect(lineNetCents({ quantityMilli: 333, unitPriceCents: 100 })).toBe(33); // 33.3
    expect(lineNetCents({ quantityMilli: 10_000_000, unitPriceCents: 9_999_999_999 })).toBe(99_999_999_990_000);
  });

  it('is exact: within half a cent of the true product', () => {
    fc.assert(
      fc.property(arbSmallLine, (l) => {
        const exact = (l.quantityMilli * l.unitPriceCents) / 1000;
        expect(Math.abs(lineNetCents(l) - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('taxOnTaxable', () => {
  it('is the one rounding rule: billing.ts taxOn gives the same for every non-negative amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.integer({ min: 0, max: 10_000 }), (cents, bps) => {
        expect(taxOnTaxable(cents, bps)).toBe(taxOn(cents, bps));
      }),
    );
  });

  it('is symmetric: a credit of the same amount has the opposite tax', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.integer({ min: 0, max: 10_000 }), (cents, bps) => {
        expect(taxOnTaxable(-cents, bps)).toBe(-taxOnTaxable(cents, bps) || 0);
      }),
    );
  });
});

describe('invoiceLineTotals', () => {
  it('rounds tax once per rate, on the sum of the line nets (EN 16931 BT-116/BT-117), not per line', () => {
    // Three lines of 0.10 at 15%: per line 0.015 → 0.02 each (0.06); on the sum, 0.30 × 15% = 0.045 → 0.05.
    const t = invoiceLineTotals([
      line({ unitPriceCents: 10, taxRateBps: 1500 }),
      line({ unitPriceCents: 10, taxRateBps: 1500 }),
      line({ unitPriceCents: 10, taxRateBps: 1500 }),
    ]);
    expect(t.breakdown).toEqual([{ category: 'S', rateBps: 1500, taxableCents: 30, taxCents: 5 }]);
    expect(t).toMatchObject({ netCents: 30, taxCents: 5, totalCents: 35 });
  });

  it('gives one row per category and rate, standard first, highest rate first', () => {
    const t = invoiceLineTotals([
      line({ unitPriceCents: 5000, taxRateBps: 700 }),
      line({ quantityMilli: 2500, unit: 'HUR', unitPriceCents: 8000, taxRateBps: 1900 }),
      line({ unitPriceCents: 1000, taxRateBps: 0, taxCategory: 'Z' }),
      line({ unitPriceCents: -2000, taxRateBps: 1900 }),
    ]);
    expect(t.breakdown).toEqual([
      { category: 'S', rateBps: 1900, taxableCents: 18_000, taxCents: 3420 },
      { category: 'S', rateBps: 700, taxableCents: 5000, taxCents: 350 },
      { category: 'Z', rateBps: 0, taxableCents: 1000, taxCents: 0 },
    ]);
    expect(t).toMatchObject({ netCents: 24_000, taxCents: 3770, totalCents: 27_770 });
  });

  it('refuses a line outside its limits, a category that disagrees with its rate, or too many lines', () => {
    expect(() => invoiceLineTotals(Array.from({ length: LINE_LIMITS.maxLines + 1 }, () => line()))).toThrow(RangeError);
    expect(() => invoiceLineTotals([line({ quantityMilli: 0 })])).toThrow(RangeError);
    expect(() => invoiceLineTotals([line({ unitPriceCents: 1.5 })])).toThrow(RangeError);
    expect(() => invoiceLineTotals([line({ taxRateBps: 0, taxCategory: 'S' })])).toThrow(RangeError);
    expect(() => invoiceLineTotals([line({ taxRateBps: 2000, taxCategory: 'AE' })])).toThrow(RangeError);
  });

  it('adds up: lines → breakdown → totals, each row taxed once at its rate', () => {
    fc.assert(
      fc.property(fc.array(arbSmallLine, { maxLength: 30 }), (lines) => {
        const t = invoiceLineTotals(lines);
        const nets = t.lines.map((l) => l.netCents);
        expect(t.netCents).toBe(nets.reduce((a, b) => a + b, 0));
        expect(t.breakdown.reduce((a, r) => a + r.taxableCents, 0)).toBe(t.netCents);
        expect(t.breakdown.reduce((a, r) => a + r.taxCents, 0)).toBe(t.taxCents);
        expect(t.totalCents).toBe(t.netCents + t.taxCents);
        for (const r of t.breakdown) {
          expect(Math.abs(r.taxCents - (r.taxableCents * r.rateBps) / 10_000)).toBeLessThanOrEqual(0.5);
          const members = t.lines.filter((l) => l.taxCategory === r.category && l.taxRateBps === r.rateBps);
          expect(r.taxableCents).toBe(members.reduce((a, l) => a + l.netCents, 0));
        }
        expect(new Set(t.breakdown.map((r) => `${r.category}:${r.rateBps}`)).size).toBe(t.breakdown.length);
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(
        fc
          .array(arbSmallLine, { maxLength: 20 })
          .chain((ls) => fc.tuple(fc.constant(ls), fc.shuffledSubarray(ls, { minLength: ls.length }))),
        ([lines, shuffled]) => {
          const a = invoiceLineTotals(lines);
          const b = invoiceLineTotals(shuffled);
          expect(b.breakdown).toEqual(a.breakdown);
          expect(b.totalCents).toBe(a.totalCents);
        },
      ),
    );
  });

  it('a credit of the same lines (prices negated) is the exact opposite', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: LINE_LIMITS.maxLines }), (lines) => {
        const a = invoiceLineTotals(lines);
        const b = invoiceLineTotals(lines.map((l) => ({ ...l, unitPriceCents: -l.unitPriceCents })));
        expect(b.totalCents).toBe(-a.totalCents || 0);
        expect(b.breakdown.map((r) => r.taxCents)).toEqual(a.breakdown.map((r) => -r.taxCents || 0));
      }),
    );
  });
});

describe('linesFromStoredInvoice', () => {
  const stored = {
    description: 'Website',
    subtotalCents: null,
    taxCents: null,
    taxRateBps: null,
    amountCents: 450_000,
  };

  it('reads an untaxed single-amount invoice as one line at 0%, category O', () => {
    const t = linesFromStoredInvoice(stored);
    expect(t.lines).toEqual([
      {
        description: 'Website',
        quantityMilli: 1000,
        unit: 'C62',
        unitPriceCents: 450_000,
        taxRateBps: 0,
        taxCategory: 'O',
        netCents: 450_000,
      },
    ]);
    expect(t).toMatchObject({ netCents: 450_000, taxCents: 0, totalCents: 450_000 });
    expect(linesFromStoredInvoice({ ...stored, description: '  ' }).lines[0]!.description).toBe('Invoice');
  });

  it('an admin invoice (tax added to its subtotal) recomputes to the figures it was issued with', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: LINE_LIMITS.maxUnitPriceCents }),
        fc.integer({ min: 1, max: 10_000 }),
        (sub, bps) => {
          const issued = invoiceTotals(sub, bps);
          const doc = {
            description: 'x',
            subtotalCents: issued.subtotalCents,
            taxCents: issued.taxCents,
            taxRateBps: bps,
            amountCents: issued.totalCents,
          };
          const read = linesFromStoredInvoice(doc);
          const again = invoiceLineTotals(read.lines);
          expect(again.breakdown).toEqual(read.breakdown);
          expect(again.totalCents).toBe(read.totalCents);
        },
      ),
    );
  });

  it('a payment request (tax inside the price) keeps its amounts as issued, even where recomputing differs by a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: LINE_LIMITS.maxUnitPriceCents }),
        fc.integer({ min: 1, max: 10_000 }),
        (total, bps) => {
          const issued = taxIncludedTotals(total, bps);
          const read = linesFromStoredInvoice({
            description: 'Deposit',
            subtotalCents: issued.subtotalCents,
            taxCents: issued.taxCents,
            taxRateBps: bps,
            amountCents: total,
          });
          expect(read).toMatchObject({ netCents: issued.subtotalCents, taxCents: issued.taxCents, totalCents: total });
          expect(read.breakdown).toEqual([
            { category: 'S', rateBps: bps, taxableCents: issued.subtotalCents, taxCents: issued.taxCents },
          ]);
        },
      ),
    );
    // 100% on 0.03: 0.02 + 0.01 as issued, where 0.02 × 100% would be 0.02.
    expect(
      linesFromStoredInvoice({ ...stored, subtotalCents: 2, taxCents: 1, taxRateBps: 10_000, amountCents: 3 }).taxCents,
    ).toBe(1);
  });

  it('gives lines the stored-line schema accepts', () => {
    const read = linesFromStoredInvoice({
      ...stored,
      subtotalCents: 1000,
      taxCents: 200,
      taxRateBps: 2000,
      amountCents: 1200,
    });
    expect(storedInvoiceLineSchema.parse(read.lines[0])).toMatchObject({ taxCategory: 'S', taxRateBps: 2000 });
  });
});

describe('invoiceLineInputSchema', () => {
  it('reads a quantity with up to 3 decimals as thousandths and a price as cents', () => {
    expect(
      invoiceLineInputSchema.parse({
        description: ' Design ',
        quantity: '1.5',
        unit: 'HUR',
        unitPrice: '80',
        taxRateBps: 2000,
      }),
    ).toEqual({ description: 'Design', quantity: 1500, unit: 'HUR', unitPrice: 8000, taxRateBps: 2000 });
    expect(
      invoiceLineInputSchema.parse({ description: 'Discount', quantity: '1', unitPrice: '-100.5', taxRateBps: 0 }),
    ).toMatchObject({ unit: 'C62', unitPrice: -10_050 });
  });

  it('refuses bad input with a clear message, and unknown keys', () => {
    const msg = (v: unknown) => invoiceLineInputSchema.safeParse(v).error?.issues[0]?.message;
    const ok = { description: 'Design', quantity: '1', unitPrice: '10', taxRateBps: 2000 };
    expect(msg({ ...ok, quantity: '0' })).toBe('Quantity must be more than 0');
    expect(msg({ ...ok, quantity: '1.2345' })).toMatch(/at most 3 decimals/);
    expect(msg({ ...ok, unitPrice: '10.999' })).toMatch(/such as 1234.50/);
    expect(msg({ ...ok, taxRateBps: 10_001 })).toBe('The tax rate must be at most 100%');
    expect(msg({ ...ok, description: '' })).toBe('Description is required');
    expect(msg({ ...ok, unit: 'KGM' })).toBe('Choose a unit');
    expect(invoiceLineInputSchema.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });
});
