/**
 * Cloud Functions entry point (firebase-functions v2).
 * - `api`: the /api Express app behind the Hosting rewrite (spec §7).
 * - `projectSchedule`: hourly, ends launch countdowns and expires stale set-ups.
 */
import { setGlobalOptions } from 'firebase-functions/v2/options';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import * as logger from 'firebase-functions/logger';
import { runProjectSchedule } from './jobs/launchCountdown.js';
import { createApp } from './app.js';
import { outboxTrigger } from './jobs/outboxSender.js';

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

export const api = onRequest({ invoker: 'public', concurrency: 80 }, createApp());

export const projectSchedule = onSchedule({ schedule: 'every 60 minutes', timeZone: 'UTC' }, async (event) => {
  const { moved } = await runProjectSchedule(new Date(event.scheduleTime));
  logger.info('projectSchedule', { moved });
});

export const sendOutboxEmail = outboxTrigger();
