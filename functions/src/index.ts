/**
 * Cloud Functions entry point (firebase-functions v2).
 * - `api`: the /api Express app behind the Hosting rewrite (spec §7).
 */
import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app.js';

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

export const api = onRequest({ invoker: 'public', concurrency: 80 }, createApp());
