/**
 * Email templates and the test center (spec §2 "Email templates and test
 * center", §3 "Email template", §5, §7 /api/email-templates*, /api/test-email).
 * Pure rules shared by the API, the outbox sender and the admin UI:
 *
 * - the template shape, the template ids and the variables' sample values (the
 *   default templates' HTML lives beside the server's email slice,
 *   functions/src/features/email/defaultTemplates.ts; the admin UI reads it
 *   through GET /api/email-templates);
 * - `${var}` placeholders: listing them, flagging unknown ones before a save,
 *   and rendering with every variable value HTML-escaped for where it lands
 *   (text, attribute, or the start of a link, where only http/https/mailto pass);
 * - the request schemas of the template and test-email routes;
 * - the outbox retry policy (statuses, which send failures are retried, the
 *   backoff schedule from minutes to hours, the PROCESSING lease).
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { EMAIL_MESSAGE } from './schemas.js';
import { formatUsd } from './money.js';
import { depositLabel } from './pricing.js';
import type { StudioSettings } from './settings.js';

// ---------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------

/** An email template (spec §3): html and subject carry `${var}` placeholders named in `variables`. */
export interface EmailTemplate {
  id: string;
  name: string;
  description: string;
  subject: string;
  html: string;
  variables: string[];
}

export const EMAIL_TEMPLATE_IDS = [
  'contact-confirmation',
  'new-lead-alert',
  'quote-sent',
  'beta-deployed',
  'launched',
  'invoice',
  'deposit-request',
  'payment-received',
  'payment-failed',
  'status-update',
  'reminder-quote',
  'reminder-proposal',
  'reminder-quote-expiry',
  'reminder-proposal-expiry',
  'reminder-deposit',
  'reminder-invoice-due',
  'reminder-invoice-overdue',
  'money-alert',
  'credit-note',
  'proposal-signed-owner',
  'message-to-client',
  'message-to-owner',
] as const;
export type EmailTemplateId = (typeof EMAIL_TEMPLATE_IDS)[number];

/** Template selected when the templates page opens (spec §2). */
export const DEFAULT_TEMPLATE_ID: EmailTemplateId = 'contact-confirmation';

/** Outbox `templateId` of a test-center email: subject and html travel as variables, nothing is substituted. */
export const RAW_TEMPLATE_ID = 'raw';

/**
 * The contact confirmation's variables: the studio's own details only. The
 * confirmation goes to whatever address the form was given, so it carries
 * nothing the visitor wrote (no name, subject or message), which leaves the
 * form no way to send someone else's words to a stranger.
 */
export const CONTACT_CONFIRMATION_VARIABLES = ['studioName', 'studioAddress', 'studioEmail'] as const;

/**
 * The studio's details as template variables (`studioName`, `studioAddress`,
 * `studioEmail`), from the studio settings (domain settings.ts).
 */
export function studioTemplateVariables(
  studio: Pick<StudioSettings, 'businessName' | 'postalAddress' | 'contactEmail'>,
): Record<(typeof CONTACT_CONFIRMATION_VARIABLES)[number], string> {
  return { studioName: studio.businessName, studioAddress: studio.postalAddress, studioEmail: studio.contactEmail };
}

/** Test-center picker (spec §2): the three starting points and the template each prefills from. */
export const TEST_CENTER_PRESETS = [
  { key: 'contact', label: 'Contact', templateId: 'contact-confirmation' },
  { key: 'quote', label: 'Quote', templateId: 'quote-sent' },
  { key: 'status', label: 'Status', templateId: 'status-update' },
] as const satisfies ReadonlyArray<{ key: string; label: string; templateId: EmailTemplateId }>;

// ---------------------------------------------------------------------------
// Sample data
// ---------------------------------------------------------------------------

