/**
 * The CRM board's projection on the server (domain/leadBoard.ts and
 * leadBoardChanges.ts): keeps the card the board reads for every lead
 * (domain mergeLeadBoard over `lead_board`'s shards and changes documents)
 * equal to the lead's encoded card (`storedBoardCard(lead)`, a JSON string).
 * A Firestore trigger on `leads/{leadId}` (leadBoardSync.ts) calls
 * syncBoardCard after every write, whoever made it (the API, the scheduled
 * job, a webhook, a seed or the console), so no write path has to remember
 * the board, then foldLeadBoardIfDue. A changed card goes into the open
 * changes document, a few KB, never into its shard of a few hundred KB: that
 * one document is what every open board receives for the change. The board's
 * own moves (features/leads/moveLead.ts) also write their card in the move's
 * transaction (readBoardWriteIn, setBoardCardIn), so other devices see a move
 * as soon as it commits rather than after the trigger's delivery; the trigger
 * then finds the card current. The seeds and a first deploy fill the shards in
 * one go with rebuildLeadBoard (`npm run board:rebuild`).
 *
 * The shard count and the open changes document are read from
 * `lead_board/_meta` (domain LEAD_BOARD_META_ID; default 32 shards) in every
 * sync's transaction, and the count is set by a rebuild (`--shards N`), so a
 * growing studio adds shards without a release. A shard Firestore refuses for
 * good when a fold writes it (INVALID_ARGUMENT: over 1 MiB) marks the board as
 * needing a rebuild in `_meta`, which the dashboard shows; its cards stay in
 * the changes documents meanwhile, so the board still shows them.
 *
 * Takes the Firestore instance as a parameter (no import of ../firebase.js),
 * so scripts can use it against the emulators.
 */
import {
  FieldPath,
  FieldValue,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  boardCardOf,
  encodeBoardCard,
  FIRESTORE_MAX_DOCUMENT_BYTES,
  foldLeadBoardShard,
  LEAD_BOARD_COLLECTION,
  LEAD_BOARD_MAX_SHARDS,
  LEAD_BOARD_META_ID,
  leadBoardCardsBytes,
  leadBoardChangePlan,
  leadBoardChangesDocSchema,
  leadBoardChangesId,
  leadBoardChangesSeq,
  leadBoardChangesState,
  leadBoardFoldDue,
  leadBoardMetaSchema,
  leadBoardShardCount,
  leadBoardShardDocSchema,
  leadBoardShardId,
  leadBoardShardIds,
  leadDocSchema,
  mergeLeadBoard,
  type BoardShardLayer,
  type EncodedBoardCard,
  type LeadBoardMeta,
} from '@studio/domain';
import * as logger from 'firebase-functions/logger';
import { allLeadSnapshots, leadRef } from './leadStore.js';

/** gRPC status of a write Firestore refuses whatever the retries (e.g. a document over 1 MiB). */
const INVALID_ARGUMENT = 3;

/** How many failed lead ids `_meta` lists at most (the flag stays set beyond). */
const MAX_FAILED_IDS = 100;

/** True for an error no retry can fix: Firestore refused the write itself (INVALID_ARGUMENT). */
export function isPermanentWriteError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === INVALID_ARGUMENT;
}

/** The board's `_meta` document. */
export function boardMetaRef(db: Firestore) {
  return db.collection(LEAD_BOARD_COLLECTION).doc(LEAD_BOARD_META_ID);
}

/**
 * The lead `id` as stored (its raw fields, undefined when absent: the caller
 * parses them with leadDocSchema) and the board's `_meta` snapshot, read
 * together in `tx` (the board move's first read).
 */
export async function readLeadAndBoardMetaIn(tx: Transaction, db: Firestore, id: string) {
  const [leadSnap, metaSnap] = await tx.getAll(leadRef(db, id), boardMetaRef(db));
  return { stored: leadSnap!.data() as DocumentData | undefined, metaSnap: metaSnap! };
}

