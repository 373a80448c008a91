/**
 * Invoice and receipt PDFs on demand, and the client's signed links to them.
 * An invoice or payment request says what the account statement says of it
 * when it is rendered (domain statementLine of its stored record and the
 * ledger's sums kept on it): owed and overdue, or PAID on its paid date,
 * refunded (with its credit notes' numbers), void or written off.
 *
 * Documents (DocumentRef):
 * - `invoice:{invoiceId}`  → `invoices/{id}` (an admin's invoice);
 * - `request:{requestId}`  → `payment_requests/{id}` (a deposit or final payment request);
 * - `receipt:{paymentIntentId}` → `payments/{id}` once it succeeded, with the
 *   number of the invoice or request it paid, and what was refunded of it;
 * - `credit-note:{entryId}` → a `ledger_entries` credit note (a refund's);
 * - `proposal:{proposalId}` → a signed proposal's PDF (features/proposals, loaded
 *   only when asked for), its latest stage: countersigned once the owner has.
 * Rendered from the stored records and the studio settings each time (no
 * cache): the number, amounts and dates are the stored ones, so a document
 * never changes once issued, except for the studio details if the admin
 * edits the settings, and an invoice's state (what is owed or was paid).
 *
 * E-invoices: an invoice's, payment request's or credit note's EN 16931 CII
 * XML (einvoice/ciiXml.ts) from the same model, downloaded on its own
 * (renderDocumentXml) or carried inside its Factur-X PDF.
 *
 * Client links: signed and expiring. `/api/client-documents/{kind}/{id}?exp=&sig=`
 * where sig = HMAC-SHA256 over "kind:id:exp" with a key derived from
 * OUTBOX_SECRET_KEY (domain-separated from the outbox sealing key), valid for
 * DOCUMENT_LINK_TTL_MS. The client gets them only from the My Project lookup
 * (its limits apply there), so a link works for whoever did that lookup, for
 * one hour. Without OUTBOX_SECRET_KEY no link is made and every link is refused.
 */
import type { Firestore } from 'firebase-admin/firestore';
import {
  billedDocument,
  creditNoteModel,
  documentFileName,
  type DocumentKind,
  type InvoiceDocumentKind,
  invoiceModel,
  receiptModel,
  requestId,
  statementLine,
  type InvoicePdfModel,
} from '@studio/domain';
import { config } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { linkKey, signLink, verifyLink } from '../../platform/signedLinks.js';
import { renderInvoicePdf } from './pdf/invoicePdf.js';
import { ciiXml, EInvoiceIncomplete } from './einvoice/ciiXml.js';
import { loadStudioSettings } from '../../shared/settings.js';
import {
  documentCreditNotes,
  leadCreditNotes,
  leadDocuments,
  readInvoice,
  readLead,
  readLeadRequest,
  readLedgerEntry,
  readOrder,
  readPayment,
  readPaymentRequest,
} from './documentStore.js';

export interface DocumentRef {
  kind: DocumentKind;
  id: string;
}

/** Client download links live this long (ms). */
export const DOCUMENT_LINK_TTL_MS = 60 * 60_000;

const NOT_FOUND = 'Document not found';
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const cents = (v: unknown): number => (typeof v === 'number' && Number.isSafeInteger(v) ? v : 0);

/**
 * The model of document `ref`, from Firestore; an invoice's or request's state as its statement line reads
 * at `now` on the studio's clock. @throws AppError (404) when absent (or a receipt of an unpaid payment).
 */