/** Values for every default variable, used for previews and test sends when no real lead exists. */
export const SAMPLE_TEMPLATE_VARIABLES: Readonly<Record<string, string>> = {
  name: 'Jane Client',
  email: 'jane.client@example.com',
  phone: '+1 555 0100',
  projectType: 'Web Project',
  subject: 'A new website for my bakery',
  message: 'Hello! I would like a new website with online ordering.\nCan we talk next week?',
  quoteAmount: '$4,750.00',
  depositAmount: '$2,375.00',
  quoteLink: 'https://studio.example.com/quote-acceptance?leadId=sample&token=sample',
  projectName: 'Bakery website',
  deploymentUrl: 'https://beta.example.com',
  url: 'https://www.example.com',
  description: `Bakery website - ${depositLabel(475_000, 237_500)}`,
  amount: '$2,375.00',
  dueDate: 'within 14 days',
  invoiceNumber: 'INV-2026-0007',
  reference: 'pi_3Sample0000000000',
  sentDate: 'November 2, 2026',
  expiryDate: 'December 2, 2026',
  daysOverdue: '7',
  daysOverdueUnit: 'days',
  projectLink: 'https://studio.example.com/my-project',
  studioName: 'Studio',
  studioAddress: '1 Market Street\nSpringfield',
  studioEmail: 'studio@example.com',
  paymentLink: 'https://studio.example.com/checkout?amount=2375.00',
  reason: 'Your card was declined.',
  status: 'Production',
  event: 'Deposit paid',
  clientName: 'Jane Client',
  documentNumber: 'INV-2026-0007',
  detail: 'Paid by card.',
  creditNoteNumber: 'CN-2026-0001',
  signedBy: 'Jane Client',
  clientEmail: 'jane.client@example.com',
  signedAt: 'November 2, 2026 at 10:15:00 AM (UTC)',
  documentId: '0b6f3c1e-5d2a-4c8e-9f7a-2e4d6b8a1c3f',
  nextStep: 'Countersign it from the lead details (Proposals): the project waits in Quote Accepted until you do.',
  threadTitle: 'Bakery website',
  portalLink: 'https://studio.example.com/portal',
  adminLink: 'https://studio.example.com/admin',
};

/** The lead fields the template variables draw on (a stored lead or its DTO). */
export interface LeadLikeForEmail {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  projectType?: string | null;
  subject?: string | null;
  message?: string | null;
  status?: string | null;
  quoteAmountCents?: number | null;
  depositAmountCents?: number | null;
}

/**
 * Template variables for `lead`: its own values where it has them, sample data
 * for the rest (links, invoice fields), so a preview or test send shows a real
 * lead's data. Without a lead: the sample data.
 */
export function templateVariablesFromLead(lead?: LeadLikeForEmail | null): Record<string, string> {
  const vars: Record<string, string> = { ...SAMPLE_TEMPLATE_VARIABLES };
  if (!lead) return vars;
  const text = (k: keyof LeadLikeForEmail & string, as: string = k) => {
    const v = lead[k];
    if (typeof v === 'string' && v.trim()) vars[as] = v;
  };
  text('name');
  text('email');
  text('phone');
  text('projectType');
  text('subject');
  text('message');
  text('status');
  text('subject', 'projectName');
  if (typeof lead.quoteAmountCents === 'number') vars.quoteAmount = formatUsd(lead.quoteAmountCents);
  if (typeof lead.depositAmountCents === 'number')
    vars.depositAmount = vars.amount = formatUsd(lead.depositAmountCents);
  return vars;
}

// ---------------------------------------------------------------------------
// Placeholders and rendering
// ---------------------------------------------------------------------------

/** Any `${...}`: the inside is checked against the declared variables, so malformed names are flagged too. */
const PLACEHOLDER = /\$\{([^{}]*)\}/g;

/** Names of the `${...}` placeholders in `text`, trimmed, each once, in order of appearance. */
export function placeholders(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) seen.add((m[1] ?? '').trim());
  return [...seen];
}

/**
 * Variables whose text a visitor wrote (the contact form's fields, carried
 * into later emails with the lead). Anyone can make the site email any
 * address with them, so no mail client may turn them into a link
 * (defangLinks, in the html and the subject), and in a subject line (the
 * first thing a phishing text needs) they are cut to SUBJECT_VISITOR_TEXT_MAX
 * characters: room for a name or a project's title, not for a message.
 */
export const VISITOR_TEXT_VARIABLES: ReadonlySet<string> = new Set(['name', 'email', 'phone', 'subject', 'message']);

