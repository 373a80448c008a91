/**
 * Payments on the server (spec §2 "Invoicing", "Checkout and payment
 * success"; §7 create-payment-intent, create-invoice, stripe/webhook).
 *
 * - startPayment: decides the amount (the lead's next payment, an invoice's
 *   amount, or a payment link's own amount), creates the PaymentIntent with a
 *   stable Idempotency-Key and stores `payments/{paymentIntentId}`.
 * - fulfilEvent: the one place a payment takes effect. A verified Stripe
 *   webhook and the test-mode confirmation both end here. Each event id is
 *   recorded in `stripe_events` in the same transaction as its effects, so a
 *   redelivered or concurrent copy of an event has no second effect; states
 *   only move forward (a late "failed" never undoes "succeeded").
 *
 * Collections (server-written; admin-readable except stripe_events):
 * payments, invoices, stripe_events. Amounts in cents.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { FieldValue, GrpcStatus, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { EVENTS, logEvent } from '../../platform/log.js';
import { lostToContention } from '../../platform/firestoreRetries.js';
import {
  DAY_MS,
  COLLECTIONS,
  formatUsd,
  leadCheckoutPath,
  leadPaymentDescription,
  leadPaymentDue,
  mismatchText,
  newViolations,
  paymentFailureMove,
  paymentMismatch,
  paymentIdempotencyKey,
  paymentMoves,
  PAYABLE_ORDER_STATUSES,
  PAYMENT_CURRENCY,
  PAYMENT_PURPOSES,
  retentionEnd,
  violationText,
  type CreatePaymentIntentInput,
  type InvoiceDoc,
  type OrderDoc,
  type PaymentDoc,
  type PaymentPurpose,
  type PaymentRequestDoc,
} from '@studio/domain';
import {
  createPaymentDoc,
  createStripeEvent,
  invoiceRef,
  mergePaymentIn,
  orderRef,
  paymentRef,
  paymentRequestRef,
  readDoc,
  readStored,
  stripeEventRef,
  updateInvoiceDoc,
  updateOrderDoc,
  updatePaymentRequestDoc,
  type StoredRead,
} from './billingStore.js';
import { readLead, readLeadIn, updateLead, updateLeadIn, type ReadLead } from '../leads/index.js';
import { readLeadProjectIn, updateProjectIn, type ReadProject } from '../projects/index.js';
import { AppError } from '../../platform/errors.js';
import { recordActivity } from '../../shared/activity.js';
import { enqueueEmail } from '../../shared/outbox.js';
import { alertOwner } from '../../shared/ownerAlerts.js';
import { readSubscriptionEvent, startSubscriptionInTx, SUBSCRIPTION_EVENT_TYPES } from './subscriptions.js';
import { readOrderPromoSettlement, settlePromoInTx, type PromoSettlementReads } from './promo.js';
import { documentOfPayment, paymentEntryId, recordLedgerEntry, type BillableRef } from './ledger.js';
import { customerForEmail, paymentProvider, stripeClient, type ProviderMode } from '../../platform/stripe.js';
import { config } from '../../config.js';
import { STRIPE_PAYMENT_EVENT_TYPES, STRIPE_SUBSCRIPTION_EVENT_TYPES } from '../../platform/vendors.js';

/** Spec §8 "Payment Setup Failed - Unable to initialize payment. Please try again." */
export const PAYMENT_SETUP_FAILED = 'Payment Setup Failed - Unable to initialize payment. Please try again.';

export interface StartedPayment {
  clientSecret: string;
  paymentIntentId: string;
  amountCents: number;
  description: string;
  mode: ProviderMode;
}

