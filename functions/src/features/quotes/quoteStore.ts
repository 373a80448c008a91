/**
 * Reads and writes the quote use cases share. Quote links: the token is 256
 * random bits; only its SHA-256 is stored (`quote_links/{hash}`).
 */
import { createHash } from 'node:crypto';
import { FieldValue, type Firestore, type QueryDocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  QUOTE_NO_LONGER_AVAILABLE,
  quoteLinkDocSchema,
  quoteLinkRevoked,
  type StoredLeadDoc,
} from '@studio/domain';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { leadConverter, zodConverter } from '../../platform/converter.js';

const quoteLinkConverter = zodConverter(quoteLinkDocSchema);

/** A lead as the quote flow reads it (domain leadDocSchema). */
export type StoredLead = StoredLeadDoc;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The lead `id` read in `tx` (parsed, leadConverter).
 * @throws NotFound "Lead not found"; ZodError (a logged 500) when the stored lead does not parse.
 */
export async function readLead(db: Firestore, tx: Transaction, id: string) {
  const ref = db.collection(COLLECTIONS.leads).doc(id);
  const lead = (await tx.get(ref.withConverter(leadConverter))).data();
  if (!lead) throw notFound('Lead not found');
  return { ref, lead };
}

/** Writes quote version `version` of a lead into `tx`. */
export function writeVersion(
  db: Firestore,
  tx: Transaction,
  leadId: string,
  version: number,
  fields: Record<string, unknown>,
  by: string,
) {
  tx.create(db.collection(COLLECTIONS.quoteVersions).doc(`${leadId}_v${version}`), {
    leadId,
    version,
    ...fields,
    by,
    at: FieldValue.serverTimestamp(),
  });
}

/** The lead's links not yet revoked, read in `tx` (a read: call before any write). */
export async function openLinks(db: Firestore, tx: Transaction, leadId: string): Promise<QueryDocumentSnapshot[]> {
  return (
    await tx.get(db.collection(COLLECTIONS.quoteLinks).where('leadId', '==', leadId).where('revokedAt', '==', null))
  ).docs;
}

/** Marks `links` revoked in `tx`. */
export function revokeLinks(tx: Transaction, links: QueryDocumentSnapshot[]): void {
  for (const d of links) tx.update(d.ref, { revokedAt: FieldValue.serverTimestamp() });
}

export const QUOTE_NOT_FOUND = 'Quote Not Found';

/**
 * Looks up a live link in `tx`. Unknown lead or wrong token → NotFound
 * "Quote Not Found"; a link that died with its quote (domain quoteLinkRevoked:
 * revoked, lead Lost, quote edited, revised or superseded) → Conflict
 * QUOTE_NO_LONGER_AVAILABLE; expired at `nowMs` → Gone.
 */
export async function readLink(db: Firestore, tx: Transaction, leadId: string, token: string, nowMs: number) {
  const linkRef = db.collection(COLLECTIONS.quoteLinks).doc(sha256(token));
  const [linkSnap, leadSnap] = await Promise.all([
    tx.get(linkRef.withConverter(quoteLinkConverter)),
    tx.get(db.collection(COLLECTIONS.leads).doc(leadId).withConverter(leadConverter)),
  ]);
  const link = linkSnap.data();
  const lead = leadSnap.data();
  if (!link || link.leadId !== leadId || !lead) throw notFound(QUOTE_NOT_FOUND);
  if (quoteLinkRevoked({ link: { quoteVersion: link.quoteVersion, revoked: link.revokedAt !== null }, lead })) {
    throw conflict(QUOTE_NO_LONGER_AVAILABLE);
  }
  if (link.expiresAt.getTime() <= nowMs) throw new AppError('Gone', 'This quote link has expired');
  return { linkRef, link, leadRef: db.collection(COLLECTIONS.leads).doc(leadId), lead };
}
