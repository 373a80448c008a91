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
 * - `booksCheck`: daily, recomputes the books from the ledger and alerts on a mismatch.
 *
 * Every function's instance loads this module, so it declares the functions
 * and loads nothing else: each handler imports its own code on its first
 * call (`import()`; esbuild keeps one bundle and runs a module's code only
 * when first imported), and the Firestore triggers are declared through
 * platform/deferredTrigger.ts. Only the SDK entry points and params load at
 * start (the bench's functions-import figure measures this against them).
 */
import { setGlobalOptions } from 'firebase-functions/v2/options';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import * as logger from 'firebase-functions/logger';
import type { Express } from 'express';
import { ORDER_EXPIRY_EVERY_MINUTES, OUTBOX_SWEEP_EVERY_MINUTES } from '@studio/domain/constants';
import { secretsFor } from './params.js';
import { apiInstanceSettings } from './instances.js';
import { deferTrigger, firestoreTriggers } from './platform/deferredTrigger.js';
import { assertNoEmulatorVarsInProduction } from './startupGuard.js';

assertNoEmulatorVarsInProduction(process.env);

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

let app: Promise<Express> | undefined;
/** The Express app, built on the first request (the routes, their schemas and the SDK clients). */
const apiApp = () => (app ??= import('./app.js').then((m) => m.createApp()));

/** The shared Firestore handle, loaded with the first job that needs it. */
const firestore = async () => (await import('./firebase.js')).db;

// Each function binds only the secrets it reads (params.ts FUNCTION_SECRETS, none on a demo project).
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
  const { runProjectSchedule } = await import('./jobs/launchCountdown.js');
  const { moved, failed } = await runProjectSchedule(new Date(event.scheduleTime));
  logger.info('projectSchedule', { moved, failed });
});

/**
 * Hourly, sending only in the hour that is 09:00 in the studio's time zone (settings, UTC by default): the automatic
 * reminders (jobs/reminders.ts runDailyReminders), each sent once.
 */
export const dailyReminders = onSchedule({ schedule: 'every 60 minutes', timeZone: 'UTC' }, async (event) => {
  const { runDailyReminders } = await import('./jobs/reminders.js');
  const r = await runDailyReminders(await firestore(), new Date(event.scheduleTime));
  if (r.ran)
    logger.info('dailyReminders', { sent: r.sent.length, skipped: r.skipped, failed: r.failed, timeZone: r.timeZone });
});

/** Delivers each new outbox entry at once (jobs/outboxSender.ts). */
export const sendOutboxEmail = deferTrigger(() =>
  firestoreTriggers().onDocumentCreated(
    { document: 'outbox/{id}', secrets: secretsFor('sendOutboxEmail') },
    async (event) => (await import('./jobs/outboxSender.js')).deliverNewEntry(event),
  ),
);

/** Sends outbox retries when due and takes back entries stuck past their lease (jobs/outboxSender.ts). */
export const sweepOutbox = onSchedule(
  { schedule: `every ${OUTBOX_SWEEP_EVERY_MINUTES} minutes`, timeZone: 'UTC', secrets: secretsFor('sweepOutbox') },
  async (event) => {
    const [{ runOutboxSweep }, { COLLECTIONS }, db] = await Promise.all([
      import('./jobs/outboxSender.js'),
      import('@studio/domain'),
      firestore(),
    ]);
    const result = await runOutboxSweep(new Date(event.scheduleTime), {
      collection: db.collection(COLLECTIONS.outbox),
    });
    logger.info('sweepOutbox', { ...result });
  },
);

/** Keeps the CRM board's projection in step with every lead write (jobs/leadBoardSync.ts); retried. */
export const syncLeadBoard = deferTrigger(() =>
  firestoreTriggers().onDocumentWritten({ document: 'leads/{leadId}', retry: true }, async (event) =>
    (await import('./jobs/leadBoardSync.js')).syncLeadBoardCard(event),
  ),
);

/** Numbers a lead's deposit and final payment requests once due (jobs/paymentRequestSync.ts); retried. */
export const issuePaymentRequests = deferTrigger(() =>
  firestoreTriggers().onDocumentWritten({ document: 'leads/{leadId}', retry: true }, async (event) =>
    (await import('./jobs/paymentRequestSync.js')).syncLeadPaymentRequests(event),
  ),
);

/** Cancels the payment of unpaid cart orders before their promo hold lapses, and releases the hold (jobs/orderExpiry.ts). */
export const expireOrders = onSchedule(
  { schedule: `every ${ORDER_EXPIRY_EVERY_MINUTES} minutes`, timeZone: 'UTC', secrets: secretsFor('expireOrders') },
  async (event) => {
    const { runOrderExpiry } = await import('./jobs/orderExpiry.js');
    const { expired, paid, failed } = await runOrderExpiry(await firestore(), new Date(event.scheduleTime));
    logger.info('expireOrders', { expired: expired.length, paid: paid.length, failed: failed.length });
  },
);

/** Daily at 04:00 UTC: the books recomputed from the ledger; a mismatch is logged for its alert (jobs/booksCheck.ts). */
export const booksCheck = onSchedule({ schedule: 'every day 04:00', timeZone: 'UTC' }, async () => {
  const { runBooksCheck } = await import('./jobs/booksCheck.js');
  logger.info('booksCheck', await runBooksCheck(await firestore()));
});