interface Charge {
  purpose: PaymentPurpose;
  /** Live mode: the lead's Stripe Customer (one per client email), attached to the PaymentIntent. */
  customer?: { leadId: string; email: string; name: string | null; known: string | null };
  amountCents: number;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** What a create-payment-intent request charges (server amounts for leads and invoices). */
async function resolveCharge(db: Firestore, input: CreatePaymentIntentInput): Promise<Charge> {
  if (input.invoiceId) {
    const inv = await readStored(invoiceRef(db, input.invoiceId));
    if (!inv) throw new AppError('NotFound', 'Invoice not found');
    const invoice = inv.doc;
    if (invoice.status === 'paid') throw new AppError('Conflict', 'This invoice is already paid');
    if (invoice.status !== 'open')
      throw new AppError('Conflict', `This invoice is ${invoice.status}: it cannot be paid`);
    return {
      purpose: 'invoice',
      amountCents: invoice.amountCents,
      description: invoice.description,
      idempotencyKey: paymentIdempotencyKey('invoice', inv.id, invoice.amountCents),
      metadata: { purpose: 'invoice', invoiceId: inv.id, leadId: invoice.leadId },
    };
  }
  if (input.leadId) {
    // Parsed (leadDocSchema): a stored lead that does not match throws, and nothing is charged from it.
    const lead = await readLead(db, input.leadId);
    if (!lead) throw new AppError('NotFound', 'Lead not found');
    // Payable only when the quote stands: accepted, deposit before final, amounts of the accepted version.
    const due = leadPaymentDue(lead);
    if (!due.ok) throw new AppError('Conflict', due.message);
    return {
      purpose: due.purpose,
      amountCents: due.amountCents,
      // Described as its payment request, its checkout link and its emails are (domain leadPaymentDescription).
      description: leadPaymentDescription(due.purpose, lead),
      idempotencyKey: paymentIdempotencyKey(due.purpose, input.leadId, due.amountCents),
      metadata: { purpose: due.purpose, leadId: input.leadId },
      customer: lead.email
        ? { leadId: input.leadId, email: lead.email, name: lead.name || null, known: lead.stripeCustomerId || null }
        : undefined,
    };
  }
  if (input.amount === undefined) throw new AppError('Invalid', 'Validation failed', { amount: 'Amount is required' });
  return {
    purpose: 'custom',
    amountCents: input.amount,
    description: input.description || 'Payment',
    idempotencyKey: input.checkoutId
      ? paymentIdempotencyKey('custom', input.checkoutId, input.amount)
      : `studio-pi-custom-${randomUUID()}`,
    metadata: { purpose: 'custom' },
  };
}

/**
 * Creates (or, for the same idempotency key, re-obtains) the PaymentIntent for
 * a checkout and stores its `payments` record.
 * @throws AppError (400) no amount; 404 lead/invoice; 409 a PAYMENT_REFUSALS message (quote not accepted, lead
 *   closed, nothing due) or invoice paid; 502 PAYMENT_SETUP_FAILED; ZodError (a logged 500) when the stored lead
 *   does not parse (domain leadDocSchema).
 */
export async function startPayment(db: Firestore, input: CreatePaymentIntentInput): Promise<StartedPayment> {
  const charge = await resolveCharge(db, input);
  return createIntent(db, charge);
}

async function createIntent(db: Firestore, charge: Charge): Promise<StartedPayment> {
  const provider = await paymentProvider();
  let intent;
  try {
    const customerId = provider.mode === 'live' && charge.customer ? await leadCustomer(db, charge.customer) : null;
    intent = await provider.createPaymentIntent({
      customerId,
      amountCents: charge.amountCents,
      currency: PAYMENT_CURRENCY,
      description: charge.description,
      metadata: charge.metadata,
      idempotencyKey: charge.idempotencyKey,
    });
  } catch (e) {
    logger.error('payments: PaymentIntent creation failed', {
      purpose: charge.purpose,
      error: e instanceof Error ? e.message : String(e),
    });
    throw new AppError('Upstream', PAYMENT_SETUP_FAILED);
  }
  await createPaymentDoc(db, intent.id, {
    ...paymentFields(charge.metadata),
    amountCents: intent.amountCents,
    currency: PAYMENT_CURRENCY,
    description: charge.description,
    mode: provider.mode,
    idempotencyKey: charge.idempotencyKey,
    status: 'requires_payment',
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  }).catch((e: { code?: number }) => {
    if (e.code !== GrpcStatus.ALREADY_EXISTS) throw e; // the same intent again (idempotent retry).
  });
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amountCents: intent.amountCents,
    description: charge.description,
    mode: provider.mode,
  };
}

/**
 * Live mode: the lead's Stripe Customer, one per client email: the lead's
 * stored `stripeCustomerId`, else the customer of that email at Stripe (found
 * or created, platform/stripe.ts customerForEmail), then stored on the lead.
 */
async function leadCustomer(db: Firestore, c: NonNullable<Charge['customer']>): Promise<string | null> {
  if (c.known) return c.known;
  const stripe = await stripeClient();
  if (!stripe) return null;
  const id = await customerForEmail(stripe, c.email, c.name);
  await updateLead(db, c.leadId, { stripeCustomerId: id });
  return id;
}

/** Creates the PaymentIntent of a stored cart order (purpose "order"). */
export function startOrderPayment(
  db: Firestore,
  orderId: string,
  amountCents: number,
  description: string,
): Promise<StartedPayment> {
  return createIntent(db, {
    purpose: 'order',
    amountCents,
    description,
    idempotencyKey: paymentIdempotencyKey('order', orderId, amountCents),
    metadata: { purpose: 'order', orderId },
  });
}

/** The record ids of a payment, from PaymentIntent metadata. */
function paymentFields(metadata: Record<string, string | undefined>) {
  const purpose = (PAYMENT_PURPOSES as readonly string[]).includes(metadata.purpose ?? '')
    ? (metadata.purpose as PaymentPurpose)
    : 'custom';
  return {
    purpose,
    leadId: metadata.leadId ?? null,
    invoiceId: metadata.invoiceId ?? null,
    orderId: metadata.orderId ?? null,
  };
}

