/**
 * The CRM board's projection on the server (domain/leadBoard.ts): keeps
 * `lead_board/{shard}.cards.{leadId}` equal to the lead's encoded card
 * (`storedBoardCard(lead)`, a JSON string) for every lead. A Firestore
 * trigger on `leads/{leadId}` (../jobs/leadBoardSync.ts) calls syncBoardCard
 * after every write, whoever made it (the API, the scheduled job, a webhook,
 * a seed or the console), so no write path has to remember the board. The
 * seeds and a first deploy fill it in one go with rebuildLeadBoard
 * (`npm run board:rebuild`).
 *
 * Takes the Firestore instance as a parameter (no import of ../firebase.js),
 * so scripts can use it against the emulators.
 */
import { FieldPath, FieldValue, type DocumentData, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { boardCardOf, encodeBoardCard, LEAD_BOARD_COLLECTION, LEAD_BOARD_SHARD_IDS, leadBoardShardId, reviveDates, type BoardCardSource, type EncodedBoardCard } from '@studio/domain';

const LEADS = 'leads';

/** The encoded card (domain EncodedBoardCard) of a stored lead. */
export function storedBoardCard(lead: DocumentData): EncodedBoardCard {
  return encodeBoardCard(boardCardOf(reviveDates(lead) as BoardCardSource<Date>));
}

/** The shard document holding `leadId`'s card. */
export function boardShardRef(db: Firestore, leadId: string) {
  return db.collection(LEAD_BOARD_COLLECTION).doc(leadBoardShardId(leadId));
}

/** Sets `leadId`'s card from `lead` (or removes it when `lead` is null); only that map entry of the shard is replaced. */
function setBoardCard(db: Firestore, leadId: string, lead: DocumentData | null) {
  const value = lead ? storedBoardCard(lead) : FieldValue.delete();
  return boardShardRef(db, leadId).set({ cards: { [leadId]: value } }, { mergeFields: [new FieldPath('cards', leadId)] });
}

/** Same version of a lead: both absent, or both present with the same update time. */
function sameVersion(a: DocumentSnapshot, b: DocumentSnapshot): boolean {
  return a.exists === b.exists && (!a.exists || !!a.updateTime?.isEqual(b.updateTime!));
}

/** How many times a sync writes before giving up on a lead that keeps changing (the trigger then retries). */
const MAX_ROUNDS = 5;

/**
 * Brings `leadId`'s card in line with the lead as it is now. Nothing is
 * written when the card is already current (e.g. after a seed wrote the cards
 * itself). Otherwise it writes the card, then reads the lead again: if the
 * lead changed meanwhile, it writes again from the newer version. So the last
 * card written is always followed by a check that the lead has not moved on,
 * and out-of-order or repeated trigger deliveries never leave an older card
 * behind, without a transaction (one would contend on the shard with every
 * other lead's sync).
 * @returns what it did
 * @throws when the lead changed under it MAX_ROUNDS times in a row (the trigger retries)
 */
export async function syncBoardCard(db: Firestore, leadId: string): Promise<'written' | 'removed' | 'unchanged'> {
  const leadRef = db.collection(LEADS).doc(leadId);
  const [first, shard] = await Promise.all([leadRef.get(), boardShardRef(db, leadId).get()]);
  const stored = shard.exists ? (shard.get(new FieldPath('cards', leadId)) as unknown) : undefined;
  if (stored === (first.exists ? storedBoardCard(first.data()!) : undefined)) return 'unchanged';
  let lead = first;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    await setBoardCard(db, leadId, lead.exists ? lead.data()! : null);
    const now = await leadRef.get();
    if (sameVersion(now, lead)) return lead.exists ? 'written' : 'removed';
    lead = now;
  }
  throw new Error(`lead ${leadId} changed ${MAX_ROUNDS} times during its board sync`);
}

/**
 * Rewrites every shard from the leads as they are (reads every lead once;
 * one write per shard). For the seeds and for a first deploy onto existing
 * leads; a lead written while it runs may keep a stale card until its next
 * change, so run it when the CRM is idle.
 * @returns the number of leads and shards written
 */
export async function rebuildLeadBoard(db: Firestore): Promise<{ leads: number; shards: number }> {
  const snap = await db.collection(LEADS).get();
  const shards = new Map<string, Record<string, EncodedBoardCard>>();
  for (const id of LEAD_BOARD_SHARD_IDS) shards.set(id, {});
  for (const doc of snap.docs) shards.get(leadBoardShardId(doc.id))![doc.id] = storedBoardCard(doc.data());
  // One write per shard, not a batch: a batch is capped at 10 MiB, a shard at 1 MiB.
  await Promise.all([...shards].map(([id, cards]) => db.collection(LEAD_BOARD_COLLECTION).doc(id).set({ cards })));
  return { leads: snap.size, shards: shards.size };
}
