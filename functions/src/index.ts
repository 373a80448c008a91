/**
 * Cloud Functions entry point (firebase-functions v2).
 * - `api`: the /api Express app behind the Hosting rewrite (spec §7).
 * - `projectSchedule`: hourly, ends launch countdowns and expires stale set-ups.
 * - `dailyReminders`: daily, the automatic quote, deposit and invoice reminders.
 * - `sendOutboxEmail`: delivers each queued email; `sweepOutbox` (every 5
 *   minutes) sends its retries when due and takes back stuck sends.
 * - `syncLeadBoard`: keeps the CRM board's projection (`lead_board`) in step with `leads`.
 * - `issuePaymentRequests`: numbers a lead's deposit and final payment requests once due.
 * - `expireOrders`: every 5 minutes, expires unpaid cart orders before their promo hold lapses.
 */
import { setGlobalOptions } from 'firebase-functions/v2/options';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import * as logger from 'firebase-functions/logger';
import type { Express } from 'express';
import { runProjectSchedule } from './jobs/launchCountdown.js';
import { outboxTrigger, runOutboxSweep } from './jobs/outboxSender.js';
import { COLLECTIONS, ORDER_EXPIRY_EVERY_MINUTES, OUTBOX_SWEEP_EVERY_MINUTES } from '@studio/domain';
import { db } from './firebase.js';
import { leadBoardTrigger } from './jobs/leadBoardSync.js';
import { secretsFor } from './config.js';
import { apiInstanceSettings } from './instances.js';
import { runReminders } from './jobs/reminders.js';
import { paymentRequestTrigger } from './jobs/paymentRequestSync.js';

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

let app: Promise<Express> | undefined;
/**
 * The Express app, built on the first request. Every function's instance
 * loads this bundle, and the scheduler's and the outbox trigger's never serve
 * HTTP, so they skip Express, the routes and their schemas (cold start).
 */
const apiApp = () => (app ??= import('./app.js').then((m) => m.createApp()));

// Each function binds only the secrets it reads (config.ts FUNCTION_SECRETS, none on a demo project).
// `cors: false` answers no other origin, and keeps the Functions emulator (which would
// otherwise add permissive CORS to every onRequest) the same as production.
// Memory, CPU, concurrency and instance counts: instances.ts (docs/operations.md "Instances").
export const api = onRequest(
  { invoker: 'public', cors: false, secrets: secretsFor('api'), ...apiInstanceSettings(process.env) },
  async (req, res) => {
    (await apiApp())(req, res);
  },
);

export const projectSchedule = onSchedule({ schedule: 'every 60 minutes', timeZone: 'UTC' }, async (event) => {
  const { moved, failed } = await runProjectSchedule(new Date(event.scheduleTime));
  logger.info('projectSchedule', { moved, failed });
});

/** Daily at 09:00 UTC: the automatic reminders (jobs/reminders.ts), each sent once. */
export const dailyReminders = onSchedule({ schedule: 'every day 09:00', timeZone: 'UTC' }, async (event) => {
  const { sent, skipped, failed } = await runReminders(db, new Date(event.scheduleTime));
  logger.info('dailyReminders', { sent: sent.length, skipped, failed });
});

export const sendOutboxEmail = outboxTrigger(secretsFor('sendOutboxEmail'));

/** Sends outbox retries when due and takes back entries stuck past their lease (jobs/outboxSender.ts). */
export const sweepOutbox = onSchedule(
  { schedule: `every ${OUTBOX_SWEEP_EVERY_MINUTES} minutes`, timeZone: 'UTC', secrets: secretsFor('sweepOutbox') },
  async (event) => {
    const result = await runOutboxSweep(new Date(event.scheduleTime), {
      collection: db.collection(COLLECTIONS.outbox),
    });
    logger.info('sweepOutbox', { ...result });
  },
);

export const syncLeadBoard = leadBoardTrigger();

export const issuePaymentRequests = paymentRequestTrigger();

/**
 * Cancels the payment of unpaid cart orders before their promo hold lapses, and releases the hold
 * (jobs/orderExpiry.ts, loaded on the first run: it brings the payment code, which no other job needs).
 */
export const expireOrders = onSchedule(
  { schedule: `every ${ORDER_EXPIRY_EVERY_MINUTES} minutes`, timeZone: 'UTC', secrets: secretsFor('expireOrders') },
  async (event) => {
    const { runOrderExpiry } = await import('./jobs/orderExpiry.js');
    const { expired, paid, failed } = await runOrderExpiry(db, new Date(event.scheduleTime));
    logger.info('expireOrders', { expired: expired.length, paid: paid.length, failed: failed.length });
  },
);