export async function documentModel(
  db: Firestore,
  ref: DocumentRef & { kind: InvoiceDocumentKind },
  now = new Date(),
): Promise<InvoicePdfModel> {
  const studio = loadStudioSettings(db);
  studio.catch(() => undefined); // awaited below; not an unhandled rejection when the record is missing first
  if (ref.kind === 'credit-note') {
    const d = await readLedgerEntry(db, ref.id);
    if (!d || d.type !== 'credit_note' || !str(d.number)) throw new AppError('NotFound', NOT_FOUND);
    // The invoice it corrects (its date, lines' VAT categories, parties), and the lead when that kept no buyer.
    const credited =
      d.documentId && (d.documentKind === 'invoice' || d.documentKind === 'request')
        ? await (d.documentKind === 'invoice' ? readInvoice(db, d.documentId) : readPaymentRequest(db, d.documentId))
        : null;
    const lead = !credited?.buyer && str(d.leadId) ? await readLead(db, String(d.leadId)) : null;
    return creditNoteModel(await studio, {
      number: String(d.number),
      amountCents: cents(d.amountCents),
      issuedAt: d.at,
      clientName: str(d.customerName),
      email: str(d.customerEmail),
      creditsNumber: str(d.documentNumber),
      reference: str(d.reference),
      reason: str(d.reason),
      creditsIssuedAt: credited ? (credited.issuedAt ?? credited.createdAt) : null,
      creditsDoc: credited ?? null,
      billing: lead?.billing ?? null,
    });
  }
  if (ref.kind !== 'receipt') {
    const d = ref.kind === 'invoice' ? await readInvoice(db, ref.id) : await readPaymentRequest(db, ref.id);
    if (!d || !str(d.number)) throw new AppError('NotFound', NOT_FOUND);
    const settings = await studio;
    const line = statementLine(billedDocument(ref.id, d), now, settings.timeZone);
    // The refunds' credit notes are read only when something was refunded.
    const notes = line.balance.refundedCents > 0 ? await documentCreditNotes(db, ref.kind, ref.id) : [];
    // The client's billing fields now, for a document issued before it kept its buyer.
    const lead = !d.buyer && d.leadId ? await readLead(db, d.leadId) : null;
    return invoiceModel(
      settings,
      {
        number: String(d.number),
        description: d.description,
        amountCents: cents(d.amountCents),
        issuedAt: d.issuedAt ?? d.createdAt ?? new Date(0),
        dueDate: d.dueDate,
        clientName: str(d.clientName),
        email: str(d.email),
        checkoutUrl: str(d.checkoutUrl),
        tax:
          typeof d.taxCents === 'number' && typeof d.subtotalCents === 'number'
            ? {
                subtotalCents: cents(d.subtotalCents),
                taxCents: cents(d.taxCents),
                rateBps: cents(d.taxRateBps),
                label: str(d.taxLabel) ?? 'Tax',
              }
            : null,
        statement: line,
        paidAt: d.paidAt,
        creditNotes: notes.flatMap((n) => (n.number ? [n.number] : [])),
        doc: d,
        billing: lead?.billing ?? null,
      },
      config().siteUrl,
    );
  }
  const d = await readPayment(db, ref.id);
  if (!d || d.status !== 'succeeded') throw new AppError('NotFound', NOT_FOUND);
  // The number of what it paid: an invoice, or the lead's deposit / final payment request.
  const paid = str(d.invoiceId)
    ? await readInvoice(db, String(d.invoiceId))
    : str(d.leadId) && (d.purpose === 'deposit' || d.purpose === 'final')
      ? await readLeadRequest(db, String(d.leadId), d.purpose)
      : null;
  const lead = str(d.leadId) ? await readLead(db, String(d.leadId)) : null;
  const order = str(d.orderId) ? await readOrder(db, String(d.orderId)) : null;
  return receiptModel(await studio, {
    paymentIntentId: ref.id,
    amountCents: cents(d.amountReceivedCents) || cents(d.amountCents),
    description: d.description ?? 'Payment',
    paidAt: d.paidAt ?? d.updatedAt ?? new Date(0),
    clientName: str(lead?.name) ?? str(paid?.clientName) ?? str(order?.clientInfo.name),
    email: str(lead?.email) ?? str(paid?.email) ?? str(order?.clientInfo.email),
    number: str(paid?.number),
    refundedCents: cents(d.amountRefundedCents),
  });
}

/** The PDF of `ref` and its file name, an invoice's state as at `now`. @throws AppError (404). */
export async function renderDocument(
  db: Firestore,
  ref: DocumentRef,
  now = new Date(),
): Promise<{ filename: string; pdf: Buffer }> {
  if (ref.kind === 'proposal') {
    const { signedProposalPdf } = await import('../proposals/index.js');
    return signedProposalPdf(db, ref.id);
  }
  const model = await documentModel(db, { kind: ref.kind, id: ref.id }, now);
  return { filename: documentFileName(model), pdf: await renderInvoicePdf(model) };
}

/** The documents that have an e-invoice: an invoice, a payment request and a credit note. */
export const XML_DOCUMENT_KINDS = ['invoice', 'request', 'credit-note'] as const;
export type XmlDocumentKind = (typeof XML_DOCUMENT_KINDS)[number];

/**
 * The EN 16931 CII XML of `ref` (the same XML its Factur-X PDF carries, from the model's `einvoice`) and its
 * file name, INV-….xml. @throws AppError 404 when absent; 409 when the document has no e-invoice, or when it
 * lacks a fact EN 16931 requires ("The e-invoice needs the studio's country in Settings").
 */
export async function renderDocumentXml(
  db: Firestore,
  ref: { kind: XmlDocumentKind; id: string },
  now = new Date(),
): Promise<{ filename: string; xml: string }> {
  const model = await documentModel(db, ref, now);
  if (!model.einvoice) throw new AppError('Conflict', 'This document has no e-invoice');
  try {
    return { filename: documentFileName(model).replace(/\.pdf$/, '.xml'), xml: ciiXml(model.einvoice) };
  } catch (e) {
    if (e instanceof EInvoiceIncomplete) throw new AppError('Conflict', e.message);
    throw e;
  }
}

// ---------------------------------------------------------------------------
// Signed client links
// ---------------------------------------------------------------------------

