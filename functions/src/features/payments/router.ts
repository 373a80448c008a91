/**
 * Payment routes (spec §7):
 *
 * Public:
 * - GET  /stripe/config → { publishableKey, mode }: mode "test" when the
 *   server has no Stripe secret key (the local default).
 * - POST /create-payment-intent {amount?, currency?, description?, leadId?,
 *   invoiceId?, checkoutId?} → { clientSecret, paymentIntentId, amount,
 *   description, mode }. The amount of a lead's deposit or final payment, or
 *   of an invoice, is the server's; only a plain payment link charges its own
 *   amount. 400/404/409 as features/billing/payments.ts; 502 PAYMENT_SETUP_FAILED.
 * - POST /stripe/webhook: Stripe-Signature verified on the raw body
 *   (STRIPE_WEBHOOK_SECRET, 5-minute tolerance) → { received, outcome }; 400
 *   "Invalid signature" and nothing written otherwise. Payments take effect
 *   only here (or through the test-mode confirmation below). Refunds and
 *   disputes (`charge.refunded`, `charge.dispute.*`) go to the ledger
 *   (features/billing); a payment whose currency or amount is not what is
 *   owed is held for review (outcome "review").
 * - POST /test-mode/confirm-payment {paymentIntentId} → { success, status }:
 *   the test provider's card-free completion; 404 unless payments run in test
 *   mode, which only the emulator or a demo- project can (config.ts).
 * - POST /test-mode/decline-payment {paymentIntentId} → { success: false,
 *   status: "failed", error }: the test panel's Decline, through the same
 *   fulfilment as a verified payment_intent.payment_failed (the lead goes to
 *   "Payment Failed"); 409 once the payment succeeded; 404 outside test mode.
 *
 * On a real project missing a Stripe setting, every payment route answers
 * 503 "Payments are not configured" (config.ts).
 *
 * Admin:
 * - POST /create-invoice {leadId, amount, description, dueDate?} → 201
 *   { success, message: "Invoice Created Successfully", invoiceId, number,
 *   checkoutUrl }: a PaymentIntent-backed invoice stored in `invoices` with
 *   its INV-YYYY-NNNN number (taken in the same transaction), due after the
 *   studio's payment terms unless dueDate is given, and emailed to the client
 *   (outbox, same transaction) with its payment link and its PDF attached.
 *   An `Idempotency-Key` header (1–255 printable characters) makes retries
 *   safe: the same key returns the first invoice and sends nothing more;
 *   the key with other parameters → 409.
 */
import { Router, type Request } from 'express';
import { EVENTS, logEvent } from '../../platform/log.js';
import { z } from 'zod';
import {
  centsToString,
  createInvoiceSchema,
  createPaymentIntentSchema,
  idempotencyKeySchema,
  invoiceCreatedReply,
  paymentIntentReply,
  stripeConfigReply,
  testPaymentConfirmedReply,
  testPaymentDeclinedReply,
  webhookReceivedReply,
} from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { parseBody, sendReply } from '../../http.js';
import { AppError, notFound } from '../../platform/errors.js';
import { adminOf } from '../../platform/session.js';
import { fulfilEvent, paymentEventSchema, startPayment } from '../billing/index.js';
import { NotConfigured } from '../../config.js';
import { paymentMode, paymentProvider, verifyWebhook } from '../../platform/stripe.js';
import { systemClock, type Deps } from '../useCase.js';
import { applyChargeEvent, chargeEventSchema, isChargeEvent } from '../billing/index.js';
import { createInvoice } from './createInvoice.js';
import { confirmTestPayment, declineTestPayment } from './testMode.js';
import { requireAppCheck } from '../../platform/appCheck.js';

const deps: Deps = { db };

export const paymentsPublicRouter = Router();
paymentsPublicRouter.use('/create-payment-intent', requireAppCheck);

