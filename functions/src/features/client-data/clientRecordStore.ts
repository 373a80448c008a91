/**
 * Every stored document about one client, found by their email address (in
 * any letter case): the leads and contact messages with that address, then everything tied to
 * those leads (notes, activity, quotes, projects, reminders, invoices,
 * payment requests, payments, ledger entries, emails), the cart orders and
 * subscriptions bought with the address and what hangs off them (their
 * emails and the owner's alerts, by `orderId`), the ledger entries naming the
 * customer, the create-invoice idempotency records of the client's invoices,
 * and every email: outbox entries by lead, order or recipient, their
 * email_log copies by outbox id, lead or order, and any other entry that
 * mentions the address once zero-width characters are taken out (the owner's
 * alerts quote it, split so that mail clients make no link of it). Used by
 * the export and the erasure alike, so that both cover the same documents.
 *
 * The client-data slice's store: all its Firestore access is here. The
 * export hands the client every stored field and the erasure scrubs every
 * text, whatever the collection, so these documents are read verbatim
 * (recordData), not through a collection's schema, which would drop the
 * fields it does not name. The subscriptions checked before an erasure are
 * parsed (subscriptionDocSchema); the audit record is checked before it is
 * written, and the erasures it records read back (clientDataRequestDocSchema).
 */
import {
  clientDataRequestDocSchema,
  COLLECTIONS,
  LEAD_LINKED_COLLECTIONS,
  normalisedForErasure,
  subscriptionDocSchema,
  type CollectionName,
} from '@studio/domain';
import type { DocumentData, DocumentSnapshot, Firestore, Query, WriteBatch } from 'firebase-admin/firestore';
import { checkedDoc, parsedDocs, type StoredWrite } from '../../platform/converter.js';
import { emailLogRef } from '../email/index.js';
import { leadRef } from '../leads/index.js';

/** Documents by collection, each once. */
export type ClientRecords = Map<CollectionName, Map<string, DocumentSnapshot>>;

/** Firestore's limit of values in one `in` filter. */
const IN_LIMIT = 30;

/** The address as given and in lower case: leads keep what the visitor typed, the ledger stores lower case. */
export const addressVariants = (email: string) => [...new Set([email.trim(), email.trim().toLowerCase()])];

/** True when any text in `data` contains `lowerEmail` (case-insensitive, zero-width characters ignored). */
export const mentions = (data: unknown, lowerEmail: string) =>
  normalisedForErasure(JSON.stringify(data)).includes(normalisedForErasure(lowerEmail));

/** Collections scanned whole for mentions: operational copies with a retention period, so bounded. */
const SCANNED = [COLLECTIONS.outbox, COLLECTIONS.emailLog] as const;

