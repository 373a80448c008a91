/**
 * Use cases called directly, without HTTP, against the Firestore emulator:
 * approveQuote and moveLead (features/quotes, features/leads) with a fixed
 * clock and a named actor. The HTTP suites (quotes, leads) cover the routes.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { deadReasonLine, QUOTE_LINK_TTL_DAYS, DAY_MS } from '@studio/domain';
import { countDocs, db } from '../helpers.js';
import { storeLead } from '../fixtures.js';
import { AppError } from '../../functions/src/platform/errors.js';
import { approveQuote } from '../../functions/src/features/quotes/approveQuote.js';
import { moveLead } from '../../functions/src/features/leads/moveLead.js';
import { quoteContracts } from '../../functions/src/features/proposals/index.js';
import { readMovedLeadProjectIn } from '../../functions/src/features/projects/index.js';
import { revokeOpenLinksIn } from '../../functions/src/features/quotes/index.js';
import { paymentReceivedIn } from '../../functions/src/features/billing/index.js';
import { checkFirestore, HEALTH_PING_DOC } from '../../functions/src/features/health/checkFirestore.js';

// What app.ts passes the quote and lead routes: the proposals slice's side of a quote, and the projects, quotes
// and billing slices' side of a lead's move.
const deps = {
  db,
  contracts: quoteContracts,
  readProjectIn: readMovedLeadProjectIn,
  revokeQuoteLinksIn: revokeOpenLinksIn,
  paymentReceivedIn,
};
const actor = { uid: 'uc-admin-uid', username: 'use-case-admin' };
// A fixed clock at this run's start: the leads these tests move stay in the emulator
// project beside the other API tests' leads, and a lead whose updatedAt is months back
// would count there as needing attention.
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const clock = () => NOW;

/** A lead in Contacted with a generated quote, pending review (no links yet). */
const quotedContactedLead = (over: Record<string, unknown> = {}) =>
  storeLead(db, {
    status: 'Contacted',
    quoteAccepted: false,
    quoteReviewStatus: 'Pending',
    quoteVersion: 1,
    email: '',
    ...over,
  });

/** The lead's activity entries, newest first. */
async function activity(leadId: string) {
  const snap = await db.collection('lead_activity').where('leadId', '==', leadId).orderBy('at', 'desc').get();
  return snap.docs.map((d) => d.data());
}

/** The error `p` rejects with, as an AppError (fails the test otherwise). */
async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('approveQuote', () => {
  it('moves the lead to Quoted, stores only the hash of a fresh link that expires TTL days after the clock', async () => {
    const leadId = await quotedContactedLead();
    const approved = await approveQuote(deps, { leadId }, actor, clock);
    expect(approved.expiresAt.toISOString()).toBe(new Date(NOW.getTime() + QUOTE_LINK_TTL_DAYS * DAY_MS).toISOString());
    expect(approved.emailed).toBe(false); // the lead has no email address
    const url = new URL(approved.acceptanceUrl, 'https://studio.example');
    expect(url.pathname).toBe('/quote-acceptance');
    expect(url.searchParams.get('leadId')).toBe(leadId);
    const token = url.searchParams.get('token')!;
    const link = await db.collection('quote_links').doc(createHash('sha256').update(token).digest('hex')).get();
    expect(link.data()).toMatchObject({
      leadId,
      quoteVersion: 1,
      usedAt: null,
      revokedAt: null,
      createdBy: actor.username,
    });
    expect((link.get('expiresAt') as Timestamp).toMillis()).toBe(approved.expiresAt.getTime());
    expect((await db.collection('leads').doc(leadId).get()).data()).toMatchObject({
      status: 'Quoted',
      quoteReviewStatus: 'Approved',
    });
    expect((await activity(leadId))[0]).toMatchObject({
      type: 'quote_event',
      from: 'Contacted',
      to: 'Quoted',
      by: actor.username,
      detail: 'Quote approved; link issued',
    });
  });

  it('revokes the earlier link when it issues a new one', async () => {
    const leadId = await quotedContactedLead();
    await approveQuote(deps, { leadId }, actor, clock);
    await approveQuote(deps, { leadId }, actor, clock);
    const links = await db.collection('quote_links').where('leadId', '==', leadId).get();
    expect(links.size).toBe(2);
    expect(links.docs.filter((d) => d.get('revokedAt') === null)).toHaveLength(1);
  });

  it('refuses a lead without a quote (Conflict) and an unknown lead (NotFound), writing nothing', async () => {
    const leadId = await quotedContactedLead({ quoteGenerated: false });
    const links = await countDocs('quote_links');
    const noQuote = await failure(approveQuote(deps, { leadId }, actor, clock));
    expect([noQuote.kind, noQuote.message]).toEqual(['Conflict', 'This lead has no quote to approve']);
    const accepted = await failure(
      approveQuote(deps, { leadId: await quotedContactedLead({ quoteAccepted: true }) }, actor, clock),
    );
    expect([accepted.kind, accepted.message]).toEqual(['Conflict', 'This quote is already accepted']);
    const missing = await failure(approveQuote(deps, { leadId: 'no-such-lead' }, actor, clock));
    expect([missing.kind, missing.message]).toEqual(['NotFound', 'Lead not found']);
    expect(await countDocs('quote_links')).toBe(links);
    expect((await db.collection('leads').doc(leadId).get()).get('status')).toBe('Contacted');
  });
});

