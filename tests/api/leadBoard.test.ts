/**
 * The CRM board's projection (issue 4 "Scale"; domain/leadBoard.ts,
 * functions/src/services/leadBoard.ts): the `syncLeadBoard` trigger in the
 * Functions emulator keeps `lead_board/{shard}.cards.{leadId}` equal to the
 * lead after API writes, direct writes and deletes; the sync and the rebuild
 * are checked on their own project, where no trigger runs beside them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeApp } from 'firebase-admin/app';
import { FieldPath, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { boardCardOf, decodeBoardCard, encodeBoardCard, LEAD_BOARD_COLLECTION, LEAD_BOARD_SHARD_IDS, leadBoardShardId, newLeadRecord, reviveDates, type BoardCardSource } from '@studio/domain';
import { rebuildLeadBoard, syncBoardCard } from '../../functions/src/services/leadBoard.js';
import { adminIdToken, api, db } from '../helpers.js';

/** The stored text of `leadId`'s card in `store` (undefined when absent). */
async function storedCard(store: Firestore, leadId: string): Promise<unknown> {
  const shard = await store.collection(LEAD_BOARD_COLLECTION).doc(leadBoardShardId(leadId)).get();
  return shard.exists ? (shard.get(new FieldPath('cards', leadId)) as unknown) : undefined;
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
    .poll(async () => {
      const card = await cardOf(db, leadId);
      if (expected === null || !card) return expected === null && card === undefined;
      return Object.entries(expected).every(([k, v]) => card[k] === v);
    }, { timeout: 15_000, interval: 100 })
    .toBe(true);
}

const leadDoc = (name: string, extra: object = {}) => {
  const now = Timestamp.now();
  return { ...newLeadRecord({ name, email: 'board@example.com', subject: 'Board', message: 'A message the board never reads.', projectType: 'Web Project' }), createdAt: now, updatedAt: now, ...extra };
};

describe('the syncLeadBoard trigger', () => {
  let token: string;
  beforeAll(async () => {
    token = await adminIdToken();
  });

  it('writes the card of a lead created through the API, and follows its moves', async () => {
    const r = await api('POST', '/api/leads', { token, body: { name: 'Board Follower', email: 'bf@example.com', subject: 'Follow', message: 'Hello' } });
    expect(r.status).toBe(201);
    const id = (r.json as { id: string }).id;
    await cardBecomes(id, { name: 'Board Follower', status: 'New', subject: 'Follow' });
    const stored = JSON.parse((await storedCard(db, id)) as string) as object;
    expect(stored).not.toHaveProperty('message');
    expect(stored).not.toHaveProperty('email');
    expect(stored).not.toHaveProperty('quoteAmountCents'); // null: left out of the stored card

    expect((await api('PUT', `/api/leads/${id}`, { token, body: { status: 'Contacted' } })).status).toBe(200);
    await cardBecomes(id, { status: 'Contacted' });
    expect((await api('PUT', `/api/leads/${id}`, { token, body: { status: 'Lost', deadReason: 'Quote Rejected' } })).status).toBe(200);
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
    for (let i = 0; ids.length < 12; i++) if (leadBoardShardId(`same-shard-${i}`) === shard) ids.push(`same-shard-${i}`);
    await Promise.all(ids.map((id, i) => db.collection('leads').doc(id).set(leadDoc(`Crowd ${i}`))));
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
    await store.recursiveDelete(store.collection('leads'));
    await store.recursiveDelete(store.collection(LEAD_BOARD_COLLECTION));
  });

  it('writes a missing card, leaves a current one alone, and replaces a stale one', async () => {
    const ref = store.collection('leads').doc('sync-me');
    await ref.set(leadDoc('Sync Me', { quoteAmountCents: 99_00 }));
    expect(await syncBoardCard(store, ref.id)).toBe('written');
    expect(await syncBoardCard(store, ref.id)).toBe('unchanged');
    const card = boardCardOf(reviveDates((await ref.get()).data()!) as BoardCardSource<Date>);
    expect(await storedCard(store, ref.id)).toBe(encodeBoardCard(card));

    // A card left behind by an out-of-order delivery is put right by the next sync.
    await store.collection(LEAD_BOARD_COLLECTION).doc(leadBoardShardId(ref.id)).set({ cards: { [ref.id]: encodeBoardCard({ ...card, status: 'Launch' }) } }, { merge: true });
    expect(await syncBoardCard(store, ref.id)).toBe('written');
    expect((await cardOf(store, ref.id))!.status).toBe('New');

    await ref.delete();
    expect(await syncBoardCard(store, ref.id)).toBe('removed');
    expect(await cardOf(store, ref.id)).toBeUndefined();
    expect(await syncBoardCard(store, ref.id)).toBe('unchanged');
  });

  it('rebuilds every shard from the leads, dropping cards of leads that are gone', async () => {
    const batch = store.batch();
    for (let i = 0; i < 40; i++) batch.set(store.collection('leads').doc(`rebuild-${i}`), leadDoc(`Rebuild ${i}`, i % 5 === 0 ? { status: 'Lost', notes: 'Dead Reason: Test Data - 1/2/2026' } : {}));
    await batch.commit();
    await store.collection(LEAD_BOARD_COLLECTION).doc(leadBoardShardId('ghost')).set({ cards: { ghost: '{"name":"Ghost"}' } }, { merge: true });

    expect(await rebuildLeadBoard(store)).toEqual({ leads: 40, shards: LEAD_BOARD_SHARD_IDS.length });
    const shards = await store.collection(LEAD_BOARD_COLLECTION).get();
    expect(shards.docs.map((d) => d.id).sort()).toEqual([...LEAD_BOARD_SHARD_IDS]);
    const cards = Object.assign({}, ...shards.docs.map((d) => d.get('cards') as object)) as Record<string, string>;
    expect(Object.keys(cards).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `rebuild-${i}`).sort());
    expect(decodeBoardCard(cards['rebuild-5']!)).toMatchObject({ status: 'Lost', testData: true, deadReason: 'Test Data' });
    // Each card sits in its own shard.
    for (const d of shards.docs) for (const id of Object.keys(d.get('cards') as object)) expect(leadBoardShardId(id)).toBe(d.id);
  });
});