/** Most characters of one visitor-text value in a subject line (renderTemplate); longer ones end in "…". */
export const SUBJECT_VISITOR_TEXT_MAX = 40;

/**
 * Placeholders that may not be saved: those not among the template's
 * `variables`, in the subject or the html (a template accepts every variable
 * it lists, in both). Checked before saving.
 */
export function unknownPlaceholders(template: Pick<EmailTemplate, 'subject' | 'html' | 'variables'>): string[] {
  const known = new Set(template.variables);
  return [...new Set([...placeholders(template.subject), ...placeholders(template.html)])].filter((p) => !known.has(p));
}

/** Visitor text for a subject line: cut to SUBJECT_VISITOR_TEXT_MAX characters, with nothing a client could link. */
function subjectVisitorText(value: string): string {
  const chars = [...value.trim()];
  const cut =
    chars.length > SUBJECT_VISITOR_TEXT_MAX ? `${chars.slice(0, SUBJECT_VISITOR_TEXT_MAX - 1).join('')}…` : value;
  return cut.replace(/([.@:])(?=\S)/g, '$1\u200b');
}

/**
 * Escaped text with a zero-width space after every `.`, `@` and `:`:
 * mail clients link anything that looks like a URL, a domain or an address,
 * and these breaks stop them while the text reads the same.
 */
export function defangLinks(escaped: string): string {
  return escaped.replace(/([.@:])(?=\S)/g, '$1&#8203;');
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes `value` for HTML text and quoted attribute values: & < > " '. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => TEXT_ESCAPES[c]!);
}

