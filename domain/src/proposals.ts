/**
 * Proposals: the quote link's page as a proposal with a contract the client
 * signs (functions features/proposals). Pure rules:
 *
 * - the estimated timeline: phases laid on working days (Monday to Friday)
 *   from a start date, a weekly capacity in hours and each phase's hours;
 * - contract templates: one default kept in code (the owner may override its
 *   text) and named ones, with the email templates' `${var}` syntax and
 *   variable list, rendered by the same substitution (email.ts
 *   fillPlaceholders), as plain text;
 * - the request, stored-document and reply schemas of the proposal routes;
 * - the canonical text of a frozen document, whose SHA-256 is the document
 *   hash the client signs.
 */
import { addBusinessDays, format, isWeekend } from 'date-fns';
import { z } from 'zod';
import {
  declaredValues,
  fillPlaceholders,
  SAMPLE_TEMPLATE_VARIABLES,
  templateVariablesFromLead,
  unknownPlaceholders,
  type LeadLikeForEmail,
} from './email.js';
import { base64Bytes, pngSize } from './png.js';
import { storedDate } from './storedDocuments.js';
import { PROPOSAL_STATUSES, type ProposalStatus } from './constants.js';
import { settingsVersionField } from './settings.js';

// ---------------------------------------------------------------------------
// Timeline
// ---------------------------------------------------------------------------

/** Working days in a week: the weekly capacity is spread over Monday to Friday. */
export const WORKING_DAYS_PER_WEEK = 5;

/** A phase of work and its estimated hours (≥ 0). */
export interface PhaseEstimate {
  name: string;
  hours: number;
}