/** Finds every document about `email` (see the module comment). */
export async function findClientRecords(db: Firestore, email: string): Promise<ClientRecords> {
  const variants = addressVariants(email);
  const lower = email.trim().toLowerCase();
  const out: ClientRecords = new Map();
  const add = (collection: CollectionName, docs: DocumentSnapshot[]) => {
    let m = out.get(collection);
    if (!m) out.set(collection, (m = new Map()));
    for (const d of docs) if (d.exists) m.set(d.id, d);
  };
  const where = async (collection: CollectionName, field: string, values: string[]) => {
    const unique = [...new Set(values.filter(Boolean))];
    for (let i = 0; i < unique.length; i += IN_LIMIT) {
      const q: Query = db.collection(collection).where(field, 'in', unique.slice(i, i + IN_LIMIT));
      add(collection, (await q.get()).docs);
    }
  };
  const ids = (collection: CollectionName) => [...(out.get(collection)?.keys() ?? [])];
  const field = (collection: CollectionName, name: string) =>
    [...(out.get(collection)?.values() ?? [])]
      .map((d) => d.get(name))
      .filter((v): v is string => typeof v === 'string');

  // Leads, contact messages, invoices and orders keep the address as typed, and Firestore compares case-sensitively:
  // these are read whole and compared in lower case (a rare request; a few thousand reads at most).
  const byAddress = async (collection: CollectionName, field: string) => {
    const all = await db.collection(collection).select(field).get();
    const hits = all.docs.filter((d) => {
      const v: unknown = d.get(field);
      return typeof v === 'string' && v.trim().toLowerCase() === lower;
    });
    if (hits.length) add(collection, await db.getAll(...hits.map((d) => d.ref)));
  };
  await Promise.all([
    byAddress(COLLECTIONS.leads, 'email'),
    byAddress(COLLECTIONS.contacts, 'email'),
    byAddress(COLLECTIONS.invoices, 'email'),
    byAddress(COLLECTIONS.orders, 'clientInfo.email'),
    where(COLLECTIONS.subscriptions, 'customerEmail', variants),
    where(COLLECTIONS.ledgerEntries, 'customerEmail', variants),
    where(COLLECTIONS.outbox, 'to', variants),
    where(COLLECTIONS.emailLog, 'to', variants),
  ]);
  const leadIds = [...ids(COLLECTIONS.leads), ...field(COLLECTIONS.contacts, 'leadId')];
  await Promise.all(LEAD_LINKED_COLLECTIONS.map((c) => where(c, 'leadId', leadIds)));
  // The contact messages' leads that the address search missed (a lead whose email was edited since).
  const missingLeads = leadIds.filter((id) => !out.get(COLLECTIONS.leads)?.has(id));
  if (missingLeads.length) add(COLLECTIONS.leads, await db.getAll(...missingLeads.map((id) => leadRef(db, id))));
  const orderIds = ids(COLLECTIONS.orders);
  await Promise.all([
    where(COLLECTIONS.outbox, 'orderId', orderIds),
    where(COLLECTIONS.emailLog, 'orderId', orderIds),
    where(COLLECTIONS.emailLog, 'leadId', leadIds),
    where(COLLECTIONS.idempotencyKeys, 'invoiceId', ids(COLLECTIONS.invoices)),
    where(COLLECTIONS.payments, 'orderId', orderIds),
    where(COLLECTIONS.payments, 'invoiceId', ids(COLLECTIONS.invoices)),
    where(COLLECTIONS.subscriptions, 'orderId', orderIds),
    where(COLLECTIONS.ledgerEntries, 'documentId', [
      ...orderIds,
      ...ids(COLLECTIONS.invoices),
      ...ids(COLLECTIONS.paymentRequests),
    ]),
  ]);
  for (const c of SCANNED) {
    const all = await db.collection(c).get();
    add(
      c,
      all.docs.filter((d) => mentions(d.data(), lower)),
    );
  }
  // Each email's copy in email_log has the outbox entry's id (written before the copy carried the lead).
  const outboxIds = ids(COLLECTIONS.outbox).filter((id) => !out.get(COLLECTIONS.emailLog)?.has(id));
  if (outboxIds.length) add(COLLECTIONS.emailLog, await db.getAll(...outboxIds.map((id) => emailLogRef(db, id))));
  return out;
}

/** The Stripe Customers of the client's leads. */
export function stripeCustomerIds(records: ClientRecords): string[] {
  const leads = [...(records.get(COLLECTIONS.leads)?.values() ?? [])];
  return [...new Set(leads.map((d) => d.get('stripeCustomerId')).filter((v): v is string => typeof v === 'string'))];
}

/** Every stored field of a found document, verbatim (the export's and the erasure's input; see the module comment). */
export const recordData = (d: DocumentSnapshot): DocumentData => d.data() ?? {};

/**
 * True for a found subscription Stripe may still charge (active or past due): erasing its customer first would
 * leave a charge nobody can attribute. Read through subscriptionDocSchema; one that does not parse is judged by
 * its stored status alone, as before the schema.
 */
export function chargeableSubscription(d: DocumentSnapshot): boolean {
  const parsed = subscriptionDocSchema.safeParse(d.data());
  const status: unknown = parsed.success ? parsed.data.status : d.get('status');
  return status === 'active' || status === 'past_due';
}

/** Deletes a found document in `batch`. */
export const deleteRecord = (batch: WriteBatch, d: DocumentSnapshot) => batch.delete(d.ref);

/** Writes `update` (the anonymised fields) onto a found document in `batch`. */
export const anonymiseRecord = (batch: WriteBatch, d: DocumentSnapshot, update: DocumentData) =>
  batch.update(d.ref, update);

/** The SHA-256 of every address whose erasure `client_data_requests` records (parsed with clientDataRequestDocSchema). */
export async function erasedAddressHashes(db: Firestore): Promise<Set<string>> {
  const snap = await db.collection(COLLECTIONS.clientDataRequests).where('action', '==', 'erase').get();
  return new Set(parsedDocs(snap, clientDataRequestDocSchema, 'client data request').map((r) => r.emailSha256));
}

/** Adds the audit record of an export or erasure (checked with clientDataRequestDocSchema). */
export async function addClientDataRequest(
  db: Firestore,
  doc: StoredWrite<typeof clientDataRequestDocSchema>,
): Promise<void> {
  await db.collection(COLLECTIONS.clientDataRequests).add(checkedDoc(clientDataRequestDocSchema, doc));
}
