/**
 * Refunds and disputes, from Stripe's events (`charge.refunded`,
 * `charge.dispute.created`, `charge.dispute.closed`), into the ledger
 * (domain billing.ts). A refund made from the CRM takes the same path: the
 * CRM asks Stripe (or, in test mode, builds the event Stripe would send) and
 * the event records it, exactly as a refund started in Stripe's dashboard.
 *
 * Exactly once: the event id is recorded in `stripe_events` in the same
 * transaction as its entries, and entry ids derive from the event id. A
 * refund event carries the charge's cumulative `amount_refunded`, so what is
 * recorded is the part not yet in the ledger: a redelivered or older event
 * records nothing more.
 *
 * Never an impossible entry: the payment's entries are read in the same
 * transaction and the event is planned by the books' rules (domain
 * ledgerRules planChargeEvent). A refund above what the payment paid, an
 * event in another currency than the payment's, a dispute above what it
 * kept, or a dispute closed before it was opened is held for review (the
 * `stripe_events` outcome `review`, the payment's `reviewReason`, an ERROR
 * log, the owner's alert) and writes no entry; a dispute state already
 * applied under another event id writes nothing (`duplicate`).
 *
 * Effects, per event:
 * - refund: a `refund` entry and a `credit_note` of the same amount numbered
 *   CN-YYYY-NNNN (its own gap-free series, taken in the same transaction);
 *   the payment's `amountRefundedCents`;
 * - dispute opened / won: a `dispute_opened` / `dispute_won` entry, the
 *   payment's `disputeStatus`;
 * - dispute lost: a `dispute_lost` entry and a `write_off` of the same amount.
 * Each is written in the lead's history and emailed to the owner (outbox,
 * template money-alert); a refund's credit note is emailed to the client with
 * its PDF.
 */