/** A phase with its dates: `start` and `end` are calendar dates `yyyy-MM-dd`, both working days, end inclusive. */
export interface TimelinePhase extends PhaseEstimate {
  start: string;
  end: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `yyyy-MM-dd` as a local calendar date. @throws RangeError on another shape or an impossible date. */
function parseDay(day: string): Date {
  const m = ISO_DATE.exec(day);
  const d = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
  if (!d || format(d, 'yyyy-MM-dd') !== day) throw new RangeError(`Not a date: ${day}`);
  return d;
}

/**
 * The phases' dates: work starts on `start` (or the next working day when it
 * falls on a weekend) and goes on phase after phase at `weeklyCapacityHours`
 * a week, i.e. weeklyCapacityHours / 5 a working day. A phase begins on the
 * working day its first hour falls on and ends on the day its last hour
 * does, so two phases may share a day. A phase of 0 hours takes the day the
 * previous one ended on.
 * @throws RangeError when `start` is not `yyyy-MM-dd`, the capacity is not
 *   positive or an estimate is negative or not finite.
 */
export function proposalTimeline(input: {
  start: string;
  weeklyCapacityHours: number;
  phases: readonly PhaseEstimate[];
}): TimelinePhase[] {
  const { weeklyCapacityHours: weekly } = input;
  if (!(Number.isFinite(weekly) && weekly > 0)) throw new RangeError('The weekly capacity must be positive');
  let first = parseDay(input.start);
  while (isWeekend(first)) first = addBusinessDays(first, 1);
  const perDay = weekly / WORKING_DAYS_PER_WEEK;
  const day = (index: number) => format(addBusinessDays(first, Math.max(0, index)), 'yyyy-MM-dd');
  // Hundredths of an hour, so that 0.1 + 0.2 is exact.
  let doneHundredths = 0;
  return input.phases.map((p) => {
    if (!(Number.isFinite(p.hours) && p.hours >= 0)) throw new RangeError(`Bad estimate for ${p.name}`);
    const hours = Math.round(p.hours * 100);
    const startIndex =
      hours === 0 ? Math.ceil(doneHundredths / 100 / perDay) - 1 : Math.floor(doneHundredths / 100 / perDay);
    doneHundredths += hours;
    const endIndex = Math.ceil(doneHundredths / 100 / perDay) - 1;
    return { name: p.name, hours: p.hours, start: day(startIndex), end: day(Math.max(startIndex, endIndex)) };
  });
}

/**
 * `totalHours` shared among `names` evenly, in hundredths of an hour, the
 * remainder going to the first phases: the plan gives one estimate for the
 * project and up to four phases. No names: one phase, "Project".
 */
export function splitPhaseHours(totalHours: number, names: readonly string[]): PhaseEstimate[] {
  const list = names.length > 0 ? names : ['Project'];
  const total = Math.max(0, Math.round(totalHours * 100));
  const base = Math.floor(total / list.length);
  const extra = total - base * list.length;
  return list.map((name, i) => ({ name, hours: (base + (i < extra ? 1 : 0)) / 100 }));
}

// ---------------------------------------------------------------------------
// Contract templates
// ---------------------------------------------------------------------------

/** The variables a contract may use: exactly the email templates' list (email.ts SAMPLE_TEMPLATE_VARIABLES). */
export const CONTRACT_TEMPLATE_VARIABLES: readonly string[] = Object.keys(SAMPLE_TEMPLATE_VARIABLES);

/** The id of the default contract template (kept in code; the owner's edit of it is stored). */
export const DEFAULT_CONTRACT_TEMPLATE_ID = 'default';

/** The sections the default contract starts with, in order. */
export const CONTRACT_SECTIONS = [
  'Scope',
  'Payment terms',
  'Revisions',
  'Intellectual property',
  'Cancellation',
  'Confidentiality',
] as const;

/** Shown above every contract editor and on the default text: the starting text is no legal advice. */
export const NOT_LEGAL_ADVICE =
  'This starting text is not legal advice. Have it reviewed by a lawyer where you work before you rely on it.';

/** The default contract's starting text: each CONTRACT_SECTIONS heading on its own line, `${var}` placeholders. */
export const DEFAULT_CONTRACT_TEXT = [
  'Agreement between ${studioName} ("the Studio") and ${name} ("the Client") for: ${subject}.',
  '',
  '1. Scope',
  'The Studio will deliver the work described in the proposal above (its features, phases and deliverables). Work outside it is quoted separately before it starts.',
  '',
  '2. Payment terms',
  'The price is ${quoteAmount}. A deposit of ${depositAmount} is due before work starts; the balance is due on delivery. Invoices are payable within the terms stated on them.',
  '',
  '3. Revisions',
  'Each phase includes two rounds of revisions. Further changes are charged at the hourly rate of the quote.',
  '',
  '4. Intellectual property',
  'On payment of the final invoice in full, the Studio transfers to the Client the rights in the final deliverables made for this project. Until then the Studio keeps them. The Studio may show the work in its portfolio unless agreed otherwise in writing.',
  '',
  '5. Cancellation',
  'Either party may end this agreement by written notice to the other. The deposit is not refundable once work has started; work done up to the notice is payable.',
  '',
  '6. Confidentiality',
  'Each party keeps the other’s confidential information private and uses it only for this project.',
  '',
  'Contact: ${studioName}, ${studioEmail}.',
  '',
  `Note: ${NOT_LEGAL_ADVICE}`,
].join('\n');

/** Most characters of a contract template's text. */
export const CONTRACT_TEXT_MAX = 20_000;
/** Most named contract templates besides the default. */
export const CONTRACT_TEMPLATES_MAX = 20;

/** A contract template: `id` is a short slug; `text` is plain text with `${var}` placeholders. */
export const contractTemplateSchema = z
  .strictObject({
    id: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Use lower-case letters, digits and dashes (at most 40)'),
    name: z.string().trim().min(1, 'Name is required').max(80, 'At most 80 characters'),
    text: z.string().trim().min(1, 'The contract text is required').max(CONTRACT_TEXT_MAX),
  })
  .superRefine((t, ctx) => {
    const unknown = unknownPlaceholders({ subject: '', html: t.text, variables: [...CONTRACT_TEMPLATE_VARIABLES] });
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', path: ['text'], message: `Unknown variables: ${unknown.join(', ')}` });
  });
export type ContractTemplate = z.output<typeof contractTemplateSchema>;

/** The default template as shipped (the owner's stored edit replaces its name and text). */
export const DEFAULT_CONTRACT_TEMPLATE: ContractTemplate = {
  id: DEFAULT_CONTRACT_TEMPLATE_ID,
  name: 'Default contract',
  text: DEFAULT_CONTRACT_TEXT,
};

/** Weekly capacity when none is saved, in hours. */
export const DEFAULT_WEEKLY_CAPACITY_HOURS = 20;

/** `settings/proposals`: capacity, countersigning and the contract templates. Also the PUT body without `version`. */
export const proposalSettingsSchema = z.strictObject({
  weeklyCapacityHours: z
    .number({ error: 'Enter hours per week' })
    .int('Use whole hours')
    .min(1, 'At least 1 hour')
    .max(80, 'At most 80 hours'),
  /** The owner countersigns each signed contract (on by default). */
  countersign: z.boolean(),
  /**
   * With countersigning on, a signed proposal's project waits in "Quote Accepted" and reaches Set up only when the
   * owner countersigns (on by default; off lets work start at signing). See countersignHoldError.
   */
  holdSetUpUntilCountersigned: z.boolean().default(true),
  /** The default template (id "default", when the owner edited it) and the named ones, ids unique. */
  contractTemplates: z
    .array(contractTemplateSchema)
    .max(CONTRACT_TEMPLATES_MAX + 1)
    .refine((ts) => new Set(ts.map((t) => t.id)).size === ts.length, 'Each template needs its own id'),
});
export type ProposalSettings = z.output<typeof proposalSettingsSchema>;

export const PROPOSAL_SETTINGS_DOC = 'proposals';

export const DEFAULT_PROPOSAL_SETTINGS: ProposalSettings = {
  weeklyCapacityHours: DEFAULT_WEEKLY_CAPACITY_HOURS,
  countersign: true,
  holdSetUpUntilCountersigned: true,
  contractTemplates: [],
};

/**
 * Whether signing a proposal holds its project before Set up until the owner countersigns: the settings at
 * signing (countersigning on and the hold on) and the proposal itself (frozen as needing a countersignature).
 */
export function holdsSetUpForCountersign(
  settings: Pick<ProposalSettings, 'countersign' | 'holdSetUpUntilCountersigned'>,
  countersignRequired: boolean,
): boolean {
  return settings.countersign && settings.holdSetUpUntilCountersigned && countersignRequired;
}

/** Project statuses before the work starts: a project waiting for the countersignature may be in these only. */
const BEFORE_WORK: readonly string[] = ['New', 'Quote Accepted', 'Deposit Paid', 'Canceled'];

/**
 * The 409 of a move into `to` (Set up or a later stage, on the projects board or the lead's on the CRM board)
 * while the project's signed proposal waits for the owner's countersignature.
 */
export const countersignHoldMessage = (to: string): string =>
  `Cannot move to ${to}: the signed proposal is not countersigned yet. Countersign it first (lead details → Proposals), or turn off "Hold Set up until I countersign" in Settings › Proposals.`;

/** countersignHoldMessage for the projects board's Set up. */
export const COUNTERSIGN_BEFORE_SET_UP = countersignHoldMessage('Set up');

/**
 * Why a project may not move to `to` while `countersignPending` (the id of its signed proposal waiting for the
 * owner's countersignature, or null) holds it: Set up and every later stage wait; null when allowed.
 */
export function countersignHoldError(to: string, countersignPending: string | null | undefined): string | null {
  return countersignPending && !BEFORE_WORK.includes(to) ? COUNTERSIGN_BEFORE_SET_UP : null;
}

/**
 * The lead's `proposalStatus` (its board card's chip: the proposal of the lead's current quote) once that quote's
 * links die without a new version: the review sends it back (Revise), it is approved again (a new link, with or
 * without a contract; with one, the new proposal then sets Sent), or it is withdrawn (a board move out of Quoted
 * or to Lost). An unsigned proposal (Sent, Viewed) dies with its link, so the card shows none; a signed one
 * (Signed, Countersigned) is the contract of an accepted quote and stays. A new quote version (Edit Quote, a new
 * project plan) leaves no proposal in any case: the card then shows none until an approval with a contract.
 */
export function proposalStatusWhenLinksDie(status: ProposalStatus | null | undefined): ProposalStatus | null {
  return status === 'Signed' || status === 'Countersigned' ? status : null;
}

/**
 * The lead fields to write when the lead's quote links die without a new version (proposalStatusWhenLinksDie):
 * `{ proposalStatus }` when it changes, else nothing (a lead that never had a proposal gains no field). Here, not
 * in the proposals slice, because the quotes and leads slices write it when they end links.
 */
export function proposalStatusChange(current: ProposalStatus | null | undefined): { proposalStatus?: null } {
  return proposalStatusWhenLinksDie(current) === (current ?? null) ? {} : { proposalStatus: null };
}

/** PUT /api/settings/proposals body. */
export const proposalSettingsSaveSchema = z.strictObject({
  ...proposalSettingsSchema.shape,
  version: settingsVersionField,
});

/** A stored proposals settings document, parsed; the defaults when absent or invalid. */
export function readProposalSettings(data: unknown): ProposalSettings {
  if (!data || typeof data !== 'object') return DEFAULT_PROPOSAL_SETTINGS;
  const { updatedAt: _a, updatedBy: _b, version: _v, ...rest } = data as Record<string, unknown>;
  const parsed = proposalSettingsSchema.safeParse(rest);
  return parsed.success ? parsed.data : DEFAULT_PROPOSAL_SETTINGS;
}

/** Every template the review may choose: the default (the owner's edit or the shipped text) first, then the named ones. */
export function contractTemplates(settings: ProposalSettings): ContractTemplate[] {
  const stored = settings.contractTemplates;
  const def = stored.find((t) => t.id === DEFAULT_CONTRACT_TEMPLATE_ID) ?? DEFAULT_CONTRACT_TEMPLATE;
  return [def, ...stored.filter((t) => t.id !== DEFAULT_CONTRACT_TEMPLATE_ID)];
}

/**
 * `text` with its `${var}` placeholders filled from `vars` (only the declared
 * contract variables; the rest render empty), as plain text: the same
 * substitution as the email templates, without their HTML escaping, since a
 * contract is shown as text and drawn into a PDF.
 */
export function renderContract(text: string, vars: Readonly<Record<string, string | null | undefined>>): string {
  return fillPlaceholders(text, declaredValues(CONTRACT_TEMPLATE_VARIABLES, vars));
}

/** The preview with a lead's data (sample values for what the lead lacks), as the email templates' preview. */
export function previewContract(text: string, lead?: LeadLikeForEmail | null, studio?: Record<string, string>): string {
  return renderContract(text, { ...templateVariablesFromLead(lead), ...studio });
}

// ---------------------------------------------------------------------------
// The frozen document
// ---------------------------------------------------------------------------

const cents = z.number().int().nonnegative();

/** What the client reads and signs, frozen when the quote is approved. */
export const proposalDocumentSchema = z.strictObject({
  title: z.string(),
  clientName: z.string(),
  clientEmail: z.string(),
  studioName: z.string(),
  /** What is built: the plan's requirements and feature texts. */
  features: z.string(),
  phases: z.array(z.strictObject({ name: z.string(), description: z.string() })),
  timeline: z.array(
    z.strictObject({ name: z.string(), hours: z.number().nonnegative(), start: z.string(), end: z.string() }),
  ),
  weeklyCapacityHours: z.number().positive(),
  quoteAmountCents: cents,
  depositAmountCents: cents,
  finalAmountCents: cents,
  /** "Hosting" / "Maintenance" when the quote includes a service plan, else null. */
  servicePlan: z.string().nullable(),
  contractName: z.string(),
  contractText: z.string(),
});
export type ProposalDocument = z.output<typeof proposalDocumentSchema>;

/**
 * The exact text whose SHA-256 is the document hash: the frozen document as
 * JSON with its keys in schema order. Any change to the document changes it.
 */
export function proposalCanonicalText(d: ProposalDocument): string {
  const ordered = Object.fromEntries(
    Object.keys(proposalDocumentSchema.shape).map((k) => [k, d[k as keyof ProposalDocument]]),
  );
  return JSON.stringify(ordered);
}

// ---------------------------------------------------------------------------
// Signing
// ---------------------------------------------------------------------------

/** The consent the client ticks; stored word for word with the signature. */
export const SIGNING_CONSENT_TEXT =
  'I agree to sign this proposal and contract electronically, and that my typed name (and drawn signature, if any) is my signature.';

/** Largest drawn signature, as a PNG data URL, in characters (about 35 KB of image; requests are capped at 64 KB). */
export const SIGNATURE_PNG_MAX_CHARS = 48_000;
/**
 * Largest drawn signature in pixels: the signing page's canvas is at most 900 CSS pixels wide and 160 high,
 * drawn at up to twice the CSS pixels (web quote-acceptance SignatureCanvas).
 */
export const SIGNATURE_PNG_MAX_WIDTH = 2000;
export const SIGNATURE_PNG_MAX_HEIGHT = 400;
const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';

/**
 * True when `dataUrl` is a PNG data URL whose bytes are a PNG (png.ts pngSize: signature, IHDR, IEND) of
 * 1..SIGNATURE_PNG_MAX_WIDTH × 1..SIGNATURE_PNG_MAX_HEIGHT pixels and at most SIGNATURE_PNG_MAX_CHARS characters.
 * A label alone proves nothing: an SVG or HTML sent as `data:image/png` is refused.
 */
export function isSignaturePng(dataUrl: string): boolean {
  if (dataUrl.length > SIGNATURE_PNG_MAX_CHARS || !dataUrl.startsWith(PNG_DATA_URL_PREFIX)) return false;
  const bytes = base64Bytes(dataUrl.slice(PNG_DATA_URL_PREFIX.length));
  const size = bytes && pngSize(bytes);
  return !!size && size.width <= SIGNATURE_PNG_MAX_WIDTH && size.height <= SIGNATURE_PNG_MAX_HEIGHT;
}

export const SIGNING_MESSAGES = {
  consent: 'Tick the box to agree to sign electronically',
  fullName: 'Type your full legal name',
  signature: `The drawn signature must be a PNG image of at most 35 KB and ${SIGNATURE_PNG_MAX_WIDTH} × ${SIGNATURE_PNG_MAX_HEIGHT} pixels`,
  changed: 'This document changed after you opened it. Reload the page to read the current version.',
  signatureRequired: 'This quote has a contract: sign it with your full legal name before accepting',
  alreadySigned: 'This proposal is already signed',
} as const;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'Invalid document hash');

