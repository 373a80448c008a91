/**
 * The proposals slice's typed store: `proposals/{id}` (domain
 * proposalDocSchema), `proposal_events/{id}` (proposalEventDocSchema, the
 * append-only audit trail: this module only ever creates events) and
 * `settings/proposals` (proposalSettingsSchema). Reads go through zod
 * converters; writes are checked against the same schemas' shapes by their
 * callers' types.
 */
import { createHash } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  PROPOSAL_SETTINGS_DOC,
  proposalDocSchema,
  proposalEventDocSchema,
  readProposalSettings,
  readSettingsVersion,
  type ProposalDoc,
  type ProposalSettings,
} from '@studio/domain';
import { zodConverter } from '../../platform/converter.js';

export const proposalConverter = zodConverter(proposalDocSchema);
export const proposalEventConverter = zodConverter(proposalEventDocSchema);

/** SHA-256 of `data` (text as UTF-8), lower-case hex. */
export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

export const proposalsCol = (db: Firestore) => db.collection(COLLECTIONS.proposals);
export const proposalRef = (db: Firestore, id: string) => proposalsCol(db).doc(id);
const settingsRef = (db: Firestore) => db.collection(COLLECTIONS.settings).doc(PROPOSAL_SETTINGS_DOC);

/** The proposals settings and their version, read in `tx` when given (defaults while none are saved). */
export async function readSettings(
  db: Firestore,
  tx?: Transaction,
): Promise<{ settings: ProposalSettings; version: number }> {
  const snap = tx ? await tx.get(settingsRef(db)) : await settingsRef(db).get();
  const data = snap.data();
  return { settings: readProposalSettings(data), version: readSettingsVersion(data) };
}

/** Replaces the proposals settings in `tx` at `version`. */
export function writeSettings(
  db: Firestore,
  tx: Transaction,
  settings: ProposalSettings,
  version: number,
  by: string,
): void {
  tx.set(settingsRef(db), { ...settings, version, updatedBy: by, updatedAt: FieldValue.serverTimestamp() });
}

/** The proposal of quote link `linkId`, read in `tx`; null when the quote was approved without a contract. */
export async function proposalOfLink(
  db: Firestore,
  tx: Transaction,
  linkId: string,
): Promise<{ id: string; proposal: ProposalDoc } | null> {
  const snap = await tx.get(proposalsCol(db).where('linkId', '==', linkId).limit(1).withConverter(proposalConverter));
  const d = snap.docs[0];
  return d ? { id: d.id, proposal: d.data() } : null;
}

/** One audit event, as written (timestamps by the server). */
export interface ProposalEvent {
  proposalId: string;
  leadId: string;
  type: 'created' | 'viewed' | 'signed' | 'countersigned' | 'emailed';
  by: string;
  ip?: string | null;
  userAgent?: string | null;
  detail: string;
  /** When it happened; the server's commit time when absent. */
  at?: Date;
}

/** Appends `event` to the audit trail in `tx` (create only: an event is never updated or deleted). */
export function appendEvent(db: Firestore, tx: Transaction, event: ProposalEvent): void {
  tx.create(db.collection(COLLECTIONS.proposalEvents).doc(), {
    ...event,
    ip: event.ip ?? null,
    userAgent: event.userAgent ?? null,
    at: event.at ? Timestamp.fromDate(event.at) : FieldValue.serverTimestamp(),
  });
}

/** The audit trail of `proposalId`, oldest first, parsed (read in `tx` when given). */
export async function proposalEvents(db: Firestore, proposalId: string, tx?: Transaction) {
  const q = db
    .collection(COLLECTIONS.proposalEvents)
    .where('proposalId', '==', proposalId)
    .withConverter(proposalEventConverter);
  const snap = tx ? await tx.get(q) : await q.get();
  return snap.docs.map((d) => d.data()).sort((a, b) => a.at.getTime() - b.at.getTime());
}