import { FieldValue, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { EVENTS, logEvent } from '../../platform/log.js';
import { z } from 'zod';
import {
  COLLECTIONS,
  formatUsd,
  ledgerActivityLine,
  ledgerSums,
  PAYMENT_PURPOSES,
  planChargeEvent,
  retentionEnd,
  type ChargeFacts,
  type LedgerFacts,
  type LedgerRule,
  type PaymentDoc,
  type PlannedChargeEntry,
} from '@studio/domain';
import {
  createStripeEvent,
  paymentRef as paymentDocRef,
  readBillableIn,
  readStored,
  stripeEventRef,
  updatePaymentIn,
  type StoredRead,
} from './billingStore.js';
import { readLeadIn, type ReadLead } from '../leads/index.js';
import { recordActivity } from '../../shared/activity.js';
import { runNumbered, type TakeNumber } from './invoiceNumbers.js';
import { documentOfPayment, entriesOfPayment, recordLedgerEntry, type NewLedgerEntry } from './ledger.js';
import { enqueueEmail } from '../../shared/outbox.js';
import { alertOwner } from '../../shared/ownerAlerts.js';
import { loadStudioSettings } from '../../shared/settings.js';
import { STRIPE_CHARGE_EVENT_TYPES } from '../../platform/vendors.js';

/** The event types handled here. */
export const CHARGE_EVENT_TYPES = STRIPE_CHARGE_EVENT_TYPES;

/** True for an event this module handles. */
export const isChargeEvent = (type: string): boolean => (CHARGE_EVENT_TYPES as readonly string[]).includes(type);

/**
 * The part of a verified charge or dispute event read here: a Charge
 * (`charge.refunded`) or a Dispute (`charge.dispute.*`), both naming their
 * PaymentIntent. Unknown fields pass unread.
 */
export const chargeEventSchema = z.object({
  id: z.string().min(1),
  type: z.enum(CHARGE_EVENT_TYPES),
  data: z.object({
    object: z.object({
      id: z.string().min(1),
      payment_intent: z.string().min(1),
      /** Charge: its amount; Dispute: the disputed amount. Cents. */
      amount: z.number().int().nonnegative(),
      /** Charge only: everything refunded so far, cents. */
      amount_refunded: z.number().int().nonnegative().optional(),
      currency: z.string().min(1),
      /** Dispute only: won, lost, needs_response... */
      status: z.string().optional(),
      reason: z.string().nullish(),
    }),
  }),
});
export type ChargeEvent = z.infer<typeof chargeEventSchema>;

export type ChargeOutcome = 'applied' | 'duplicate' | 'review';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The charge event as the ledger's rules read it (domain planChargeEvent). */
function chargeFacts(event: ChargeEvent): ChargeFacts {
  const obj = event.data.object;
  if (event.type === 'charge.refunded')
    return { kind: 'refund', amountRefundedCents: obj.amount_refunded ?? 0, currency: obj.currency };
  return {
    kind: event.type === 'charge.dispute.created' ? 'dispute_created' : 'dispute_closed',
    disputeId: obj.id,
    amountCents: obj.amount,
    currency: obj.currency,
    status: obj.status,
  };
}

const EVENT_TITLES: Record<ChargeEvent['type'], string> = {
  'charge.refunded': 'Refund',
  'charge.dispute.created': 'Dispute opened',
  'charge.dispute.closed': 'Dispute closed',
};

/**
 * What a charge event on payment `paymentIntentId` reads, in `tx` (all reads
 * before any write): the payment, its ledger entries, the document it paid
 * and its lead.
 */
export async function readChargeState(db: Firestore, tx: Transaction, paymentIntentId: string) {
  const [payment, entries] = await Promise.all([
    readStored(paymentDocRef(db, paymentIntentId), tx),
    entriesOfPayment(db, paymentIntentId, tx),
  ]);
  const purpose = (PAYMENT_PURPOSES as readonly string[]).includes(payment?.doc.purpose ?? '')
    ? payment!.doc.purpose
    : 'custom';
  const fields = {
    purpose,
    leadId: str(payment?.doc.leadId),
    invoiceId: str(payment?.doc.invoiceId),
    orderId: str(payment?.doc.orderId),
  };
  const billable = payment ? documentOfPayment(fields) : null;
  const [doc, lead] = await Promise.all([
    billable ? readBillableIn(tx, db, billable) : null,
    fields.leadId ? readLeadIn(tx, db, fields.leadId) : null,
  ]);
  return { paymentIntentId, payment, entries, fields, billable, doc, lead };
}
export type ChargeState = Awaited<ReturnType<typeof readChargeState>>;

/** What exists beside the payment's entries, as `s` read it (domain LedgerFacts). */
function factsOf(s: ChargeState): LedgerFacts {
  return {
    document: (kind, id) =>
      s.billable && s.doc && s.billable.kind === kind && s.billable.id === id ? { currency: s.doc.currency } : null,
    leadExists: (id) => s.lead?.id === id,
    payment: (pi) => (pi === s.paymentIntentId && s.payment ? { currency: str(s.payment.doc.currency) } : null),
  };
}

/**
 * Records a verified charge event exactly once (see the file comment).
 * `by` is who started it ("stripe", or the admin for a CRM refund).
 * @returns 'duplicate' for an event already recorded, or a dispute state
 *   already applied under another event id (nothing written but the event);
 *   'review' when it names no succeeded payment of ours or breaks a rule of
 *   the books (domain ledgerRules: held, logged at ERROR, the owner alerted).
 */
export async function applyChargeEvent(db: Firestore, event: ChargeEvent, by = 'stripe'): Promise<ChargeOutcome> {
  const eventRef = stripeEventRef(db, event.id);
  const studioName = (await loadStudioSettings(db)).businessName;
  return runNumbered(
    db,
    new Date(),
    async (tx, take) => {
      if ((await tx.get(eventRef)).exists) return 'duplicate';
      const state = await readChargeState(db, tx, event.data.object.payment_intent);
      return recordChargeEventIn(db, tx, take, event, state, { by, studioName });
    },
    'creditNote',
  );
}

/**
 * Records charge `event` in `tx` from `state` (readChargeState, read in the
 * same transaction; `take` numbers its credit note), as applyChargeEvent
 * describes. Writes only: every read is done.
 */
export async function recordChargeEventIn(
  db: Firestore,
  tx: Transaction,
  take: TakeNumber,
  event: ChargeEvent,
  state: ChargeState,
  c: { by: string; studioName: string },
): Promise<ChargeOutcome> {
  const obj = event.data.object;
  const eventRef = stripeEventRef(db, event.id);
  const now = new Date();
  const record = (outcome: ChargeOutcome, review?: string) =>
    createStripeEvent(tx, eventRef, {
      type: event.type,
      objectId: obj.id,
      outcome,
      ...(review ? { review } : {}),
      receivedAt: FieldValue.serverTimestamp(),
      expireAt: retentionEnd(COLLECTIONS.stripeEvents, now),
    });
  const { payment, entries, billable, doc, lead, fields } = state;
  if (payment?.doc.status !== 'succeeded') {
    logEvent(
      EVENTS.paymentHeldForReview,
      'billing: a charge event names no succeeded payment of ours; held for review',
      {
        eventId: event.id,
        type: event.type,
        paymentIntentId: obj.payment_intent,
      },
    );
    record('review', `No succeeded payment ${obj.payment_intent}`);
    return 'review';
  }
  const plan = planChargeEvent(chargeFacts(event), entries, factsOf(state), {
    eventId: event.id,
    paymentIntentId: obj.payment_intent,
    documentKind: billable?.kind ?? null,
    documentId: billable?.id ?? null,
    reference: obj.id,
    at: now,
  });
  if (plan.outcome === 'duplicate') {
    record('duplicate');
    return 'duplicate';
  }
  const paymentEntry = entries.find((e) => e.type === 'payment');
  const customerEmail = str(lead?.lead.email) ?? doc?.email ?? paymentEntry?.customerEmail ?? null;
  const customerName = str(lead?.lead.name) ?? doc?.name ?? null;
  const documentNumber = doc?.number ?? paymentEntry?.documentNumber ?? null;
  if (plan.outcome === 'review') {
    holdChargeEvent(db, tx, {
      event,
      rule: plan.rule,
      text: plan.text,
      payment,
      lead,
      customerName,
      customerEmail,
      documentNumber,
    });
    record('review', plan.text);
    return 'review';
  }
  const planned = plan.entries;
  const refundedSoFar = ledgerSums(entries).refund ?? 0;
  const creditNote = planned.some((p) => p.type === 'credit_note') ? await take() : null;
  const base: Omit<NewLedgerEntry, 'type' | 'amountCents'> = {
    currency: obj.currency,
    document: billable,
    documentNumber,
    leadId: fields.leadId,
    customerEmail,
    customerName,
    paymentIntentId: obj.payment_intent,
    reference: obj.id,
    stripeEventId: event.id,
    reason: obj.reason ?? null,
    by: c.by,
    // Read above in this transaction: the sums are kept on what exists.
    keep: { document: doc !== null, paymentEntry: paymentEntry !== undefined },
  };
  for (const p of planned)
    recordLedgerEntry(db, tx, `${event.id}-${p.suffix}`, {
      ...base,
      type: p.type,
      amountCents: p.amountCents,
      number: p.type === 'credit_note' ? creditNote : null,
    });
  updatePayment(tx, payment.ref, event, refundedSoFar, planned);
  record('applied');
  if (planned.length > 0)
    tellEveryone(db, tx, { event, planned, base, lead, creditNote, creditNoteId: event.id, studioName: c.studioName });
  return 'applied';
}

/**
 * A charge event that breaks a rule of the books is held, never applied: no
 * entry, no credit note. The payment keeps its status (its money did arrive)
 * and says why in `reviewReason`; the lead's history, an ERROR log and the
 * owner's money alert tell a person to look at it in Stripe.
 */
function holdChargeEvent(
  db: Firestore,
  tx: Transaction,
  h: {
    event: ChargeEvent;
    rule: LedgerRule;
    text: string;
    payment: StoredRead<PaymentDoc>;
    lead: ReadLead | null;
    customerName: string | null;
    customerEmail: string | null;
    documentNumber: string | null;
  },
): void {
  const obj = h.event.data.object;
  logEvent(EVENTS.paymentHeldForReview, 'billing: a charge event breaks a rule of the books; held for review', {
    eventId: h.event.id,
    type: h.event.type,
    paymentIntentId: obj.payment_intent,
    rule: h.rule,
    review: h.text,
  });
  updatePaymentIn(tx, h.payment.ref, { reviewReason: h.text, updatedAt: FieldValue.serverTimestamp() });
  const title = `${EVENT_TITLES[h.event.type]} held for review`;
  if (h.lead)
    recordActivity(db, tx, {
      leadId: h.lead.id,
      type: 'payment_review',
      detail: `${title}: ${h.text.slice(0, 300)}`,
      by: 'stripe',
    });
  alertOwner(db, tx, {
    event: title,
    amountCents: h.event.type === 'charge.refunded' ? (obj.amount_refunded ?? 0) : obj.amount,
    clientName: h.customerName ?? h.customerEmail,
    documentNumber: h.documentNumber,
    detail: `${title} (${h.event.id}, payment ${obj.payment_intent}): ${h.text}. Nothing was recorded; check it in Stripe.`,
    leadId: h.lead?.id ?? null,
    orderId: h.payment.doc.orderId ?? null,
  });
}

/** The payment's refund total and dispute state. */
function updatePayment(
  tx: Transaction,
  paymentRef: DocumentReference,
  event: ChargeEvent,
  refundedSoFar: number,
  planned: readonly PlannedChargeEntry[],
): void {
  const at = FieldValue.serverTimestamp();
  if (event.type === 'charge.refunded') {
    const refunded = refundedSoFar + planned.filter((p) => p.type === 'refund').reduce((s, p) => s + p.amountCents, 0);
    updatePaymentIn(tx, paymentRef, { amountRefundedCents: refunded, updatedAt: at });
  } else {
    const status = event.type === 'charge.dispute.created' ? 'open' : (event.data.object.status ?? 'closed');
    updatePaymentIn(tx, paymentRef, { disputeStatus: status, disputeId: event.data.object.id, updatedAt: at });
  }
}

/** The lead's history, the owner's alert and, for a refund, the client's credit note. */
function tellEveryone(
  db: Firestore,
  tx: Transaction,
  c: {
    event: ChargeEvent;
    planned: readonly PlannedChargeEntry[];
    base: Omit<NewLedgerEntry, 'type' | 'amountCents'>;
    lead: ReadLead | null;
    creditNote: string | null;
    creditNoteId: string;
    studioName: string;
  },
): void {
  const main = c.planned[0]!;
  const line = ledgerActivityLine({
    type: main.type,
    amountCents: main.amountCents,
    documentNumber: c.base.documentNumber,
    creditNoteNumber: c.creditNote,
  });
  if (c.lead)
    recordActivity(db, tx, {
      leadId: c.lead.id,
      type: c.event.type === 'charge.refunded' ? 'refund' : 'dispute',
      detail: c.base.reason ? `${line}: ${c.base.reason.slice(0, 200)}` : line,
      by: c.base.by,
    });
  alertOwner(db, tx, {
    event: c.event.type === 'charge.dispute.closed' ? line.split(' of ')[0]! : EVENT_TITLES[c.event.type],
    amountCents: main.amountCents,
    clientName: c.base.customerName ?? c.base.customerEmail,
    documentNumber: [c.base.documentNumber, c.creditNote].filter(Boolean).join(' / ') || null,
    detail: line,
    leadId: c.lead?.id ?? null,
    orderId: c.base.document?.kind === 'order' ? c.base.document.id : null,
  });
  if (c.creditNote && c.base.customerEmail)
    enqueueEmail(db, tx, {
      to: c.base.customerEmail,
      templateId: 'credit-note',
      leadId: c.lead?.id ?? null,
      variables: {
        name: c.base.customerName ?? 'there',
        amount: formatUsd(main.amountCents),
        creditNoteNumber: c.creditNote,
        invoiceNumber: c.base.documentNumber ?? 'your payment',
        studioName: c.studioName,
      },
      attachments: [{ kind: 'credit-note', id: `${c.creditNoteId}-credit-note` }],
    });
}