/** POST /api/proposals/sign: the quote link, the hash of the document read, consent, name, optional drawing. */
export const signProposalSchema = z.strictObject({
  leadId: z.string().trim().min(1).max(128),
  token: z.string().trim().min(1).max(128),
  documentSha256: hex64,
  consent: z.literal(true, { error: SIGNING_MESSAGES.consent }),
  fullName: z
    .string({ error: SIGNING_MESSAGES.fullName })
    .trim()
    .min(2, SIGNING_MESSAGES.fullName)
    .max(120, 'At most 120 characters'),
  signaturePng: z
    .string()
    .max(SIGNATURE_PNG_MAX_CHARS, SIGNING_MESSAGES.signature)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, SIGNING_MESSAGES.signature)
    .refine(isSignaturePng, SIGNING_MESSAGES.signature)
    .nullish(),
});
export type SignProposalInput = z.output<typeof signProposalSchema>;

/** POST /api/leads/{id}/quote/approve body: the contract template chosen in the review, if any. */
export const approveQuoteSchema = z.strictObject({
  contractTemplateId: z.string().trim().min(1).max(40).nullish(),
});

/** The signer's evidence (ESIGN/UETA, eIDAS simple electronic signature). */
export const signatureEvidenceSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  signedAt: storedDate,
  /** The signing time on the studio's clock, e.g. "November 27, 2026, 3:04:05 PM (Europe/Paris)". */
  studioLocalTime: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  consentText: z.string(),
  documentSha256: z.string(),
  signaturePng: z.string().nullable(),
  /** The audit trail up to and including the signature, copied in at signing: the signed PDF's certificate. */
  trail: z.array(z.object({ at: storedDate, type: z.string(), detail: z.string(), ip: z.string().nullable() })),
});

