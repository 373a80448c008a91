import { randomUUID } from 'node:crypto';
import * as logger from 'firebase-functions/logger';
import {
  parseAmountToCents,
  PAYMENT_CURRENCY,
  refundAmount,
  REFUND_REFUSALS,
  type LedgerEntryDoc,
  type PaymentDoc,
  type RefundRequest,
} from '@studio/domain';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.js';
import { entriesOfPayment } from './ledger.js';
import { paymentRef, readDoc } from './billingStore.js';
import { paymentProvider } from '../../platform/stripe.js';
import type { AdminActor, Deps } from '../useCase.js';
import { readChargeState, recordChargeEventIn, type ChargeEvent } from './chargeEvents.js';
import { runNumbered } from './invoiceNumbers.js';
import { loadStudioSettings } from '../../shared/settings.js';

/** Spec-style failure when the provider refuses or is down. */
export const REFUND_FAILED = 'Refund Failed - The payment provider did not accept the refund. Please try again.';

/** 409 when the books' rules hold a test-mode refund (domain ledgerRules): nothing is recorded. */
export const REFUND_HELD = 'The refund breaks a rule of the books: it is held for review and nothing was recorded';

/**
 * What a payment paid, what its refunds add up to so far and what they may add up to at most (cents), from its
 * entries (its record's amount before it has one): what it paid less what lost disputes took back, since refunds
 * and lost disputes never pass the payment (domain ledgerRules `refund-exceeds-payment`). A refund past that is
 * refused as any refund past what is left, never sent to the rules to be held.
 */
function refundPosition(
  entries: readonly LedgerEntryDoc[],
  payment: PaymentDoc,
): { paid: number; refunded: number; refundable: number } {
  const sum = (type: string) => entries.filter((e) => e.type === type).reduce((s, e) => s + e.amountCents, 0);
  const paid = sum('payment') || Number(payment.amountReceivedCents ?? payment.amountCents ?? 0);
  return { paid, refunded: sum('refund'), refundable: Math.max(0, paid - sum('dispute_lost')) };
}

/**
 * The owner refunds a succeeded payment, in full or in part (domain
 * refundAmount: at most what is left to refund, what it paid less its
 * refunds and lost disputes: refundPosition). Live mode asks Stripe
 * (`refunds.create` with an Idempotency-Key; Stripe refuses a refund above
 * what its charge has left), and Stripe's `charge.refunded` event records it,
 * as for a refund made in Stripe's dashboard. Test mode records it at once
 * through the event Stripe would send, built and recorded in one transaction
 * from the payment's entries read in it (recordTestRefund), so refunds sent
 * together never pass the payment and `recorded: true` is always true.
 * @returns the amount (cents) and whether it is already recorded (test mode) or awaits Stripe's event.
 * @throws NotFound "Payment not found"; Invalid for a malformed amount; Conflict a REFUND_REFUSALS message;
 *   Upstream REFUND_FAILED.
 */
export async function refundPayment(
  deps: Deps,
  input: { paymentIntentId: string; request: RefundRequest },
  actor: AdminActor,
): Promise<{ amountCents: number; recorded: boolean }> {
  const { db } = deps;
  const stored = await readDoc(paymentRef(db, input.paymentIntentId));
  if (!stored) throw notFound('Payment not found');
  const payment = { ...stored, id: input.paymentIntentId };
  if (payment.status !== 'succeeded') throw conflict(REFUND_REFUSALS.notPaid);
  const asked = input.request.amount === undefined ? null : parseAmountToCents(input.request.amount);
  if (input.request.amount !== undefined && asked === null)
    throw invalid('Validation failed', { amount: 'Enter an amount with at most 2 decimals' });
  // A first answer outside any transaction: a refund the ledger already leaves no room for is refused at once.
  const { refunded, refundable } = refundPosition(await entriesOfPayment(db, payment.id), payment);
  const amount = refundAmount(refundable, refunded, asked);
  if (!amount.ok) throw conflict(amount.message);

  const provider = await paymentProvider();
  // One key per refunded total: a doubled click asks once; a second, later refund is a new one.
  const idempotencyKey = `studio-refund-${payment.id}-${refunded}-${amount.cents}`;
  let refundId: string | null;
  try {
    refundId = await provider.refundPayment({ paymentIntentId: payment.id, amountCents: amount.cents, idempotencyKey });
  } catch (e) {
    logger.error('billing: refund refused by the provider', {
      paymentIntentId: payment.id,
      error: e instanceof Error ? e.message : String(e),
    });
    throw new AppError('Upstream', REFUND_FAILED);
  }
  if (refundId) return { amountCents: amount.cents, recorded: false };
  const cents = await recordTestRefund(deps, {
    paymentIntentId: payment.id,
    askedCents: asked,
    reason: input.request.reason ?? null,
    by: actor.username,
  });
  return { amountCents: cents, recorded: true };
}

/**
 * Test mode: the `charge.refunded` event Stripe would send for a refund of
 * `askedCents` (null: all that is left), built and recorded in one
 * transaction (runNumbered, the credit note's series): the payment and its
 * entries are read in it, the amount is decided from them (refundAmount) and
 * the event's cumulative `amount_refunded` is theirs plus this refund. A
 * concurrent refund that commits first makes this one read again, so the
 * refunds never pass the payment. @returns the cents recorded.
 * @throws Conflict a REFUND_REFUSALS message when the payment is no longer succeeded or the refund passes what is
 *   left (nothing written); REFUND_HELD when the books' rules hold the event (only the held event is written).
 */
async function recordTestRefund(
  deps: Deps,
  r: { paymentIntentId: string; askedCents: number | null; reason: string | null; by: string },
): Promise<number> {
  const { db } = deps;
  const studioName = (await loadStudioSettings(db)).businessName;
  const eventId = `evt_test_refund_${r.paymentIntentId}_${randomUUID().slice(0, 8)}`;
  const refundId = `re_test_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  const done = await runNumbered(
    db,
    new Date(),
    async (tx, take) => {
      const state = await readChargeState(db, tx, r.paymentIntentId);
      if (!state.payment || state.payment.doc.status !== 'succeeded') throw conflict(REFUND_REFUSALS.notPaid);
      const { paid, refunded, refundable } = refundPosition(state.entries, state.payment.doc);
      const amount = refundAmount(refundable, refunded, r.askedCents);
      if (!amount.ok) throw conflict(amount.message);
      const event: ChargeEvent = {
        id: eventId,
        type: 'charge.refunded',
        data: {
          object: {
            id: refundId,
            payment_intent: r.paymentIntentId,
            amount: paid,
            amount_refunded: refunded + amount.cents,
            currency:
              state.entries.find((e) => e.type === 'payment')?.currency ??
              state.payment.doc.currency ??
              PAYMENT_CURRENCY,
            reason: r.reason,
          },
        },
      };
      return {
        cents: amount.cents,
        outcome: await recordChargeEventIn(db, tx, take, event, state, { by: r.by, studioName }),
      };
    },
    'creditNote',
  );
  // Only 'applied' wrote the refund: a held event is committed as held (the owner is alerted), and never called recorded.
  if (done.outcome !== 'applied') throw conflict(REFUND_HELD);
  return done.cents;
}
