/**
 * Closing an admin's invoice without payment, as Stripe's invoices are closed:
 * - void: an invoice issued by mistake; it keeps its number, owes nothing and
 *   can no longer be paid (domain voidRefusal: only open, no money kept);
 * - write-off (mark uncollectible): what is still due will not be collected;
 *   a `write_off` ledger entry of that amount closes it (domain writeOffOf).
 * Both are written in one transaction with the lead's history, and clear the
 * invoice's checkout link. A payment that races either is held for review
 * (features/billing/payments.ts owedFor: a closed invoice is owed nothing).
 */
import { FieldValue } from 'firebase-admin/firestore';
import { documentBalance, formatUsd, voidRefusal, writeOffOf } from '@studio/domain';
import { conflict, notFound } from '../../platform/errors.js';
import { recordActivity } from '../../shared/activity.js';
import { entriesOf, recordLedgerEntry } from './ledger.js';
import { invoiceRef, readDoc, updateInvoiceDoc } from './billingStore.js';
import type { AdminActor, Deps } from '../useCase.js';

/** What closes the invoice: a void, or a write-off of what is due. */
export type CloseAction = 'void' | 'write_off';

/**
 * Voids or writes off invoice `id` (see the file comment).
 * @returns the invoice's number and the cents written off (0 for a void).
 * @throws NotFound "Invoice not found"; Conflict a CLOSE_REFUSALS message.
 */
export async function closeInvoice(
  deps: Deps,
  input: { id: string; action: CloseAction; reason?: string },
  actor: AdminActor,
): Promise<{ number: string | null; writtenOffCents: number }> {
  const { db } = deps;
  const ref = invoiceRef(db, input.id);
  return db.runTransaction(async (tx) => {
    const [invoice, entries] = await Promise.all([
      readDoc(ref, tx),
      entriesOf(db, { kind: 'invoice', id: input.id }, tx),
    ]);
    if (!invoice) throw notFound('Invoice not found');
    const balance = documentBalance(invoice.amountCents, entries, { voided: invoice.status === 'void' });
    const number = invoice.number ?? null;
    const name = number ?? 'Invoice';
    const because = input.reason ? `: ${input.reason}` : '';
    const closed = {
      checkoutUrl: null,
      closedAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    };
    if (input.action === 'void') {
      const refusal = voidRefusal(balance);
      if (refusal) throw conflict(refusal);
      updateInvoiceDoc(tx, ref, { ...closed, status: 'void' });
      recordActivity(db, tx, {
        leadId: invoice.leadId,
        type: 'invoice_closed',
        detail: `${name} voided${because}`,
        by: actor.username,
      });
      return { number, writtenOffCents: 0 };
    }
    const writeOff = writeOffOf(balance);
    if (!writeOff.ok) throw conflict(writeOff.message);
    recordLedgerEntry(db, tx, `write-off-invoice-${input.id}`, {
      type: 'write_off',
      amountCents: writeOff.cents,
      currency: 'usd',
      document: { kind: 'invoice', id: input.id },
      documentNumber: number,
      leadId: invoice.leadId,
      customerEmail: invoice.email,
      customerName: invoice.clientName,
      paymentIntentId: null,
      reason: input.reason ?? null,
      by: actor.username,
      keep: { document: true, paymentEntry: false },
    });
    updateInvoiceDoc(tx, ref, { ...closed, status: 'uncollectible' });
    recordActivity(db, tx, {
      leadId: invoice.leadId,
      type: 'invoice_closed',
      detail: `${formatUsd(writeOff.cents)} written off on ${name}${because}`,
      by: actor.username,
    });
    return { number, writtenOffCents: writeOff.cents };
  });
}