/**
 * The signed proposal PDF's current renderer: 1 wrote the 14 standard PDF fonts (Latin-1 only), 2 embeds Unicode
 * fonts and wraps every line. A new layout is a new number; the old ones stay, so old PDFs keep their bytes.
 */
export const PROPOSAL_PDF_RENDERER = 2;

/** `proposals/{id}`: one per approved quote version with a contract (functions features/proposals). */
export const proposalDocSchema = z.object({
  leadId: z.string(),
  quoteVersion: z.number().int().nullable(),
  /** The quote link's id (the SHA-256 of its token): the proposal opens only through that link. */
  linkId: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  document: proposalDocumentSchema,
  documentSha256: z.string(),
  countersignRequired: z.boolean(),
  sentAt: storedDate.nullable(),
  viewedAt: storedDate.nullable(),
  signedAt: storedDate.nullable(),
  countersignedAt: storedDate.nullable(),
  countersignedBy: z.string().nullable(),
  signature: signatureEvidenceSchema.nullable(),
  /** SHA-256 of the signed PDF (regenerated byte for byte from this record), null before signing. */
  signedPdfSha256: z.string().nullable(),
  /** SHA-256 of the countersigned PDF (the signed one with the owner's countersignature), null before. */
  countersignedPdfSha256: z.string().nullish(),
  /**
   * The PDF renderer the proposal was signed with (PROPOSAL_PDF_RENDERER then): its signed and countersigned
   * PDFs are always regenerated with it. Absent on proposals signed before renderers had numbers: renderer 1.
   */
  pdfRenderer: z.number().int().positive().nullish(),
});
export type ProposalDoc = z.output<typeof proposalDocSchema>;