/**
 * The encoded card (domain EncodedBoardCard) of the stored lead `leadId`, or
 * null when the lead does not parse (domain leadDocSchema; logged as an
 * error): such a lead has no card, as the web's live lists leave it out, and
 * no retry could fix it.
 */
export function storedBoardCard(leadId: string, lead: DocumentData): EncodedBoardCard | null {
  const parsed = leadDocSchema.safeParse(lead);
  if (parsed.success) return encodeBoardCard(boardCardOf(parsed.data));
  logger.error('leadBoard: a stored lead does not parse, so it has no card', { leadId, issues: parsed.error.issues });
  return null;
}

/** The shard document holding `leadId`'s card among `shards` shards. */
export function boardShardRef(db: Firestore, leadId: string, shards: number) {
  return db.collection(LEAD_BOARD_COLLECTION).doc(leadBoardShardId(leadId, shards));
}

/** The board's `_meta` as stored (a malformed one reads as the defaults). */
function boardMetaOf(metaSnap: DocumentSnapshot): LeadBoardMeta {
  const parsed = leadBoardMetaSchema.safeParse(metaSnap.data() ?? {});
  return parsed.success ? parsed.data : {};
}

/** How many shards the board has, from its `_meta` snapshot (domain leadBoardShardCount). */
export function boardShardCountOf(metaSnap: DocumentSnapshot): number {
  return leadBoardShardCount(boardMetaOf(metaSnap));
}

/** The board's changes document number `seq` (domain leadBoardChangesId). */
function changesRef(db: Firestore, seq: number) {
  return db.collection(LEAD_BOARD_COLLECTION).doc(leadBoardChangesId(seq));
}

/** The cards a stored changes document holds (domain leadBoardChangesDocSchema); none when absent or malformed. */
function changesCardsOf(snap: DocumentSnapshot): Record<string, EncodedBoardCard> {
  const parsed = leadBoardChangesDocSchema.safeParse(snap.data() ?? {});
  return parsed.success ? parsed.data.cards : {};
}

/** A stored shard as the merge reads it (domain BoardShardLayer); empty when absent or malformed. */
function shardLayerOf(snap: DocumentSnapshot): BoardShardLayer {
  const parsed = leadBoardShardDocSchema.safeParse(snap.data() ?? {});
  return parsed.success ? parsed.data : { through: 0, cards: {} };
}

/** What a transaction needs to write a card: the shard count and the open changes document with its cards. */
export interface BoardWrite {
  shards: number;
  open: number;
  openCards: Record<string, EncodedBoardCard>;
}

/**
 * Reads, within `tx`, where a card goes: the shard count and open document
 * named by `_meta` (`metaSnap`, read in the same transaction, so a seal or a
 * rebuild meanwhile makes the transaction retry) and that document's cards.
 * A read: call it before the transaction's first write.
 */
export async function readBoardWriteIn(
  tx: Transaction,
  db: Firestore,
  metaSnap: DocumentSnapshot,
): Promise<BoardWrite> {
  const meta = boardMetaOf(metaSnap);
  const { open } = leadBoardChangesState(meta);
  return { shards: leadBoardShardCount(meta), open, openCards: changesCardsOf(await tx.get(changesRef(db, open))) };
}

/**
 * Writes `leadId`'s card within `tx` into the open changes document, or,
 * when it would pass LEAD_BOARD_CHANGES_MAX_BYTES (domain
 * leadBoardChangePlan), seals that document by opening the next one with the
 * card (`_meta.open`). Only that map entry is sent, so a board receives at
 * most one changes document per lead change. `board` must come from
 * readBoardWriteIn in the same transaction.
 * @returns true when it sealed the open document (a fold may be due: foldLeadBoardIfDue)
 */
