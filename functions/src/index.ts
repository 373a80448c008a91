/**
 * Cloud Functions entry point (firebase-functions v2).
 * - `api`: the /api Express app behind the Hosting rewrite (spec §7).
 * - the scheduled jobs, one function per entry of features/schedules.ts (`projectSchedule`,
 *   `dailyReminders`, `sweepOutbox`, `expireOrders`, `booksCheck`): that list says what each does.
 * - `sendOutboxEmail`: delivers each queued email (its retries are `sweepOutbox`'s).
 * - `syncLeadBoard`: keeps the CRM board's projection (`lead_board`) in step with `leads`.
 * - `issuePaymentRequests`: numbers a lead's deposit and final payment requests once due.
 * - `linkOrderClient`: makes a paid cart order's buyer a client (a lead).
 * - `guardSignUp`: Auth's blocking function, lets only an email-link sign-in create an account.
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
import { beforeUserCreated } from 'firebase-functions/v2/identity';
import { logHeartbeat } from './platform/log.js';
import type { Express } from 'express';
import { FUNCTION_SECRETS, secretsFor } from './platform/deployParams.js';
import { SCHEDULED_JOBS, type ScheduledJobName } from './features/schedules.js';
import { apiInstanceSettings } from './platform/instances.js';
import { deferTrigger, firestoreTriggers } from './platform/deferredTrigger.js';
import { assertNoEmulatorVarsInProduction } from './platform/startupGuard.js';
import { guardRuntimeServers } from './platform/runtimeServer.js';

assertNoEmulatorVarsInProduction(process.env);
// The runtime's server (Functions Framework, emulator) parses bodies before the api: its errors answer as the api's.
guardRuntimeServers();

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

let app: Promise<Express> | undefined;
/** The Express app, built on the first request (the routes, their schemas and the SDK clients). */
const apiApp = () => (app ??= import('./app.js').then((m) => m.createApp()));

/** The shared Firestore handle, loaded with the first job that needs it. */
const firestore = async () => (await import('./platform/firebase.js')).db;

// Each function binds only the secrets it reads (platform/deployParams.ts FUNCTION_SECRETS, none on a demo project).
// `cors: false` answers no other origin, and keeps the Functions emulator (which would
// otherwise add permissive CORS to every onRequest) the same as production.
// Memory, CPU, concurrency and instance counts: platform/instances.ts (docs/operations.md "Instances").
export const api = onRequest(
  { invoker: 'public', cors: false, secrets: secretsFor('api'), ...apiInstanceSettings(process.env) },
  async (req, res) => {
    (await apiApp())(req, res);
  },
);

/**
 * The `onSchedule` function of a registered job (features/schedules.ts): its schedule (UTC), the secrets its
 * function binds, and a handler that loads the job on its first run, runs it at the schedule time and logs its
 * heartbeat with its summary (`job.heartbeat`, platform/log.ts): a run that throws logs none, and the job's absence
 * alert (npm run ops:alerts) pages when no heartbeat comes within its schedule.
 */
function scheduled(name: ScheduledJobName) {
  const job = SCHEDULED_JOBS[name];
  const secrets = name in FUNCTION_SECRETS ? { secrets: secretsFor(name as keyof typeof FUNCTION_SECRETS) } : {};
  return onSchedule({ schedule: job.schedule, timeZone: 'UTC', ...secrets }, async (event) => {
    const summary = await job.run({ db: await firestore() }, new Date(event.scheduleTime));
    logHeartbeat(name, summary);
  });
}

// The scheduled jobs, one export per entry of SCHEDULED_JOBS (features/schedules.ts says what each does).
export const projectSchedule = scheduled('projectSchedule');
export const dailyReminders = scheduled('dailyReminders');
export const sweepOutbox = scheduled('sweepOutbox');
export const expireOrders = scheduled('expireOrders');
export const booksCheck = scheduled('booksCheck');

/** Delivers each new outbox entry at once (features/email/outboxSender.ts). */
export const sendOutboxEmail = deferTrigger(() =>
  firestoreTriggers().onDocumentCreated(
    { document: 'outbox/{id}', secrets: secretsFor('sendOutboxEmail') },
    async (event) => (await import('./features/email/outboxSender.js')).deliverNewEntry(event),
  ),
);

/** Keeps the CRM board's projection in step with every lead write (features/leads/leadBoardSync.ts); retried. */
export const syncLeadBoard = deferTrigger(() =>
  firestoreTriggers().onDocumentWritten({ document: 'leads/{leadId}', retry: true }, async (event) =>
    (await import('./features/leads/leadBoardSync.js')).syncLeadBoardCard(event),
  ),
);

/** Numbers a lead's deposit and final payment requests once due (features/billing/paymentRequestSync.ts); retried. */
export const issuePaymentRequests = deferTrigger(() =>
  firestoreTriggers().onDocumentWritten({ document: 'leads/{leadId}', retry: true }, async (event) =>
    (await import('./features/billing/paymentRequestSync.js')).syncLeadPaymentRequests(event),
  ),
);

/** Makes a paid cart order's buyer a client, a lead (features/billing/orderClient.ts); retried. */
export const linkOrderClient = deferTrigger(() =>
  firestoreTriggers().onDocumentWritten({ document: 'orders/{orderId}', retry: true }, async (event) =>
    (await import('./features/billing/orderClient.js')).syncOrderClient(event),
  ),
);

/**
 * Auth's `beforeUserCreated` blocking function (features/auth/signUpGuard.ts): refuses every sign-up but a
 * client's email link, so nobody can make a password account at a client's address before the client does.
 * Needs Identity Platform; the deploy registers it (docs/operations.md "Firebase Auth").
 */
export const guardSignUp = beforeUserCreated(async (event) =>
  (await import('./features/auth/signUpGuard.js')).guardSignUp(event),
);
