/** Firestore document ids and the accepted date range (domain ids.ts). */
import { describe, expect, it } from 'vitest';
import {
  DATE_RANGE_MESSAGE,
  createInvoiceSchema,
  firestoreId,
  isDateInRange,
  isDateTextInRange,
  isFirestoreId,
  quoteLinkSchema,
  routeId,
} from '../src/index.js';

describe('isFirestoreId', () => {
  it('accepts the ids the app makes and any other name Firestore allows', () => {
    for (const id of ['abc', 'AbC-123_x', 'a.b', '...', '_x_', '__x', 'x__', 'é', 'x'.repeat(1500), 'é'.repeat(750)])
      expect(isFirestoreId(id), id.slice(0, 20)).toBe(true);
  });

  it('refuses what Firestore cannot name: empty, a slash, . and .., __…__, over 1,500 UTF-8 bytes, broken UTF-16', () => {
    for (const id of [
      '',
      'a/b',
      '/',
      '.',
      '..',
      '__x__',
      '____',
      '__name__',
      '__a\nb__',
      'x'.repeat(1501),
      'é'.repeat(751),
      '😀'.repeat(376),
      'a\uD800b',
      '\uDC00',
    ])
      expect(isFirestoreId(id), JSON.stringify(id.slice(0, 20))).toBe(false);
  });

  it('as a schema: the given message for a bad id or a non-string', () => {
    expect(firestoreId().safeParse('a/b').error?.issues[0]?.message).toBe('Invalid id');
    expect(firestoreId('Invalid Quote Link').safeParse(7).error?.issues[0]?.message).toBe('Invalid Quote Link');
    expect(firestoreId().parse('lead-1')).toBe('lead-1');
  });

  it('a route id is also at most 128 characters (Firestore refuses equality queries on far longer values)', () => {
    expect(routeId().safeParse('x'.repeat(128)).success).toBe(true);
    expect(routeId().safeParse('x'.repeat(129)).error?.issues[0]?.message).toBe('Invalid id');
    expect(routeId().safeParse('__x__').success).toBe(false);
  });

  it('guards the ids of the quote link and of an invoice', () => {
    const token = 'f'.repeat(32);
    for (const leadId of ['a/b', '..', '__x__'])
      expect(quoteLinkSchema.safeParse({ leadId, token }).error?.issues[0]?.message).toBe('Invalid Quote Link');
    expect(
      createInvoiceSchema.safeParse({ leadId: '__x__', amount: '10.00', description: 'x' }).error?.issues[0]?.path,
    ).toEqual(['leadId']);
  });
});

describe('dates in range', () => {
  it('accepts 2000 to 2100 (UTC years), refuses the rest and an invalid date', () => {
    expect(isDateInRange(new Date('2000-01-01T00:00:00Z'))).toBe(true);
    expect(isDateInRange(new Date('2100-12-31T23:59:59Z'))).toBe(true);
    expect(isDateInRange(new Date('1999-12-31T23:59:59Z'))).toBe(false);
    expect(isDateInRange(new Date('+275760-09-13'))).toBe(false);
    expect(isDateInRange(new Date('0000-01-01'))).toBe(false);
    expect(isDateInRange(new Date(Number.NaN))).toBe(false);
    expect(isDateTextInRange('2026-01-31')).toBe(true);
    expect(isDateTextInRange('0000-01-01')).toBe(false);
    expect(isDateTextInRange('+275760-09-13')).toBe(false);
  });

  it("an invoice's due date outside the range is refused with a clear message", () => {
    for (const dueDate of ['0000-01-01', '+275760-09-13', '2101-01-01']) {
      const r = createInvoiceSchema.safeParse({ leadId: 'lead-1', amount: '10.00', description: 'x', dueDate });
      expect(r.error?.issues[0]?.message, dueDate).toBe(DATE_RANGE_MESSAGE);
    }
    expect(
      createInvoiceSchema.parse({ leadId: 'lead-1', amount: '10.00', description: 'x', dueDate: '2026-02-01' }).dueDate,
    ).toEqual(new Date('2026-02-01T12:00:00Z'));
  });
});
