import { describe, expect, it } from 'vitest';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { leadActivityDocSchema, noteDocSchema } from '@studio/domain';
import { checkedDoc, checkedUpdate } from './converter.js';

describe('checkedDoc', () => {
  it('passes a document whose plain fields parse, sentinels untouched, and returns it as given', () => {
    const note = { leadId: 'L1', content: 'Called back', createdAt: FieldValue.serverTimestamp() };
    expect(checkedDoc(noteDocSchema, note)).toBe(note);
  });
  it('reads a Date as the Timestamp Firestore stores', () => {
    const schema = z.object({ at: z.custom<Timestamp>((v) => v instanceof Timestamp) });
    expect(() => checkedDoc(schema, { at: new Date() })).not.toThrow();
  });
  it('refuses a field of the wrong type, and a missing required field', () => {
    expect(() => checkedDoc(noteDocSchema, { leadId: 'L1', content: 42 })).toThrow();
    expect(() => checkedDoc(leadActivityDocSchema, { leadId: 'L1', type: 'created', at: null })).toThrow(/by/);
  });
});

describe('checkedUpdate', () => {
  it('checks only the fields written', () => {
    expect(() => checkedUpdate(noteDocSchema, { content: 'edited' })).not.toThrow();
    expect(() => checkedUpdate(noteDocSchema, { createdAt: FieldValue.serverTimestamp() })).not.toThrow();
    expect(() => checkedUpdate(noteDocSchema, { content: null })).toThrow();
  });
});