const stripeMetadata = z.record(z.string(), z.string()).nullish();

/**
 * The part of a Stripe event fulfilment reads (a PaymentIntent or an invoice
 * object). Parsed from a verified event: unknown fields pass through unread,
 * and an event without these shapes is refused instead of half-applied.
 */
export const paymentEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  created: z.number().optional(),
  data: z.object({
    object: z.object({
      id: z.string(),
      object: z.string().optional(),
      amount: z.number().optional(),
      amount_received: z.number().optional(),
      currency: z.string().nullish(),
      amount_paid: z.number().optional(),
      metadata: stripeMetadata,
      last_payment_error: z.object({ message: z.string().nullish() }).nullish(),
      parent: z.object({ subscription_details: z.object({ metadata: stripeMetadata }).nullish() }).nullish(),
      cancel_at_period_end: z.boolean().optional(),
    }),
  }),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

/** What happened to an event: applied, a copy of one already applied, not ours to handle, or held for review (mismatch). */
export type FulfilOutcome = 'applied' | 'duplicate' | 'ignored' | 'review';

const HANDLED = new Set<string>([...STRIPE_PAYMENT_EVENT_TYPES, ...STRIPE_SUBSCRIPTION_EVENT_TYPES]);

/**
 * Why an ignored event matched nothing, or null when ignoring it is expected: a type the code does not handle, or a
 * subscription event naming no order (no `orderId` in its metadata). A subscription event naming an order that is
 * not paid yet is expected: the order's first invoice is the order's own payment, applied by its PaymentIntent.
 */
function unmatchedReason(event: PaymentEvent): string | null {
  if (!HANDLED.has(event.type)) return "the code does not handle this type: remove it from the endpoint's events";
  const obj = event.data.object;
  const metadata = event.type.startsWith('customer.subscription.')
    ? obj.metadata
    : obj.parent?.subscription_details?.metadata;
  return metadata?.orderId ? null : 'it names no order of the studio (no orderId in its metadata)';
}

/**
 * Applies a verified payment event exactly once (see the file comment).
 * payment_intent.succeeded and invoice.paid (a subscription's first invoice) mark
 * the payment paid and run its purpose's effects; payment_intent.payment_failed
 * records the failure unless the payment already succeeded; a subscription's
 * renewal, failed renewal, cancel at period end or cancellation moves it (features/billing/subscriptions.ts).
 * Other types, and a subscription event naming no order, are recorded and ignored, and logged
 * (`webhook.unmatched_event`). @returns what happened to this event id.
 */
export async function fulfilEvent(db: Firestore, event: PaymentEvent, by = 'stripe'): Promise<FulfilOutcome> {
  const eventRef = stripeEventRef(db, event.id);
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await db.runTransaction(async (tx): Promise<FulfilOutcome> => {
        if ((await tx.get(eventRef)).exists) return 'duplicate';
        // A renewal, a failed renewal or a cancellation moves the order's subscription (features/billing/subscriptions.ts).
        const subscription = SUBSCRIPTION_EVENT_TYPES.has(event.type)
          ? await readSubscriptionEvent(db, tx, event)
          : null;
        const effects =
          subscription ??
          (HANDLED.has(event.type) && !SUBSCRIPTION_EVENT_TYPES.has(event.type)
            ? await readEffects(db, tx, event)
            : null);
        const outcome: FulfilOutcome = effects?.review ? 'review' : effects ? 'applied' : 'ignored';
        effects?.apply(by);
        createStripeEvent(tx, eventRef, {
          type: event.type,
          objectId: event.data.object.id,
          outcome,
          ...(effects?.review ? { review: effects.review } : {}),
          receivedAt: FieldValue.serverTimestamp(),
          expireAt: retentionEnd(COLLECTIONS.stripeEvents, new Date()),
        });
        return outcome;
      });
      // Answered 200 so Stripe stops sending it; without this entry nothing would say it was never applied.
      const unmatched = outcome === 'ignored' ? unmatchedReason(event) : null;
      if (unmatched)
        logEvent(EVENTS.webhookUnmatchedEvent, 'stripe webhook: an event matched nothing; ignored', {
          eventId: event.id,
          type: event.type,
          objectId: event.data.object.id,
          why: unmatched,
        });
      return outcome;
    } catch (e) {
      const code = (e as { code?: number }).code;
      if (code === GrpcStatus.ALREADY_EXISTS) return 'duplicate'; // a concurrent copy committed first
      // Lost to a concurrent transaction after the SDK's own retries (copies of one event, or two payments of
      // one lead, contend for the same documents; the emulator may end one as "invalid or closed"): try again.
      if (!lostToContention(e) || attempt >= 3) throw e;
    }
  }
}

