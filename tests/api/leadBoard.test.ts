/**
 * The CRM board's projection (domain/leadBoard.ts,
 * functions/src/features/leads/leadBoardStore.ts): the `syncLeadBoard` trigger in the
 * Functions emulator keeps the card the board reads (domain mergeLeadBoard
 * over the shards and the recent-changes documents) equal to the lead after
 * API writes, direct writes and deletes; the sync, the changes documents'
 * seal and fold, the rebuild and the card a board move writes in its own
 * commit are checked on their own project, where no trigger runs beside them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeApp } from 'firebase-admin/app';
import { FieldPath, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  boardCardOf,
  decodeBoardCard,
  encodeBoardCard,
  LEAD_BOARD_COLLECTION,
  LEAD_BOARD_META_ID,
  LEAD_BOARD_CHANGES_MAX_BYTES,
  LEAD_BOARD_FOLD_AT,
  LEAD_BOARD_SHARD_CARD_CAPACITY,
  leadBoardCardsBytes,
  leadBoardChangesId,
  leadBoardChangesSeq,
  LEAD_BOARD_SHARD_IDS,
  leadBoardShardId,
  leadBoardShardIds,
  LIMITS,
  MAX_ENCODED_CARD_BYTES,
  leadDocSchema,
  newLeadRecord,
} from '@studio/domain';
import {
  foldLeadBoardIfDue,
  readBoardCards,
  rebuildLeadBoard,
  syncBoardCard,
} from '../../functions/src/features/leads/leadBoardStore.js';
import { moveLead } from '../../functions/src/features/leads/moveLead.js';
import { readMovedLeadProjectIn } from '../../functions/src/features/projects/index.js';
import { revokeOpenLinksIn } from '../../functions/src/features/quotes/index.js';
import { paymentReceivedIn } from '../../functions/src/features/billing/index.js';
import { adminIdToken, api, db } from '../helpers.js';

/** Sync transactions the changes test runs at once on the one open changes document. */
const CONCURRENT_SYNCS = 6;

/** The stored text of `leadId`'s card in `store` as the board reads it (undefined when absent). */
async function storedCard(store: Firestore, leadId: string): Promise<unknown> {
  return (await readBoardCards(store)).get(leadId);
}

/** The card of `leadId` in `store` as the board reads it (undefined when absent). */
async function cardOf(store: Firestore, leadId: string): Promise<Record<string, unknown> | undefined> {
  const text = await storedCard(store, leadId);
  if (text === undefined) return undefined;
  expect(typeof text).toBe('string');
  return decodeBoardCard(text as string) as unknown as Record<string, unknown>;
}

