import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { SUBSCRIPTION_REFUSALS, type SubscriptionDoc } from '@studio/domain';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { fulfilEvent } from './payments.js';
import { paymentMode, stripeClient } from '../../platform/stripe.js';
import { readStored, subscriptionRef, updateSubscriptionIn } from './billingStore.js';
import { alertOwner } from '../../shared/ownerAlerts.js';
import type { AdminActor, Deps } from '../useCase.js';

/** Spec-style failure when Stripe refuses or is down. */
export const SUBSCRIPTION_UPDATE_FAILED =
  'Update Failed - The payment provider did not accept the change. Please try again.';

async function readSubscription(deps: Deps, id: string) {
  const read = await readStored(subscriptionRef(deps.db, id));
  if (!read) throw notFound('Subscription not found');
  return { snap: read, sub: read.doc };
}

/**
 * Cancel at period end, from the CRM or by the client in the portal: live
 * mode asks Stripe (`subscriptions.update` with `cancel_at_period_end`; its
 * `customer.subscription.deleted` ends it at the period's end), test mode
 * records the wish (the test clock's Renew now then ends it). `requestedBy`
 * is the admin's username or the client's address; with `alertOwner` the
 * owner's money alert is written in the same transaction as the change.
 * @throws NotFound; Conflict a SUBSCRIPTION_REFUSALS message; Upstream SUBSCRIPTION_UPDATE_FAILED.
 */
export async function cancelAtPeriodEnd(
  deps: Deps,
  input: { id: string },
  actor: Pick<AdminActor, 'username'>,
  opts: { alertOwner?: boolean } = {},
): Promise<SubscriptionDoc> {
  const { snap, sub } = await readSubscription(deps, input.id);
  if (sub.status === 'canceled') throw conflict(SUBSCRIPTION_REFUSALS.canceled);
  if (sub.cancelAtPeriodEnd) throw conflict(SUBSCRIPTION_REFUSALS.alreadyCanceling);
  if (sub.mode === 'live' && sub.stripeSubscriptionId) {
    const stripe = await stripeClient();
    try {
      await stripe?.subscriptions.update(
        sub.stripeSubscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey: `studio-cancel-at-period-end-${sub.stripeSubscriptionId}` },
      );
    } catch (e) {
      logger.error('billing: Stripe refused cancel at period end', {
        subscriptionId: snap.id,
        error: e instanceof Error ? e.message : String(e),
      });
      throw new AppError('Upstream', SUBSCRIPTION_UPDATE_FAILED);
    }
  }
  // The change and the owner's alert together: neither is stored without the other.
  await deps.db.runTransaction(async (tx) => {
    updateSubscriptionIn(tx, snap.ref, {
      cancelAtPeriodEnd: true,
      cancelRequestedBy: actor.username,
      updatedAt: FieldValue.serverTimestamp(),
    });
    if (opts.alertOwner)
      alertOwner(deps.db, tx, {
        event: 'Subscription canceling',
        amountCents: sub.amountCents,
        clientName: sub.customerName ?? sub.customerEmail,
        documentNumber: null,
        detail: `${sub.packageName}: the client asked in the portal to end it at the end of its period (${sub.interval}ly, ${sub.customerEmail}).`,
        leadId: null,
        orderId: sub.orderId,
      });
  });
  return { ...sub, cancelAtPeriodEnd: true };
}

/**
 * A Stripe customer portal session for a live subscription, returning to
 * `returnUrl`: the client manages the payment method, sees Stripe's invoices
 * and may cancel there (`customer.subscription.deleted` then ends it here).
 * @throws NotFound outside live mode or for a subscription Stripe does not know; Upstream SUBSCRIPTION_UPDATE_FAILED.
 */
export async function customerPortalUrl(sub: SubscriptionDoc, returnUrl: string): Promise<string> {
  const stripe = sub.mode === 'live' && sub.stripeSubscriptionId ? await stripeClient() : null;
  if (!stripe || !sub.stripeSubscriptionId) throw notFound('Not found');
  try {
    const remote = await stripe.subscriptions.retrieve(sub.stripeSubscriptionId);
    const customer = typeof remote.customer === 'string' ? remote.customer : remote.customer.id;
    const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
    return session.url;
  } catch (e) {
    logger.error('billing: Stripe refused a customer portal session', {
      stripeSubscriptionId: sub.stripeSubscriptionId,
      error: e instanceof Error ? e.message : String(e),
    });
    throw new AppError('Upstream', SUBSCRIPTION_UPDATE_FAILED);
  }
}

/**
 * Test mode's stand-in for Stripe's clock: the period ends now. A
 * subscription set to cancel at period end is deleted; any other is renewed
 * (`invoice.paid`), or its renewal fails (`fail`: `invoice.payment_failed`).
 * Through the same fulfilment as Stripe's events.
 * @throws NotFound outside test mode or for an unknown id; Conflict for a canceled subscription.
 */
export async function advanceTestSubscription(
  deps: Deps,
  input: { id: string; fail: boolean },
  actor: AdminActor,
): Promise<'renewed' | 'failed' | 'canceled'> {
  if (paymentMode() !== 'test') throw notFound('Not found');
  const { snap, sub } = await readSubscription(deps, input.id);
  if (sub.status === 'canceled') throw conflict(SUBSCRIPTION_REFUSALS.canceled);
  const nonce = randomUUID().replaceAll('-', '').slice(0, 16);
  const metadata = { purpose: 'order', orderId: snap.id };
  if (sub.cancelAtPeriodEnd) {
    await fulfilEvent(
      deps.db,
      {
        id: `evt_test_sub_deleted_${nonce}`,
        type: 'customer.subscription.deleted',
        data: { object: { id: sub.stripeSubscriptionId ?? `sub_test_${snap.id}`, metadata } },
      },
      actor.username,
    );
    return 'canceled';
  }
  await fulfilEvent(
    deps.db,
    {
      id: `evt_test_renewal_${nonce}`,
      type: input.fail ? 'invoice.payment_failed' : 'invoice.paid',
      data: {
        object: {
          id: `in_test_${nonce}`,
          object: 'invoice',
          amount_paid: input.fail ? 0 : sub.amountCents,
          currency: sub.currency,
          parent: { subscription_details: { metadata } },
        },
      },
    },
    actor.username,
  );
  return input.fail ? 'failed' : 'renewed';
}
