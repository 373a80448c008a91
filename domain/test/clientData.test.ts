import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ANONYMISED_COLLECTIONS,
  COLLECTIONS,
  defangLinks,
  ERASED_COLLECTIONS,
  escapeHtml,
  LEAD_LINKED_COLLECTIONS,
  NO_CLIENT_DATA_COLLECTIONS,
  normalisedForErasure,
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

describe('normalisedForErasure', () => {
  it('reads an address split by zero-width characters or their entities as the address', () => {
    expect(normalisedForErasure('Ann.\u200bLee@\u200bExample.\u200bcom')).toBe('ann.lee@example.com');
    expect(normalisedForErasure('ann&#8203;@&#x200B;example.&#8203;com')).toBe('ann@example.com');
  });

  it('finds any address an email writes defanged into its html', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        expect(normalisedForErasure(defangLinks(escapeHtml(address)))).toContain(
          normalisedForErasure(escapeHtml(address)),
        );
      }),
    );
  });
});
