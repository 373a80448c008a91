import { CHECKOUT_EXPIRED_MESSAGE } from '@studio/domain';
import { conflict, notFound } from '../../platform/errors.js';
import { fulfilEvent, testModeFailureEvent, testModeSuccessEvent } from '../billing/index.js';
import type { Deps } from '../useCase.js';
import { readPayment } from './invoiceStore.js';

const BY = 'client (test mode)';

async function paymentToComplete(deps: Deps, paymentIntentId: string) {
  const payment = await readPayment(deps.db, paymentIntentId);
  if (!payment) throw notFound('Payment not found');
  // Cancelled by the order expiry (features/billing/orderExpiry.ts), as Stripe refuses a cancelled intent.
  if (payment.status === 'canceled') throw conflict(CHECKOUT_EXPIRED_MESSAGE);
  return payment;
}

/**
 * The test provider's card-free completion, through the same fulfilment as a verified payment.
 * @throws NotFound "Payment not found"; Conflict CHECKOUT_EXPIRED_MESSAGE for a cancelled intent.
 */
export async function confirmTestPayment(deps: Deps, input: { paymentIntentId: string }): Promise<void> {
  await fulfilEvent(deps.db, testModeSuccessEvent(await paymentToComplete(deps, input.paymentIntentId)), BY);
}

/**
 * The test panel's Decline: a synthetic payment_intent.payment_failed (the
 * lead goes to "Payment Failed"). @throws NotFound; Conflict once the payment succeeded or was cancelled.
 */
export async function declineTestPayment(deps: Deps, input: { paymentIntentId: string }): Promise<void> {
  const payment = await paymentToComplete(deps, input.paymentIntentId);
  if (payment.status === 'succeeded') throw conflict('This payment has already succeeded');
  await fulfilEvent(deps.db, testModeFailureEvent(payment), BY);
}
