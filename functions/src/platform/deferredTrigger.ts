/**
 * Firestore triggers declared without loading `firebase-functions/v2/firestore`
 * at import.
 *
 * Every function's instance loads index.ts, and that SDK module alone loads
 * `firebase-admin/firestore` and the Firestore event protobufs, which the
 * scheduled jobs and the API's first import do not need. `deferTrigger(define)`
 * returns a stand-in that calls `define()` (once) only when it is needed:
 * - when it is invoked: the runtime (the Functions Framework in production,
 *   the emulator locally) calls an exported function with the CloudEvent;
 * - when `__endpoint` is read: `firebase deploy` and the emulator read each
 *   export's `__endpoint` to learn its trigger, in a discovery process.
 *
 * It relies on two SDK facts, which platform/deferredTrigger.test.ts checks
 * against the installed firebase-functions: a v2 trigger is a function of the
 * event, and the manifest is read from its `__endpoint` property.
 */
import { createRequire } from 'node:module';
import type { CloudEvent, CloudFunction } from 'firebase-functions/v2';

type FirestoreTriggers = typeof import('firebase-functions/v2/firestore');

/** `firebase-functions/v2/firestore`, required on first use (synchronously: `__endpoint` is a plain property read). */
export function firestoreTriggers(): FirestoreTriggers {
  const req = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  return req('firebase-functions/v2/firestore') as FirestoreTriggers;
}

/**
 * A stand-in for the trigger `define()` returns, defined on first call or on
 * the first read of its `__endpoint` (or `run`). `define` must be pure: it is
 * called once, whenever that happens, and global options
 * (`setGlobalOptions`) must be set before.
 */
export function deferTrigger<E extends CloudEvent<unknown>>(define: () => CloudFunction<E>): CloudFunction<E> {
  let defined: CloudFunction<E> | undefined;
  const trigger = () => (defined ??= define());
  const standIn = (raw: CloudEvent<unknown>) => trigger()(raw);
  return Object.defineProperties(standIn, {
    __endpoint: { enumerable: true, get: () => trigger().__endpoint },
    run: { enumerable: true, get: () => trigger().run },
  }) as CloudFunction<E>;
}
