/**
 * The outbox sender (spec §5 email). Every email is an `outbox` document
 * written in the same batch or transaction as the change that causes it
 * (shared/outbox.ts); this job delivers it, and keeps trying through a
 * provider outage.
 *
 * `processOutboxEntry(ref, deps)`, at `deps.now()`:
 * 1. claims the entry in a transaction: only a PENDING entry that is due
 *    (never tried, or its retry's `nextAttemptAt` ≤ now) moves to PROCESSING (attempts + 1)
 *    with a lease (`leaseUntil` = now + OUTBOX_LEASE_MS), so a redelivered
 *    trigger event, the sweeper or a second caller does nothing;
 * 2. refuses an address SendGrid reported bounced, dropped or as a spam
 *    reporter (features/email/suppressions.ts): SKIPPED, never sent, logged
 *    (`email.suppressed`); then applies the entry's recipient limit, if it names one (platform/rateLimits.ts,
 *    e.g. one contact confirmation per mailbox an hour):
 *    before the first send it takes one point for the mailbox (mailboxKey), and records
 *    that on the entry (`recipientLimitTaken`) so a retry takes no other; an
 *    entry over the limit is SKIPPED with the limit's reason, never sent (logged at WARN,
 *    `email.recipient_limited`). A
 *    limit store failure is retried like a provider outage;
 * 3. renders it: `raw` entries (test center) carry subject and html; others
 *    use the template override in `email_templates/{id}`, else the default in
 *    code, rendered with the template's declared variables only (domain
 *    declaredValues), every one escaped (domain renderTemplate), then
 *    sanitized (features/email/emailHtml.ts). An unknown template or a bad address
 *    is a permanent ERROR;
 * 4. sends it once through the SendGrid mailer (platform/sendgrid.ts), carrying the entry id as its
 *    idempotency key (SendGrid `custom_args.outboxId` and an
 *    `X-Entity-Ref-ID` header), so a copy sent twice can be told apart in
 *    SendGrid's activity and by the recipient's mail client. The moment
 *    SendGrid accepts it, `handedOverAt` is written, on its own and before
 *    anything else (retried briefly), then SUCCESS with `sentAt`. A
 *    429, 5xx or network failure goes back to PENDING with `nextAttemptAt`
 *    from the domain schedule (OUTBOX_RETRY_DELAYS_MS: 1 min … 8 h, about
 *    32 h in all) and `lastError`; when the schedule is spent, or for any
 *    other 4xx, ERROR with `lastError`. The admin's "Resend" queues a fresh
 *    copy of an ERROR entry (features/email).
 *    On a demo- project (the emulators) without SENDGRID_API_KEY (the local
 *    default) the email is "delivered" to `email_log/{outboxId}` {to, from,
 *    subject, html, at} instead, atomically with SUCCESS. On a real project
 *    without it the entry is an ERROR naming the missing settings: an email
 *    that was not sent is never SUCCESS.
 *
 * `runOutboxSweep(now, deps)` (scheduled every OUTBOX_SWEEP_EVERY_MINUTES in
 * index.ts) sends every PENDING entry that is due, then logs `email.backlog`
 * when the oldest entry still unsent is older than EMAIL_BACKLOG_ALERT_MS
 * (domain emailBacklog: retries alone take about 32 h to end in
 * `email.failed`), and first takes back
 * entries stuck in PROCESSING past their lease (the instance died mid-send:
 * PENDING again, due now) — unless the entry was already handed over
 * (`handedOverAt`), which is marked SUCCESS without sending. A duplicate is
 * still possible in one window: SendGrid accepted the email but the process
 * died before `handedOverAt` was stored; SendGrid's send API has no
 * idempotency of its own, so that entry is sent again (same outboxId, same
 * X-Entity-Ref-ID). A plain function of the clock, so a test drives it
 * through hours with a fake one.
 *
 * Collections are resolved from `ref.firestore` (or `deps.collection`), so
 * the function needs no app of its own: tests call it directly with their own
 * collection and a `mailer` (the real SDK pointed at a local HTTP stub).
 *
 * `deliverNewEntry(event)` handles the v2 Firestore trigger on `outbox/{id}`
 * creation (exported from index.ts as `sendOutboxEmail`): the first attempt, at once.
 */
