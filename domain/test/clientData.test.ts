import { describe, expect, it } from 'vitest';
import {
  ANONYMISED_COLLECTIONS,
  COLLECTIONS,
  ERASED_COLLECTIONS,
  LEAD_LINKED_COLLECTIONS,
  NO_CLIENT_DATA_COLLECTIONS,
  PROPOSAL_COLLECTIONS,
  type CollectionName,
} from '../src/index.js';

const lists: Record<string, readonly string[]> = {
  erased: ERASED_COLLECTIONS,
  anonymised: ANONYMISED_COLLECTIONS,
  proposals: PROPOSAL_COLLECTIONS,
  'no client data': Object.keys(NO_CLIENT_DATA_COLLECTIONS),
};

describe('client data: every collection says what an export and an erasure do with it', () => {
  it.each(Object.values(COLLECTIONS))('%s is in exactly one list', (c: CollectionName) => {
    const in_ = Object.entries(lists)
      .filter(([, l]) => l.includes(c))
      .map(([name]) => name);
    expect(in_, `${c}: classify it in domain/src/clientData.ts`).toHaveLength(1);
  });

  it("the collections followed through a client's leads are all exported and erased or anonymised", () => {
    const handled = [...ERASED_COLLECTIONS, ...ANONYMISED_COLLECTIONS, ...PROPOSAL_COLLECTIONS] as string[];
    for (const c of LEAD_LINKED_COLLECTIONS) expect(handled, c).toContain(c);
  });
});