export function setBoardCardIn(
  tx: Transaction,
  db: Firestore,
  board: BoardWrite,
  leadId: string,
  card: EncodedBoardCard,
): boolean {
  if (leadBoardChangePlan(board.openCards, leadId, card) === 'write') {
    tx.set(
      changesRef(db, board.open),
      { cards: { [leadId]: card } },
      { mergeFields: [new FieldPath('cards', leadId)] },
    );
    return false;
  }
  tx.set(changesRef(db, board.open + 1), { cards: { [leadId]: card } });
  tx.set(boardMetaRef(db), { open: board.open + 1 }, { merge: true });
  return true;
}

/** Records in `_meta` that cards could not be folded into a shard: the dashboard then asks for a rebuild. */
async function markNeedsRebuild(db: Firestore, leadIds: string[], meta: LeadBoardMeta): Promise<void> {
  const room = MAX_FAILED_IDS - (meta.failedLeadIds?.length ?? 0);
  await boardMetaRef(db).set(
    {
      needsRebuild: true,
      ...(room > 0 && leadIds.length ? { failedLeadIds: FieldValue.arrayUnion(...leadIds.slice(0, room)) } : {}),
    },
    { merge: true },
  );
}

/** Transaction attempts of a sync: every lead's sync writes the one open changes document, so they queue on it. */
const SYNC_ATTEMPTS = 25;

/**
 * Brings `leadId`'s card in line with the lead as it is now, in one
 * transaction with the lead, `_meta`, the lead's shard and the changes
 * documents not yet folded (domain mergeLeadBoard gives the card the board
 * shows). Nothing is written when that card is already current (e.g. after a
 * board move wrote it, or a write that changed no card field). A new card
 * goes into the open changes document (setBoardCardIn), never into the shard.
 * A lead that is gone (or does not parse) has its card erased everywhere: from
 * its shard and from every changes document holding it (the card carries the
 * name and address), which rewrites its shard once.
 *
 * The transaction reads the lead with the board, so a card is never older
 * than the lead it was committed with, and repeated or out-of-order trigger
 * deliveries are harmless (each reads the lead as it is now).
 * @returns what it did
 * @throws on a transient failure, or when the transaction lost SYNC_ATTEMPTS times (the trigger retries)
 */
export async function syncBoardCard(db: Firestore, leadId: string): Promise<'written' | 'removed' | 'unchanged'> {
  return db.runTransaction(
    async (tx) => {
      const [lead, metaSnap] = await tx.getAll(leadRef(db, leadId), boardMetaRef(db));
      const meta = boardMetaOf(metaSnap!);
      const shards = leadBoardShardCount(meta);
      const { open, folded } = leadBoardChangesState(meta);
      const seqs = Array.from({ length: open - folded }, (_, i) => folded + 1 + i);
      const shardRef = boardShardRef(db, leadId, shards);
      const [shardSnap, ...changeSnaps] = await tx.getAll(shardRef, ...seqs.map((n) => changesRef(db, n)));
      const layer = shardLayerOf(shardSnap!);
      const changes = changeSnaps.map((snap, i) => ({ seq: seqs[i]!, cards: changesCardsOf(snap) }));
      const current = mergeLeadBoard(shards, new Map([[shardRef.id, layer]]), changes).get(leadId);
      const card = lead!.exists ? storedBoardCard(leadId, lead!.data()!) : null;
      if ((card ?? undefined) === current) return 'unchanged';
      if (card === null) {
        if (leadId in layer.cards) tx.update(shardRef, new FieldPath('cards', leadId), FieldValue.delete());
        changeSnaps.forEach((snap, i) => {
          if (leadId in changes[i]!.cards) tx.update(snap.ref, new FieldPath('cards', leadId), FieldValue.delete());
        });
        return 'removed';
      }
      const openCards = changes.find((c) => c.seq === open)?.cards ?? {};
      setBoardCardIn(tx, db, { shards, open, openCards }, leadId, card);
      return 'written';
    },
    { maxAttempts: SYNC_ATTEMPTS },
  );
}

