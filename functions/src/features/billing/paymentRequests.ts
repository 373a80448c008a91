/**
 * A lead's deposit and final payment requests (domain invoiceNumbers.ts
 * leadPaymentRequests): each stored once in `payment_requests/{leadId}_{purpose}`
 * with its own INV-YYYY-NNNN number, issued (features/billing/invoiceNumbers.ts) in
 * the transaction that creates it, due after the studio's payment terms,
 * taxed as the client's invoices are (the studio's tax shown inside its amount, or
 * 0% under a reverse charge; domain invoiceTax.ts requestTaxFields), and marked paid
 * when the lead records the payment. Recorded in the lead's activity when
 * issued, and emailed to the client in the same transaction with its PDF and
 * its Pay Now link: the deposit request (template deposit-request) when the
 * quote is accepted, by the client or by the owner for them; the final
 * payment request (template invoice) at launch. A request issued already
 * paid is not emailed.
 *
 * Idempotent: the request's id is fixed and its creation re-checks inside
 * the numbering transaction, so repeated or concurrent calls issue one
 * number per request. An issued request keeps its number and amount.
 */
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  addDays,
  documentBalance,
  formatDocumentDate,
  formatUsd,
  ledgerSums,
  leadPaymentRequests,
  leadPaymentTopic,
  requestId,
  buyerOf,
  sellerOf,
  type EmailTemplateId,
  type RequestPurpose,
} from '@studio/domain';
import { clientTaxFacts, requestTaxFields, taxTreatment } from '@studio/domain/invoiceTax';
import { config } from '../../config.js';
import { paymentEntryId } from './ledger.js';
import {
  createPaymentRequestDoc,
  docExists,
  earlyEntriesOf,
  earlyEntriesRef,
  ledgerEntryRef,
  nameEntryDocumentIn,
  paymentRequestRef,
  readDoc,
  updatePaymentRequestDoc,
} from './billingStore.js';
import { enqueueEmail } from '../../shared/outbox.js';
import { readLead } from '../leads/index.js';
import { recordActivity } from '../../shared/activity.js';
import { runNumbered } from './invoiceNumbers.js';
import { loadStudioSettings } from '../../shared/settings.js';

/** The email of each request when it is issued (domain email.ts template ids). */
const REQUEST_TEMPLATE = { deposit: 'deposit-request', final: 'invoice' } as const satisfies Record<
  RequestPurpose,
  EmailTemplateId
>;

/** What a sync did: numbers issued and requests marked paid. */
export interface RequestSync {
  issued: string[];
  paid: string[];
}

/**
 * Brings lead `leadId`'s payment requests up to date (see the file comment). `now` is the issue date.
 * @throws ZodError when the stored lead does not parse (domain leadDocSchema): no request is issued from it.
 */
