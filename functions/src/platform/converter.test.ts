import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { invoiceDocSchema, leadDocSchema, orNull, promoCodeDocSchema, storedDate } from '@studio/domain';
import { checkedDoc, checkedUpdate } from './converter.js';

const counter = z.object({ year: z.number().int(), last: z.number().int(), updatedAt: orNull(storedDate) });
/** A new lead as the contact form writes it (its createdAt a server timestamp). */
const lead = { name: 'Ada', email: 'ada@example.com', status: 'New' as const, createdAt: FieldValue.serverTimestamp() };

describe('checkedDoc', () => {
  it('returns the document unchanged when it matches, a Date checked as the Timestamp it is stored as', () => {
    const doc = { year: 2026, last: 3, updatedAt: new Date('2026-11-27T00:00:00Z') };
    expect(checkedDoc(counter, doc)).toBe(doc);
  });

  it('takes a FieldValue sentinel as present and unchecked', () => {
    expect(() => checkedDoc(counter, { year: 2026, last: 3, updatedAt: FieldValue.serverTimestamp() })).not.toThrow();
    expect(() =>
      checkedDoc(invoiceDocSchema, {
        leadId: 'l1',
        amountCents: 100,
        status: 'open',
        updatedAt: FieldValue.serverTimestamp(),
      }),
    ).not.toThrow();
  });

  it('refuses a document whose plain field does not match, or that misses a required field', () => {
    expect(() => checkedDoc(counter, { year: 2026, last: 1.5 })).toThrow();
    expect(() => checkedDoc(counter, { year: 2026 })).toThrow();
    expect(() =>
      // @ts-expect-error a status invoices do not have fails the type-check too
      checkedDoc(invoiceDocSchema, { leadId: 'l1', amountCents: 100, status: 'sent', createdAt: Timestamp.now() }),
    ).toThrow();
  });

  it('checks a piped schema (leadDocSchema) against its object', () => {
    expect(checkedDoc(leadDocSchema, lead)).toBe(lead);
    // @ts-expect-error not a lead status
    expect(() => checkedDoc(leadDocSchema, { ...lead, status: 'Nope' })).toThrow();
  });
});

describe('checkedUpdate', () => {
  it('checks only the plain fields it writes; sentinels and dotted paths pass', () => {
    const fields = { usedCount: 4, updatedAt: FieldValue.serverTimestamp(), 'holds.o1': FieldValue.delete() };
    expect(checkedUpdate(promoCodeDocSchema, fields)).toBe(fields);
    // @ts-expect-error not a number
    expect(() => checkedUpdate(counter, { last: 'four' })).toThrow();
    expect(() => checkedUpdate(invoiceDocSchema, { status: 'void', checkoutUrl: null })).not.toThrow();
  });
});

describe('a field the stored schema does not declare', () => {
  it('is refused by checkedDoc, with its name, even as a sentinel: it would be stored unchecked and never read', () => {
    // @ts-expect-error an object literal naming an undeclared field fails the type-check first (StoredWrite)
    expect(() => checkedDoc(leadDocSchema, { ...lead, sourse: 'typo' })).toThrow(/Unknown field\(s\): sourse/);
    expect(() =>
      // @ts-expect-error as above, for a sentinel's field too
      checkedDoc(counter, { year: 2026, last: 3, updatedAt: null, updatedAtt: FieldValue.serverTimestamp() }),
    ).toThrow(/updatedAtt/);
    expect(() => checkedDoc(leadDocSchema, { ...lead, source: 'contact' })).not.toThrow();
  });

  it('is refused by checkedUpdate, a dotted path by its first segment', () => {
    // @ts-expect-error as for checkedDoc (StoredUpdate)
    expect(() => checkedUpdate(leadDocSchema, { statsu: 'Won' })).toThrow(/Unknown field\(s\): statsu/);
    // A dotted path is a computed key, which the type-check lets through: its first segment is checked here.
    const path = (first: string) => `${first}.x`;
    expect(() => checkedUpdate(counter, { [path('lastt')]: FieldValue.delete() })).toThrow(/lastt\.x/);
    expect(() => checkedUpdate(leadDocSchema, { [path('billing')]: 'ACME' })).not.toThrow();
  });
});

describe('the schemas a write is checked with', () => {
  it('are built once per schema and set of sentinel fields, not on every write (zod compiles each new schema)', () => {
    const schema = z.object({ n: z.number(), at: orNull(storedDate), by: z.string() });
    const omit = vi.spyOn(schema, 'omit');
    const partial = vi.spyOn(schema, 'partial');
    for (let n = 0; n < 3; n++) {
      checkedDoc(schema, { n, at: FieldValue.serverTimestamp(), by: 'owner' });
      checkedDoc(schema, { by: FieldValue.serverTimestamp(), n, at: FieldValue.serverTimestamp() });
      checkedDoc(schema, { n, at: null, by: 'owner' });
      checkedUpdate(schema, { n });
    }
    expect(omit).toHaveBeenCalledTimes(2);
    expect(partial).toHaveBeenCalledTimes(1);
    // Still checked each time.
    // @ts-expect-error not a number
    expect(() => checkedDoc(schema, { n: 'four', at: FieldValue.serverTimestamp(), by: 'owner' })).toThrow();
    // @ts-expect-error not a number
    expect(() => checkedUpdate(schema, { n: 'four' })).toThrow();
  });
});
