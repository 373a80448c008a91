/**
 * The email slice's Firestore access: the `outbox` (domain outboxDocSchema; the collection from shared outboxStore),
 * the local sender's `email_log` (emailLogDocSchema), the admin's template
 * overrides `email_templates` (emailTemplateDocSchema) and the suppression
 * list `email_suppressions` (emailSuppressionDocSchema). Reads parse with the
 * collection's schema; writes are checked with it first (checkedDoc for a
 * full set, checkedUpdate for an update; FieldValue sentinels pass). The
 * sender's claim and lease reads also see an entry that does not parse, so it
 * can be failed or taken back rather than left stuck.
 */
import type {
  CollectionReference,
  DocumentReference,
  Firestore,
  Transaction,
  WriteBatch,
} from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  emailLogDocSchema,
  emailSuppressionDocSchema,
  emailTemplateDocSchema,
  outboxDocSchema,
  type EmailTemplateDoc,
  type OutboxDoc,
} from '@studio/domain';
import {
  checkedDoc,
  checkedUpdate,
  parsedDocs,
  zodConverter,
  type StoredWrite,
  type StoredUpdate,
} from '../../platform/converter.js';
import { outboxCol } from '../../shared/outboxStore.js';

const outboxConverter = zodConverter(outboxDocSchema);
const templateConverter = zodConverter(emailTemplateDocSchema);

// outbox -----------------------------------------------------------------------

/** `outbox` (plain: the sender reads entries that may not parse, see the file comment); shared outboxStore opens it. */
export { outboxCol };

/** `outbox/{id}` (plain, for writes and the sender). */
export const outboxRef = (db: Firestore, id: string) => outboxCol(db).doc(id);

/** Outbox entry `id` parsed (read in `tx` when given), undefined when absent. @throws ZodError when it does not parse. */
export async function readOutboxEntryDoc(db: Firestore, id: string, tx?: Transaction): Promise<OutboxDoc | undefined> {
  const ref = outboxRef(db, id).withConverter(outboxConverter);
  return (tx ? await tx.get(ref) : await ref.get()).data();
}

/** Updates the outbox entry at `ref` in `tx` (a transaction or batch), the plain fields checked with outboxDocSchema.partial(). */
export function updateOutboxEntryIn(
  tx: Transaction | WriteBatch,
  ref: DocumentReference,
  fields: StoredUpdate<typeof outboxDocSchema>,
): void {
  (tx as Transaction).update(ref, checkedUpdate(outboxDocSchema, fields));
}

/** Updates the outbox entry at `ref`, the plain fields checked with outboxDocSchema.partial(). */
export async function updateOutboxEntry(
  ref: DocumentReference,
  fields: StoredUpdate<typeof outboxDocSchema>,
): Promise<void> {
  await ref.update(checkedUpdate(outboxDocSchema, fields));
}

/** Outbox entries matching `field op value`, most recently `orderBy` first, at most `limit`, parsed (one that does not parse is left out, logged as `what`). */
export async function listOutboxWhere(
  db: Firestore,
  where: { field: 'status' | 'deliveryEvent' | 'leadId'; op: '==' | 'in'; value: unknown },
  orderBy: 'updatedAt' | 'createdAt',
  limit: number,
  what: string,
): Promise<Array<OutboxDoc & { id: string }>> {
  const snap = await outboxCol(db)
    .where(where.field, where.op, where.value)
    .orderBy(orderBy, 'desc')
    .limit(limit)
    .get();
  return parsedDocs(snap, outboxDocSchema, what);
}

/** The oldest entry of `collection` still unsent (PENDING or PROCESSING), by `createdAt`, as the backlog check reads it. */
export interface UnsentEntry {
  id: string;
  createdAt: Date | null;
  attempts: number | null;
  lastError: string | null;
}

/**
 * The oldest unsent entry of `collection` (the `outbox`, or a test's), or null when every entry was sent or ended.
 * Read field by field, so an entry that does not parse still counts (the sender fails it at its next claim).
 */
export async function oldestUnsentEntry(collection: CollectionReference): Promise<UnsentEntry | null> {
  const snap = await collection.where('status', 'in', ['PENDING', 'PROCESSING']).orderBy('createdAt').limit(1).get();
  const doc = snap.docs[0];
  if (!doc) return null;
  const created = doc.get('createdAt') as unknown;
  const attempts = doc.get('attempts') as unknown;
  const lastError = doc.get('lastError') as unknown;
  return {
    id: doc.id,
    createdAt: created instanceof Timestamp ? created.toDate() : null,
    attempts: typeof attempts === 'number' ? attempts : null,
    lastError: typeof lastError === 'string' ? lastError.slice(0, 300) : null,
  };
}

/** What the sender's claim reads of an entry: its raw status and attempts, and the entry parsed (or why not). */
export interface OutboxClaimRead {
  status: unknown;
  attempts: number;
  parsed: ReturnType<typeof outboxDocSchema.safeParse>;
}

/** The entry at `ref` read in `tx` for the sender's claim (see OutboxClaimRead); null when absent. */
export async function readOutboxClaimIn(tx: Transaction, ref: DocumentReference): Promise<OutboxClaimRead | null> {
  const snap = await tx.get(ref);
  if (!snap.exists) return null;
  const data = snap.data() ?? {};
  return { status: data.status, attempts: Number(data.attempts) || 0, parsed: outboxDocSchema.safeParse(data) };
}

