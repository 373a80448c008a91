/**
 * The reminders slice's Firestore access. It reads the open subjects through
 * their owners (quote links from quotes, payment requests and invoices from
 * billing) and their leads through the leads slice, and `reminders/{triggerId}` through reminderDocSchema. A
 * reminder is checked against reminderDocSchema before it is written.
 */
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import {
  COLLECTIONS,
  PAYMENT_REQUESTS_COLLECTION,
  REMINDERS_COLLECTION,
  reminderDocSchema,
  type InvoiceDoc,
  type PaymentRequestDoc,
  type QuoteLinkDoc,
  type StoredLeadDoc,
  type StoredReminder,
  type StoredReminderTimes,
} from '@studio/domain';
import { checkedDoc, parsedDocs, type StoredWrite } from '../../platform/converter.js';
import { openRequestsAndInvoices, readOpenStateIn } from '../billing/index.js';
import { readLinkByIdIn, unusedOpenLinks } from '../quotes/index.js';
import { readLeadsById } from '../leads/index.js';

/** A parsed document with its id and path. */
type Located<T> = T & { id: string; path: string };

/** The documents that may call for a reminder: open links, open payment requests, open invoices. */
export interface OpenSubjectDocs {
  links: Array<Located<QuoteLinkDoc>>;
  requests: Array<Located<PaymentRequestDoc>>;
  invoices: Array<Located<InvoiceDoc>>;
}

const located = <T extends { id: string }>(collection: string, docs: T[]) =>
  docs.map((d) => ({ ...d, path: `${collection}/${d.id}` }));

/**
 * The unused, unrevoked quote links and the open payment requests and
 * invoices (of `leadId` only, when given), each parsed; one that does not
 * parse is left out, logged.
 */
export async function readOpenSubjectDocs(db: Firestore, leadId?: string): Promise<OpenSubjectDocs> {
  const [links, { requests, invoices }] = await Promise.all([
    unusedOpenLinks(db, 'reminders: quote link', leadId),
    openRequestsAndInvoices(db, 'reminders', leadId),
  ]);
  return {
    links: located(COLLECTIONS.quoteLinks, links),
    requests: located(PAYMENT_REQUESTS_COLLECTION, requests),
    invoices: located(COLLECTIONS.invoices, invoices),
  };
}

/** The leads `ids` that exist and parse (one getAll per 300); one that does not parse is left out, logged. */
export async function readLeads(db: Firestore, ids: string[]): Promise<Map<string, StoredLeadDoc>> {
  return readLeadsById(db, ids, 'reminders');
}

/**
 * What closes a subject, read in `tx` from the document at `path` (a quote
 * link, or a payment request or invoice with its status and ledger sums):
 * null when it is gone.
 * @throws ZodError when it does not parse (the trigger fails, logged, and stays due).
 */
export async function readSubjectIn(
  tx: Transaction,
  db: Firestore,
  path: string,
): Promise<QuoteLinkDoc | InvoiceDoc | null> {
  const [collection, id] = path.split('/') as [string, string];
  if (collection === COLLECTIONS.quoteLinks) return readLinkByIdIn(tx, db, id);
  return readOpenStateIn(tx, db, collection === PAYMENT_REQUESTS_COLLECTION ? 'request' : 'invoice', id);
}

/** `reminders/{id}`. */
export const reminderRef = (db: Firestore, id: string) => db.collection(REMINDERS_COLLECTION).doc(id);

/**
 * The lead's stored reminders (every subject), as domain settlingReminder takes them. Parsed leniently (reminderDocSchema): only a
 * document without a lead or status is left out, logged.
 */
export async function readStoredReminders(db: Firestore, leadId: string): Promise<StoredReminderTimes[]> {
  const snap = await db.collection(REMINDERS_COLLECTION).where('leadId', '==', leadId).get();
  return parsedDocs(snap, reminderDocSchema, 'reminders').map(storedTimes);
}

const storedTimes = (r: { id: string; status: string; dueAt: Date | null; runAt: Date | null }) => ({
  id: r.id,
  status: r.status,
  dueAt: r.dueAt,
  runAt: r.runAt,
});

/**
 * The stored reminders that may settle trigger `id` of lead `leadId`, for a transaction about it: the lead's
 * other reminder documents are read now, and the returned reader adds the trigger's own document read in `tx`.
 * Only that one can appear meanwhile (older-format ids are never written any more), and a query inside the
 * transaction would lock the whole collection on the emulator, so every lead's transaction waited on every
 * other's. Only the own document's being there counts, so it is not parsed.
 */
export async function storedRemindersReader(
  db: Firestore,
  leadId: string,
  id: string,
): Promise<(tx: Transaction) => Promise<StoredReminder[]>> {
  const older = (await readStoredReminders(db, leadId)).filter((r) => r.id !== id);
  const ref = reminderRef(db, id);
  return async (tx) => {
    const own = await tx.get(ref);
    return own.exists ? [{ id, status: String(own.get('status') ?? '') }, ...older] : older;
  };
}

/**
 * The reminders among `ids` that exist, by id, with their status and times
 * (one getAll per 300). A document that does not parse still counts as
 * there (it settles its trigger), with no times, logged.
 */
export async function readRemindersById(db: Firestore, ids: string[]): Promise<Map<string, StoredReminderTimes>> {
  const found = new Map<string, StoredReminderTimes>();
  for (let i = 0; i < ids.length; i += 300) {
    const refs = ids.slice(i, i + 300).map((id) => reminderRef(db, id));
    for (const d of await db.getAll(...refs)) {
      if (!d.exists) continue;
      const parsed = reminderDocSchema.safeParse(d.data());
      if (parsed.success) found.set(d.id, storedTimes({ id: d.id, ...parsed.data }));
      else {
        logger.error('reminders: a stored reminder does not parse; it still settles its trigger', {
          path: d.ref.path,
          issues: parsed.error.issues,
        });
        found.set(d.id, { id: d.id, status: 'unknown', dueAt: null, runAt: null });
      }
    }
  }
  return found;
}

/** Creates the reminder `data` at `ref` in `tx`. @throws ZodError when it does not match reminderDocSchema. */
export function createReminderIn(
  tx: Transaction,
  ref: DocumentReference,
  data: StoredWrite<typeof reminderDocSchema>,
): void {
  tx.create(ref, checkedDoc(reminderDocSchema, data));
}
