/**
 * Reads and writes the quote use cases share. Quote links: the token is 256
 * random bits; only its SHA-256 is stored (`quote_links/{hash}`). Every
 * document is read through its domain schema (leadConverter, quoteLinkDocSchema)
 * and checked against it before a write: quote_links, quote_versions,
 * quote_acceptances, and the project an acceptance creates.
 */
import { createHash } from 'node:crypto';
import {
  FieldValue,
  type DocumentReference,
  type Firestore,
  type QueryDocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  QUOTE_NO_LONGER_AVAILABLE,
  quoteAcceptanceDocSchema,
  quoteLinkDocSchema,
  quoteLinkRevoked,
  quoteVersionDocSchema,
  storedProjectDocSchema,
  type QuoteLinkDoc,
  type StoredLeadDoc,
} from '@studio/domain';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { checkedDoc, checkedUpdate, parsedDocs, zodConverter, type StoredWrite } from '../../platform/converter.js';
import { readLeadIn } from '../leads/index.js';

const quoteLinkConverter = zodConverter(quoteLinkDocSchema);

/** A lead as the quote flow reads it (domain leadDocSchema). */
export type StoredLead = StoredLeadDoc;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The lead `id` read in `tx` (parsed, leadConverter).
 * @throws NotFound "Lead not found"; ZodError (a logged 500) when the stored lead does not parse.
 */
export async function readLead(db: Firestore, tx: Transaction, id: string) {
  const read = await readLeadIn(tx, db, id);
  if (!read) throw notFound('Lead not found');
  return { ref: read.ref, lead: read.lead };
}

/** Writes quote version `version` of a lead into `tx`. @throws ZodError when it does not match quoteVersionDocSchema. */
export function writeVersion(
  db: Firestore,
  tx: Transaction,
  leadId: string,
  version: number,
  fields: Record<string, unknown>,
  by: string,
) {
  tx.create(
    db.collection(COLLECTIONS.quoteVersions).doc(`${leadId}_v${version}`),
    checkedDoc(quoteVersionDocSchema, { leadId, version, ...fields, by, at: FieldValue.serverTimestamp() }),
  );
}

/** The lead's links not yet revoked, read in `tx` (a read: call before any write). @throws ZodError when one does not parse. */
export async function openLinks(
  db: Firestore,
  tx: Transaction,
  leadId: string,
): Promise<Array<QueryDocumentSnapshot<QuoteLinkDoc>>> {
  return (
    await tx.get(
      db
        .collection(COLLECTIONS.quoteLinks)
        .withConverter(quoteLinkConverter)
        .where('leadId', '==', leadId)
        .where('revokedAt', '==', null),
    )
  ).docs;
}

/** Marks `links` revoked in `tx`. */
export function revokeLinks(tx: Transaction, links: Array<QueryDocumentSnapshot<QuoteLinkDoc>>): void {
  for (const d of links)
    tx.update(d.ref, checkedUpdate(quoteLinkDocSchema, { revokedAt: FieldValue.serverTimestamp() }));
}

/**
 * Reads lead `leadId`'s open links in `tx` and marks them revoked in it: a board move that withdraws the quote
 * (features/leads moveFollowers.ts, passed in by app.ts).
 */
export async function revokeOpenLinksIn(db: Firestore, tx: Transaction, leadId: string): Promise<void> {
  revokeLinks(tx, await openLinks(db, tx, leadId));
}

/** Creates the link `quote_links/{sha256(token)}` in `tx`. @throws ZodError when `data` does not match quoteLinkDocSchema. */
export function createLinkIn(
  db: Firestore,
  tx: Transaction,
  token: string,
  data: StoredWrite<typeof quoteLinkDocSchema>,
): void {
  tx.create(db.collection(COLLECTIONS.quoteLinks).doc(sha256(token)), checkedDoc(quoteLinkDocSchema, data));
}

/** Marks the link at `linkRef` used, now, in `tx`. */
export function markLinkUsedIn(tx: Transaction, linkRef: DocumentReference): void {
  tx.update(linkRef, checkedUpdate(quoteLinkDocSchema, { usedAt: FieldValue.serverTimestamp() }));
}

/** Creates the accepted quote's project at `ref` in `tx`. @throws ZodError when it does not match storedProjectDocSchema. */
export function createProjectIn(
  tx: Transaction,
  ref: DocumentReference,
  data: StoredWrite<typeof storedProjectDocSchema>,
): void {
  tx.create(ref, checkedDoc(storedProjectDocSchema, data));
}

/** Records the acceptance evidence `data` in `tx`. @throws ZodError when it does not match quoteAcceptanceDocSchema. */
export function createAcceptanceIn(
  db: Firestore,
  tx: Transaction,
  data: StoredWrite<typeof quoteAcceptanceDocSchema>,
): void {
  tx.create(db.collection(COLLECTIONS.quoteAcceptances).doc(), checkedDoc(quoteAcceptanceDocSchema, data));
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
  const [linkSnap, read] = await Promise.all([
    tx.get(linkRef.withConverter(quoteLinkConverter)),
    readLeadIn(tx, db, leadId),
  ]);
  const link = linkSnap.data();
  const lead = read?.lead;
  if (!link || link.leadId !== leadId || !read || !lead) throw notFound(QUOTE_NOT_FOUND);
  if (quoteLinkRevoked({ link: { quoteVersion: link.quoteVersion, revoked: link.revokedAt !== null }, lead })) {
    throw conflict(QUOTE_NO_LONGER_AVAILABLE);
  }
  if (link.expiresAt.getTime() <= nowMs) throw new AppError('Gone', 'This quote link has expired');
  return { linkRef, link, leadRef: read.ref, lead };
}

/**
 * The unused, unrevoked quote links (of `leadId` only, when given), each parsed with its id; one that does not parse
 * is left out, logged under `label`.
 */
export async function unusedOpenLinks(
  db: Firestore,
  label: string,
  leadId?: string,
): Promise<Array<QuoteLinkDoc & { id: string }>> {
  const open = db.collection(COLLECTIONS.quoteLinks).where('usedAt', '==', null).where('revokedAt', '==', null);
  const snap = await (leadId ? open.where('leadId', '==', leadId) : open).get();
  return parsedDocs(snap, quoteLinkDocSchema, label);
}

/** Quote link `id` (the token's SHA-256), read in `tx`; null when absent. @throws ZodError when it does not parse. */
export async function readLinkByIdIn(tx: Transaction, db: Firestore, id: string): Promise<QuoteLinkDoc | null> {
  return (await tx.get(db.collection(COLLECTIONS.quoteLinks).doc(id).withConverter(quoteLinkConverter))).data() ?? null;
}