/** What the sweep reads of an entry to take it back: its raw status, lease end and hand-over time (Timestamps or null). */
export async function readOutboxLeaseIn(
  tx: Transaction,
  ref: DocumentReference,
): Promise<{ status: unknown; leaseUntil: Timestamp | null; handedOverAt: Timestamp | null }> {
  const data = (await tx.get(ref)).data() ?? {};
  const ts = (v: unknown) => (v instanceof Timestamp ? v : null);
  return { status: data.status, leaseUntil: ts(data.leaseUntil), handedOverAt: ts(data.handedOverAt) };
}

/** Who an entry and its email_log copy were sent to (`to`, raw), read in `tx`; null for one that is absent. */
export async function readSentToIn(
  tx: Transaction,
  db: Firestore,
  id: string,
): Promise<{
  outbox: { ref: DocumentReference; to: unknown } | null;
  log: { ref: DocumentReference; to: unknown } | null;
}> {
  const outbox = outboxRef(db, id);
  const log = emailLogRef(db, id);
  const [entry, logged] = await Promise.all([tx.get(outbox), tx.get(log)]);
  return {
    outbox: entry.exists ? { ref: outbox, to: entry.data()?.to } : null,
    log: logged.exists ? { ref: log, to: logged.data()?.to } : null,
  };
}

/** What a `blocked` event reads of the outbox entry it names: raw fields, so an entry that does not parse is left alone. */
export interface BlockedTarget {
  ref: DocumentReference;
  to: unknown;
  status: unknown;
  attempts: number;
  sentAt: Date | null;
}

/** Outbox entry `id` as a `blocked` event reads it in `tx`, or null when absent. */
export async function readBlockedTargetIn(tx: Transaction, db: Firestore, id: string): Promise<BlockedTarget | null> {
  const ref = outboxRef(db, id);
  const snap = await tx.get(ref);
  if (!snap.exists) return null;
  const attempts = snap.get('attempts') as unknown;
  const sentAt = snap.get('sentAt') as unknown;
  return {
    ref,
    to: snap.get('to'),
    status: snap.get('status'),
    attempts: typeof attempts === 'number' && Number.isInteger(attempts) && attempts > 0 ? attempts : 1,
    sentAt: sentAt instanceof Timestamp ? sentAt.toDate() : null,
  };
}

// email_log ---------------------------------------------------------------------

/** `email_log/{outboxId}` (plain). */
export const emailLogRef = (db: Firestore, id: string) => db.collection(COLLECTIONS.emailLog).doc(id);

/** Sets email_log entry `id` in `batch`, checked with emailLogDocSchema. */
export function setEmailLogIn(
  batch: WriteBatch,
  db: Firestore,
  id: string,
  doc: StoredWrite<typeof emailLogDocSchema>,
): void {
  batch.set(emailLogRef(db, id), checkedDoc(emailLogDocSchema, doc));
}

/** Updates the email_log entry at `ref` in `tx`, the plain fields checked with emailLogDocSchema.partial(). */
export function updateEmailLogIn(
  tx: Transaction,
  ref: DocumentReference,
  fields: StoredUpdate<typeof emailLogDocSchema>,
): void {
  tx.update(ref, checkedUpdate(emailLogDocSchema, fields));
}

/** The newest `limit` email_log entries, parsed (one that does not parse is left out, logged). */
export async function listEmailLogDocs(db: Firestore, limit: number) {
  const snap = await db.collection(COLLECTIONS.emailLog).orderBy('at', 'desc').limit(limit).get();
  return parsedDocs(snap, emailLogDocSchema, 'listEmailLog');
}

// email_templates ---------------------------------------------------------------

const templateRef = (db: Firestore, id: string) => db.collection(COLLECTIONS.emailTemplates).doc(id);

/** The stored override of template `id`, undefined when none. */
export async function readTemplateOverride(db: Firestore, id: string): Promise<EmailTemplateDoc | undefined> {
  return (await templateRef(db, id).withConverter(templateConverter).get()).data();
}

/** Every stored override, by template id. */
export async function listTemplateOverrides(db: Firestore): Promise<Map<string, EmailTemplateDoc>> {
  const snap = await db.collection(COLLECTIONS.emailTemplates).withConverter(templateConverter).get();
  return new Map(snap.docs.map((d) => [d.id, d.data()]));
}

/** Stores the override of template `id` (replacing any), checked with emailTemplateDocSchema. */
export async function setTemplateOverride(
  db: Firestore,
  id: string,
  doc: StoredWrite<typeof emailTemplateDocSchema>,
): Promise<void> {
  await templateRef(db, id).set(checkedDoc(emailTemplateDocSchema, doc));
}

/** Deletes the override of template `id`. */
export async function deleteTemplateOverride(db: Firestore, id: string): Promise<void> {
  await templateRef(db, id).delete();
}

// email_suppressions ------------------------------------------------------------

const suppressionRef = (db: Firestore, id: string) => db.collection(COLLECTIONS.emailSuppressions).doc(id);

/**
 * The suppression `id`: absent (null), or its stored document parsed (zod's result: one that does not parse still
 * names a suppressed address).
 */
export async function readSuppression(db: Firestore, id: string) {
  const snap = await suppressionRef(db, id).get();
  return snap.exists ? emailSuppressionDocSchema.safeParse(snap.data()) : null;
}

/** Sets suppression `id` in `tx`, checked with emailSuppressionDocSchema. */
export function setSuppressionIn(
  tx: Transaction,
  db: Firestore,
  id: string,
  doc: StoredWrite<typeof emailSuppressionDocSchema>,
): void {
  tx.set(suppressionRef(db, id), checkedDoc(emailSuppressionDocSchema, doc));
}