export async function syncPaymentRequests(db: Firestore, leadId: string, now = new Date()): Promise<RequestSync> {
  // Parsed (leadDocSchema): a stored lead that does not match throws, and no request is issued from it.
  const data = await readLead(db, leadId);
  const result: RequestSync = { issued: [], paid: [] };
  const plans = data ? leadPaymentRequests(leadId, data) : [];
  if (plans.length === 0) return result;
  const studio = await loadStudioSettings(db);
  const terms = studio.paymentTermsDays;
  for (const found of plans) {
    const ref = paymentRequestRef(db, requestId(leadId, found.purpose));
    const existing = await readDoc(ref);
    // Paid only when the money is in the ledger (the fulfilment writes the entry with the lead's payment
    // id): a payment id that reached the lead any other way leaves the request open, and books:check agrees.
    const inLedger =
      found.paymentIntentId && existing?.status !== 'paid'
        ? await docExists(ledgerEntryRef(db, paymentEntryId(found.paymentIntentId)))
        : true;
    const plan = inLedger ? found : { ...found, paymentIntentId: null };
    if (existing) {
      if (plan.paymentIntentId && existing.status !== 'paid') {
        await updatePaymentRequestDoc(ref, {
          status: 'paid',
          paymentIntentId: plan.paymentIntentId,
          paidAt: FieldValue.serverTimestamp(),
          updatedAt: FieldValue.serverTimestamp(),
        });
        result.paid.push(ref.id);
      }
      continue;
    }
    // The client's tax treatment as the request is issued (reverse charge, outside the scope...), as their invoices.
    const tax = requestTaxFields(
      plan.amountCents,
      plan.description,
      taxTreatment(studio, clientTaxFacts(data!.billing)),
    );
    const number = await runNumbered(db, now, async (tx, take) => {
      const early = earlyEntriesRef(db, ref.id);
      const [issuedMeanwhile, earlySnap] = await Promise.all([docExists(ref, tx), tx.get(early)]);
      if (issuedMeanwhile) return null; // a concurrent sync issued it
      // A payment can reach the ledger before its request is issued (the seed, a lagging trigger): the request
      // starts with the sums of the entries already there, read in this transaction so none is missed. Their
      // writers name them in the request's early-entries document (billingStore writeLedgerEntryIn), read here
      // by id: a query over the whole ledger would hold this transaction, and every number after it, far longer.
      const entries = await earlyEntriesOf(db, ref.id, tx, earlySnap);
      const number = await take();
      // Those entries were written before the request had a number: they name it from now on.
      for (const e of entries) if (!e.documentNumber) nameEntryDocumentIn(tx, db, e.id, number);
      // Entries written from now on find the request and keep its sums: the list has done its work.
      if (earlySnap.exists) tx.delete(early);
      // The ledger decides: entries that already pay it in full issue it paid, even when the lead read above
      // did not yet carry the payment (its webhook landed between that read and this transaction).
      const settledBy =
        plan.paymentIntentId ??
        (documentBalance(plan.amountCents, entries).status === 'paid'
          ? (entries.find((e) => e.type === 'payment' && e.paymentIntentId)?.paymentIntentId ?? null)
          : null);
      createPaymentRequestDoc(tx, ref, {
        leadId,
        purpose: plan.purpose,
        number,
        email: data!.email || null,
        clientName: data!.name ?? null,
        amountCents: plan.amountCents,
        // The accepted quote's amount is what the client pays: at the studio's rate its tax is shown inside it,
        // never added; under another treatment it is one line at 0% with the treatment's note.
        ...(tax.taxRateBps !== null && {
          subtotalCents: tax.subtotalCents,
          taxCents: tax.taxCents,
          taxRateBps: tax.taxRateBps,
          taxLabel: studio.taxLabel,
        }),
        ...(tax.lines && { lines: tax.lines, taxBreakdown: tax.taxBreakdown }),
        taxTreatment: tax.taxTreatment,
        taxNote: tax.taxNote,
        seller: sellerOf(studio),
        buyer: buyerOf(
          { name: data!.name ?? null, email: data!.email || null, billing: data!.billing ?? null },
          tax.clientVatId,
        ),
        currency: 'usd',
        description: plan.description,
        issuedAt: Timestamp.fromDate(now),
        dueDate: Timestamp.fromDate(addDays(now, terms)),
        status: settledBy ? 'paid' : 'open',
        paymentIntentId: settledBy,
        paidAt: settledBy ? FieldValue.serverTimestamp() : null,
        checkoutUrl: plan.checkoutUrl,
        ledgerCents: ledgerSums(entries),
        createdAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });
      recordActivity(db, tx, {
        leadId,
        type: 'invoice_sent',
        detail: `${plan.purpose === 'deposit' ? 'Deposit' : 'Final payment'} request ${number} issued`,
        by: 'system',
      });
      // Every request reaches the client when it is issued, whoever accepted the quote: the deposit at
      // acceptance, the final payment at delivery, each with its PDF and its checkout. Written in this
      // transaction, which issues the request once (a retried trigger finds it and sends nothing). A request
      // the lead records as paid (or its ledger already settles) asks for nothing, even while its ledger entry is still to come.
      if (!found.paymentIntentId && !settledBy && data!.email)
        enqueueEmail(db, tx, {
          to: data!.email,
          templateId: REQUEST_TEMPLATE[plan.purpose],
          leadId,
          variables: {
            name: data!.name || 'there',
            subject: leadPaymentTopic(data!),
            invoiceNumber: number,
            description: plan.description,
            amount: formatUsd(plan.amountCents),
            dueDate: formatDocumentDate(addDays(now, terms), studio.timeZone),
            paymentLink: `${config().siteUrl}${plan.checkoutUrl}`,
            studioName: studio.businessName,
          },
          attachments: [{ kind: 'request', id: ref.id }],
        });
      return number;
    });
    if (number) result.issued.push(number);
  }
  return result;
}
