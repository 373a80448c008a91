/**
 * A client's data on request, by email address (clientRecords.ts finds the
 * documents): `exportClientData` returns them all as JSON; `eraseClient`
 * deletes what only served the relationship and anonymises what the books
 * must keep (domain clientData.ts ERASED_COLLECTIONS / ANONYMISED_COLLECTIONS):
 * invoices, payment requests, orders, subscriptions, payments and ledger
 * entries keep their ids, numbers, amounts and dates, while the client's
 * name, address and phone are replaced and any text quoting the address has
 * it replaced by "[erased]". Signed proposals and their audit trail are kept
 * whole as contract evidence; unsigned ones are deleted (domain
 * PROPOSAL_COLLECTIONS). The client's portal account goes too: their
 * email-link user in Firebase Auth (never an admin's) and the record of their
 * first sign-in (features/portal removePortalAccount). Each request is recorded in
 * `client_data_requests` with the address only as its SHA-256.
 *
 * Stripe keeps its own copy (the Customer, receipts): erasure deletes the
 * client's Stripe Customers first (stripeCustomers.ts), so a Stripe failure
 * erases nothing and the request can be repeated; the reply lists them.
 */
import { createHash } from 'node:crypto';
import {
  ANONYMISED_COLLECTIONS,
  COLLECTIONS,
  ERASE_ACTIVE_SUBSCRIPTION,
  ERASED_CLIENT_NAME,
  ERASED_COLLECTIONS,
  ERASED_TEXT,
  keptOnErasure,
  type ClientErasedReply,
  type ClientExportReply,
  type CollectionName,
} from '@studio/domain';
import {
  DocumentReference,
  GeoPoint,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { conflict } from '../../platform/errors.js';
import { fileStorage } from '../../platform/fileStorage.js';
import { syncBoardCard } from '../leads/index.js';
import { removePortalAccount } from '../portal/index.js';
import type { AdminActor, Clock, Deps } from '../useCase.js';
import {
  addClientDataRequest,
  anonymiseRecord,
  chargeableSubscription,
  deleteRecord,
  findClientRecords,
  recordData,
  stripeCustomerIds,
  type ClientRecords,
} from './clientRecordStore.js';
import { deleteStripeCustomers } from './stripeCustomers.js';

/** A stored value as JSON: timestamps as ISO strings, references as paths. */
function toJson(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof DocumentReference) return value.path;
  if (value instanceof GeoPoint) return { latitude: value.latitude, longitude: value.longitude };
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (Array.isArray(value)) return value.map(toJson);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJson(v)]));
  return value;
}

/** The SHA-256 (hex) an audit record keeps of an address: trimmed, in lower case. */
export const sha256 = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Writes the audit record of a request. */
async function audit(
  db: Firestore,
  action: 'export' | 'erase',
  email: string,
  actor: AdminActor,
  now: Date,
  counts: object,
) {
  await addClientDataRequest(db, {
    action,
    emailSha256: sha256(email),
    by: actor.username,
    byUid: actor.uid,
    at: Timestamp.fromDate(now),
    ...counts,
  });
}

const countsOf = (records: ClientRecords, only: readonly CollectionName[]) =>
  Object.fromEntries(only.map((c) => [c, records.get(c)?.size ?? 0]));

/** Everything stored about `email`, as JSON (see the module comment). */
export async function exportClientData(
  deps: Deps,
  email: string,
  actor: AdminActor,
  clock: Clock,
): Promise<ClientExportReply> {
  const now = clock();
  const records = await findClientRecords(deps.db, email);
  const collections: ClientExportReply['collections'] = {};
  for (const [c, docs] of records) {
    if (docs.size === 0) continue;
    collections[c] = [...docs.values()].map((d) => ({
      id: d.id,
      ...(toJson(recordData(d)) as Record<string, unknown>),
    }));
  }
  const reply = {
    email: email.trim(),
    exportedAt: now.toISOString(),
    collections,
    stripeCustomerIds: stripeCustomerIds(records),
  };
  await audit(deps.db, 'export', email, actor, now, {
    documents: Object.fromEntries(Object.entries(collections).map(([c, l]) => [c, l.length])),
  });
  return reply;
}

/** `value` with every occurrence of `lowerEmail` in its texts replaced (case-insensitive). */
function scrub(value: unknown, pattern: RegExp): unknown {
  if (typeof value === 'string') return value.replace(pattern, ERASED_TEXT);
  if (value instanceof Timestamp || value instanceof DocumentReference || value instanceof GeoPoint) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, pattern));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, pattern)]));
  return value;
}

/** The personal fields each kept collection replaces outright, given the stored document. */
function anonymisedFields(collection: CollectionName, data: DocumentData): DocumentData {
  switch (collection) {
    case COLLECTIONS.invoices:
    case COLLECTIONS.paymentRequests:
      return {
        email: null,
        clientName: data.clientName == null ? null : ERASED_CLIENT_NAME,
        // The buyer as issued (an invoice with its EN 16931 parties): only the country stays beside the amounts.
        ...(data.buyer && typeof data.buyer === 'object'
          ? {
              buyer: {
                ...data.buyer,
                name: ERASED_CLIENT_NAME,
                contactName: null,
                address: null,
                vatId: null,
                email: null,
              },
            }
          : {}),
      };
    case COLLECTIONS.orders:
      return { clientInfo: { name: ERASED_CLIENT_NAME, email: '', phone: null, projectDescription: null } };
    case COLLECTIONS.subscriptions:
      return { customerEmail: '', customerName: ERASED_CLIENT_NAME };
    case COLLECTIONS.ledgerEntries:
      return { customerEmail: null, customerName: data.customerName == null ? null : ERASED_CLIENT_NAME };
    default:
      return {};
  }
}

