/**
 * Billing routes (admin). The Money page reads the ledger live from
 * Firestore (`ledger_entries`, security rules: admin read); what changes
 * money goes through here:
 * - POST /billing/payments/{paymentIntentId}/refund {amount?, reason?} →
 *   { success, message, amount, recorded }: refunds a succeeded payment in
 *   full (no amount) or in part. 404 unknown payment; 409 not refundable
 *   (REFUND_REFUSALS); 502 REFUND_FAILED.
 * - POST /billing/invoices/{id}/void {reason?} and /write-off {reason?} →
 *   { success, message }: closes an admin's open invoice (closeInvoice.ts).
 *   404 unknown invoice; 409 CLOSE_REFUSALS.
 * - POST /billing/subscriptions/{orderId}/cancel {} → { success, message }:
 *   cancel at period end (Stripe in live mode). 404; 409 canceled or already
 *   ending; 502 SUBSCRIPTION_UPDATE_FAILED.
 * - POST /billing/subscriptions/{orderId}/test-renew {fail?} → { success,
 *   message }: test mode's stand-in for Stripe's clock (renew, fail, or end a
 *   subscription set to cancel). 404 outside test mode.
 */
import { Router } from 'express';
import { z } from 'zod';
import {
  centsToString,
  closeInvoiceSchema,
  firestoreId,
  formatUsd,
  refundRequestSchema,
  refundReply,
  successReply,
} from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { parseBody, parseParams, sendReply } from '../../http.js';
import { adminOf } from '../../platform/session.js';
import { idParams } from '../params.js';
import type { Deps } from '../useCase.js';
import { closeInvoice } from './closeInvoice.js';
import { refundPayment } from './refundPayment.js';
import { advanceTestSubscription, cancelAtPeriodEnd } from './subscriptionActions.js';

const deps: Deps = { db };

export const billingAdminRouter = Router();

const paymentParams = z.object({
  paymentIntentId: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,128}$/)
    .pipe(firestoreId()),
});

billingAdminRouter.post('/billing/subscriptions/:id/cancel', async (req, res) => {
  parseBody(req, z.strictObject({}));
  await cancelAtPeriodEnd(deps, parseParams(req, idParams), adminOf(res));
  sendReply(res, successReply, { success: true, message: 'The subscription ends at the end of its period' });
});

/** Test mode only (404 otherwise): the period ends now; `{ fail: true }` makes the renewal fail. */
billingAdminRouter.post('/billing/subscriptions/:id/test-renew', async (req, res) => {
  const { fail } = parseBody(req, z.strictObject({ fail: z.boolean().default(false) }));
  const outcome = await advanceTestSubscription(deps, { ...parseParams(req, idParams), fail }, adminOf(res));
  const messages = {
    renewed: 'Renewed (test mode)',
    failed: 'Renewal failed (test mode): past due',
    canceled: 'Canceled at the end of its period (test mode)',
  } as const;
  sendReply(res, successReply, { success: true, message: messages[outcome] });
});

billingAdminRouter.post('/billing/invoices/:id/void', async (req, res) => {
  const { reason } = parseBody(req, closeInvoiceSchema);
  const { number } = await closeInvoice(deps, { ...parseParams(req, idParams), action: 'void', reason }, adminOf(res));
  sendReply(res, successReply, { success: true, message: `${number ?? 'Invoice'} voided` });
});

billingAdminRouter.post('/billing/invoices/:id/write-off', async (req, res) => {
  const { reason } = parseBody(req, closeInvoiceSchema);
  const { number, writtenOffCents } = await closeInvoice(
    deps,
    { ...parseParams(req, idParams), action: 'write_off', reason },
    adminOf(res),
  );
  sendReply(res, successReply, {
    success: true,
    message: `${formatUsd(writtenOffCents)} written off on ${number ?? 'the invoice'}`,
  });
});

billingAdminRouter.post('/billing/payments/:paymentIntentId/refund', async (req, res) => {
  const { paymentIntentId } = parseParams(req, paymentParams);
  const result = await refundPayment(
    deps,
    { paymentIntentId, request: parseBody(req, refundRequestSchema) },
    adminOf(res),
  );
  sendReply(res, refundReply, {
    success: true,
    message: result.recorded
      ? `Refunded ${formatUsd(result.amountCents)}`
      : `Refund of ${formatUsd(result.amountCents)} requested: it shows once Stripe confirms it`,
    amount: centsToString(result.amountCents),
    recorded: result.recorded,
  });
});