/** A verified Stripe event parsed with `schema`. @throws AppError (400) "Unexpected event", logged, when it does not match. */
function parseVerifiedEvent<S extends z.ZodType>(schema: S, event: { id: string; type: string }): z.output<S> {
  const parsed = schema.safeParse(event);
  if (parsed.success) return parsed.data;
  logEvent(EVENTS.webhookUnexpectedEvent, 'stripe webhook: unexpected event shape', {
    id: event.id,
    type: event.type,
    issues: parsed.error.issues,
  });
  throw new AppError('Invalid', 'Unexpected event');
}

paymentsPublicRouter.get('/stripe/config', async (_req, res) => {
  const provider = await paymentProvider();
  sendReply(res, stripeConfigReply, { publishableKey: provider.publishableKey, mode: provider.mode });
});

paymentsPublicRouter.post('/create-payment-intent', async (req, res) => {
  const input = parseBody(req, createPaymentIntentSchema);
  const p = await startPayment(deps.db, input);
  sendReply(res, paymentIntentReply, {
    clientSecret: p.clientSecret,
    paymentIntentId: p.paymentIntentId,
    amount: centsToString(p.amountCents),
    description: p.description,
    mode: p.mode,
  });
});

paymentsPublicRouter.post('/stripe/webhook', async (req, res) => {
  // Express's Request has no rawBody: Cloud Functions (or app.ts's json verify) adds it.
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  let event;
  try {
    if (!raw) throw new Error('No raw body');
    event = await verifyWebhook(raw, req.header('stripe-signature'));
  } catch (e) {
    if (e instanceof NotConfigured) throw e;
    logEvent(EVENTS.webhookSignatureFailed, 'stripe webhook: refused', {
      webhook: 'stripe',
      error: e instanceof Error ? e.message : String(e),
    });
    throw new AppError('Invalid', 'Invalid signature');
  }
  // Refunds and disputes go to the ledger (features/billing); payments to their fulfilment. Each is parsed
  // for the fields it reads: a verified event without them is refused instead of half-applied.
  if (isChargeEvent(event.type)) {
    const charge = parseVerifiedEvent(chargeEventSchema, event);
    sendReply(res, webhookReceivedReply, { received: true, outcome: await applyChargeEvent(deps.db, charge) });
    return;
  }
  const outcome = await fulfilEvent(deps.db, parseVerifiedEvent(paymentEventSchema, event));
  sendReply(res, webhookReceivedReply, { received: true, outcome });
});

const confirmSchema = z.strictObject({
  paymentIntentId: z
    .string()
    .trim()
    .regex(/^pi_test_[a-f0-9]{24}$/, 'Invalid payment'),
});

/** POST /test-mode/confirm-payment {paymentIntentId}: the test panel's Pay. */
paymentsPublicRouter.post('/test-mode/confirm-payment', async (req, res) => {
  if (paymentMode() !== 'test') throw notFound('Not found');
  await confirmTestPayment(deps, parseBody(req, confirmSchema));
  sendReply(res, testPaymentConfirmedReply, { success: true, status: 'succeeded' });
});

/** POST /test-mode/decline-payment {paymentIntentId}: the test panel's Decline, a synthetic payment_intent.payment_failed. */
paymentsPublicRouter.post('/test-mode/decline-payment', async (req, res) => {
  if (paymentMode() !== 'test') throw notFound('Not found');
  await declineTestPayment(deps, parseBody(req, confirmSchema));
  sendReply(res, testPaymentDeclinedReply, {
    success: false,
    status: 'failed',
    error: 'Your card was declined. (test mode)',
  });
});

export const paymentsAdminRouter = Router();

paymentsAdminRouter.post('/create-invoice', async (req, res) => {
  const body = parseBody(req, createInvoiceSchema);
  const header = req.header('idempotency-key');
  const key = header === undefined ? undefined : idempotencyKeySchema.safeParse(header);
  if (key && !key.success) throw new AppError('Invalid', 'Invalid Idempotency-Key');
  const { replayed: _replayed, ...result } = await createInvoice(
    deps,
    { ...body, idempotencyKey: key?.data },
    adminOf(res),
    systemClock,
  );
  sendReply(res, invoiceCreatedReply, { success: true, message: 'Invoice Created Successfully', ...result }, 201);
});
