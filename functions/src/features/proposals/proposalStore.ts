/**
 * The proposals slice's typed store: `proposals/{id}` (domain
 * proposalDocSchema), `proposal_events/{id}` (proposalEventDocSchema, the
 * append-only audit trail: this module only ever creates events) and
 * `settings/proposals` (through shared settingsStore); and what the slice reads or
 * writes elsewhere: the studio settings (settingsStore), a lead (for a contract preview) and
 * the lead's `proposalStatus` (its board card shows it), through the leads slice. Reads go through zod
 * converters; writes are checked against the same schemas' shapes by their
 * callers' types. The only Firestore access of the slice is here.
 */
import { createHash } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  PROPOSAL_STATUSES,
  proposalDocSchema,
  proposalEventDocSchema,
  STUDIO_SETTINGS_DOC,
  type ProposalDoc,
  type ProposalSettings,
  type ProposalStatus,
  type StoredLeadDoc,
} from '@studio/domain';
import { z } from 'zod';
import { parsedDocs, zodConverter } from '../../platform/converter.js';
import { readProposalSettingsDoc, readSettingsDoc, writeProposalSettingsDoc } from '../../shared/settingsStore.js';
import { leadExistsIn, leadRef, readLeadLenient, updateLeadIn } from '../leads/index.js';

export const proposalConverter = zodConverter(proposalDocSchema);
export const proposalEventConverter = zodConverter(proposalEventDocSchema);

/** SHA-256 of `data` (text as UTF-8), lower-case hex. */
export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

export const proposalsCol = (db: Firestore) => db.collection(COLLECTIONS.proposals);
export const proposalRef = (db: Firestore, id: string) => proposalsCol(db).doc(id);

/** The studio settings (domain readStudioSettings: the defaults while none are saved), read in `tx` when given. */
export async function readStudio(db: Firestore, tx?: Transaction) {
  return (await readSettingsDoc(db, STUDIO_SETTINGS_DOC, tx)).settings;
}

/** Proposal `id`, parsed, read in `tx` when given; null when absent. */
export async function readProposal(db: Firestore, id: string, tx?: Transaction): Promise<ProposalDoc | null> {
  const ref = proposalRef(db, id).withConverter(proposalConverter);
  const snap = tx ? await tx.get(ref) : await ref.get();
  return snap.data() ?? null;
}

/** The proposals of lead `leadId`, parsed (one that does not parse is left out, logged), with their ids. */
export async function proposalsOfLead(db: Firestore, leadId: string) {
  const snap = await proposalsCol(db).where('leadId', '==', leadId).get();
  return parsedDocs(snap, proposalDocSchema, 'proposalsOfLead');
}

/** Lead `leadId`, parsed; null when absent or when it does not parse (a preview then uses sample values). */
export async function readLead(db: Firestore, leadId: string): Promise<StoredLeadDoc | null> {
  return readLeadLenient(db, leadId);
}

/** Whether lead `leadId` still exists, read in `tx` (an erased client's signed proposals outlive the lead). */
export async function leadExists(db: Firestore, tx: Transaction, leadId: string): Promise<boolean> {
  return leadExistsIn(tx, db, leadId);
}

/** Records in `tx` the status of lead `leadId`'s latest proposal, which its board card shows. */
export function setLeadProposalStatus(db: Firestore, tx: Transaction, leadId: string, status: ProposalStatus): void {
  updateLeadIn(tx, leadRef(db, leadId), { proposalStatus: z.enum(PROPOSAL_STATUSES).parse(status) });
}

/** The proposals settings and their version, read in `tx` when given (defaults while none are saved). */
export async function readSettings(
  db: Firestore,
  tx?: Transaction,
): Promise<{ settings: ProposalSettings; version: number }> {
  return readProposalSettingsDoc(db, tx);
}

/** Replaces the proposals settings in `tx` at `version`. */
export function writeSettings(
  db: Firestore,
  tx: Transaction,
  settings: ProposalSettings,
  version: number,
  by: string,
): void {
  writeProposalSettingsDoc(tx, db, settings, version, by);
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