/** The update that anonymises one kept document: the replaced fields and every top-level field whose text changed. */
function anonymisation(collection: CollectionName, snap: DocumentSnapshot, pattern: RegExp, now: Date): DocumentData {
  const data = recordData(snap);
  const update: DocumentData = {};
  for (const [k, v] of Object.entries(data)) {
    const scrubbed = scrub(v, pattern);
    if (JSON.stringify(scrubbed) !== JSON.stringify(v)) update[k] = scrubbed;
  }
  return { ...update, ...anonymisedFields(collection, data), erasedAt: Timestamp.fromDate(now) };
}

/** Writes per batch (Firestore allows 500). */
const BATCH = 400;

/**
 * Erases `email` (see the module comment).
 * @throws AppError (409) ERASE_ACTIVE_SUBSCRIPTION while a subscription of the client is active or past due;
 *   (502) CLIENT_STRIPE_ERASE_FAILED when Stripe refuses, before anything is erased
 */
export async function eraseClient(
  deps: Deps,
  email: string,
  actor: AdminActor,
  clock: Clock,
): Promise<ClientErasedReply> {
  const { db } = deps;
  const now = clock();
  const records = await findClientRecords(db, email);
  if ([...(records.get(COLLECTIONS.subscriptions)?.values() ?? [])].some(chargeableSubscription))
    throw conflict(ERASE_ACTIVE_SUBSCRIPTION);
  const customers = await deleteStripeCustomers(email, stripeCustomerIds(records));

  const escaped = email.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(escaped, 'gi');
  const writes: Array<(b: WriteBatch) => void> = [];
  for (const c of ERASED_COLLECTIONS)
    for (const d of records.get(c)?.values() ?? []) writes.push((b) => deleteRecord(b, d));
  for (const c of ANONYMISED_COLLECTIONS)
    for (const d of records.get(c)?.values() ?? []) {
      const update = anonymisation(c, d, pattern, now);
      writes.push((b) => anonymiseRecord(b, d, update));
    }
  // Signed proposals and their trail are kept whole (legal records); unsigned ones go with their trail.
  const proposals = [...(records.get(COLLECTIONS.proposals)?.values() ?? [])];
  const signed = new Set(
    proposals.filter((d) => keptOnErasure({ signature: recordData(d).signature })).map((d) => d.id),
  );
  const events = [...(records.get(COLLECTIONS.proposalEvents)?.values() ?? [])];
  const erasedProposals = proposals.filter((d) => !signed.has(d.id));
  const erasedEvents = events.filter((d) => !signed.has(String(recordData(d).proposalId)));
  for (const d of [...erasedProposals, ...erasedEvents]) writes.push((b) => deleteRecord(b, d));
  for (let i = 0; i < writes.length; i += BATCH) {
    const batch = db.batch();
    for (const w of writes.slice(i, i + BATCH)) w(batch);
    await batch.commit();
  }
  // The erased shared files' bytes (Cloud Storage), once their records are gone.
  for (const d of records.get(COLLECTIONS.leadFiles)?.values() ?? []) {
    const path = recordData(d).storagePath;
    if (typeof path === 'string') await fileStorage.remove(path);
  }
  const portalAccount = await removePortalAccount(db, email);
  // The board's cards carry the name and address: removed now rather than when the trigger gets to them.
  for (const leadId of records.get(COLLECTIONS.leads)?.keys() ?? []) await syncBoardCard(db, leadId);

  const deleted = {
    ...countsOf(records, ERASED_COLLECTIONS),
    [COLLECTIONS.proposals]: erasedProposals.length,
    [COLLECTIONS.proposalEvents]: erasedEvents.length,
  };
  const anonymised = countsOf(records, ANONYMISED_COLLECTIONS);
  const kept = {
    [COLLECTIONS.proposals]: signed.size,
    [COLLECTIONS.proposalEvents]: events.length - erasedEvents.length,
  };
  await audit(db, 'erase', email, actor, now, { deleted, anonymised, kept });
  const total = Object.values(deleted).reduce((a, b) => a + b, 0);
  const books = Object.values(anonymised).reduce((a, b) => a + b, 0);
  const contracts = signed.size
    ? ` ${signed.size} signed proposal${signed.size === 1 ? '' : 's'} kept whole as contract evidence.`
    : '';
  return {
    success: true,
    message: `Client erased: ${total} records deleted, ${books} kept for the books with the personal fields removed.${contracts}${portalAccount ? ' Their client portal account was removed.' : ''}`,
    deleted,
    anonymised,
    kept,
    stripeCustomerIds: customers,
  };
}