/**
 * Reads what the event touches (all reads first, as transactions require) and
 * returns the writes to make. A succeeded payment that names no existing
 * document (an invoice or order that is not there, a deposit or final payment
 * of a lead that is not there, or, naming none, no `payments` record of ours:
 * domain ledgerRules `entry-without-document`), or whose currency or amount
 * is not what is owed (domain paymentMismatch), is not applied: the payment
 * is marked `needs_review` with the reason, logged at ERROR, the owner is
 * alerted, and `review` says why.
 */
async function readEffects(
  db: Firestore,
  tx: Transaction,
  event: PaymentEvent,
): Promise<{ apply: (by: string) => void; review: string | null }> {
  const obj = event.data.object;
  const isInvoice = event.type.startsWith('invoice.');
  const metadata = (isInvoice ? obj.parent?.subscription_details?.metadata : obj.metadata) ?? {};
  const fields = paymentFields(metadata);
  const succeeded = event.type === 'payment_intent.succeeded' || event.type === 'invoice.paid';
  const amountCents = (isInvoice ? obj.amount_paid : succeeded ? (obj.amount_received ?? obj.amount) : obj.amount) ?? 0;

  const billable = documentOfPayment(fields);
  const [payment, lead, project, invoice, order, request] = await Promise.all([
    readDoc(paymentRef(db, obj.id), tx),
    fields.leadId ? readLeadIn(tx, db, fields.leadId) : null,
    fields.leadId ? readLeadProjectIn(tx, db, fields.leadId) : null,
    fields.invoiceId ? readStored(invoiceRef(db, fields.invoiceId), tx) : null,
    fields.orderId ? readStored(orderRef(db, fields.orderId), tx) : null,
    billable?.kind === 'request' ? readStored(paymentRequestRef(db, billable.id), tx) : null,
  ]);
  // A paid order's promo hold becomes a redemption: read the code and the customer's entry now.
  const promo =
    succeeded && order && order.doc.status !== 'paid' ? await readOrderPromoSettlement(db, tx, order.doc) : null;
  const alreadyPaid = payment?.status === 'succeeded';
  const received = { amountCents, currency: obj.currency };
  const owed = succeeded && !alreadyPaid ? owedFor(event, fields.purpose, { payment, lead, invoice, order }) : null;
  // The books' rules (domain ledgerRules) on the entry this payment would write: first, that what it pays exists.
  const broken = owed
    ? newViolations(
        [],
        [
          {
            id: paymentEntryId(obj.id),
            type: 'payment',
            amountCents,
            currency: obj.currency ?? PAYMENT_CURRENCY,
            documentKind: billable?.kind ?? null,
            documentId: billable?.id ?? null,
            paymentIntentId: obj.id,
            reference: null,
            at: new Date(),
          },
        ],
        {
          document: (kind, id) =>
            billable?.kind === kind && billable.id === id && { invoice, order, request }[kind]
              ? { currency: (kind === 'order' ? order?.doc.currency : null) ?? PAYMENT_CURRENCY }
              : null,
          leadExists: (id) => lead?.id === id,
          payment: (id) => (id === obj.id && payment ? { currency: payment.currency ?? null } : null),
        },
      )
    : [];
  const mismatch = owed ? paymentMismatch(received, owed) : null;
  const orphan = broken.find((v) => v.rule === 'entry-without-document');
  if (owed && (orphan || mismatch || broken[0])) {
    const rule = orphan ?? (mismatch ? null : broken[0]!);
    const review = rule ? violationText(rule) : mismatchText(received, owed);
    logEvent(EVENTS.paymentHeldForReview, 'payments: a payment does not match what is owed; held for review', {
      paymentIntentId: obj.id,
      eventId: event.id,
      purpose: fields.purpose,
      mismatch: rule?.rule ?? mismatch,
      review,
    });
    return {
      review,
      apply: () => {
        const now = FieldValue.serverTimestamp();
        mergePaymentIn(tx, db, obj.id, {
          ...fields,
          status: 'needs_review',
          reviewReason: review,
          amountReceivedCents: amountCents,
          receivedCurrency: obj.currency ?? null,
          updatedAt: now,
        });
        if (lead)
          recordActivity(db, tx, {
            leadId: lead.id,
            type: 'payment_review',
            detail: `Payment held for review: ${review}`,
            by: 'stripe',
          });
        alertOwner(db, tx, {
          event: 'Payment held for review',
          amountCents,
          clientName: str(lead?.lead.name) ?? str(lead?.lead.email) ?? str(order?.doc.clientInfo.email),
          documentNumber: str(invoice?.doc.number) ?? str(request?.doc.number),
          detail: `Payment ${obj.id} (${event.id}) was not applied: ${review}. Decide it in Stripe's dashboard.`,
          leadId: lead?.id ?? null,
          orderId: order?.id ?? null,
        });
      },
    };
  }

  const apply = (by: string) => {
    const now = FieldValue.serverTimestamp();
    if (!succeeded) {
      if (alreadyPaid) return; // out of order: success already recorded
      const lastError = obj.last_payment_error?.message ?? null;
      mergePaymentIn(tx, db, obj.id, { ...fields, status: 'failed', lastError, updatedAt: now });
      applyFailure(db, tx, {
        purpose: fields.purpose,
        paymentIntentId: obj.id,
        amountCents,
        lead,
        order,
        invoice,
        request,
        lastError,
        by,
      });
      return;
    }
    mergePaymentIn(tx, db, obj.id, {
      ...fields,
      status: 'succeeded',
      amountReceivedCents: amountCents,
      paidAt: now,
      updatedAt: now,
    });
    if (alreadyPaid) return;
    applyPurpose(db, tx, {
      purpose: fields.purpose,
      paymentIntentId: obj.id,
      amountCents,
      lead,
      project,
      invoice,
      order,
      request,
      promo,
      by,
    });
    recordPaymentEntry(db, tx, {
      id: obj.id,
      eventId: event.id,
      amountCents,
      currency: obj.currency ?? PAYMENT_CURRENCY,
      billable,
      fields,
      lead,
      invoice,
      order,
      request,
      by,
    });
  };
  return { apply, review: null };
}

