import { createHash } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { millisecondsInDay } from 'date-fns/constants';
import {
  centsToString,
  dueDayStart,
  formatDocumentDate,
  formatUsd,
  invoiceTotals,
  type CreateInvoiceInput,
} from '@studio/domain';
import { conflict, notFound } from '../../platform/errors.js';
import { recordActivity } from '../../shared/activity.js';
import { enqueueEmail } from '../../shared/outbox.js';
import { runNumbered } from '../billing/index.js';
import {
  createInvoiceDoc,
  idempotencyKeyRef,
  newInvoiceRef,
  readIdempotencyAnswer,
  readLead,
  writeIdempotencyAnswer,
} from './invoiceStore.js';
import { loadStudioSettings } from '../../shared/settings.js';
import { dueTimestamp } from '../billing/index.js';
import { config } from '../../config.js';
import type { AdminActor, Clock, Deps } from '../useCase.js';

/** How long an Idempotency-Key answers with its first result (ms): a day, as Stripe keeps its keys. */
export const IDEMPOTENCY_KEY_TTL_MS = millisecondsInDay;

/** Reusing a key for another request, in Stripe's words. */
export const IDEMPOTENCY_KEY_REUSED =
  'Keys for idempotent requests can only be used with the same parameters they were first used with.';

/**
 * A PaymentIntent-backed invoice stored in `invoices` with its INV-YYYY-NNNN
 * number (taken in the same transaction): the amount entered is the
 * subtotal, and the studio's tax (settings taxRateBps and taxLabel, 0 by
 * default) is added to make the amount billed (cents); due after the studio's payment
 * terms unless dueDate is given, and emailed to the client (outbox, same
 * transaction) with its payment link and its PDF attached.
 *
 * With an `idempotencyKey` (the Idempotency-Key header, as Stripe's API
 * takes it) the first result is stored under the key in the same
 * transaction: a retry, or a concurrent copy, returns that invoice and
 * creates and emails nothing (`replayed`). The key is the admin's own
 * (hashed with their uid) and answers for IDEMPOTENCY_KEY_TTL_MS.
 * @throws NotFound "Lead not found"; Conflict when the lead has no email, or IDEMPOTENCY_KEY_REUSED for a
 *   key first used with other parameters; ZodError (a logged 500) when the stored lead does not parse.
 */
export async function createInvoice(
  deps: Deps,
  input: CreateInvoiceInput & { idempotencyKey?: string },
  actor: AdminActor,
  clock: Clock,
): Promise<{ invoiceId: string; number: string; checkoutUrl: string; replayed: boolean }> {
  const { db } = deps;
  const stored = await readLead(db, input.leadId);
  if (!stored) throw notFound('Lead not found');
  const { email, name } = stored;
  const lead = { id: input.leadId };
  if (!email) throw conflict('This lead has no email address to send the invoice to');

  const ref = newInvoiceRef(db);
  const now = clock();
  const settings = await loadStudioSettings(db);
  const due = dueTimestamp(
    input.dueDate && dueDayStart(input.dueDate, settings.timeZone),
    settings.paymentTermsDays,
    now,
  );
  // The amount entered is the subtotal; the studio's tax rate (0 by default) is added on top.
  const totals = invoiceTotals(input.amount, settings.taxRateBps);
  const checkoutUrl = `/checkout?${new URLSearchParams({ amount: centsToString(totals.totalCents), description: input.description, invoiceId: ref.id })}`;
  const keyRef = input.idempotencyKey
    ? idempotencyKeyRef(
        db,
        createHash('sha256').update(`${actor.uid}:create-invoice:${input.idempotencyKey}`).digest('hex'),
      )
    : null;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([input.leadId, input.amount, input.description, input.dueDate?.toISOString() ?? null]))
    .digest('hex');
  // The number is taken in the transaction that stores the invoice (gap-free, features/billing/invoiceNumbers.ts).
  return runNumbered(db, now, async (tx, take) => {
    const first = keyRef ? await readIdempotencyAnswer(tx, keyRef) : null;
    if (first && first.expiresAt.getTime() > now.getTime()) {
      if (first.fingerprint !== fingerprint) throw conflict(IDEMPOTENCY_KEY_REUSED);
      return { invoiceId: first.invoiceId, number: first.number, checkoutUrl: first.checkoutUrl, replayed: true };
    }
    const number = await take();
    if (keyRef)
      writeIdempotencyAnswer(tx, keyRef, {
        route: 'create-invoice',
        fingerprint,
        invoiceId: ref.id,
        number,
        checkoutUrl,
        createdAt: FieldValue.serverTimestamp(),
        expiresAt: Timestamp.fromMillis(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      });
    createInvoiceDoc(tx, ref, {
      leadId: lead.id,
      number,
      email,
      clientName: name,
      amountCents: totals.totalCents,
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      taxRateBps: settings.taxRateBps,
      taxLabel: settings.taxLabel,
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
        amount: formatUsd(totals.totalCents),
        dueDate: formatDocumentDate(due.toDate(), settings.timeZone),
        paymentLink: `${config().siteUrl}${checkoutUrl}`,
        studioName: settings.businessName,
      },
      leadId: lead.id,
      attachments: [{ kind: 'invoice', id: ref.id }],
    });
    recordActivity(db, tx, {
      leadId: lead.id,
      type: 'invoice_sent',
      detail: `Invoice ${number} sent: ${formatUsd(totals.totalCents)} for ${input.description}`,
      by: actor.username,
    });
    return { invoiceId: ref.id, number, checkoutUrl, replayed: false };
  });
}