/**
 * Folds the sealed changes documents into the shards once
 * LEAD_BOARD_FOLD_AT of them have gathered (domain leadBoardFoldDue), then
 * deletes them: each shard in its own transaction (domain
 * foldLeadBoardShard, `through` set to the last document folded; a shard
 * already there is left alone, so concurrent or repeated folds agree), and
 * the documents only once every shard holds them. A rebuild meanwhile (a new
 * shard count) ends the fold. A shard Firestore refuses for good (over 1 MiB,
 * isPermanentWriteError) keeps its cards in the changes documents, which the
 * board still reads: `_meta` is marked `needsRebuild` and nothing is deleted.
 * @returns 'folded', 'rejected' (a shard refused), or 'not due'
 * @throws on a transient failure
 */
export async function foldLeadBoardIfDue(db: Firestore): Promise<'folded' | 'rejected' | 'not due'> {
  const meta = boardMetaOf(await boardMetaRef(db).get());
  const shards = leadBoardShardCount(meta);
  const state = leadBoardChangesState(meta);
  if (!leadBoardFoldDue(state)) return 'not due';
  const through = state.open - 1;
  const refs = Array.from({ length: through - state.folded }, (_, i) => changesRef(db, state.folded + 1 + i));
  const refused: string[] = [];
  for (const shardId of leadBoardShardIds(shards)) {
    const shardRef = db.collection(LEAD_BOARD_COLLECTION).doc(shardId);
    try {
      const stale = await db.runTransaction(async (tx) => {
        const [metaSnap, shardSnap, ...changeSnaps] = await tx.getAll(boardMetaRef(db), shardRef, ...refs);
        if (boardShardCountOf(metaSnap!) !== shards) return true;
        const layer = shardLayerOf(shardSnap!);
        if (layer.through >= through) return false;
        const changes = changeSnaps.map((snap) => ({
          seq: leadBoardChangesSeq(snap.id)!,
          cards: changesCardsOf(snap),
        }));
        tx.set(shardRef, { cards: foldLeadBoardShard(shardId, shards, layer, changes), through });
        return false;
      });
      if (stale) return 'not due';
    } catch (err) {
      if (!isPermanentWriteError(err)) throw err;
      refused.push(shardId);
    }
  }
  if (refused.length) {
    const snaps = await db.getAll(...refs);
    const ids = new Set(snaps.flatMap((s) => Object.keys(changesCardsOf(s))));
    await markNeedsRebuild(
      db,
      [...ids].filter((id) => refused.includes(leadBoardShardId(id, shards))),
      meta,
    );
    return 'rejected';
  }
  await db.runTransaction(async (tx) => {
    const now = leadBoardChangesState(boardMetaOf(await tx.get(boardMetaRef(db))));
    if (now.folded < through) tx.set(boardMetaRef(db), { folded: through }, { merge: true });
  });
  await deleteChangesUpTo(db, through);
  return 'folded';
}

/** Deletes every changes document numbered up to `through` (folded into every shard, or replaced by a rebuild). */
async function deleteChangesUpTo(db: Firestore, through: number): Promise<void> {
  const docs = await db.collection(LEAD_BOARD_COLLECTION).listDocuments();
  const old = docs.filter((ref) => (leadBoardChangesSeq(ref.id) ?? Infinity) <= through);
  await Promise.all(old.map((ref) => ref.delete()));
}

/** Bytes Firestore counts for a shard holding `cards` (its name, `through` and overhead rounded up to 1 KiB). */
function shardBytes(cards: Record<string, EncodedBoardCard>): number {
  return 1_024 + leadBoardCardsBytes(cards);
}

/**
 * Rewrites every shard from the leads as they are (reads every lead once;
 * one write per shard), over `shards` shards (default: the count `_meta`
 * names), records that count in `_meta` and clears its `needsRebuild`, and
 * deletes shard documents a smaller count no longer uses. It opens a new
 * changes document first: the shards are written as folded through every
 * older one (`through`), which it then deletes, and syncs from then on write
 * above them. For the seeds, a
 * first deploy onto existing leads, a repair, or more shards; a lead written
 * while it runs may keep a stale card until its next change, so run it when
 * the CRM is idle.
 * @returns the number of leads and shards written
 * @throws Error before writing anything when a shard would pass 1 MiB (naming a shard count that fits), or for a count out of 1..LEAD_BOARD_MAX_SHARDS
 */
