/**
 * A reply never drops a stored field without a word: for each entity the admin API shows, the stored schema's
 * fields split exactly into the reply's fields and a named list of server-only fields (the lead's own check is in
 * leads.test.ts). A field added to a stored schema fails here until it is shown or named.
 */
import { describe, expect, it } from 'vitest';
import { contactDocSchema, projectDocSchema, promoCodeDocSchema } from '../src/storedDocuments.js';
import { contactsReply, projectReply, promoReply } from '../src/replies.js';

/** The stored fields not in `serverOnly`, renamed by `shownAs`, with the reply's `id`: what the reply must hold. */
function expectedReplyFields(stored: string[], serverOnly: string[], shownAs: Record<string, string> = {}) {
  for (const f of serverOnly)
    expect(stored, `${f} is no longer stored: drop it from the server-only list`).toContain(f);
  return ['id', ...stored.filter((f) => !serverOnly.includes(f)).map((f) => shownAs[f] ?? f)].sort();
}

describe('the admin replies and the stored documents', () => {
  it('a project shows every field projectDocSchema reads but the countersignature and cancel bookkeeping', () => {
    // Read by the server's moves (projectMoveError, countersignHoldError); the board shows their effect only.
    const serverOnly = ['canceledFrom', 'countersignPending'];
    expect(Object.keys(projectReply.shape).sort()).toEqual(
      expectedReplyFields(Object.keys(projectDocSchema.shape), serverOnly),
    );
  });

  it('a contact shows every stored field', () => {
    expect(Object.keys(contactsReply.element.shape).sort()).toEqual(
      expectedReplyFields(Object.keys(contactDocSchema.shape), []),
    );
  });

  it('a promo code shows every stored field but its reservation bookkeeping, its holds as a count', () => {
    // The holds map is shown as reservedCount (promoRecordOf: only the holds still active).
    const serverOnly = ['lastReservedAt', 'lastRedeemedAt'];
    const shownAs = {
      holds: 'reservedCount',
      minOrderAmountCents: 'minOrderAmount',
      maxDiscountAmountCents: 'maxDiscountAmount',
    };
    expect(Object.keys(promoReply.shape).sort()).toEqual(
      expectedReplyFields(Object.keys(promoCodeDocSchema.shape), serverOnly, shownAs),
    );
  });
});