/**
 * What a succeeded payment must match: the currency owed (usd), and the
 * amount the server asked for when it made the PaymentIntent (its `payments`
 * record), else what the paid record owes: the lead's next payment of that
 * stage, the invoice's amount, the order's amount due now (its recurring
 * amount for a subscription's invoice); 0 for a voided or written-off
 * invoice. Null amount: nothing decides one.
 */
function owedFor(
  event: PaymentEvent,
  purpose: PaymentPurpose,
  d: {
    payment: PaymentDoc | null;
    lead: ReadLead | null;
    invoice: StoredRead<InvoiceDoc> | null;
    order: StoredRead<OrderDoc> | null;
  },
): { amountCents: number | null; currency: string } {
  const currency = PAYMENT_CURRENCY;
  const invoice = d.invoice?.doc ?? null;
  // A voided or written-off invoice is owed nothing: a payment that raced its closing is held for review.
  if (invoice && (invoice.status === 'void' || invoice.status === 'uncollectible')) return { amountCents: 0, currency };
  const asked = d.payment?.amountCents;
  if (event.type === 'payment_intent.succeeded' && typeof asked === 'number') return { amountCents: asked, currency };
  if (d.order)
    return {
      amountCents: event.type === 'invoice.paid' ? d.order.doc.recurringCents : d.order.doc.totalDueNowCents,
      currency,
    };
  if (invoice) return { amountCents: invoice.amountCents, currency };
  if (d.lead && (purpose === 'deposit' || purpose === 'final')) {
    const due = leadPaymentDue(d.lead.lead);
    // A stage already paid (or closed) decides no amount: the payment is then recorded as a second one.
    return { amountCents: due.ok && due.purpose === purpose ? due.amountCents : null, currency };
  }
  return { amountCents: null, currency };
}

/** The ledger's payment entry of a succeeded payment, tied to what it paid and its customer. */
function recordPaymentEntry(
  db: Firestore,
  tx: Transaction,
  p: {
    id: string;
    eventId: string;
    amountCents: number;
    currency: string;
    billable: BillableRef | null;
    fields: ReturnType<typeof paymentFields>;
    lead: ReadLead | null;
    invoice: StoredRead<InvoiceDoc> | null;
    order: StoredRead<OrderDoc> | null;
    request: StoredRead<PaymentRequestDoc> | null;
    by: string;
  },
): void {
  if (p.amountCents <= 0) return;
  const client = p.order?.doc.clientInfo;
  // The paid document as read in this transaction (null when missing): its sums are kept only when it exists.
  const found = p.billable && { invoice: p.invoice, order: p.order, request: p.request }[p.billable.kind];
  recordLedgerEntry(db, tx, paymentEntryId(p.id), {
    type: 'payment',
    amountCents: p.amountCents,
    currency: p.currency,
    document: p.billable,
    documentNumber: str(p.invoice?.doc.number) ?? str(p.request?.doc.number),
    leadId: p.fields.leadId,
    customerEmail: str(p.lead?.lead.email) ?? str(p.invoice?.doc.email) ?? str(client?.email),
    customerName: str(p.lead?.lead.name) ?? str(client?.name),
    paymentIntentId: p.id,
    stripeEventId: p.eventId,
    by: p.by,
    keep: { document: Boolean(found), paymentEntry: false },
  });
}

