/**
 * Billing routes (admin). The Money page reads the ledger live from
 * Firestore (`ledger_entries`, security rules: admin read); what changes
 * money goes through here:
 * - POST /billing/payments/{paymentIntentId}/refund {amount?, reason?} →
 *   { success, message, amount, recorded }: refunds a succeeded payment in
 *   full (no amount) or in part. 404 unknown payment; 409 not refundable
 *   (REFUND_REFUSALS); 502 REFUND_FAILED.
 */
import { Router } from 'express';
import { z } from 'zod';
import { centsToString, firestoreId, formatUsd, refundRequestSchema, refundReply } from '@studio/domain';
import { db } from '../../firebase.js';
import { parseBody, parseParams, sendReply } from '../../http.js';
import { adminOf } from '../../session.js';
import type { Deps } from '../useCase.js';
import { refundPayment } from './refundPayment.js';

const deps: Deps = { db };

export const billingAdminRouter = Router();

const paymentParams = z.object({
  paymentIntentId: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,128}$/)
    .pipe(firestoreId()),
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