export const PROPOSAL_EVENT_TYPES = ['created', 'viewed', 'signed', 'countersigned', 'emailed'] as const;

/** `proposal_events/{id}`: the append-only audit trail (rules and code only ever create). */
export const proposalEventDocSchema = z.object({
  proposalId: z.string(),
  leadId: z.string(),
  type: z.enum(PROPOSAL_EVENT_TYPES),
  at: storedDate,
  by: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.string(),
});
export type ProposalEventDoc = z.output<typeof proposalEventDocSchema>;

/** GET /api/proposals/by-link: the proposal of a quote link, or none (a quote without a contract). */
export const proposalViewReply = z.object({
  success: z.literal(true),
  proposal: z
    .object({
      id: z.string(),
      status: z.enum(PROPOSAL_STATUSES),
      document: proposalDocumentSchema,
      documentSha256: z.string(),
      consentText: z.string(),
      signedAt: z.string().nullable(),
      /**
       * When it was signed on the studio's clock, as the signed PDF writes it (the signature's studioLocalTime:
       * "November 27, 2026 at 3:04:05 PM (Europe/Paris)"); null before signing.
       */
      signedAtText: z.string().nullable().default(null),
    })
    .nullable(),
});
export type ProposalViewReply = z.output<typeof proposalViewReply>;

