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
  retentionEnd,
  type LedgerEntryType,
} from '@studio/domain';
import {
  createStripeEvent,
  paymentRef as paymentDocRef,
  readBillableIn,
  readStored,
  stripeEventRef,
  updatePaymentIn,
} from './billingStore.js';
import { readLeadIn, type ReadLead } from '../leads/index.js';
import { recordActivity } from '../../shared/activity.js';
import { runNumbered } from './invoiceNumbers.js';
import { documentOfPayment, entriesOfPayment, recordLedgerEntry, type NewLedgerEntry } from './ledger.js';
import { enqueueEmail } from '../../shared/outbox.js';
import { alertOwner } from '../../shared/ownerAlerts.js';
import { loadStudioSettings } from '../../shared/settings.js';

/** The event types handled here. */
export const CHARGE_EVENT_TYPES = ['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed'] as const;

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

/** The new entries an event makes, before numbering. */
function plannedEntries(
  event: ChargeEvent,
  refundedSoFar: number,
): Array<{ type: LedgerEntryType; amountCents: number; suffix: string }> {
  const obj = event.data.object;
  if (event.type === 'charge.refunded') {
    const delta = (obj.amount_refunded ?? 0) - refundedSoFar;
    return delta > 0
      ? [
          { type: 'refund', amountCents: delta, suffix: 'refund' },
          { type: 'credit_note', amountCents: delta, suffix: 'credit-note' },
        ]
      : [];
  }
  if (event.type === 'charge.dispute.created')
    return [{ type: 'dispute_opened', amountCents: obj.amount, suffix: 'dispute-opened' }];
  if (obj.status === 'won') return [{ type: 'dispute_won', amountCents: obj.amount, suffix: 'dispute-won' }];
  if (obj.status === 'lost')
    return [
      { type: 'dispute_lost', amountCents: obj.amount, suffix: 'dispute-lost' },
      { type: 'write_off', amountCents: obj.amount, suffix: 'write-off' },
    ];
  return [];
}

const EVENT_TITLES: Record<ChargeEvent['type'], string> = {
  'charge.refunded': 'Refund',
  'charge.dispute.created': 'Dispute opened',
  'charge.dispute.closed': 'Dispute closed',
};

/**
 * Records a verified charge event exactly once (see the file comment).
 * `by` is who started it ("stripe", or the admin for a CRM refund).
 * @returns 'duplicate' for an event already recorded; 'review' when it names
 *   no succeeded payment of ours (logged at ERROR, nothing else written).
 */
export async function applyChargeEvent(db: Firestore, event: ChargeEvent, by = 'stripe'): Promise<ChargeOutcome> {
  const obj = event.data.object;
  const eventRef = stripeEventRef(db, event.id);
  const now = new Date();
  const studioName = (await loadStudioSettings(db)).businessName;
  return runNumbered(
    db,
    now,
    async (tx, take) => {
      if ((await tx.get(eventRef)).exists) return 'duplicate';
      const [payment, entries] = await Promise.all([
        readStored(paymentDocRef(db, obj.payment_intent), tx),
        entriesOfPayment(db, obj.payment_intent, tx),
      ]);
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
        createStripeEvent(tx, eventRef, {
          type: event.type,
          objectId: obj.id,
          outcome: 'review',
          review: `No succeeded payment ${obj.payment_intent}`,
          receivedAt: FieldValue.serverTimestamp(),
          expireAt: retentionEnd(COLLECTIONS.stripeEvents, now),
        });
        return 'review';
      }
      const paymentRef = payment.ref;
      const purpose = (PAYMENT_PURPOSES as readonly string[]).includes(payment.doc.purpose)
        ? payment.doc.purpose
        : 'custom';
      const fields = {
        purpose,
        leadId: str(payment.doc.leadId),
        invoiceId: str(payment.doc.invoiceId),
        orderId: str(payment.doc.orderId),
      };
      const billable = documentOfPayment(fields);
      const [doc, lead] = await Promise.all([
        billable ? readBillableIn(tx, db, billable) : null,
        fields.leadId ? readLeadIn(tx, db, fields.leadId) : null,
      ]);
      const refundedSoFar = ledgerSums(entries).refund ?? 0;
      const planned = plannedEntries(event, refundedSoFar);
      const creditNote = planned.some((p) => p.type === 'credit_note') ? await take() : null;

      const paymentEntry = entries.find((e) => e.type === 'payment');
      const base: Omit<NewLedgerEntry, 'type' | 'amountCents'> = {
        currency: obj.currency,
        document: billable,
        documentNumber: doc?.number ?? paymentEntry?.documentNumber ?? null,
        leadId: fields.leadId,
        customerEmail: str(lead?.lead.email) ?? doc?.email ?? paymentEntry?.customerEmail ?? null,
        customerName: str(lead?.lead.name) ?? doc?.name ?? null,
        paymentIntentId: obj.payment_intent,
        reference: obj.id,
        stripeEventId: event.id,
        reason: obj.reason ?? null,
        by,
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
      updatePayment(tx, paymentRef, event, refundedSoFar, planned);
      createStripeEvent(tx, eventRef, {
        type: event.type,
        objectId: obj.id,
        outcome: 'applied',
        receivedAt: FieldValue.serverTimestamp(),
        expireAt: retentionEnd(COLLECTIONS.stripeEvents, now),
      });
      if (planned.length > 0)
        tellEveryone(db, tx, { event, planned, base, lead, creditNote, creditNoteId: event.id, studioName });
      return 'applied';
    },
    'creditNote',
  );
}

/** The payment's refund total and dispute state. */
function updatePayment(
  tx: Transaction,
  paymentRef: DocumentReference,
  event: ChargeEvent,
  refundedSoFar: number,
  planned: ReturnType<typeof plannedEntries>,
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
    planned: ReturnType<typeof plannedEntries>;
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