describe('moveLead', () => {
  const newLead = () =>
    storeLead(db, {
      status: 'New',
      quoteGenerated: false,
      quoteAccepted: false,
      quoteReviewStatus: null,
      hasProjectPlan: false,
    });

  it('moves the lead, records who moved it, and returns the saved lead', async () => {
    const id = await newLead();
    const dto = await moveLead(deps, { id, status: 'Contacted', expectedStatus: 'New' }, actor, clock);
    expect(dto).toMatchObject({ id, status: 'Contacted' });
    expect((await activity(id))[0]).toMatchObject({
      type: 'status_changed',
      from: 'New',
      to: 'Contacted',
      by: actor.username,
    });
  });

  it('marks a lead dead with the dead-reason line dated by the clock, and revives it', async () => {
    const id = await newLead();
    await moveLead(deps, { id, status: 'Lost', deadReason: 'Test Data' }, actor, clock);
    const lead = (await db.collection('leads').doc(id).get()).data()!;
    expect(lead).toMatchObject({ status: 'Lost', deadReason: 'Test Data' });
    expect(lead.notes).toContain(deadReasonLine('Test Data', NOW));
    expect(lead.updatedAt.toMillis()).toBe(NOW.getTime());
    expect((await activity(id))[0]).toMatchObject({ type: 'marked_dead', detail: 'Test Data', by: actor.username });
    await moveLead(deps, { id, status: 'New' }, actor, clock);
    expect((await db.collection('leads').doc(id).get()).get('deadReason')).toBeNull();
    expect((await activity(id))[0]).toMatchObject({ type: 'revived', from: 'Lost', to: 'New' });
  });

  it('refuses a stale expectedStatus, a refused move and an unknown lead, writing nothing', async () => {
    const id = await newLead();
    const before = (await activity(id)).length;
    const stale = await failure(moveLead(deps, { id, status: 'Contacted', expectedStatus: 'Quoted' }, actor, clock));
    expect([stale.kind, stale.message]).toEqual(['Conflict', 'Lead was moved to New in the meantime']);
    const refused = await failure(moveLead(deps, { id, status: 'Launch' }, actor, clock));
    expect(refused.kind).toBe('Conflict');
    const same = await failure(moveLead(deps, { id, status: 'New' }, actor, clock));
    expect([same.kind, same.message]).toEqual(['Conflict', 'Lead is already New']);
    const missing = await failure(moveLead(deps, { id: 'no-such-lead', status: 'Contacted' }, actor, clock));
    expect([missing.kind, missing.message]).toEqual(['NotFound', 'Lead not found']);
    expect((await db.collection('leads').doc(id).get()).get('status')).toBe('New');
    expect((await activity(id)).length).toBe(before);
  });
});

describe('checkFirestore', () => {
  it('finds the emulator reachable within the deadline, reading a document that does not exist', async () => {
    await expect(checkFirestore({ db }, { deadlineMs: 3_000 })).resolves.toEqual({ reachable: true });
    expect((await db.doc(HEALTH_PING_DOC).get()).exists).toBe(false);
  });
});