export async function rebuildLeadBoard(
  db: Firestore,
  options: { shards?: number } = {},
): Promise<{ leads: number; shards: number }> {
  const collection = db.collection(LEAD_BOARD_COLLECTION);
  const count = options.shards ?? leadBoardShardCount((await boardMetaRef(db).get()).data());
  if (!Number.isInteger(count) || count < 1 || count > LEAD_BOARD_MAX_SHARDS)
    throw new Error(`the shard count must be a whole number from 1 to ${LEAD_BOARD_MAX_SHARDS} (got ${count})`);
  const docs = await allLeadSnapshots(db);
  const encoded = docs.flatMap((doc) => {
    const card = storedBoardCard(doc.id, doc.data());
    return card ? [[doc.id, card] as const] : [];
  });
  const placed = (n: number) => {
    const shards = new Map<string, Record<string, EncodedBoardCard>>(leadBoardShardIds(n).map((id) => [id, {}]));
    for (const [id, text] of encoded) shards.get(leadBoardShardId(id, n))![id] = text;
    return shards;
  };
  const fits = (shards: Map<string, Record<string, EncodedBoardCard>>) =>
    [...shards.values()].every((cards) => shardBytes(cards) <= FIRESTORE_MAX_DOCUMENT_BYTES);
  const shards = placed(count);
  if (!fits(shards)) {
    let enough = count * 2;
    while (enough < LEAD_BOARD_MAX_SHARDS && !fits(placed(enough))) enough *= 2;
    throw new Error(
      `${docs.length} leads do not fit in ${count} shards (one would pass Firestore's 1 MiB): rebuild with --shards ${Math.min(enough, LEAD_BOARD_MAX_SHARDS)}`,
    );
  }
  // The count and a new open changes document first, so syncs from now on place cards where this rebuild
  // puts them, above what it folds in (a sync that read its lead before the leads were read may be lost:
  // that lead keeps a stale card until its next change, as the doc comment says).
  const through = await db.runTransaction(async (tx) => {
    const { open } = leadBoardChangesState(boardMetaOf(await tx.get(boardMetaRef(db))));
    tx.set(boardMetaRef(db), { shards: count, needsRebuild: false, failedLeadIds: [], open: open + 1, folded: open });
    return open;
  });
  // One write per shard, not a batch: a batch is capped at 10 MiB, a shard at 1 MiB.
  await Promise.all([...shards].map(([id, cards]) => collection.doc(id).set({ cards, through })));
  const unused = (await collection.listDocuments()).filter(
    (ref) => ref.id !== LEAD_BOARD_META_ID && !shards.has(ref.id) && leadBoardChangesSeq(ref.id) === null,
  );
  await Promise.all(unused.map((ref) => ref.delete()));
  await deleteChangesUpTo(db, through);
  return { leads: encoded.length, shards: shards.size };
}

/**
 * Every lead's card as the board shows it: the whole `lead_board`
 * collection merged (domain mergeLeadBoard), as the web's one listener
 * merges it. For scripts and tests.
 */
export async function readBoardCards(db: Firestore): Promise<Map<string, EncodedBoardCard>> {
  const docs = (await db.collection(LEAD_BOARD_COLLECTION).get()).docs;
  const meta = docs.find((d) => d.id === LEAD_BOARD_META_ID);
  const shards = new Map<string, BoardShardLayer>();
  const changes: { seq: number; cards: Record<string, EncodedBoardCard> }[] = [];
  for (const d of docs) {
    const seq = leadBoardChangesSeq(d.id);
    if (seq !== null) changes.push({ seq, cards: changesCardsOf(d) });
    else if (d.id !== LEAD_BOARD_META_ID) shards.set(d.id, shardLayerOf(d));
  }
  return mergeLeadBoard(leadBoardShardCount(meta ? boardMetaOf(meta) : {}), shards, changes);
}