/** Polls until the trigger has brought the card (defaults filled in) to `expected` (partial match), or to absent for null. */
async function cardBecomes(leadId: string, expected: Record<string, unknown> | null): Promise<void> {
  await expect
    .poll(
      async () => {
        const card = await cardOf(db, leadId);
        if (expected === null || !card) return expected === null && card === undefined;
        return Object.entries(expected).every(([k, v]) => card[k] === v);
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
}

const actor = { uid: 'board-admin-uid', username: 'board-admin' };
/** What app.ts passes the leads routes for a move: the projects, quotes and billing slices' side. */
const followers = { readProjectIn: readMovedLeadProjectIn, revokeQuoteLinksIn: revokeOpenLinksIn, paymentReceivedIn };
const NOW = new Date('2026-05-06T07:08:09.123Z');
const clock = () => NOW;

const leadDoc = (name: string, extra: object = {}) => {
  const now = Timestamp.now();
  return {
    ...newLeadRecord({
      name,
      email: 'board@example.com',
      subject: 'Board',
      message: 'A message the board never reads.',
      projectType: 'Web Project',
    }),
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
};

describe('the syncLeadBoard trigger', () => {
  let token: string;
  beforeAll(async () => {
    token = await adminIdToken();
  });

  it('writes the card of a lead created through the API, and follows its moves', async () => {
    const r = await api('POST', '/api/leads', {
      token,
      body: { name: 'Board Follower', email: 'bf@example.com', subject: 'Follow', message: 'Hello' },
    });
    expect(r.status).toBe(201);
    const id = (r.json as { id: string }).id;
    await cardBecomes(id, { name: 'Board Follower', status: 'New', subject: 'Follow' });
    const stored = JSON.parse((await storedCard(db, id)) as string) as object;
    expect(stored).not.toHaveProperty('message');
    // The address is on the card for the board's search (the board is admin-only, like the lead).
    expect(stored).toHaveProperty('email', 'bf@example.com');
    expect(stored).not.toHaveProperty('quoteAmountCents'); // null: left out of the stored card

    expect((await api('PUT', `/api/leads/${id}`, { token, body: { status: 'Contacted' } })).status).toBe(200);
    await cardBecomes(id, { status: 'Contacted' });
    expect(
      (await api('PUT', `/api/leads/${id}`, { token, body: { status: 'Lost', deadReason: 'Quote Rejected' } })).status,
    ).toBe(200);
    await cardBecomes(id, { status: 'Lost', deadReason: 'Quote Rejected', testData: false });
  });

  it('follows writes that bypass the API (Admin SDK, console) and removes the card of a deleted lead', async () => {
    const ref = db.collection('leads').doc();
    await ref.set(leadDoc('Console Lead'));
    await cardBecomes(ref.id, { name: 'Console Lead', status: 'New', quoteAmountCents: null });
    await ref.update({ quoteAmountCents: 420_000, status: 'Quoted' });
    await cardBecomes(ref.id, { quoteAmountCents: 420_000, status: 'Quoted' });
    await ref.delete();
    await cardBecomes(ref.id, null);
  });

  it('ends with every card current when many leads of one shard change at once', async () => {
    // Ids chosen to land in the same shard, written concurrently: the cards are map entries of one document.
    const shard = LEAD_BOARD_SHARD_IDS[3]!;
    const ids: string[] = [];
    for (let i = 0; ids.length < 12; i++)
      if (leadBoardShardId(`same-shard-${i}`) === shard) ids.push(`same-shard-${i}`);
    await Promise.all(
      ids.map((id, i) =>
        db
          .collection('leads')
          .doc(id)
          .set(leadDoc(`Crowd ${i}`)),
      ),
    );
    await Promise.all(ids.map((id) => db.collection('leads').doc(id).update({ status: 'Contacted' })));
    for (const [i, id] of ids.entries()) await cardBecomes(id, { name: `Crowd ${i}`, status: 'Contacted' });
    await Promise.all(ids.map((id) => db.collection('leads').doc(id).delete()));
    for (const id of ids) await cardBecomes(id, null);
  });
});

describe('syncBoardCard and rebuildLeadBoard (own project, no trigger)', () => {
  // A separate emulator project: the Functions emulator only fires triggers for demo-studio.
  const store = getFirestore(initializeApp({ projectId: 'demo-studio-board' }, 'board-test'));
  afterAll(async () => {
    for (const name of ['leads', 'lead_activity', LEAD_BOARD_COLLECTION])
      await store.recursiveDelete(store.collection(name));
  });

  it('writes a missing card, leaves a current one alone, and replaces a stale one', async () => {
    const ref = store.collection('leads').doc('sync-me');
    await ref.set(leadDoc('Sync Me', { quoteAmountCents: 99_00 }));
    expect(await syncBoardCard(store, ref.id)).toBe('written');
    expect(await syncBoardCard(store, ref.id)).toBe('unchanged');
    const card = boardCardOf(leadDocSchema.parse((await ref.get()).data()));
    expect(await storedCard(store, ref.id)).toBe(encodeBoardCard(card));

    // A card left behind by an out-of-order delivery is put right by the next sync.
    await store
      .collection(LEAD_BOARD_COLLECTION)
      .doc(leadBoardChangesId(1))
      .set({ cards: { [ref.id]: encodeBoardCard({ ...card, status: 'Launch' }) } }, { merge: true });
    expect((await cardOf(store, ref.id))!.status).toBe('Launch');
    expect(await syncBoardCard(store, ref.id)).toBe('written');
    expect((await cardOf(store, ref.id))!.status).toBe('New');

    await ref.delete();
    expect(await syncBoardCard(store, ref.id)).toBe('removed');
    expect(await cardOf(store, ref.id)).toBeUndefined();
    expect(await syncBoardCard(store, ref.id)).toBe('unchanged');
  });

  it("writes the card of a board move in the move's own commit, as the sync would write it", async () => {
    const ref = store.collection('leads').doc('moved-here');
    await ref.set(leadDoc('Moved Here'));
    const moved = await moveLead(
      { db: store, ...followers },
      { id: ref.id, status: 'Contacted', expectedStatus: 'New' },
      actor,
      clock,
    );
    expect(moved).toMatchObject({ status: 'Contacted', updatedAt: NOW.toISOString() });
    expect(await cardOf(store, ref.id)).toMatchObject({ status: 'Contacted' });
    expect((await cardOf(store, ref.id))!.updatedAt).toEqual(NOW);
    expect(await syncBoardCard(store, ref.id)).toBe('unchanged');
    await ref.delete();
    await syncBoardCard(store, ref.id);
  });

  it('gives a lead that does not parse no card: the sync removes it, and a rebuild leaves it out', async () => {
    const ref = store.collection('leads').doc('unparseable');
    await ref.set(leadDoc('Broken Later'));
    expect(await syncBoardCard(store, ref.id)).toBe('written');
    await ref.update({ status: 'No Such Status' }); // as a console edit could leave it
    expect(await syncBoardCard(store, ref.id)).toBe('removed');
    expect(await cardOf(store, ref.id)).toBeUndefined();
    expect(await syncBoardCard(store, ref.id)).toBe('unchanged');

    const { leads } = await rebuildLeadBoard(store);
    const all = (await store.collection('leads').get()).size;
    expect(leads).toBe(all - 1);
    expect(await cardOf(store, ref.id)).toBeUndefined();
    await ref.delete();
  });

  it('writes each change into one small changes document, seals it at its cap, and folds the sealed ones into the shards', async () => {
    await rebuildLeadBoard(store);
    const board = store.collection(LEAD_BOARD_COLLECTION);
    const metaRef = board.doc(LEAD_BOARD_META_ID);
    const open0 = (await metaRef.get()).get('open') as number;
    // Cards of about 400 bytes: a changes document takes about 40 of them.
    const big = (i: number) =>
      leadDoc(`Changes ${i} ${'x'.repeat(100)}`, { subject: 'y'.repeat(110), email: `${'z'.repeat(60)}@example.com` });
    const ids = Array.from({ length: 50 }, (_, i) => `changes-lead-${i}`);
    for (const [i, id] of ids.entries()) {
      await store.collection('leads').doc(id).set(big(i));
      expect(await syncBoardCard(store, id)).toBe('written');
    }
    expect((await metaRef.get()).get('open')).toBe(open0 + 1);
    const sealed = await board.doc(leadBoardChangesId(open0)).get();
    const sealedBytes = leadBoardCardsBytes(sealed.get('cards') as Record<string, string>);
    expect(sealedBytes).toBeLessThanOrEqual(LEAD_BOARD_CHANGES_MAX_BYTES);
    expect(sealedBytes).toBeGreaterThan(LEAD_BOARD_CHANGES_MAX_BYTES - 1_000);
    // No shard was written: the shards keep what the rebuild wrote.
    for (const id of ids) expect(await cardOf(store, id)).toMatchObject({ status: 'New' });

    // Changes spread over several sync transactions at once: each lead ends with its newest card. They
    // all write the one open changes document, and the emulator serves contending transactions one at
    // a time, each after its lock wait (about a second apiece), so a handful shows the merge.
    const moved = ids.slice(0, CONCURRENT_SYNCS);
    await Promise.all(moved.map((id) => store.collection('leads').doc(id).update({ status: 'Contacted' })));
    await Promise.all(moved.map((id) => syncBoardCard(store, id)));
    for (const id of ids)
      expect(await cardOf(store, id)).toMatchObject({ status: moved.includes(id) ? 'Contacted' : 'New' });

    // Not due yet; once LEAD_BOARD_FOLD_AT documents are sealed, the fold moves them into the shards and deletes them.
    expect(await foldLeadBoardIfDue(store)).toBe('not due');
    const before = await readBoardCards(store);
    const open = (await metaRef.get()).get('open') as number;
    await metaRef.set({ open: open + LEAD_BOARD_FOLD_AT }, { merge: true });
    expect(await foldLeadBoardIfDue(store)).toBe('folded');
    expect(await readBoardCards(store)).toEqual(before);
    const after = await board.get();
    const through = open + LEAD_BOARD_FOLD_AT - 1;
    expect(after.docs.filter((d) => (leadBoardChangesSeq(d.id) ?? Infinity) <= through)).toEqual([]);
    expect((await metaRef.get()).get('folded')).toBe(through);
    for (const d of after.docs) if (d.id.startsWith('shard-')) expect(d.get('through')).toBe(through);
    expect(
      decodeBoardCard((await board.doc(leadBoardShardId(ids[0]!)).get()).get(new FieldPath('cards', ids[0]!)) as string)
        .status,
    ).toBe('Contacted');

    // A deleted lead's card is erased everywhere it is stored: its shard and every changes document.
    await store.collection('leads').doc(ids[0]!).update({ status: 'Quoted' });
    expect(await syncBoardCard(store, ids[0]!)).toBe('written');
    await store.collection('leads').doc(ids[0]!).delete();
    expect(await syncBoardCard(store, ids[0]!)).toBe('removed');
    for (const d of (await board.get()).docs)
      expect(ids[0]! in ((d.get('cards') as object | undefined) ?? {})).toBe(false);
    await Promise.all(ids.map((id) => store.collection('leads').doc(id).delete()));
  });

  it('rebuilds every shard from the leads, dropping cards of leads that are gone', async () => {
    const batch = store.batch();
    for (let i = 0; i < 40; i++)
      batch.set(
        store.collection('leads').doc(`rebuild-${i}`),
        leadDoc(`Rebuild ${i}`, i % 5 === 0 ? { status: 'Lost', notes: 'Dead Reason: Test Data - 1/2/2026' } : {}),
      );
    await batch.commit();
    await store
      .collection(LEAD_BOARD_COLLECTION)
      .doc(leadBoardShardId('ghost'))
      .set({ cards: { ghost: '{"name":"Ghost"}' } }, { merge: true });

    expect(await rebuildLeadBoard(store)).toEqual({ leads: 40, shards: LEAD_BOARD_SHARD_IDS.length });
    const all = await store.collection(LEAD_BOARD_COLLECTION).get();
    // Only the shards and _meta: the changes documents are folded into the shards and deleted.
    const shards = { docs: all.docs.filter((d) => d.id !== LEAD_BOARD_META_ID) };
    expect(shards.docs.map((d) => d.id).sort()).toEqual([...LEAD_BOARD_SHARD_IDS]);
    const meta = all.docs.find((d) => d.id === LEAD_BOARD_META_ID)?.data();
    expect(meta).toMatchObject({ shards: LEAD_BOARD_SHARD_IDS.length, needsRebuild: false, failedLeadIds: [] });
    expect(meta!.open).toBe(meta!.folded + 1);
    for (const d of shards.docs) expect(d.get('through')).toBe(meta!.folded);
    const cards = Object.assign({}, ...shards.docs.map((d) => d.get('cards') as object)) as Record<string, string>;
    expect(Object.keys(cards).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `rebuild-${i}`).sort());
    expect(decodeBoardCard(cards['rebuild-5']!)).toMatchObject({
      status: 'Lost',
      testData: true,
      deadReason: 'Test Data',
    });
    // Each card sits in its own shard.
    for (const d of shards.docs)
      for (const id of Object.keys(d.get('cards') as object)) expect(leadBoardShardId(id)).toBe(d.id);
  });
});

/**
 * Capacity (docs/operations.md "Board capacity"): one shard filled with the
 * largest valid cards up to LEAD_BOARD_SHARD_CARD_CAPACITY holds them all; past
 * Firestore's 1 MiB the fold of the recent changes into that shard is refused
 * for good, recorded for the dashboard and not thrown (so the trigger does not
 * retry it for days), while the board still shows those cards from the changes
 * documents; a rebuild with more shards, read from `_meta`, folds every card in.
 */
describe('board capacity (own project, no trigger)', () => {
  const store = getFirestore(initializeApp({ projectId: 'demo-studio-capacity' }, 'capacity-test'));
  afterAll(async () => {
    for (const name of ['leads', 'lead_activity', LEAD_BOARD_COLLECTION])
      await store.recursiveDelete(store.collection(name));
  });

  /** 20-character ids (as Firestore's auto ids) that all land in `shard` among 32. */
  function idsInShard(shard: string, n: number, from = 0): string[] {
    const ids: string[] = [];
    for (let i = from; ids.length < n; i++) {
      const id = `capacity-test-${String(i).padStart(6, '0')}`;
      if (leadBoardShardId(id) === shard) ids.push(id);
    }
    return ids;
  }

  /** A lead whose card is as large as valid input makes it: 3-byte characters at the form's limits, dead with a reason from a long note. */
  const largestLead = (i: number) => ({
    ...leadDoc('界'.repeat(LIMITS.name - 6) + String(i).padStart(6, '0'), {
      subject: '界'.repeat(LIMITS.subject),
      email: `${'a'.repeat(LIMITS.email - 20)}@example.com`,
      projectType: 'Brand/Logo Design',
      status: 'Lost',
      deadReason: null,
      notes: `Dead Reason: ${'理'.repeat(2_000)} - 1/2/2026`,
      quoteAmountCents: 99_999_999_99,
      depositAmountCents: 49_999_999_99,
      quoteGenerated: true,
      quoteAccepted: true,
      quoteReviewStatus: 'Needs Revision',
      proposalStatus: 'Countersigned',
      unreadMessages: 99,
    }),
  });

  async function storeLeads(ids: string[], offset: number) {
    for (let at = 0; at < ids.length; at += 400) {
      const batch = store.batch();
      ids
        .slice(at, at + 400)
        .forEach((id, k) => batch.set(store.collection('leads').doc(id), largestLead(offset + at + k)));
      await batch.commit();
    }
  }

  const boardCards = async () => Object.fromEntries(await readBoardCards(store));

  it(
    'holds LEAD_BOARD_SHARD_CARD_CAPACITY of the largest cards in one shard, refuses the next ones without throwing, and recovers with more shards',
    { timeout: 120_000 },
    async () => {
      const shard = LEAD_BOARD_SHARD_IDS[5]!;
      const ids = idsInShard(shard, LEAD_BOARD_SHARD_CARD_CAPACITY);
      await storeLeads(ids, 0);

      expect(await rebuildLeadBoard(store)).toEqual({ leads: ids.length, shards: 32 });
      const full = await store.collection(LEAD_BOARD_COLLECTION).doc(shard).get();
      const cards = full.get('cards') as Record<string, string>;
      expect(Object.keys(cards).sort()).toEqual([...ids].sort());
      // Every card is as large as valid input makes one, and reads back. (The bound is a little higher: it
      // also covers values valid input cannot reach, such as 16-digit amounts.)
      const sizes = Object.values(cards).map((t) => Buffer.byteLength(t));
      expect(Math.min(...sizes)).toBeGreaterThan(MAX_ENCODED_CARD_BYTES - 60);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_ENCODED_CARD_BYTES);
      for (const text of Object.values(cards))
        expect(decodeBoardCard(text)).toMatchObject({ status: 'Lost', quoteAccepted: true });

      // More leads in that shard: their cards go to the changes documents, which always take them. Once enough
      // changes documents are sealed, the fold would pass 1 MiB in that shard: Firestore refuses it, the fold
      // records it instead of throwing, and deletes nothing, so the board still shows every card.
      const metaRef = store.collection(LEAD_BOARD_COLLECTION).doc(LEAD_BOARD_META_ID);
      const extra: string[] = [];
      let fold = 'folded';
      for (let round = 0; fold === 'folded' && round < 20; round++) {
        const more = idsInShard(shard, 20, 1_000_000 + round * 100_000);
        await storeLeads(more, ids.length + extra.length);
        extra.push(...more);
        for (const id of more) expect(await syncBoardCard(store, id)).toBe('written');
        const open = ((await metaRef.get()).get('open') as number | undefined) ?? 1;
        await metaRef.set({ open: open + LEAD_BOARD_FOLD_AT }, { merge: true });
        fold = await foldLeadBoardIfDue(store);
      }
      expect(fold).toBe('rejected');
      const meta = (await metaRef.get()).data();
      expect(meta).toMatchObject({ needsRebuild: true, failedLeadIds: expect.arrayContaining(extra.slice(-10)) });
      expect(Object.keys(await boardCards()).sort()).toEqual([...ids, ...extra].sort());
      // An edit of a lead of the full shard goes through with its card.
      const moved = await moveLead({ db: store, ...followers }, { id: extra.at(-1)!, phone: '555-0100' }, actor, clock);
      expect(moved.status).toBe('Lost');
      expect(await syncBoardCard(store, extra.at(-1)!)).toBe('unchanged');

      // A rebuild at the same count would overflow: it refuses before writing, naming a count that fits.
      await expect(rebuildLeadBoard(store)).rejects.toThrow(/rebuild with --shards 64/);
      // With 64 shards every card is back on the board, and later syncs use the new count from _meta.
      expect(await rebuildLeadBoard(store, { shards: 64 })).toEqual({ leads: ids.length + extra.length, shards: 64 });
      const board = await store.collection(LEAD_BOARD_COLLECTION).get();
      expect(
        board.docs
          .map((d) => d.id)
          .filter((id) => id !== LEAD_BOARD_META_ID)
          .sort(),
      ).toEqual(leadBoardShardIds(64));
      expect(Object.keys(await boardCards()).sort()).toEqual([...ids, ...extra].sort());
      expect(board.docs.find((d) => d.id === LEAD_BOARD_META_ID)?.data()).toMatchObject({
        shards: 64,
        needsRebuild: false,
        failedLeadIds: [],
      });

      const late = store.collection('leads').doc('capacity-test-late-01');
      await late.set(leadDoc('Late Lead'));
      expect(await syncBoardCard(store, late.id)).toBe('written');
      expect((await cardOf(store, late.id))!.name).toBe('Late Lead');
    },
  );
});