import {
  FieldValue,
  Timestamp,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { RateLimiterRes } from 'rate-limiter-flexible';
import * as logger from 'firebase-functions/logger';
import { EVENTS, logEvent } from '../../platform/log.js';
import type { FirestoreEvent, QueryDocumentSnapshot } from 'firebase-functions/v2/firestore';
import {
  COLLECTIONS,
  declaredValues,
  mailboxKey,
  isRetryableSendStatus,
  type OutboxDoc,
  OUTBOX_LEASE_MS,
  OUTBOX_RETRY_DELAYS_MS,
  outboxRetryDelayMs,
  RAW_TEMPLATE_ID,
  type RecipientLimit,
  renderTemplate,
  retentionEnd,
  stripLineBreaks,
  studioTemplateVariables,
  suppressedSendError,
  emailBacklog,
} from '@studio/domain';
import { sanitizeEmailHtml } from './emailHtml.js';
import { findDefaultTemplate } from './defaultTemplates.js';
import { loadStudioSettings } from '../../shared/settings.js';
import { isSealed, unseal } from '../../platform/sealed.js';
import { suppressionOf } from './suppressions.js';
import {
  oldestUnsentEntry,
  outboxCol,
  readOutboxClaimIn,
  readOutboxLeaseIn,
  readTemplateOverride,
  setEmailLogIn,
  updateOutboxEntry,
  updateOutboxEntryIn,
} from './emailStore.js';
import { describeSendError, sendEmail, sendgridMailer, type Mailer } from '../../platform/sendgrid.js';
import { limiterFor } from '../../platform/rateLimit.js';
import { RATE_LIMITS } from '../../platform/rateLimits.js';
import type { JobDeps } from '../job.js';
import { config, NOT_CONFIGURED, type Config } from '../../config.js';

/** The admin's edit of a template (email_templates/{id}): a field that is not text falls back to the default's. */

export interface SenderDeps {
  /** The SendGrid mail service; null delivers to the `email_log` collection instead (local only, see `unconfigured`). */
  mailer: Mailer | null;
  /**
   * Settings a real project lacks for sending (config.ts email mode
   * "unconfigured"): with no mailer, the entry fails with an error naming
   * them instead of going to the email log; never SUCCESS. Null when
   * delivery is configured or local.
   */
  unconfigured: string[] | null;
  /** From address (EMAIL_FROM). */
  from: string;
  /** Waits before each retry, in ms (the domain schedule; tests may shorten it). */
  retryDelaysMs: readonly number[];
  /** The clock: real time, or a test's fake one. */
  now(): Date;
}

export type SendOutcome =
  | { outcome: 'skipped'; reason: string }
  | { outcome: 'sent' | 'logged'; status: 'SUCCESS'; attempts: number }
  | { outcome: 'retry'; status: 'PENDING'; attempts: number; lastError: string; nextAttemptAt: Date }
  | { outcome: 'failed'; status: 'ERROR'; attempts: number; lastError: string }
  | { outcome: 'suppressed'; status: 'SKIPPED'; attempts: number; lastError: string };

/** Deps from the configuration (config.ts: email mode, SENDGRID_API_KEY, EMAIL_FROM), with `overrides` on top. */
export function senderDeps(overrides: Partial<SenderDeps> = {}, cfg: Config = config()): SenderDeps {
  const { email } = cfg;
  const fromConfig = overrides.mailer === undefined;
  return {
    mailer: fromConfig
      ? sendgridMailer(email.mode === 'sendgrid' ? email.sendgridApiKey : undefined)
      : (overrides.mailer ?? null),
    unconfigured:
      overrides.unconfigured !== undefined
        ? overrides.unconfigured
        : fromConfig && email.mode === 'unconfigured'
          ? cfg.missing.filter((m) => m === 'SENDGRID_API_KEY' || m === 'EMAIL_FROM')
          : null,
    from: overrides.from ?? email.from,
    retryDelaysMs: overrides.retryDelaysMs ?? OUTBOX_RETRY_DELAYS_MS,
    now: overrides.now ?? (() => new Date()),
  };
}

/**
 * Takes one point of the recipient limit `name` for the mailbox of `to`
 * (domain mailboxKey: `+tag` and gmail dots do not make a new address),
 * counted on the wall clock (the limit is a real hour, whatever `deps.now`).
 * @returns false when the address is over the limit. @throws when the limit's store fails.
 */
async function takeRecipientAllowance(db: Firestore, name: RecipientLimit, to: string): Promise<boolean> {
  try {
    await limiterFor(name, db).consume(mailboxKey(to));
    return true;
  } catch (e) {
    if (e instanceof RateLimiterRes) return false;
    throw e;
  }
}

/**
 * The header naming the outbox entry on every email sent: one id per entry, so two copies of one send (see the
 * module comment) carry the same reference, and mail clients do not thread unrelated emails together.
 */
export const ENTITY_REF_HEADER = 'X-Entity-Ref-ID';

/** The fields of an entry SendGrid accepted, `sentAt` being when (a Timestamp, or the server's time). */
function sentFields(sentAt: Date | FieldValue, now: Date) {
  return {
    status: 'SUCCESS' as const,
    sentAt: sentAt instanceof Date ? Timestamp.fromDate(sentAt) : sentAt,
    expireAt: retentionEnd(COLLECTIONS.outbox, now),
    deliveredVia: 'sendgrid' as const,
    lastError: null,
    leaseUntil: null,
    nextAttemptAt: null,
    updatedAt: FieldValue.serverTimestamp(),
  };
}

/** A failure that retrying cannot fix (unknown template, bad address). */
class PermanentError extends Error {}

interface Rendered {
  to: string;
  subject: string;
  html: string;
  /** PDFs rendered from the entry's `attachments` references (features/documents/documents.ts). */
  attachments?: Array<{ filename: string; content: Buffer }>;
  /** Opened sealed values (platform/sealed.ts): sent, but redacted from the email_log copy. */
  secrets?: string[];
}

/** `html` with every secret (plain or HTML-escaped) replaced, for the email_log copy. */
function redact(html: string, secrets: string[] = []): string {
  let out = html;
  for (const v of secrets)
    for (const form of new Set([v, v.replaceAll('&', '&amp;')])) out = out.split(form).join('[redacted]');
  return out;
}

/** Renders the entry `data` (see the module comment). @throws PermanentError */
async function renderEntry(ref: DocumentReference, data: OutboxDoc): Promise<Rendered> {
  const to = data.to.trim();
  if (!/^[^\s@<>,;]+@[^\s@<>,;]+$/.test(to)) throw new PermanentError('Invalid recipient address');
  const vars: Record<string, string> = {};
  const secrets: string[] = [];
  for (const [k, v] of Object.entries(data.variables)) {
    vars[k] = v;
    if (isSealed(v)) {
      try {
        vars[k] = unseal(v);
      } catch {
        throw new PermanentError(`Sealed variable "${k}" cannot be opened (OUTBOX_SECRET_KEY missing or changed)`);
      }
      secrets.push(vars[k]);
    }
  }
  const templateId = data.templateId;
  if (templateId === RAW_TEMPLATE_ID) {
    const subject = stripLineBreaks(vars.subject ?? '');
    const html = await sanitizeEmailHtml(vars.html ?? '');
    if (!subject || !html) throw new PermanentError('A raw email needs a subject and html');
    return { to, subject, html };
  }
  const template = findDefaultTemplate(templateId);
  if (!template) throw new PermanentError(`Unknown template "${templateId}"`);
  const custom = (await readTemplateOverride(ref.firestore, templateId)) ?? {};
  const subject = custom.subject ?? template.subject;
  const html = custom.html ?? template.html;
  // The studio's name (every template's footer) and details come from the settings when the entry has none.
  if (template.variables.includes('studioName') && vars.studioName == null) {
    const studio = studioTemplateVariables(await loadStudioSettings(ref.firestore));
    for (const [k, v] of Object.entries(studio)) vars[k] ??= v;
  }
  // Only the template's declared variables: one it no longer declares (withdrawn from a template, still in a stored
  // override, or in an entry queued before) renders empty.
  const rendered = renderTemplate({ subject, html }, declaredValues(template.variables, vars));
  return {
    to,
    subject: rendered.subject,
    html: await sanitizeEmailHtml(rendered.html),
    secrets,
    attachments: await renderAttachments(ref, data.attachments),
  };
}

/**
 * The PDFs an entry references (`attachments: [{kind, id}]`), rendered now:
 * the outbox stores references, not file contents. A missing document is a
 * permanent failure. The PDF code loads only when an entry has attachments.
 */
async function renderAttachments(
  ref: DocumentReference,
  list: OutboxDoc['attachments'],
): Promise<Rendered['attachments']> {
  if (list.length === 0) return undefined;
  const { renderDocument } = await import('../documents/index.js');
  const out: NonNullable<Rendered['attachments']> = [];
  for (const a of list) {
    try {
      const { filename, pdf } = await renderDocument(ref.firestore, a);
      out.push({ filename, content: pdf });
    } catch (e) {
      if ((e as { status?: number }).status === 404)
        throw new PermanentError(`Attachment ${String(a.kind)} ${a.id} not found`);
      throw e;
    }
  }
  return out;
}

/**
 * Delivers the outbox entry at `ref` once (see the module comment). Safe to
 * call more than once: only the caller that claims a due PENDING entry sends it.
 */
export async function processOutboxEntry(ref: DocumentReference, deps: Partial<SenderDeps> = {}): Promise<SendOutcome> {
  const d = senderDeps(deps);
  const db = ref.firestore;
  const now = d.now();

  type Claim = { skip: string } | { malformed: string; attempts: number } | { data: OutboxDoc; attempts: number };
  const claim = await db.runTransaction(async (tx): Promise<Claim> => {
    const read = await readOutboxClaimIn(tx, ref);
    if (!read) return { skip: 'missing' };
    const { status, parsed } = read;
    if (status !== 'PENDING') return { skip: `status ${String(status)}` };
    if (!parsed.success) {
      // Nothing can be sent from it, and no retry would change that.
      const issue = parsed.error.issues[0];
      const lastError =
        `Stored entry does not parse: ${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'}`.slice(
          0,
          500,
        );
      logEvent(EVENTS.emailFailed, 'outbox: a stored entry does not parse; failed', {
        id: ref.id,
        issues: parsed.error.issues,
      });
      updateOutboxEntryIn(tx, ref, {
        status: 'ERROR',
        lastError,
        expireAt: retentionEnd(COLLECTIONS.outbox, now),
        leaseUntil: null,
        nextAttemptAt: null,
        updatedAt: FieldValue.serverTimestamp(),
      });
      return { malformed: lastError, attempts: read.attempts };
    }
    const entry = parsed.data;
    // Already accepted by the provider (a copy put back to PENDING by hand or by an older sweeper): recorded, not resent.
    if (entry.handedOverAt) {
      updateOutboxEntryIn(tx, ref, sentFields(entry.handedOverAt, now));
      return { skip: 'already handed over' };
    }
    // A first attempt is always due (its nextAttemptAt is the server's commit time; this clock may lag it).
    if (entry.attempts > 0 && entry.nextAttemptAt && entry.nextAttemptAt.getTime() > now.getTime())
      return { skip: 'not due' };
    const attempts = entry.attempts + 1;
    updateOutboxEntryIn(tx, ref, {
      status: 'PROCESSING',
      attempts,
      claimedAt: Timestamp.fromDate(now),
      leaseUntil: Timestamp.fromMillis(now.getTime() + OUTBOX_LEASE_MS),
      updatedAt: FieldValue.serverTimestamp(),
    });
    return { data: entry, attempts };
  });
  if ('skip' in claim) return { outcome: 'skipped', reason: claim.skip };
  if ('malformed' in claim)
    return { outcome: 'failed', status: 'ERROR', attempts: claim.attempts, lastError: claim.malformed };
  const { attempts } = claim;

  // Terminal: no retry will send it, so a person has to look (the email pages' Resend).
  const fail = async (lastError: string): Promise<SendOutcome> => {
    logEvent(EVENTS.emailFailed, 'outbox: email not sent; no retry left', {
      id: ref.id,
      templateId: claim.data.templateId ?? null,
      attempts,
      lastError,
    });
    await updateOutboxEntry(ref, {
      status: 'ERROR',
      lastError,
      expireAt: retentionEnd(COLLECTIONS.outbox, now),
      leaseUntil: null,
      nextAttemptAt: null,
      updatedAt: FieldValue.serverTimestamp(),
    });
    return { outcome: 'failed', status: 'ERROR', attempts, lastError };
  };

  /** Back to PENDING for the next attempt on the retry schedule; ERROR once it is spent. */
  const retryLater = async (lastError: string): Promise<SendOutcome> => {
    const wait = outboxRetryDelayMs(attempts, d.retryDelaysMs);
    if (wait === null) return fail(lastError);
    const nextAttemptAt = new Date(now.getTime() + wait);
    await updateOutboxEntry(ref, {
      status: 'PENDING',
      lastError,
      nextAttemptAt: Timestamp.fromDate(nextAttemptAt),
      leaseUntil: null,
      updatedAt: FieldValue.serverTimestamp(),
    });
    return { outcome: 'retry', status: 'PENDING', attempts, lastError, nextAttemptAt };
  };

  /** Ends the entry as SKIPPED (never sent: a suppressed address or a spent recipient limit). */
  const skip = async (lastError: string): Promise<SendOutcome> => {
    await updateOutboxEntry(ref, {
      status: 'SKIPPED',
      lastError,
      expireAt: retentionEnd(COLLECTIONS.outbox, now),
      leaseUntil: null,
      nextAttemptAt: null,
      updatedAt: FieldValue.serverTimestamp(),
    });
    return { outcome: 'suppressed', status: 'SKIPPED', attempts, lastError };
  };

  // An address SendGrid reported bounced, dropped or as a spam reporter gets nothing more (features/email/suppressions.ts).
  let suppressedBy: Awaited<ReturnType<typeof suppressionOf>>;
  try {
    suppressedBy = await suppressionOf(db, claim.data.to);
  } catch (e) {
    logger.warn('outbox: suppression list unreadable; retrying later', { id: ref.id, error: String(e) });
    return retryLater(`Suppression list unavailable: ${String((e as Error)?.message ?? e)}`.slice(0, 500));
  }
  if (suppressedBy) {
    const lastError = suppressedSendError(suppressedBy);
    logEvent(EVENTS.emailSuppressed, 'outbox: email not sent to a suppressed address', {
      id: ref.id,
      templateId: claim.data.templateId ?? null,
      suppressedBy,
    });
    return skip(lastError);
  }

  const { recipientLimit } = claim.data;
  if (recipientLimit && !claim.data.recipientLimitTaken) {
    let within: boolean;
    try {
      within = await takeRecipientAllowance(db, recipientLimit, claim.data.to);
    } catch (e) {
      logger.warn('outbox: recipient limit store failed; retrying later', { id: ref.id, error: String(e) });
      return retryLater(`Recipient limit unavailable: ${String((e as Error)?.message ?? e)}`.slice(0, 500));
    }
    if (!within) {
      const lastError = RATE_LIMITS[recipientLimit].message;
      // At WARN, paged by volume: a visitor writing twice in an hour is the limit working.
      logEvent(EVENTS.emailRecipientLimited, 'outbox: email suppressed by its recipient limit', {
        id: ref.id,
        templateId: claim.data.templateId ?? null,
        recipientLimit,
      });
      return skip(lastError);
    }
    await updateOutboxEntry(ref, { recipientLimitTaken: true, updatedAt: FieldValue.serverTimestamp() });
  }

  let email: Rendered;
  try {
    email = await renderEntry(ref, claim.data);
  } catch (e) {
    // Unknown template or bad address; or the override read failed: ERROR rather than stuck in PROCESSING.
    return fail(
      e instanceof PermanentError ? e.message : `Render failed: ${String((e as Error)?.message ?? e).slice(0, 400)}`,
    );
  }

  if (!d.mailer && d.unconfigured) {
    return fail(`${NOT_CONFIGURED.email}: missing ${d.unconfigured.join(', ')}`);
  }
  if (!d.mailer) {
    const batch = db.batch();
    setEmailLogIn(batch, db, ref.id, {
      outboxId: ref.id,
      // The entry's lead and order, so that a client's erasure finds this copy by id.
      ...(claim.data.leadId ? { leadId: claim.data.leadId } : {}),
      ...(claim.data.orderId ? { orderId: claim.data.orderId } : {}),
      templateId: claim.data.templateId ?? null,
      to: email.to,
      from: d.from,
      subject: email.subject,
      html: redact(email.html, email.secrets),
      // What was attached (name and size), not the file.
      ...(email.attachments
        ? {
            attachments: email.attachments.map((a) => ({
              filename: a.filename,
              contentType: 'application/pdf',
              bytes: a.content.length,
            })),
          }
        : {}),
      at: FieldValue.serverTimestamp(),
      expireAt: retentionEnd(COLLECTIONS.emailLog, now),
    });
    updateOutboxEntryIn(batch, ref, {
      status: 'SUCCESS',
      sentAt: FieldValue.serverTimestamp(),
      expireAt: retentionEnd(COLLECTIONS.outbox, now),
      deliveredVia: 'email_log',
      lastError: null,
      leaseUntil: null,
      nextAttemptAt: null,
      updatedAt: FieldValue.serverTimestamp(),
    });
    await batch.commit();
    return { outcome: 'logged', status: 'SUCCESS', attempts };
  }

  try {
    await sendEmail(d.mailer, {
      to: email.to,
      from: d.from,
      subject: email.subject,
      html: email.html,
      customArgs: { outboxId: ref.id },
      headers: { [ENTITY_REF_HEADER]: ref.id },
      attachments: email.attachments,
    });
  } catch (e) {
    const { status, message } = describeSendError(e);
    return isRetryableSendStatus(status) ? retryLater(message) : fail(message);
  }
  // The hand-over first, alone: whatever fails after it, no reclaim sends this entry again.
  try {
    await updateOutboxEntry(ref, { handedOverAt: FieldValue.serverTimestamp() });
  } catch (e) {
    logger.error('outbox: sent, but the hand-over could not be recorded; a reclaim will send it again', {
      id: ref.id,
      error: String(e),
    });
    throw e;
  }
  await updateOutboxEntry(ref, sentFields(FieldValue.serverTimestamp(), now));
  return { outcome: 'sent', status: 'SUCCESS', attempts };
}

/** Entries a sweep handles at most (the next sweep takes the rest). */
export const OUTBOX_SWEEP_BATCH = 200;

export interface SweepResult {
  /** Entries taken back from PROCESSING past their lease, to be sent again. */
  reclaimed: number;
  /** Entries past their lease that SendGrid had already accepted (`handedOverAt`): marked SUCCESS, not sent again. */
  handedOver: number;
  /** Outcomes of the due entries this sweep tried. */
  sent: number;
  retrying: number;
  failed: number;
  /** Entries over their recipient limit, now SKIPPED. */
  suppressed: number;
  /** Entries another sender had claimed, or not due after all. */
  skipped: number;
  /** Age in ms of the oldest entry still unsent (PENDING or PROCESSING) after the sweep; null when none. */
  oldestUnsentMs: number | null;
}

/**
 * The scheduled sweeper (see the module comment), at `now`: takes back
 * PROCESSING entries past their lease, then processes every due PENDING
 * entry, one at a time. `deps.collection` defaults to `deps.db`'s `outbox`.
 */
export async function runOutboxSweep(
  deps: Partial<SenderDeps> & JobDeps & { collection?: CollectionReference },
  now: Date,
): Promise<SweepResult> {
  const { collection = outboxCol(deps.db), ...rest } = deps;
  const at = Timestamp.fromDate(now);
  const result: SweepResult = {
    reclaimed: 0,
    handedOver: 0,
    sent: 0,
    retrying: 0,
    failed: 0,
    suppressed: 0,
    skipped: 0,
    oldestUnsentMs: null,
  };

  const stuck = await collection
    .where('status', '==', 'PROCESSING')
    .where('leaseUntil', '<=', at)
    .limit(OUTBOX_SWEEP_BATCH)
    .get();
  for (const doc of stuck.docs) {
    const taken = await collection.firestore.runTransaction(async (tx): Promise<keyof SweepResult | null> => {
      const { status, leaseUntil: lease, handedOverAt } = await readOutboxLeaseIn(tx, doc.ref);
      if (status !== 'PROCESSING' || !lease || lease.toMillis() > now.getTime()) return null;
      // Its sender died after SendGrid accepted it: sending again would deliver it twice.
      if (handedOverAt) {
        updateOutboxEntryIn(tx, doc.ref, sentFields(handedOverAt.toDate(), now));
        return 'handedOver';
      }
      updateOutboxEntryIn(tx, doc.ref, {
        status: 'PENDING',
        nextAttemptAt: at,
        leaseUntil: null,
        lastError: 'Sender stopped mid-send; taken back after its lease',
        updatedAt: FieldValue.serverTimestamp(),
      });
      return 'reclaimed';
    });
    if (taken) result[taken]++;
  }

  const due = await collection
    .where('status', '==', 'PENDING')
    .where('nextAttemptAt', '<=', at)
    .orderBy('nextAttemptAt')
    .limit(OUTBOX_SWEEP_BATCH)
    .get();
  for (const doc of due.docs) {
    try {
      const r = await processOutboxEntry(doc.ref, { ...rest, now: () => now });
      if (r.outcome === 'sent' || r.outcome === 'logged') result.sent++;
      else if (r.outcome === 'retry') result.retrying++;
      else if (r.outcome === 'failed') result.failed++;
      else if (r.outcome === 'suppressed') result.suppressed++;
      else result.skipped++;
    } catch (error) {
      // Left PENDING or PROCESSING: the next sweep (or the lease) brings it back.
      logEvent(EVENTS.jobItemFailed, 'outbox sweep: entry left for the next sweep', {
        job: 'sweepOutbox',
        id: doc.id,
        error: String(error),
      });
      result.skipped++;
    }
  }
  const oldest = await oldestUnsentEntry(collection);
  const backlog = emailBacklog(oldest?.createdAt ?? null, now);
  result.oldestUnsentMs = backlog.ageMs;
  if (backlog.alert)
    logEvent(EVENTS.emailBacklog, 'outbox: the oldest unsent email is more than 2 hours old', {
      job: 'sweepOutbox',
      id: oldest?.id ?? null,
      ageMinutes: Math.floor(backlog.ageMs! / 60_000),
      attempts: oldest?.attempts ?? null,
      lastError: oldest?.lastError ?? null,
    });
  return result;
}

/** Delivers a new `outbox/{id}` entry: the handler of the `sendOutboxEmail` trigger (index.ts). */
export async function deliverNewEntry(event: FirestoreEvent<QueryDocumentSnapshot | undefined, { id: string }>) {
  if (!event.data) return;
  const result = await processOutboxEntry(event.data.ref);
  logger.info('outbox', { id: event.params.id, ...result });
}