/** POST /api/proposals/sign: as the acceptance's reply, with the proposal id. */
export const proposalSignedReply = z.object({
  success: z.literal(true),
  proposalId: z.string(),
  requiresPayment: z.boolean(),
  checkoutUrl: z.string().optional(),
  message: z.string().optional(),
});

/** The time `at` on the clock of `timeZone`, with the zone named. */
export function studioLocalTime(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'medium',
  }).format(at);
  return `${text} (${timeZone})`;
}

/** GET /api/settings/proposals → the settings, every template (the default first), the variables and the version. */
export const proposalSettingsReply = z.object({
  success: z.literal(true),
  settings: proposalSettingsSchema,
  templates: z.array(z.object({ id: z.string(), name: z.string(), text: z.string() })),
  variables: z.array(z.string()),
  notLegalAdvice: z.string(),
  version: z.number().int().nonnegative(),
});
export type ProposalSettingsReply = z.output<typeof proposalSettingsReply>;

/** POST /api/settings/proposals/preview {text, leadId?}: the contract rendered with a lead's data. */
export const contractPreviewSchema = z.strictObject({
  text: z.string().max(CONTRACT_TEXT_MAX),
  leadId: z.string().trim().min(1).max(128).nullish(),
});
export const contractPreviewReply = z.object({ success: z.literal(true), text: z.string() });

