/**
 * SendGrid's Event Webhook: POST /api/sendgrid/events (public, signed).
 *
 * SendGrid posts a JSON array of events, signed with ECDSA (P-256, SHA-256)
 * over the `X-Twilio-Email-Event-Webhook-Timestamp` header followed by the raw
 * body; the signature (base64, DER) is in `X-Twilio-Email-Event-Webhook-Signature`.
 * The verification key is SENDGRID_WEBHOOK_PUBLIC_KEY (config.ts): without it
 * the route answers 503 "Email events are not configured" (and the instance's
 * first use of the config names it), never accepting an unverified event.
 *
 * For each `bounce`, `dropped` or `spamreport` event (domain emailEvents.ts),
 * in one transaction: the address is suppressed (suppressions.ts, the
 * outbox sends it nothing more), and the outbox entry named by the event's
 * `outboxId` custom arg (outboxSender.ts sets it on every send), when it
 * was sent to that address, becomes ERROR with the reason, so it no longer
 * reads as sent; its `email_log` copy (local runs) is marked failed too. Other
 * events (delivered, open, ...) are acknowledged and ignored. Applying an
 * event twice (SendGrid retries any non-2xx for 24 hours) changes nothing more.
 *
 * The body is capped like every request (app.ts, LIMITS.bodyBytes, 64 KiB):
 * SendGrid posts a batch every 30 seconds, which at a studio's volume is a few
 * events of under 1 KB each.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { Router, type Request } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  emailEventsReply,
  isSuppressingEvent,
  retentionEnd,
  sendgridEventBatchSchema,
  suppressionAddress,
  suppressionReason,
  type SendgridEvent,
  type SuppressingEmailEvent,
} from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { sendReply } from '../../http.js';
import { AppError } from '../../platform/errors.js';
import { config, NOT_CONFIGURED, NotConfigured } from '../../config.js';
import { EVENTS, logEvent } from '../../platform/log.js';
import { suppress } from './suppressions.js';
import { readSentToIn, updateEmailLogIn, updateOutboxEntryIn } from './emailStore.js';
import { systemClock, type Clock, type Deps } from '../useCase.js';

export const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

let cachedKey: { text: string; key: KeyObject } | null = null;

/** The verification key from its base64 DER form (as SendGrid shows it) or a PEM. @throws on a key that does not parse. */
function publicKey(text: string): KeyObject {
  if (cachedKey?.text === text) return cachedKey.key;
  const key = text.includes('-----BEGIN')
    ? createPublicKey(text)
    : createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
  cachedKey = { text, key };
  return key;
}

/** True when `signature` (base64 DER ECDSA) signs `timestamp` + `raw` under `keyText`. */
export function verifySendgridSignature(
  keyText: string,
  signature: string | undefined,
  timestamp: string | undefined,
  raw: Buffer,
): boolean {
  if (!signature || !timestamp) return false;
  const payload = Buffer.concat([Buffer.from(timestamp, 'utf8'), raw]);
  return verify('sha256', payload, publicKey(keyText), Buffer.from(signature, 'base64'));
}

/** What a batch did. */
export interface EmailEventsOutcome {
  suppressed: number;
  ignored: number;
}

/** Applies one suppressing event (see the module comment). */
async function applySuppression(deps: Deps, e: SendgridEvent & { event: SuppressingEmailEvent }, now: Date) {
  const reason = suppressionReason(e.event, e.reason);
  await deps.db.runTransaction(async (tx) => {
    const { outbox: entry, log: logged } = e.outboxId
      ? await readSentToIn(tx, deps.db, e.outboxId)
      : { outbox: null, log: null };
    // Only the entry that was sent to this address: an event naming another entry's id changes nothing there.
    const sentHere = (to: unknown) => typeof to === 'string' && suppressionAddress(to) === suppressionAddress(e.email);
    if (entry && sentHere(entry.to)) {
      updateOutboxEntryIn(tx, entry.ref, {
        status: 'ERROR',
        lastError: reason,
        deliveryEvent: e.event,
        expireAt: retentionEnd(COLLECTIONS.outbox, now),
        leaseUntil: null,
        nextAttemptAt: null,
        updatedAt: FieldValue.serverTimestamp(),
      });
    }
    if (logged && sentHere(logged.to))
      updateEmailLogIn(tx, logged.ref, { deliveryStatus: 'failed', deliveryError: reason });
    suppress(deps.db, tx, e.email, { event: e.event, reason: e.reason, sgEventId: e.sg_event_id });
  });
  logEvent(EVENTS.emailBounced, `sendgrid events: an address ${e.event} and is now suppressed`, {
    event: e.event,
    outboxId: e.outboxId ?? null,
  });
}

/** Applies a verified batch of SendGrid events. */
export async function recordEmailEvents(
  deps: Deps,
  events: SendgridEvent[],
  clock: Clock = systemClock,
): Promise<EmailEventsOutcome> {
  const out: EmailEventsOutcome = { suppressed: 0, ignored: 0 };
  for (const e of events) {
    const { event } = e;
    if (!isSuppressingEvent(event)) {
      out.ignored++;
      continue;
    }
    await applySuppression(deps, { ...e, event }, clock());
    out.suppressed++;
  }
  return out;
}

const deps: Deps = { db };

export const emailPublicRouter = Router();

emailPublicRouter.post('/sendgrid/events', async (req, res) => {
  const keyText = config().email.webhookPublicKey;
  if (!keyText) throw new NotConfigured(NOT_CONFIGURED.emailEvents, ['SENDGRID_WEBHOOK_PUBLIC_KEY']);
  // Express's Request has no rawBody: Cloud Functions (or app.ts's json verify) adds it.
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  let valid: boolean;
  try {
    valid = !!raw && verifySendgridSignature(keyText, req.get(SIGNATURE_HEADER), req.get(TIMESTAMP_HEADER), raw);
  } catch (e) {
    // A key that does not parse refuses every call: the alert says to compare it with SendGrid's.
    logEvent(EVENTS.webhookSignatureFailed, 'sendgrid events: the verification key or signature does not parse', {
      webhook: 'sendgrid',
      error: e instanceof Error ? e.message : String(e),
    });
    throw new AppError('Invalid', 'Invalid signature');
  }
  if (!valid) {
    logEvent(EVENTS.webhookSignatureFailed, 'sendgrid events: refused', { webhook: 'sendgrid' });
    throw new AppError('Invalid', 'Invalid signature');
  }
  const parsed = sendgridEventBatchSchema.safeParse(req.body);
  if (!parsed.success) throw new AppError('Invalid', 'Unexpected event');
  const outcome = await recordEmailEvents(deps, parsed.data);
  sendReply(res, emailEventsReply, { received: true, ...outcome });
});
