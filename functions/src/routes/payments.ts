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
 *   amount. 400/404/409 as services/payments.ts; 502 PAYMENT_SETUP_FAILED.
 * - POST /stripe/webhook: Stripe-Signature verified on the raw body
 *   (STRIPE_WEBHOOK_SECRET, 5-minute tolerance) → { received, outcome }; 400
 *   "Invalid signature" and nothing written otherwise. Payments take effect
 *   only here (or through the test-mode confirmation below).
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
 */
import { Router, type Request } from 'express';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { z } from 'zod';
import { centsToString, createInvoiceSchema, createPaymentIntentSchema, formatUsd } from '@studio/domain';
import { COLLECTIONS, db } from '../firebase.js';
import { HttpError, parseBody } from '../http.js';
import { requireAdmin, type AdminLocals } from '../session.js';
import { recordActivity } from '../services/activity.js';
import { enqueueEmail } from '../services/outbox.js';
import { runNumbered } from '../services/invoiceNumbers.js';
import { loadStudioSettings } from '../services/settings.js';
import { dueTimestamp, fulfilEvent, PAYMENT_COLLECTIONS, startPayment, testModeFailureEvent, testModeSuccessEvent, type PaymentEvent } from '../services/payments.js';
import { config, NotConfigured } from '../config.js';
import { paymentMode, paymentProvider, verifyWebhook } from '../services/stripe.js';

export const paymentsRouter = Router();

paymentsRouter.get('/stripe/config', async (_req, res) => {
  const provider = await paymentProvider();
  res.json({ publishableKey: provider.publishableKey, mode: provider.mode });
});

paymentsRouter.post('/create-payment-intent', async (req, res) => {
  const input = parseBody(req, createPaymentIntentSchema);
  const p = await startPayment(input);
  res.json({ clientSecret: p.clientSecret, paymentIntentId: p.paymentIntentId, amount: centsToString(p.amountCents), description: p.description, mode: p.mode });
});

paymentsRouter.post('/stripe/webhook', async (req, res) => {
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  let event;
  try {
    if (!raw) throw new Error('No raw body');
    event = await verifyWebhook(raw, req.get('stripe-signature'));
  } catch (e) {
    if (e instanceof NotConfigured) throw e;
    logger.warn('stripe webhook: refused', { error: e instanceof Error ? e.message : String(e) });
    throw new HttpError(400, 'Invalid signature');
  }
  // A verified Stripe event; fulfilEvent reads only the fields PaymentEvent names.
  const outcome = await fulfilEvent(event as unknown as PaymentEvent);
  res.json({ received: true, outcome });
});

const confirmSchema = z.strictObject({ paymentIntentId: z.string().trim().regex(/^pi_test_[a-f0-9]{24}$/, 'Invalid payment') });

paymentsRouter.post('/test-mode/confirm-payment', async (req, res) => {
  if (paymentMode() !== 'test') throw new HttpError(404, 'Not found');
  const { paymentIntentId } = parseBody(req, confirmSchema);
  const payment = await db.collection(PAYMENT_COLLECTIONS.payments).doc(paymentIntentId).get();
  if (!payment.exists) throw new HttpError(404, 'Payment not found');
  await fulfilEvent(testModeSuccessEvent(payment), 'client (test mode)');
  res.json({ success: true, status: 'succeeded' });
});

/** POST /test-mode/decline-payment {paymentIntentId}: the test panel's Decline, a synthetic payment_intent.payment_failed. */
paymentsRouter.post('/test-mode/decline-payment', async (req, res) => {
  if (paymentMode() !== 'test') throw new HttpError(404, 'Not found');
  const { paymentIntentId } = parseBody(req, confirmSchema);
  const payment = await db.collection(PAYMENT_COLLECTIONS.payments).doc(paymentIntentId).get();
  if (!payment.exists) throw new HttpError(404, 'Payment not found');
  if (payment.get('status') === 'succeeded') throw new HttpError(409, 'This payment has already succeeded');
  await fulfilEvent(testModeFailureEvent(payment), 'client (test mode)');
  res.json({ success: false, status: 'failed', error: 'Your card was declined. (test mode)' });
});

paymentsRouter.post('/create-invoice', requireAdmin, async (req, res) => {
  const input = parseBody(req, createInvoiceSchema);
  const lead = await db.collection(COLLECTIONS.leads).doc(input.leadId).get();
  if (!lead.exists) throw new HttpError(404, 'Lead not found');
  const email = lead.get('email') as string | undefined;
  if (!email) throw new HttpError(409, 'This lead has no email address to send the invoice to');

  const ref = db.collection(PAYMENT_COLLECTIONS.invoices).doc();
  const now = new Date();
  const settings = await loadStudioSettings(db);
  const due = dueTimestamp(input.dueDate, settings.paymentTermsDays, now);
  const checkoutUrl = `/checkout?${new URLSearchParams({ amount: centsToString(input.amount), description: input.description, invoiceId: ref.id })}`;
  const admin = res.locals.admin as AdminLocals;
  // The number is taken in the transaction that stores the invoice (gap-free, services/invoiceNumbers.ts).
  const number = await runNumbered(db, now, async (tx, take) => {
    const number = await take();
    tx.create(ref, {
      leadId: lead.id,
      number,
      email,
      clientName: lead.get('name') ?? null,
      amountCents: input.amount,
      currency: 'usd',
      description: input.description,
      issuedAt: Timestamp.fromDate(now),
      dueDate: due,
      status: 'open',
      checkoutUrl,
      createdBy: admin.username,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    enqueueEmail(db, tx, {
      to: email,
      templateId: 'invoice',
      variables: {
        name: String(lead.get('name') ?? 'there'),
        invoiceNumber: number,
        description: input.description,
        amount: formatUsd(input.amount),
        dueDate: due.toDate().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
        paymentLink: `${config().siteUrl}${checkoutUrl}`,
        studioName: settings.businessName,
      },
      leadId: lead.id,
      attachments: [{ kind: 'invoice', id: ref.id }],
    });
    recordActivity(db, tx, { leadId: lead.id, type: 'invoice_sent', detail: `Invoice ${number} sent: ${formatUsd(input.amount)} for ${input.description}`, by: admin.username });
    return number;
  });
  res.status(201).json({ success: true, message: 'Invoice Created Successfully', invoiceId: ref.id, number, checkoutUrl });
});