/** POST /api/proposals/{id}/countersign {fullName}: the owner's countersignature. */
export const countersignSchema = z.strictObject({
  fullName: z.string().trim().min(2, SIGNING_MESSAGES.fullName).max(120),
});

/** One proposal as the lead details list it: status and the time of each step. */
export const leadProposalSchema = z.object({
  id: z.string(),
  quoteVersion: z.number().int().nullable(),
  status: z.enum(PROPOSAL_STATUSES),
  contractName: z.string(),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  countersignedAt: z.string().nullable(),
  signedBy: z.string().nullable(),
  signedPdfSha256: z.string().nullable(),
  countersignRequired: z.boolean(),
});
/** GET /api/leads/{id}/proposals → the lead's proposals, newest first. */
export const leadProposalsReply = z.object({ success: z.literal(true), proposals: z.array(leadProposalSchema) });
export type LeadProposal = z.output<typeof leadProposalSchema>;

/** The verify page's (`/verify/<document id>`) words. */
export const VERIFY_MESSAGES = {
  noId: 'Enter the document ID printed on the PDF',
  noFile: 'Choose the PDF, or paste its SHA-256 (64 hexadecimal characters)',
  unknownId: 'No proposal has this document ID. Check the ID on the PDF.',
  failed: 'The check could not be made. Please try again.',
} as const;

/** What the verify page says of `reply` for document `id`. */
export interface VerifyOutcome {
  matches: boolean;
  message: string;
}

/** The verify page's verdict on a verify reply (see proposalVerifiedReply) for document `id`. */
export function verifyOutcome(
  id: string,
  reply: { matches: boolean; stage: 'signed' | 'countersigned' | null },
): VerifyOutcome {
  if (!reply.matches || !reply.stage)
    return {
      matches: false,
      message: `Not verified: this PDF is not the signed or countersigned proposal ${id}. It may have been changed.`,
    };
  return { matches: true, message: `Verified: this PDF is the ${reply.stage} proposal ${id}, unchanged.` };
}

/** POST /api/proposals/{id}/verify {sha256}: a PDF's SHA-256 to check against the record. */
export const proposalVerifySchema = z.strictObject({ sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'Invalid hash') });
/** → whether it is the signed or the countersigned PDF of that proposal. */
export const proposalVerifiedReply = z.object({
  success: z.literal(true),
  matches: z.boolean(),
  stage: z.enum(['signed', 'countersigned']).nullable(),
});