/**
 * The effects of a failed payment: a deposit or final payment of an active
 * lead moves it to "Payment Failed" (domain paymentFailureMove), remembering
 * where it was; a pending cart order is marked "payment_failed" and keeps its
 * promo hold, since the client may still pay the same intent with another card
 * (the order expires unpaid later: features/billing/orderExpiry.ts). A failure for a stage
 * already paid (by another intent) moves nothing.
 *
 * While what failed is still payable (the lead's stage still due, the invoice
 * open, the order unpaid), the client is emailed (template payment-failed:
 * what failed, the provider's reason, a link to try again at the same
 * checkout; a cart order's is the cart, where it is placed again) and the
 * owner alerted (shared/ownerAlerts.ts). Written with the stripe_events
 * record of the event (fulfilEvent), so once per failure event; a failure
 * for something no longer owed sends nothing.
 */
function applyFailure(
  db: Firestore,
  tx: Transaction,
  c: {
    purpose: PaymentPurpose;
    paymentIntentId: string;
    /** What the failed PaymentIntent asked for (cents). */
    amountCents: number;
    lead: ReadLead | null;
    order: StoredRead<OrderDoc> | null;
    invoice: StoredRead<InvoiceDoc> | null;
    request: StoredRead<PaymentRequestDoc> | null;
    lastError: string | null;
    by: string;
  },
): void {
  const now = FieldValue.serverTimestamp();
  const failed = failedDocument(c);
  if (c.order?.doc.status === 'pending_payment')
    void updateOrderDoc(c.order.ref, { status: 'payment_failed', lastError: c.lastError, updatedAt: now }, tx);
  if (failed) notifyFailure(db, tx, c, failed);
  if (!c.lead) return;
  const stored = c.lead.lead;
  const stagePaid =
    (c.purpose === 'deposit' && stored.stripeDepositPaymentId) ||
    (c.purpose === 'final' && stored.stripeFinalPaymentId);
  const from = stored.status;
  const to = stagePaid ? null : paymentFailureMove(c.purpose, from);
  if (!to) return;
  updateLeadIn(tx, c.lead.ref, { status: to, statusBeforePaymentFailed: from, updatedAt: now });
  recordActivity(db, tx, {
    leadId: c.lead.id,
    type: 'status_changed',
    from,
    to,
    detail: `${c.purpose === 'deposit' ? 'Deposit' : 'Final payment'} failed${c.lastError ? `: ${c.lastError.slice(0, 200)}` : ''}`,
    by: c.by,
  });
}

/** What a failed payment was for, while it is still payable: who to tell, what to call it, where to pay it. */
interface FailedDocument {
  to: string | null;
  name: string | null;
  description: string;
  reference: string;
  /** Where the client pays it again (relative URL). */
  retryPath: string;
  leadId: string | null;
}

/** The owner's alert title for a failed payment of each purpose. */
const FAILED_EVENT: Record<PaymentPurpose, string> = {
  deposit: 'Deposit payment failed',
  final: 'Final payment failed',
  invoice: 'Invoice payment failed',
  order: 'Order payment failed',
  custom: 'Payment failed',
};

