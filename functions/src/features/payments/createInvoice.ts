import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { centsToString, COLLECTIONS, formatUsd, leadDocSchema, type CreateInvoiceInput } from '@studio/domain';
import { conflict, notFound } from '../../errors.js';
import { recordActivity } from '../../services/activity.js';
import { enqueueEmail } from '../../services/outbox.js';
import { runNumbered } from '../../services/invoiceNumbers.js';
import { loadStudioSettings } from '../../services/settings.js';
import { dueTimestamp } from '../../services/payments.js';
import { config } from '../../config.js';
import type { AdminActor, Clock, Deps } from '../useCase.js';

/**
 * A PaymentIntent-backed invoice stored in `invoices` with its INV-YYYY-NNNN
 * number (taken in the same transaction), due after the studio's payment
 * terms unless dueDate is given, and emailed to the client (outbox, same
 * transaction) with its payment link and its PDF attached.
 * @throws NotFound "Lead not found"; Conflict when the lead has no email; ZodError (a logged 500)
 *   when the stored lead does not parse.
 */
export async function createInvoice(deps: Deps, input: CreateInvoiceInput, actor: AdminActor, clock: Clock) {
  const { db } = deps;
  const lead = await db.collection(COLLECTIONS.leads).doc(input.leadId).get();
  if (!lead.exists) throw notFound('Lead not found');
  const { email, name } = leadDocSchema.parse(lead.data());
  if (!email) throw conflict('This lead has no email address to send the invoice to');

  const ref = db.collection(COLLECTIONS.invoices).doc();
  const now = clock();
  const settings = await loadStudioSettings(db);
  const due = dueTimestamp(input.dueDate, settings.paymentTermsDays, now);
  const checkoutUrl = `/checkout?${new URLSearchParams({ amount: centsToString(input.amount), description: input.description, invoiceId: ref.id })}`;
  // The number is taken in the transaction that stores the invoice (gap-free, services/invoiceNumbers.ts).
  const number = await runNumbered(db, now, async (tx, take) => {
    const number = await take();
    tx.create(ref, {
      leadId: lead.id,
      number,
      email,
      clientName: name,
      amountCents: input.amount,
      currency: 'usd',
      description: input.description,
      issuedAt: Timestamp.fromDate(now),
      dueDate: due,
      status: 'open',
      checkoutUrl,
      createdBy: actor.username,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    enqueueEmail(db, tx, {
      to: email,
      templateId: 'invoice',
      variables: {
        name: name || 'there',
        invoiceNumber: number,
        description: input.description,
        amount: formatUsd(input.amount),
        dueDate: due
          .toDate()
          .toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
        paymentLink: `${config().siteUrl}${checkoutUrl}`,
        studioName: settings.businessName,
      },
      leadId: lead.id,
      attachments: [{ kind: 'invoice', id: ref.id }],
    });
    recordActivity(db, tx, {
      leadId: lead.id,
      type: 'invoice_sent',
      detail: `Invoice ${number} sent: ${formatUsd(input.amount)} for ${input.description}`,
      by: actor.username,
    });
    return number;
  });
  return { invoiceId: ref.id, number, checkoutUrl };
}