/** The documents' link key derived from `secret` (default: config's OUTBOX_SECRET_KEY), or null without one. */
const documentsKey = (secret: string | undefined) => linkKey(secret, 'studio document links v1');

/** A signed link to `ref` valid until now + DOCUMENT_LINK_TTL_MS, or null when no key is configured. */
export function signedDocumentPath(
  ref: DocumentRef,
  now = Date.now(),
  secret: string | undefined = config().outboxSecretKey,
): string | null {
  const key = documentsKey(secret);
  if (!key) return null;
  const exp = Math.floor((now + DOCUMENT_LINK_TTL_MS) / 1000);
  return `/api/client-documents/${ref.kind}/${encodeURIComponent(ref.id)}?${new URLSearchParams({ exp: String(exp), sig: signLink(key, `${ref.kind}:${ref.id}`, exp) })}`;
}

/** True when `sig` signs `ref` until `exp` (seconds) and `exp` has not passed. */
export function verifyDocumentLink(
  ref: DocumentRef,
  exp: unknown,
  sig: unknown,
  now = Date.now(),
  secret: string | undefined = config().outboxSecretKey,
): boolean {
  return verifyLink(documentsKey(secret), `${ref.kind}:${ref.id}`, exp, sig, now);
}

/** One of a lead's PDFs (leadDocumentList): what it is, its number and the label a client reads. */
export interface LeadDocument {
  kind: DocumentKind;
  id: string;
  /** INV-YYYY-NNNN (CN-YYYY-NNNN for a credit note), or null for a proposal or a receipt of a payment without one. */
  number: string | null;
  label: string;
}

export interface ClientDocumentLink {
  kind: DocumentKind;
  /** INV-YYYY-NNNN, or null for a receipt of a payment without one. */
  number: string | null;
  label: string;
  url: string;
}

/**
 * The PDFs of lead `leadId`: its numbered invoices and payment requests, a
 * receipt for each succeeded payment, and its signed proposals
 * (features/proposals signedProposalsOfLead), and the credit notes of its
 * refunds: a client who was refunded sees the document of the refund where
 * they see the invoice. Newest first by number, the proposals (no number)
 * last.
 */
export async function leadDocumentList(db: Firestore, leadId: string): Promise<LeadDocument[]> {
  const { signedProposalsOfLead } = await import('../proposals/index.js');
  const [{ invoices, requests, payments }, proposals, notes] = await Promise.all([
    leadDocuments(db, leadId),
    signedProposalsOfLead(db, leadId),
    leadCreditNotes(db, leadId),
  ]);
  const numbers = new Map<string, string>();
  const out: LeadDocument[] = [];
  for (const [kind, snap] of [
    ['invoice', invoices],
    ['request', requests],
  ] as const) {
    for (const d of snap) {
      const number = str(d.number);
      if (!number) continue;
      numbers.set(`${kind}:${d.id}`, number);
      // A voided or written-off invoice keeps its number and its link; the client is told it owes nothing, as its
      // PDF's mark says (balanceLabel's words).
      const closed = d.status === 'void' ? ' · Void' : d.status === 'uncollectible' ? ' · Uncollectible' : '';
      out.push({
        kind,
        id: d.id,
        number,
        label: `${kind === 'invoice' ? 'Invoice' : d.description || 'Payment request'} (${number})${closed}`,
      });
    }
  }
  for (const p of payments) {
    const purpose = p.purpose;
    const number = str(p.invoiceId)
      ? numbers.get(`invoice:${p.invoiceId}`)
      : purpose === 'deposit' || purpose === 'final'
        ? numbers.get(`request:${requestId(leadId, purpose)}`)
        : undefined;
    out.push({
      kind: 'receipt',
      id: p.id,
      number: number ?? null,
      label: `Receipt${number ? ` for ${number}` : ''}: ${p.description ?? 'payment'}`,
    });
  }
  for (const n of notes) {
    const number = str(n.number);
    if (n.type !== 'credit_note' || !number) continue;
    const credits = str(n.documentNumber);
    out.push({
      kind: 'credit-note',
      id: n.id,
      number,
      label: `Credit note (${number})${credits ? ` for ${credits}` : ''}`,
    });
  }
  for (const p of proposals) out.push({ kind: 'proposal', id: p.id, number: null, label: p.label });
  return out.sort((a, b) => (b.number ?? '').localeCompare(a.number ?? '') || a.kind.localeCompare(b.kind));
}

/**
 * Signed links to the PDFs of lead `leadId` (leadDocumentList), for the My
 * Project lookup. Empty when no key is configured.
 */
export async function clientDocumentLinks(
  db: Firestore,
  leadId: string,
  now = Date.now(),
): Promise<ClientDocumentLink[]> {
  if (!documentsKey(config().outboxSecretKey)) return [];
  return (await leadDocumentList(db, leadId)).map(({ kind, id, number, label }) => ({
    kind,
    number,
    label,
    url: signedDocumentPath({ kind, id }, now)!,
  }));
}
