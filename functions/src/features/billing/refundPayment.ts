import { randomUUID } from 'node:crypto';
import * as logger from 'firebase-functions/logger';
import { parseAmountToCents, refundAmount, type RefundRequest } from '@studio/domain';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.js';
import { entriesOfPayment } from './ledger.js';
import { paymentsCol, readDoc } from './billingStore.js';
import { paymentProvider } from '../../platform/stripe.js';
import type { AdminActor, Deps } from '../useCase.js';
import { applyChargeEvent, type ChargeEvent } from './chargeEvents.js';

/** Spec-style failure when the provider refuses or is down. */
export const REFUND_FAILED = 'Refund Failed - The payment provider did not accept the refund. Please try again.';

/**
 * The owner refunds a succeeded payment, in full or in part (domain
 * refundAmount: at most what is left to refund). Live mode asks Stripe
 * (`refunds.create` with an Idempotency-Key), and Stripe's `charge.refunded`
 * event records it, as for a refund made in Stripe's dashboard. Test mode
 * records it at once through the event Stripe would send.
 * @returns the amount asked (cents) and whether it is already recorded (test mode) or awaits Stripe's event.
 * @throws NotFound "Payment not found"; Invalid for a malformed amount; Conflict a REFUND_REFUSALS message;
 *   Upstream REFUND_FAILED.
 */
export async function refundPayment(
  deps: Deps,
  input: { paymentIntentId: string; request: RefundRequest },
  actor: AdminActor,
): Promise<{ amountCents: number; recorded: boolean }> {
  const { db } = deps;
  const stored = await readDoc(paymentsCol(db).doc(input.paymentIntentId));
  if (!stored) throw notFound('Payment not found');
  const payment = { ...stored, id: input.paymentIntentId };
  if (payment.status !== 'succeeded') throw conflict('Only a succeeded payment can be refunded');
  const asked = input.request.amount === undefined ? null : parseAmountToCents(input.request.amount);
  if (input.request.amount !== undefined && asked === null)
    throw invalid('Validation failed', { amount: 'Enter an amount with at most 2 decimals' });
  const entries = await entriesOfPayment(db, payment.id);
  const sum = (type: string) => entries.filter((e) => e.type === type).reduce((s, e) => s + e.amountCents, 0);
  const paid = sum('payment') || Number(payment.amountReceivedCents ?? payment.amountCents ?? 0);
  const refunded = sum('refund');
  const amount = refundAmount(paid, refunded, asked);
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
  // Test mode: the event Stripe would send, with the charge's new cumulative refund.
  const event: ChargeEvent = {
    id: `evt_test_refund_${payment.id}_${randomUUID().slice(0, 8)}`,
    type: 'charge.refunded',
    data: {
      object: {
        id: `re_test_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
        payment_intent: payment.id,
        amount: paid,
        amount_refunded: refunded + amount.cents,
        currency: String(payment.currency ?? 'usd'),
        reason: input.request.reason ?? null,
      },
    },
  };
  await applyChargeEvent(db, event, actor.username);
  return { amountCents: amount.cents, recorded: true };
}