/** Stronger escaping inside a tag: also backtick, `=` and whitespace, so even an unquoted attribute cannot be broken out of. */
function escapeInTag(value: string): string {
  return escapeHtml(value).replace(/[`=\s]/g, (c) => `&#${c.codePointAt(0)};`);
}

/** Attributes whose value is a URL: a placeholder at the start of one decides the scheme. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'background',
  'poster',
  'cite',
  'data',
  'xlink:href',
]);
export const SAFE_URL_SCHEMES = ['http', 'https', 'mailto'] as const;

/** `value` when it is an http(s)/mailto or scheme-less URL; otherwise '#' (javascript:, data:, vbscript:, ...). */
export function safeUrl(value: string): string {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = value.replace(/[\p{Cc} ]/gu, ''); // \p{Cc}: U+0000–U+001F and U+007F–U+009F
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme && !(SAFE_URL_SCHEMES as readonly string[]).includes(scheme)) return '#';
  if (compact.startsWith('//')) return '#'; // protocol-relative: another host, unknown scheme
  return value;
}

interface Context {
  /** In text, inside a tag (attribute name or unquoted value), or inside a quoted attribute value. */
  where: 'text' | 'tag' | 'quoted';
  /** At the very start of a URL attribute's value: the value decides the scheme. */
  url: boolean;
}

/**
 * Where in `html` the placeholder at `index` sits: a small scan of the HTML
 * tokenizer states that matter (text, comment, tag, quoted attribute value),
 * so a `>` inside quotes does not end the tag.
 */
function contextAt(html: string, index: number): Context {
  let state: 'text' | 'comment' | 'tag' | 'dq' | 'sq' = 'text';
  let tagStart = 0;
  for (let i = 0; i < index; i++) {
    const c = html[i];
    if (state === 'text') {
      if (c !== '<') continue;
      if (html.startsWith('<!--', i)) {
        state = 'comment';
        i += 3;
      } else if (/[A-Za-z/!?]/.test(html[i + 1] ?? '')) {
        state = 'tag';
        tagStart = i;
      }
    } else if (state === 'comment') {
      if (html.startsWith('-->', i)) {
        state = 'text';
        i += 2;
      }
    } else if (state === 'tag') {
      if (c === '"') state = 'dq';
      else if (c === "'") state = 'sq';
      else if (c === '>') state = 'text';
    } else if ((state === 'dq' && c === '"') || (state === 'sq' && c === "'")) {
      state = 'tag';
    }
  }
  if (state === 'text' || state === 'comment') return { where: 'text', url: false };
  const attr = /\s([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)|'([^']*)|([^\s"'>]*))$/.exec(html.slice(tagStart, index));
  const valueSoFar = attr ? (attr[2] ?? attr[3] ?? attr[4] ?? '') : null;
  const url = !!attr && URL_ATTRIBUTES.has(attr[1]!.toLowerCase()) && valueSoFar!.trim() === '';
  return { where: state === 'tag' ? 'tag' : 'quoted', url };
}

/** Removes CR/LF (and other control characters) from a subject line: header injection is impossible. */
export function stripLineBreaks(subject: string): string {
  return (
    subject
      // eslint-disable-next-line no-control-regex -- matching control characters is this function's purpose
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * The values of `vars` named in `variables` (a template's declared ones), the
 * rest dropped. Senders and previews render through it, so a placeholder the
 * template no longer declares, left in an admin's stored override from before
 * the variable was withdrawn, renders empty instead of carrying a value that
 * a caller still passes (or an older queued email still holds).
 */
export function declaredValues(
  variables: readonly string[],
  vars: Readonly<Record<string, string | null | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of variables) {
    const v = hasOwn(vars, name) ? vars[name] : undefined;
    if (v != null) out[name] = String(v);
  }
  return out;
}

/**
 * Renders `template` with `vars`. In the html every value is escaped for its
 * context (text, attribute, URL); a value at the start of a link that is not
 * http/https/mailto becomes '#'. Visitor text (VISITOR_TEXT_VARIABLES) is
 * never a link and is defanged (defangLinks); in the subject it is cut
 * short and defanged too (subjectVisitorText). The subject is plain text:
 * substituted, then built by emailSubject (no CR/LF, at most
 * EMAIL_SUBJECT_MAX characters).
 * Placeholders without a value render empty.
 */
export function renderTemplate(
  template: Pick<EmailTemplate, 'subject' | 'html'>,
  vars: Readonly<Record<string, string | null | undefined>>,
): { subject: string; html: string } {
  const html = fillPlaceholders(template.html, vars, (v, key, offset) => {
    const at = contextAt(template.html, offset);
    const visitor = VISITOR_TEXT_VARIABLES.has(key);
    // Visitor text never starts a link; elsewhere a link's value must be a safe URL.
    const shown = at.url ? (visitor ? '#' : safeUrl(v)) : v;
    // Inside quotes the five entities suffice; elsewhere in a tag, whitespace, ` and = are escaped too.
    if (at.where === 'tag') return escapeInTag(shown);
    return visitor && at.where === 'text' ? defangLinks(escapeHtml(shown)) : escapeHtml(shown);
  });
  const subject = emailSubject(
    fillPlaceholders(template.subject, vars, (v, key) => (VISITOR_TEXT_VARIABLES.has(key) ? subjectVisitorText(v) : v)),
  );
  return { subject, html };
}

/**
 * Most characters (code points) of a template's subject line (emailSubject):
 * about what a mail client's list shows of one; longer ones end in "…".
 */
export const EMAIL_SUBJECT_MAX = 90;

/** The characters a cut subject may not end on before its "…" (a dangling separator). */
const SUBJECT_CUT_TRAILER = /[\s:;,.\-–—(]+$/u;

/**
 * The one builder of a template's subject line (renderTemplate calls it for
 * every template): line breaks and other control characters removed
 * (stripLineBreaks: no header injection), then cut to EMAIL_SUBJECT_MAX
 * characters, at the last space of its last 20 characters when there is one,
 * a dangling separator dropped, ending in "…". A subject that fits is
 * returned as it is.
 */
export function emailSubject(text: string, max = EMAIL_SUBJECT_MAX): string {
  const line = stripLineBreaks(text);
  const chars = [...line];
  if (chars.length <= max) return line;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  const atWord = space >= 0 && [...head.slice(space)].length <= 20 ? head.slice(0, space) : head;
  const cut = atWord.replace(SUBJECT_CUT_TRAILER, '') || head;
  return `${cut}…`;
}

/**
 * The one `${var}` substitution every template renders through (emails here,
 * contracts in proposals.ts): each placeholder's trimmed name is looked up in
 * `vars` (own keys only; no value renders empty) and the value passed to
 * `encode` (with the name and the placeholder's offset in `text`) for where it
 * lands. Without `encode` the value is inserted as it is: plain text.
 */
export function fillPlaceholders(
  text: string,
  vars: Readonly<Record<string, string | null | undefined>>,
  encode: (value: string, name: string, offset: number) => string = (v) => v,
): string {
  return text.replace(PLACEHOLDER, (_m, name: string, offset: number) => {
    const key = name.trim();
    const v = hasOwn(vars, key) ? vars[key] : undefined;
    return encode(v == null ? '' : String(v), key, offset);
  });
}

// ---------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------

/** Largest template or test-email html, in UTF-8 bytes. */
export const EMAIL_HTML_MAX_BYTES = 50 * 1024;

/** UTF-8 length of `s` in bytes (no TextEncoder needed). */
export function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** The test center's toast when a field is empty (spec §5). The server answers with field messages instead. */
export const MISSING_FIELDS_TOAST = {
  title: 'Missing Required Fields',
  description: 'Please fill in recipient email, subject, and message content.',
} as const;

export const EMAIL_FIELD_MESSAGES = {
  subject: 'Subject is required',
  html: 'Message content is required',
  htmlTooLarge: 'Message content must be at most 50 KB',
  to: 'Recipient email is required',
  testEmail: 'Test email address is required',
} as const;

/** A required email address with its own "missing" message; bad ones get the usual EMAIL_MESSAGE. */
function requiredEmail(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(LIMITS.email, EMAIL_MESSAGE)
    .pipe(z.email(EMAIL_MESSAGE))
    .transform((v) => v.toLowerCase());
}

const subjectField = z
  .string({ error: EMAIL_FIELD_MESSAGES.subject })
  .transform(stripLineBreaks)
  .pipe(
    z
      .string()
      .min(1, EMAIL_FIELD_MESSAGES.subject)
      .max(LIMITS.subject, `Subject must be at most ${LIMITS.subject} characters`),
  );

const htmlField = z
  .string({ error: EMAIL_FIELD_MESSAGES.html })
  .trim()
  .min(1, EMAIL_FIELD_MESSAGES.html)
  .refine((v) => utf8Length(v) <= EMAIL_HTML_MAX_BYTES, EMAIL_FIELD_MESSAGES.htmlTooLarge);

/** PUT /api/email-templates/{id} body. */
export const emailTemplateUpdateSchema = z.strictObject({ subject: subjectField, html: htmlField });
export type EmailTemplateUpdate = z.output<typeof emailTemplateUpdateSchema>;

/** POST /api/email-templates/{id}/test body: the template test needs an address (spec §5). */
export const templateTestSchema = z.strictObject({ testEmail: requiredEmail(EMAIL_FIELD_MESSAGES.testEmail) });
export type TemplateTestInput = z.output<typeof templateTestSchema>;

/** POST /api/test-email body: to, subject and html all required (spec §5). */
export const testEmailSchema = z.strictObject({
  to: requiredEmail(EMAIL_FIELD_MESSAGES.to),
  subject: subjectField,
  html: htmlField,
});
export type TestEmailInput = z.output<typeof testEmailSchema>;

// ---------------------------------------------------------------------------
// Outbox policy
// ---------------------------------------------------------------------------

/**
 * An outbox entry's life: PENDING (due at `nextAttemptAt`) → PROCESSING (a
 * sender holds it) → SUCCESS, or ERROR (failed for good), or SKIPPED (over
 * its recipient limit: deliberately not sent).
 */
export const OUTBOX_STATUSES = ['PENDING', 'PROCESSING', 'SUCCESS', 'ERROR', 'SKIPPED'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** True once an entry will not change any more (the test center stops polling). */
export function isFinalOutboxStatus(status: string | null | undefined): boolean {
  return status === 'SUCCESS' || status === 'ERROR' || status === 'SKIPPED';
}

/**
 * The sending limits per recipient mailbox that an outbox entry can name
 * (`recipientLimit`): before the entry's first send the sender takes one
 * point of the limit for its mailbox (mailboxKey, so `victim+1@…` counts as
 * `victim@…`), and an entry over the limit is SKIPPED with the limit's
 * message as its lastError. Their figures and messages are in the server's
 * rate-limit table (functions/src/platform/rateLimits.ts).
 * - `contact-confirmation`: the visitor chooses the confirmation's address,
 *   so the public contact form must not become a mail relay: one confirmation
 *   per address an hour (the lead is stored and the owner alerted every time).
 */
export const RECIPIENT_LIMIT_NAMES = ['contact-confirmation'] as const;
export type RecipientLimit = (typeof RECIPIENT_LIMIT_NAMES)[number];

/** Domains whose mailboxes ignore dots in the local part (and share one namespace). */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to, as the key of a per-recipient limit:
 * trimmed and lower-cased, the `+tag` of the local part dropped
 * (`victim+1@example.com` → `victim@example.com`), and for gmail.com and
 * googlemail.com the dots dropped too, on one domain
 * (`Vic.Tim@googlemail.com` → `victim@gmail.com`). Errs towards joining
 * addresses: two that share a key may be two mailboxes at a provider that
 * reads `+` literally, which only makes the limit stricter.
 * @param address an email address as typed (already checked to have one `@`); a string
 *   without `@` comes back trimmed and lower-cased.
 */
export function mailboxKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const domainPart = lower.slice(at + 1).replace(/\.+$/, '');
  let local = lower.slice(0, at);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domainPart];
  if (dotless) local = local.replaceAll('.', '');
  return `${local}@${dotless ?? domainPart}`;
}

/**
 * Retry schedule of an email whose send failed for a reason worth retrying
 * (429, 5xx, network): the wait before each next attempt, minutes growing to
 * hours, 31 h 51 min in all, so a provider outage of up to a day loses
 * nothing. The scheduled sweeper sends each retry when it is due.
 */
export const OUTBOX_RETRY_DELAYS_MS: readonly number[] = [1, 5, 15, 30, 60, 120, 240, 480, 480, 480].map(
  (m) => m * 60_000,
);

/** Most send attempts per outbox entry, the first included (one more than the retries). */
export const OUTBOX_MAX_ATTEMPTS = OUTBOX_RETRY_DELAYS_MS.length + 1;

/**
 * How long a sender may hold an entry in PROCESSING (its lease): past it the
 * sweeper takes the entry back (the instance died mid-send). Far above a
 * send's 10 s timeout; a send that did reach the provider before the crash
 * may then go out twice, which beats never.
 */
export const OUTBOX_LEASE_MS = 10 * 60_000;

/** Whether a failed send is worth retrying: 429, 5xx, or no HTTP status at all (network failure). Other 4xx are permanent. */
export function isRetryableSendStatus(status: number | null | undefined): boolean {
  if (status == null) return true;
  return status === 429 || status >= 500;
}

/**
 * Wait (ms) before the attempt after `failedAttempt` (1-based), or null when
 * the schedule is spent (the entry becomes ERROR; the admin can Resend it).
 */
export function outboxRetryDelayMs(
  failedAttempt: number,
  delays: readonly number[] = OUTBOX_RETRY_DELAYS_MS,
): number | null {
  return delays[Math.max(1, failedAttempt) - 1] ?? null;
}

/**
 * How old the oldest unsent outbox email may get before `email.backlog` pages, in ms (2 hours): the retry schedule
 * alone takes about 32 hours to end an email in ERROR, and an email still unsent after 2 hours means delivery is
 * failing for every email, not for one.
 */
export const EMAIL_BACKLOG_ALERT_MS = 2 * 60 * 60_000;

/**
 * The outbox backlog at `now`, from the creation time of its oldest unsent entry (null: none unsent, or none with a
 * creation time yet): its age in ms (null without one; never negative) and whether it is over EMAIL_BACKLOG_ALERT_MS.
 */
export function emailBacklog(oldestCreatedAt: Date | null, now: Date): { ageMs: number | null; alert: boolean } {
  if (!oldestCreatedAt) return { ageMs: null, alert: false };
  const ageMs = Math.max(0, now.getTime() - oldestCreatedAt.getTime());
  return { ageMs, alert: ageMs > EMAIL_BACKLOG_ALERT_MS };
}
