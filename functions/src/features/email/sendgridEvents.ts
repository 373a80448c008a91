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
 * For each hard `bounce` (type `bounce`), `dropped` or `spamreport` event
 * (domain emailEventEffect), in one transaction: the address is suppressed (suppressions.ts, the
 * outbox sends it nothing more), and the outbox entry named by the event's
 * `outboxId` custom arg (outboxSender.ts sets it on every send), when it
 * was sent to that address, becomes ERROR with the reason, so it no longer
 * reads as sent; its `email_log` copy (local runs) is marked failed too. A
 * `bounce` of type `blocked` (a receiving server's temporary refusal) suppresses
 * nothing: it is logged at WARN (`email.blocked`, paged by volume) and its sent
 * entry goes back to PENDING on the outbox's retry schedule (domain
 * outboxRetryDelayMs; spent → ERROR, `email.failed`), to be sent again by the
 * sweep. Other events (delivered, open, ...) are acknowledged and ignored.
 * Applying an event twice (SendGrid retries any non-2xx for 24 hours) changes
 * nothing more: a block is applied to a SUCCESS entry it is newer than only.
 * A signed batch that does not parse is answered 400 and logged
 * (`email.events_unreadable`).
 *
 * The body is capped like every request (app.ts, LIMITS.bodyBytes, 64 KiB):
 * SendGrid posts a batch every 30 seconds, which at a studio's volume is a few
 * events of under 1 KB each.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { Router, type Request } from 'express';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  blockedEventIsCurrent,
  blockedSendError,
  COLLECTIONS,
  emailEventEffect,
  emailEventsReply,
  isSuppressingEvent,
  outboxRetryDelayMs,
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
import { readBlockedTargetIn, readSentToIn, updateEmailLogIn, updateOutboxEntryIn } from './emailStore.js';
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

/** What a batch did: `blocked` counts the blocked bounces (sent again when their entry was found). */
export interface EmailEventsOutcome {
  suppressed: number;
  ignored: number;
  blocked: number;
}

/** Whether `to` (an entry's stored recipient) is the event's address. */
const sentTo = (to: unknown, email: string) =>
  typeof to === 'string' && suppressionAddress(to) === suppressionAddress(email);

/**
 * Applies one `blocked` bounce (see the module comment): the entry it names, when it was sent to this address and
 * this block is about its last send, goes back to PENDING due after its retry delay, or ERROR once the retries are spent.
 */
async function applyBlocked(deps: Deps, e: SendgridEvent, now: Date): Promise<void> {
  const lastError = blockedSendError(e.reason);
  const outcome = await deps.db.runTransaction(async (tx) => {
    const entry = e.outboxId ? await readBlockedTargetIn(tx, deps.db, e.outboxId) : null;
    if (!entry || !sentTo(entry.to, e.email) || entry.status !== 'SUCCESS') return 'not-sent' as const;
    if (!blockedEventIsCurrent(e.timestamp, entry.sentAt)) return 'earlier-send' as const;
    const wait = outboxRetryDelayMs(entry.attempts);
    const cleared = { leaseUntil: null, handedOverAt: null, sentAt: null, deliveredVia: null };
    if (wait === null) {
      updateOutboxEntryIn(tx, entry.ref, {
        ...cleared,
        status: 'ERROR',
        lastError,
        deliveryEvent: 'blocked',
        nextAttemptAt: null,
        expireAt: retentionEnd(COLLECTIONS.outbox, now),
        updatedAt: FieldValue.serverTimestamp(),
      });
      return 'failed' as const;
    }
    updateOutboxEntryIn(tx, entry.ref, {
      ...cleared,
      status: 'PENDING',
      lastError,
      deliveryEvent: 'blocked',
      nextAttemptAt: Timestamp.fromMillis(now.getTime() + wait),
      expireAt: FieldValue.delete(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    return 'retry' as const;
  });
  const fields = { outboxId: e.outboxId ?? null, reason: e.reason?.slice(0, 300) ?? null, outcome };
  if (outcome === 'failed') logEvent(EVENTS.emailFailed, 'sendgrid events: blocked again with no retry left', fields);
  else logEvent(EVENTS.emailBlocked, 'sendgrid events: a receiving server blocked an email', fields);
}

/** Applies one suppressing event (see the module comment). */
async function applySuppression(deps: Deps, e: SendgridEvent & { event: SuppressingEmailEvent }, now: Date) {
  const reason = suppressionReason(e.event, e.reason);
  await deps.db.runTransaction(async (tx) => {
    const { outbox: entry, log: logged } = e.outboxId
      ? await readSentToIn(tx, deps.db, e.outboxId)
      : { outbox: null, log: null };
    // Only the entry that was sent to this address: an event naming another entry's id changes nothing there.
    const sentHere = (to: unknown) => sentTo(to, e.email);
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
  const out: EmailEventsOutcome = { suppressed: 0, ignored: 0, blocked: 0 };
  for (const e of events) {
    const { event } = e;
    const effect = emailEventEffect(e);
    if (effect === 'blocked') {
      await applyBlocked(deps, e, clock());
      out.blocked++;
    } else if (effect === 'suppress' && isSuppressingEvent(event)) {
      await applySuppression(deps, { ...e, event }, clock());
      out.suppressed++;
    } else out.ignored++;
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
  if (!parsed.success) {
    // Signed by SendGrid, so not a stray: SendGrid retries it for 24 hours, then its bounces are lost.
    logEvent(EVENTS.emailEventsUnreadable, 'sendgrid events: a signed batch does not parse', {
      issues: parsed.error.issues.slice(0, 5).map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
    throw new AppError('Invalid', 'Unexpected event');
  }
  const outcome = await recordEmailEvents(deps, parsed.data);
  sendReply(res, emailEventsReply, { received: true, ...outcome });
});
