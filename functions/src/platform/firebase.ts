/** Firebase Admin handles shared by the functions (initialised once per instance). */
import { getApp, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { initializeFirestore, type FirestoreSettings } from 'firebase-admin/firestore';
import { guardWrites } from './deadline.js';
import { capFirestoreRetries } from './firestoreRetries.js';
import { loadConfig } from '../config.js';
import { assertNoEmulatorVarsInProduction } from './startupGuard.js';

assertNoEmulatorVarsInProduction(process.env);
if (!getApps().some((a) => a.name === '[DEFAULT]')) initializeApp();

/**
 * Budget (ms) for one Firestore call, its retries included. The SDK's
 * defaults retry an unreachable backend for up to 10 minutes; with this cap a
 * Firestore outage fails the call within seconds, and the API answers 503
 * (http.ts) instead of hanging. Env FIRESTORE_TIMEOUT_MS (config.ts)
 * overrides the default of 10 s (the fault test uses a shorter one).
 */
export const FIRESTORE_TIMEOUT_MS = loadConfig(process.env).firestoreTimeoutMs;

capFirestoreRetries(FIRESTORE_TIMEOUT_MS);

export const db = initializeFirestore(getApp(), {
  // Reconnect soon after the backend comes back (gRPC's default backoff grows to 2 minutes).
  // firebase-admin's settings type names only its own keys; the SDK hands grpc.* to the channel.
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 2_000,
} as FirestoreSettings);
guardWrites(db);
export const auth = getAuth();
