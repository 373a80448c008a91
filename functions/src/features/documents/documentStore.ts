/**
 * The documents slice's typed store (read only): the records a PDF is
 * rendered from, each parsed with its collection's schema: `invoices`,
 * `payment_requests`, `payments` (billing's converters), `ledger_entries`
 * credit notes (a lead's, or an invoice's own), and the lead (through the leads slice) or cart order naming a receipt's
 * client. One read fails with a logged 500 on a record that does not parse;
 * the client's lists leave such a record out (parsedDocs) and log it.
 */
import type { Firestore } from 'firebase-admin/firestore';
import {
  invoiceDocSchema,
  ledgerEntryDocSchema,
  paymentDocSchema,
  paymentRequestDocSchema,
  requestId,
  type RequestPurpose,
} from '@studio/domain';
import { parsedDocs } from '../../platform/converter.js';
import { readLead as readLeadOf } from '../leads/index.js';
import {
  invoicesCol,
  ledgerEntriesCol,
  ordersCol,
  paymentRequestsCol,
  paymentsCol,
  readDoc,
} from '../billing/index.js';

export const readInvoice = (db: Firestore, id: string) => readDoc(invoicesCol(db).doc(id));
export const readPaymentRequest = (db: Firestore, id: string) => readDoc(paymentRequestsCol(db).doc(id));
/** The lead's deposit or final payment request. */
export const readLeadRequest = (db: Firestore, leadId: string, purpose: RequestPurpose) =>
  readPaymentRequest(db, requestId(leadId, purpose));
export const readPayment = (db: Firestore, id: string) => readDoc(paymentsCol(db).doc(id));
export const readLedgerEntry = (db: Firestore, id: string) => readDoc(ledgerEntriesCol(db).doc(id));
export const readOrder = (db: Firestore, id: string) => readDoc(ordersCol(db).doc(id));
export const readLead = async (db: Firestore, id: string) => (await readLeadOf(db, id)) ?? null;

/** Lead `leadId`'s invoices, payment requests and succeeded payments, parsed, each with its id. */
export async function leadDocuments(db: Firestore, leadId: string) {
  const [invoices, requests, payments] = await Promise.all([
    invoicesCol(db).withConverter(null).where('leadId', '==', leadId).get(),
    paymentRequestsCol(db).withConverter(null).where('leadId', '==', leadId).get(),
    paymentsCol(db).withConverter(null).where('leadId', '==', leadId).where('status', '==', 'succeeded').get(),
  ]);
  return {
    invoices: parsedDocs(invoices, invoiceDocSchema, 'documents: invoices'),
    requests: parsedDocs(requests, paymentRequestDocSchema, 'documents: payment_requests'),
    payments: parsedDocs(payments, paymentDocSchema, 'documents: payments'),
  };
}

/** Lead `leadId`'s credit notes (`ledger_entries` of type credit_note), parsed, each with its id. */
export async function leadCreditNotes(db: Firestore, leadId: string) {
  const snap = await ledgerEntriesCol(db)
    .withConverter(null)
    .where('leadId', '==', leadId)
    .where('type', '==', 'credit_note')
    .get();
  return parsedDocs(snap, ledgerEntryDocSchema, 'documents: credit notes');
}

/**
 * The credit notes (`ledger_entries` of type credit_note) of invoice or payment request `kind`/`id`, parsed,
 * each with its id, by number: the refunds its PDF names.
 */
export async function documentCreditNotes(db: Firestore, kind: 'invoice' | 'request', id: string) {
  const snap = await ledgerEntriesCol(db)
    .withConverter(null)
    .where('documentKind', '==', kind)
    .where('documentId', '==', id)
    .where('type', '==', 'credit_note')
    .get();
  return parsedDocs(snap, ledgerEntryDocSchema, 'documents: credit notes').sort((a, b) =>
    (a.number ?? '').localeCompare(b.number ?? ''),
  );
}
