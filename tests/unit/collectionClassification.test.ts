/**
 * Every top-level collection the code names (domain COLLECTIONS) is classified for the rules matrix
 * (tests/rules/collections.ts), so a new collection cannot skip the rules tests; run without the emulators.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '@studio/domain';
import { ALL_COLLECTIONS, CRM_COLLECTIONS } from '../rules/collections.js';

describe('collection classification', () => {
  it('covers every top-level collection the code names, so a new one must be classified', () => {
    const classified = new Set<string>(ALL_COLLECTIONS);
    // promo_customers lives under promo_codes/{code}, not at the top level.
    const topLevel = Object.values(COLLECTIONS).filter((c) => c !== COLLECTIONS.promoCustomers);
    expect(topLevel.filter((c) => !classified.has(c))).toEqual([]);
  });

  it('names in firestore.rules every collection the admin reads live', () => {
    const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
    expect(CRM_COLLECTIONS.filter((c) => !rules.includes(`/${c}/`))).toEqual([]);
  });
});