/** The document a failed payment was for, or null when it is no longer owed (paid, closed, expired) or unknown. */
function failedDocument(c: Parameters<typeof applyFailure>[2]): FailedDocument | null {
  if (c.order) {
    const order = c.order.doc;
    if (!(PAYABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) return null;
    return {
      to: str(order.clientInfo.email),
      name: str(order.clientInfo.name),
      description: order.packageName,
      reference: c.order.id,
      retryPath: '/cart',
      leadId: null,
    };
  }
  if (c.invoice) {
    const invoice = c.invoice.doc;
    if (invoice.status !== 'open') return null;
    return {
      to: str(invoice.email) ?? str(c.lead?.lead.email),
      name: str(invoice.clientName) ?? str(c.lead?.lead.name),
      description: invoice.description || 'Invoice',
      reference: invoice.number ?? c.paymentIntentId,
      retryPath: invoice.checkoutUrl ?? `/checkout?${new URLSearchParams({ invoiceId: c.invoice.id })}`,
      leadId: invoice.leadId ?? c.lead?.id ?? null,
    };
  }
  if (c.lead && (c.purpose === 'deposit' || c.purpose === 'final')) {
    const due = leadPaymentDue(c.lead.lead);
    if (!due.ok || due.purpose !== c.purpose) return null;
    const request = c.request?.doc.status === 'open' ? c.request.doc : null;
    return {
      to: str(c.lead.lead.email),
      name: str(c.lead.lead.name),
      description: request?.description || leadPaymentDescription(c.purpose, c.lead.lead),
      reference: request?.number ?? c.paymentIntentId,
      // The checkout its request and its emails link (domain leadCheckoutPath).
      retryPath: request?.checkoutUrl ?? leadCheckoutPath(c.lead.id, c.purpose, due.amountCents, c.lead.lead),
      leadId: c.lead.id,
    };
  }
  return null;
}

/** The client's email (payment-failed) and the owner's alert for a failed payment of `failed`. */
function notifyFailure(
  db: Firestore,
  tx: Transaction,
  c: Parameters<typeof applyFailure>[2],
  failed: FailedDocument,
): void {
  const amount = formatUsd(c.amountCents);
  const reason = c.lastError?.trim().slice(0, 200) || 'The payment was declined.';
  const paymentLink = `${config().siteUrl}${failed.retryPath}`;
  if (failed.to)
    enqueueEmail(db, tx, {
      to: failed.to,
      templateId: 'payment-failed',
      leadId: failed.leadId,
      orderId: c.order?.id ?? null,
      variables: {
        name: failed.name ?? 'there',
        amount,
        description: failed.description,
        invoiceNumber: failed.reference,
        reason,
        paymentLink,
      },
    });
  alertOwner(db, tx, {
    event: FAILED_EVENT[c.purpose],
    amountCents: c.amountCents,
    clientName: failed.name ?? failed.to,
    documentNumber: failed.reference,
    detail: `${failed.description}: ${reason} (${c.paymentIntentId}). ${
      failed.to
        ? `${failed.to} was emailed a link to try again: ${paymentLink}`
        : 'The client has no email address on file: send them the link to try again.'
    }`,
    leadId: failed.leadId,
    orderId: c.order?.id ?? null,
  });
}

interface PurposeContext {
  purpose: PaymentPurpose;
  paymentIntentId: string;
  amountCents: number;
  lead: ReadLead | null;
  project: ReadProject | null;
  invoice: StoredRead<InvoiceDoc> | null;
  order: StoredRead<OrderDoc> | null;
  /** The lead's payment request this payment pays (deposit or final), as read in the transaction. */
  request: StoredRead<PaymentRequestDoc> | null;
  promo: PromoSettlementReads | null;
  by: string;
}

/** The owner's alert title for a paid payment of each purpose. */
const PAID_EVENT: Record<PaymentPurpose, string> = {
  deposit: 'Deposit paid',
  final: 'Final payment received',
  invoice: 'Invoice paid',
  order: 'Order paid',
  custom: 'Payment received',
};

/** The business effects of a paid payment (domain paymentMoves decides the status moves); the owner is alerted. */
function applyPurpose(db: Firestore, tx: Transaction, c: PurposeContext): void {
  const now = FieldValue.serverTimestamp();
  const amount = formatUsd(c.amountCents);
  let receipt: { to: string | null; name: string; description: string } | null = null;

  if (c.order) {
    const order = c.order.doc;
    // The promo hold becomes a redemption (usedCount counts paid orders only). An expired order's intent
    // was cancelled, so it cannot be paid; should one be paid all the same, the client paid the
    // discounted price and it is redeemed, but the code may then pass its usage limit: logged.
    if (order.status === 'expired')
      logEvent(
        EVENTS.paymentExpiredOrderPaid,
        'payments: an expired order was paid; its promo code may be over its usage limit',
        {
          orderId: c.order.id,
          promoCode: order.promoCode,
        },
      );
    if (order.status !== 'paid') {
      settlePromoInTx(tx, c.promo, c.order.id, true);
      // The hosting it sold renews from now on (features/billing/subscriptions.ts).
      startSubscriptionInTx(db, tx, c.order.id, order, new Date());
    }
    void updateOrderDoc(
      c.order.ref,
      { status: 'paid', paidAt: now, paymentIntentId: c.paymentIntentId, updatedAt: now },
      tx,
    );
    receipt = { to: order.clientInfo.email, name: order.clientInfo.name, description: order.packageName };
  }
  if (c.invoice && c.invoice.doc.status !== 'paid') {
    updateInvoiceDoc(tx, c.invoice.ref, {
      status: 'paid',
      paidAt: now,
      paymentIntentId: c.paymentIntentId,
      updatedAt: now,
    });
  }
  if (c.lead) {
    const lead = c.lead;
    const update: Record<string, unknown> = {};
    const stored = lead.lead;
    const leadStatus = stored.status;
    const projectStatus = c.project ? c.project.project.status : null;
    const firstOfKind =
      (c.purpose === 'deposit' && !stored.stripeDepositPaymentId) ||
      (c.purpose === 'final' && !stored.stripeFinalPaymentId) ||
      c.purpose === 'invoice';
    if (c.purpose === 'deposit' && firstOfKind)
      Object.assign(update, { stripeDepositPaymentId: c.paymentIntentId, depositPaidAt: now });
    if (c.purpose === 'final' && firstOfKind)
      Object.assign(update, { stripeFinalPaymentId: c.paymentIntentId, finalPaidAt: now });
    // The stage's request is paid by the payment the lead now names, whose entry this transaction writes: settled
    // here, as an invoice is, so no reader (books:check, the Money page) sees the entry beside an open request.
    // The lead's trigger (paymentRequests.ts) applies the same rule later and then finds nothing to do.
    if (firstOfKind && c.purpose !== 'invoice' && c.amountCents > 0 && c.request?.doc.status === 'open')
      void updatePaymentRequestDoc(
        c.request.ref,
        { status: 'paid', paymentIntentId: c.paymentIntentId, paidAt: now, updatedAt: now },
        tx,
      );
    const moves = firstOfKind
      ? paymentMoves(c.purpose, leadStatus, projectStatus, stored.statusBeforePaymentFailed ?? null)
      : {};
    if (moves.lead && moves.lead !== leadStatus) {
      update.status = moves.lead;
      if (leadStatus === 'Payment Failed') update.statusBeforePaymentFailed = FieldValue.delete();
      recordActivity(db, tx, {
        leadId: lead.id,
        type: 'status_changed',
        from: leadStatus,
        to: moves.lead,
        detail: `${c.purpose === 'deposit' ? 'Deposit' : 'Final payment'} paid`,
        by: c.by,
      });
    }
    // A payment moves no project (Production is a manual stage, spec §4): the project only records the deposit.
    if (c.project && c.purpose === 'deposit')
      updateProjectIn(tx, c.project.ref, { depositPaidAt: now, updatedAt: now });
    if (Object.keys(update).length > 0) updateLeadIn(tx, lead.ref, { ...update, updatedAt: now });
    recordActivity(db, tx, {
      leadId: lead.id,
      type: 'payment_received',
      detail: `Payment received: ${amount} (${c.purpose})${firstOfKind ? '' : ', already paid before'}`,
      by: c.by,
    });
    if (!firstOfKind)
      logEvent(EVENTS.paymentSecondPayment, 'payments: a second payment for an already paid stage', {
        leadId: lead.id,
        purpose: c.purpose,
        paymentIntentId: c.paymentIntentId,
      });
    receipt = {
      to: str(stored.email),
      name: str(stored.name) ?? 'there',
      description: c.invoice
        ? c.invoice.doc.description
        : c.purpose === 'deposit'
          ? 'your project deposit'
          : 'your project',
    };
  }
  alertOwner(db, tx, {
    event: PAID_EVENT[c.purpose],
    amountCents: c.amountCents,
    clientName: receipt?.name && receipt.name !== 'there' ? receipt.name : (receipt?.to ?? null),
    documentNumber: str(c.invoice?.doc.number),
    detail: `${PAID_EVENT[c.purpose]}: ${amount} for ${receipt?.description ?? 'a payment link'} (${c.paymentIntentId}).`,
    leadId: c.lead?.id ?? null,
    orderId: c.order?.id ?? null,
  });
  if (receipt?.to) {
    enqueueEmail(db, tx, {
      to: receipt.to,
      templateId: 'payment-received',
      variables: {
        name: receipt.name,
        amount,
        description: receipt.description,
        reference: c.paymentIntentId,
        invoiceNumber: c.invoice?.doc.number ?? '',
      },
      leadId: c.lead?.id ?? null,
      orderId: c.order?.id ?? null,
      // The receipt PDF, rendered by the sender (features/documents/documents.ts).
      attachments: [{ kind: 'receipt', id: c.paymentIntentId }],
    });
  }
}

/** A synthetic `payment_intent.payment_failed` for a test-mode intent (the test panel's Decline), as Stripe would send it. */
export function testModeFailureEvent(payment: TestModePayment): PaymentEvent {
  const success = testModeSuccessEvent(payment);
  return {
    id: `evt_test_decline_${payment.id}_${randomUUID().slice(0, 8)}`,
    type: 'payment_intent.payment_failed',
    data: {
      object: {
        ...success.data.object,
        amount_received: 0,
        last_payment_error: { message: 'Your card was declined. (test mode)' },
      },
    },
  };
}

/** A stored payment (billingStore paymentsCol) with its id, the PaymentIntent's. */
export type TestModePayment = PaymentDoc & { id: string };

/** A synthetic `payment_intent.succeeded` for a test-mode intent, as Stripe would send it. */
export function testModeSuccessEvent(payment: TestModePayment): PaymentEvent {
  const meta: Record<string, string> = { purpose: String(payment.purpose) };
  for (const k of ['leadId', 'invoiceId', 'orderId'] as const) if (payment[k]) meta[k] = String(payment[k]);
  const amount = z.number().int().parse(payment.amountCents);
  return {
    id: `evt_test_${payment.id}`,
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: payment.id,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        currency: String(payment.currency ?? PAYMENT_CURRENCY),
        metadata: meta,
      },
    },
  };
}

/** Timestamp for a due date; DEFAULT days from now when none is given. */
export function dueTimestamp(due: Date | undefined, defaultDays: number, now = new Date()): Timestamp {
  return Timestamp.fromDate(due ?? new Date(now.getTime() + defaultDays * DAY_MS));
}
