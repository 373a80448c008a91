import { createHash } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { millisecondsInDay } from 'date-fns/constants';
import {
  buyerOf,
  centsToString,
  dueDayStart,
  formatDocumentDate,
  formatUsd,
  invoiceLineTotals,
  PAYMENT_LIMITS,
  sellerOf,
  type CreateInvoiceInput,
  type InvoiceLineTotals,
  type StudioSettings,
} from '@studio/domain';
import { applyTaxTreatment, clientTaxFacts, taxTreatment, type TaxTreatment } from '@studio/domain/invoiceTax';
import { conflict, invalid, notFound } from '../../platform/errors.js';
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

/** The refusal of an invoice whose lines add up to less than Stripe can charge, or more than a payment may be. */
export const INVOICE_TOTAL_MESSAGE = 'The invoice total must be between 0.50 and 100000.00';

/**
 * The lines, tax treatment and totals of a new invoice: the `lines` entered,
 * or one line of `amount` at the studio's rate (the form's single amount is
 * the subtotal); each line's VAT category and rate set by the treatment of
 * the studio and the client's billing fields (invoiceTax.ts taxTreatment:
 * domestic rates, reverse charge, outside the scope, exempt), then totalled by
 * the one rounding rule (invoiceLineTotals).
 */
export function newInvoiceLines(
  input: Pick<CreateInvoiceInput, 'amount' | 'lines' | 'description'>,
  settings: StudioSettings,
  billing: { company: string | null; country: string | null; taxId: string | null } | null,
): { totals: InvoiceLineTotals; treatment: TaxTreatment } {
  const treatment = taxTreatment(settings, clientTaxFacts(billing));
  const entered = input.lines ?? [
    {
      description: input.description,
      quantity: 1000,
      unit: 'C62' as const,
      unitPrice: input.amount ?? 0,
      taxRateBps: settings.taxRateBps,
    },
  ];
  const lines = applyTaxTreatment(
    entered.map((l) => ({
      description: l.description,
      quantityMilli: l.quantity,
      unit: l.unit,
      unitPriceCents: l.unitPrice,
      taxRateBps: l.taxRateBps,
    })),
    treatment,
  );
  return { totals: invoiceLineTotals(lines), treatment };
}

/**
 * A PaymentIntent-backed invoice stored in `invoices` with its INV-YYYY-NNNN
 * number (taken in the same transaction): its lines (newInvoiceLines: the
 * lines entered, or one line of the amount entered as the subtotal with the
 * studio's rate), each taxed by the invoice's tax treatment, and their total
 * is the amount billed (cents) and charged at checkout. It keeps, as issued,
 * its lines, tax breakdown, currency, supply date, tax note, and the seller's
 * and buyer's legal details (sellerOf the settings, buyerOf the lead's
 * billing fields): later edits to either never change it. The legacy
 * subtotalCents / taxCents / taxRateBps / taxLabel are its net, tax, single
 * rate (null when lines have several) and the studio's tax label. Due after
 * the studio's payment terms unless dueDate is given, and emailed to the
 * client (outbox, same transaction) with its payment link and its PDF attached.
 *
 * With an `idempotencyKey` (the Idempotency-Key header, as Stripe's API
 * takes it) the first result is stored under the key in the same
 * transaction: a retry, or a concurrent copy, returns that invoice and
 * creates and emails nothing (`replayed`). The key is the admin's own
 * (hashed with their uid) and answers for IDEMPOTENCY_KEY_TTL_MS.
 * @throws NotFound "Lead not found"; Invalid INVOICE_TOTAL_MESSAGE; Conflict when the lead has no email, or IDEMPOTENCY_KEY_REUSED for a
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
  const billing = stored.billing ?? null;
  const { totals, treatment } = newInvoiceLines(input, settings, billing);
  // Lines are checked by their total (a single amount was checked as entered, as the spec's form has it).
  if (input.lines && (totals.totalCents < PAYMENT_LIMITS.minCents || totals.totalCents > PAYMENT_LIMITS.maxCents))
    throw invalid(INVOICE_TOTAL_MESSAGE, { lines: INVOICE_TOTAL_MESSAGE });
  const rates = new Set(totals.breakdown.map((r) => r.rateBps));
  const checkoutUrl = `/checkout?${new URLSearchParams({ amount: centsToString(totals.totalCents), description: input.description, invoiceId: ref.id })}`;
  const keyRef = input.idempotencyKey
    ? idempotencyKeyRef(
        db,
        createHash('sha256').update(`${actor.uid}:create-invoice:${input.idempotencyKey}`).digest('hex'),
      )
    : null;
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        input.leadId,
        input.amount,
        input.description,
        input.dueDate?.toISOString() ?? null,
        // Only when given: a key stored before lines existed still matches its retry.
        ...(input.lines || input.supplyDate ? [input.lines ?? null, input.supplyDate ?? null] : []),
      ]),
    )
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
      subtotalCents: totals.netCents,
      taxCents: totals.taxCents,
      taxRateBps: rates.size === 1 ? [...rates][0]! : null,
      taxLabel: settings.taxLabel,
      currency: 'USD',
      lines: totals.lines.map(({ netCents: _net, ...line }) => line),
      taxBreakdown: totals.breakdown,
      supplyDate: input.supplyDate ?? null,
      taxTreatment: treatment.kind,
      taxNote: treatment.note,
      seller: sellerOf(settings),
      buyer: buyerOf({ name, email, billing }, treatment.clientVatId),
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
