/**
 * Studio settings: the business details printed on invoices, receipts and
 * emails, and the automatic reminder settings ("Automations").
 *
 * Stored in Firestore as two documents, each written whole by one admin route:
 * - `settings/studio` (StudioSettings): business name, postal address, contact
 *   email, optional tax ID, tax rate (basis points) and label, logo URL,
 *   payment terms in days, invoice footer;
 * - `settings/automations` (AutomationSettings): each reminder on/off with its days;
 *   the overdue one also how often it repeats after its last step, and how many times.
 *
 * The logo is an https URL rather than a Cloud Storage upload: the app runs no
 * Storage bucket (nor its emulator, which cannot start offline), a URL needs
 * no upload route, size checks or extra security rules. The server fetches
 * it when it renders a PDF, and since an admin-typed URL makes the server
 * connect somewhere, under rules (functions features/documents/pdf/logoFetch.ts): https only,
 * public addresses only (checked after DNS), no redirects, a byte cap and a
 * timeout, PNG or JPEG only; a refused logo is left out, never an error. A
 * save already refuses a host that is private as written
 * (isPrivateLogoHost).
 *
 * Both documents are parsed with these schemas when read back; a missing or
 * unreadable document gives the defaults (automations all off: reminders to
 * clients start only when the admin turns them on).
 *
 * Saves are checked for concurrency: each document carries a `version`
 * integer (0 while nothing is saved, +1 per save). A reader gets it with the
 * settings, a save sends back the version it started from, and the server
 * refuses a save whose version is no longer the stored one
 * (settingsSaveVersion), so two admins' saves never silently overwrite each
 * other: the later one is told and sees the current values.
 */
import { COLLECTIONS } from './collections.js';
import { z } from 'zod';
import { EMAIL_MESSAGE } from './schemas.js';
import { countryField } from './countries.js';
import { orNull, storedDate } from './storedDocuments.js';

export const SETTINGS_COLLECTION = COLLECTIONS.settings;
export const STUDIO_SETTINGS_DOC = 'studio';
export const AUTOMATION_SETTINGS_DOC = 'automations';

/** Field caps (characters). */
export const SETTINGS_LIMITS = {
  businessName: 120,
  address: 400,
  email: 254,
  taxId: 40,
  taxLabel: 40,
  /** 100% in basis points. */
  maxTaxRateBps: 10_000,
  logoUrl: 500,
  footer: 600,
  maxTermsDays: 365,
  timeZone: 64,
  legalName: 200,
} as const;

/** The save error of a time zone that is not an IANA name. */
export const TIME_ZONE_MESSAGE = 'Enter a time zone such as Europe/Paris or America/Los_Angeles';

/** Defaults when nothing is saved yet. */
export const DEFAULT_STUDIO_SETTINGS: StudioSettings = {
  businessName: 'Studio',
  postalAddress: '',
  contactEmail: 'studio@example.com',
  taxId: null,
  taxRateBps: 0,
  taxLabel: 'Tax',
  logoUrl: null,
  paymentTermsDays: 14,
  invoiceFooter: '',
  timeZone: 'UTC',
  legalName: null,
  legalAddress: null,
  country: null,
  vatRegistered: false,
};

/** The studio's time zone when none is saved: UTC, as the schedules ran before it existed. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The canonical IANA name of time zone `name` (e.g. "america/los_angeles" → "America/Los_Angeles"), or null. */
export function canonicalTimeZone(name: string): string | null {
  if (!name.trim()) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The hour (0–23) on the studio's clock in `timeZone` at `at`. */
export function hourIn(at: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' })
    .formatToParts(at)
    .find((p) => p.type === 'hour')?.value;
  return Number(hour) % 24;
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
const blankToNull = (label: string, max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (typeof v === 'string' ? v.trim() : '') || null)
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`).nullable());

/** The save error of a logo URL whose host is private as written. */
export const PRIVATE_LOGO_HOST =
  'The logo must be on a public web address (not localhost, a private network or an IP address of this machine)';

/** IPv4 first octets (and the second where it matters) of loopback, private, link-local, shared (CGNAT), multicast and reserved space. */
function privateIpv4(a: number, b: number): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19))
  );
}

/**
 * Whether the host of `url` is, as written, one the server must not fetch:
 * `localhost` and names under `.localhost`, `.local`, `.internal`; an IPv4
 * literal (in any form the URL parser reads: `2130706433`, `0x7f.1`) in
 * loopback, private, link-local, shared or reserved space; an IPv6 literal
 * that is unspecified, loopback, unique-local, link-local, multicast or an
 * IPv4 one mapped. An unparseable URL counts as private. Only what can be
 * seen without DNS: the server checks every resolved address again before it
 * connects (functions features/documents/pdf/logoFetch.ts).
 */
export function isPrivateLogoHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return true;
  }
  if (host === '' || host === 'localhost' || /\.(localhost|local|internal)$/.test(host)) return true;
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (v4) return privateIpv4(Number(v4[1]), Number(v4[2]));
  if (!host.startsWith('[')) return false;
  const v6 = host.slice(1, -1);
  // The parser writes IPv6 compressed and in hex, an IPv4-mapped one as ::ffff:7f00:1.
  if (v6 === '::' || v6 === '::1' || v6.startsWith('::ffff:')) return true;
  return /^(f[cd]|fe[89ab]|ff)/.test(v6);
}
export type StudioSettingsInput = z.input<typeof studioSettingsSchema>;

/** A logo URL as stored: https, or null. */
const storedLogoUrl = blankToNull('Logo URL', SETTINGS_LIMITS.logoUrl).refine(
  (v) => v === null || /^https:\/\/[^\s]+$/i.test(v),
  { message: 'The logo must be an https:// address', abort: true },
);

/** PUT /api/settings/studio body and the settings form; a private logo host is refused (isPrivateLogoHost). */
export const studioSettingsSchema = z.strictObject({
  businessName: text('Business name', SETTINGS_LIMITS.businessName).min(1, 'Business name is required'),
  postalAddress: text('Postal address', SETTINGS_LIMITS.address),
  contactEmail: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .max(SETTINGS_LIMITS.email, EMAIL_MESSAGE)
    .pipe(z.email(EMAIL_MESSAGE))
    .transform((v) => v.toLowerCase()),
  taxId: blankToNull('Tax ID', SETTINGS_LIMITS.taxId),
  /**
   * The tax added to each new invoice, in basis points (2000 = 20%); 0 adds
   * none. Absent on documents saved before it existed: 0.
   */
  taxRateBps: z
    .number({ error: 'The tax rate must be a number' })
    .int('The tax rate must be whole basis points')
    .min(0, 'The tax rate cannot be negative')
    .max(SETTINGS_LIMITS.maxTaxRateBps, 'The tax rate must be at most 100%')
    .default(0),
  /** What the tax is called on invoices ("VAT", "Sales tax"). */
  taxLabel: text('Tax label', SETTINGS_LIMITS.taxLabel).default('Tax').pipe(z.string().min(1, 'Tax label is required')),
  logoUrl: storedLogoUrl.refine((v) => v === null || !isPrivateLogoHost(v), PRIVATE_LOGO_HOST),
  paymentTermsDays: z
    .number({ error: 'Payment terms must be a number of days' })
    .int('Payment terms must be whole days')
    .min(0, 'Payment terms cannot be negative')
    .max(SETTINGS_LIMITS.maxTermsDays, `Payment terms must be at most ${SETTINGS_LIMITS.maxTermsDays} days`),
  invoiceFooter: text('Invoice footer', SETTINGS_LIMITS.footer),
  /**
   * The studio's time zone, an IANA name: the daily reminders go out at REMINDER_SEND_HOUR on this clock
   * (functions features/reminders/reminders.ts). Absent on documents saved before it existed: UTC.
   */
  timeZone: z
    .string({ error: TIME_ZONE_MESSAGE })
    .max(SETTINGS_LIMITS.timeZone, TIME_ZONE_MESSAGE)
    .default(DEFAULT_TIME_ZONE)
    .transform((v, ctx) => {
      const zone = canonicalTimeZone(v);
      if (!zone) ctx.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
      return zone ?? z.NEVER;
    }),
  /*
   * The studio's legal fields, printed on every invoice and stated in its e-invoice (EU Art. 226(3)/(5), UK
   * VATREC5010: the supplier's full name, address and VAT number; `taxId` above is that number). Absent on
   * documents saved before they existed: null, not VAT-registered. What VAT-registered requires (a country and a
   * valid VAT id of it) is checked on save by invoiceTax.ts studioLegalFieldsSchema, which needs jsvat and so stays
   * out of this module (the web bundle loads it).
   */
  /** The registered name (BT-27), when it differs from the trading name; null prints businessName. */
  legalName: blankToNull('Legal name', SETTINGS_LIMITS.legalName),
  /** The registered address; null prints postalAddress. */
  legalAddress: blankToNull('Legal address', SETTINGS_LIMITS.address),
  /** ISO 3166-1 alpha-2 (countries.ts canonicalCountry), or null while not set. */
  country: countryField,
  /** Whether the studio is registered for VAT: decides the tax treatment of each invoice (invoiceTax.ts). */
  vatRegistered: z.boolean({ error: 'VAT registered must be on or off' }).default(false),
});
export type StudioSettings = z.output<typeof studioSettingsSchema>;

/**
 * The stored studio settings and their API reply: as studioSettingsSchema, but a logo URL saved before private
 * hosts were refused still reads (the PDF refuses to fetch it), rather than losing every other setting.
 */
export const storedStudioSettingsSchema = studioSettingsSchema.extend({ logoUrl: storedLogoUrl });

// ---------------------------------------------------------------------------
// Automations
// ---------------------------------------------------------------------------

export const AUTOMATION_KEYS = [
  'quoteFollowUp',
  'quoteExpiry',
  'depositUnpaid',
  'invoiceDueSoon',
  'invoiceOverdue',
] as const;
export type AutomationKey = (typeof AUTOMATION_KEYS)[number];

/** Labels and what the days mean, for the Automations tab. */
export const AUTOMATION_INFO: Record<AutomationKey, { label: string; days: string }> = {
  quoteFollowUp: {
    label: 'Quote sent, not accepted (a proposal: not signed)',
    days: 'days after the quote or proposal was sent',
  },
  quoteExpiry: { label: 'Quote link about to expire', days: 'days before the quote link expires' },
  depositUnpaid: { label: 'Deposit not paid', days: 'days after the quote was accepted' },
  invoiceDueSoon: { label: 'Invoice due soon', days: 'days before the due date' },
  invoiceOverdue: { label: 'Invoice overdue', days: 'days after the due date (one reminder each)' },
};

const daysField = z
  .number({ error: 'Enter a number of days' })
  .int('Use whole days')
  .min(1, 'At least 1 day')
  .max(90, 'At most 90 days');
const single = z.strictObject({ enabled: z.boolean({ error: 'On or off' }), days: daysField });

/**
 * The overdue reminder's repeats after the last step of its days list
 * (domain reminders.ts overdueSeries): every `repeatEveryDays` days, at most
 * `maxRepeats` times (0: none). Defaults, also for documents saved before
 * they existed: weekly, 4 times.
 */
export const OVERDUE_REPEAT_LIMITS = { maxEveryDays: 90, maxRepeats: 12 } as const;
export const DEFAULT_OVERDUE_REPEAT = { repeatEveryDays: 7, maxRepeats: 4 } as const;

/** PUT /api/settings/automations body; also the parser of the stored document. */
export const automationSettingsSchema = z.strictObject({
  quoteFollowUp: single,
  quoteExpiry: single,
  depositUnpaid: single,
  invoiceDueSoon: single,
  invoiceOverdue: z.strictObject({
    enabled: z.boolean({ error: 'On or off' }),
    // Distinct, increasing: each is its own reminder.
    days: z
      .array(daysField)
      .min(1, 'At least one day')
      .max(5, 'At most 5 reminders')
      .refine((d) => d.every((v, i) => i === 0 || v > d[i - 1]!), 'List the days in increasing order, each once'),
    /** Days between repeats once the days list is done (calendar days of the studio's time zone). */
    repeatEveryDays: z
      .number({ error: 'Enter a number of days' })
      .int('Use whole days')
      .min(1, 'At least 1 day')
      .max(OVERDUE_REPEAT_LIMITS.maxEveryDays, `At most ${OVERDUE_REPEAT_LIMITS.maxEveryDays} days`)
      .default(DEFAULT_OVERDUE_REPEAT.repeatEveryDays),
    /** How many repeats at most after the days list; 0 sends none. */
    maxRepeats: z
      .number({ error: 'Enter a number of repeats (0 for none)' })
      .int('Use a whole number')
      .min(0, 'Cannot be negative (0 for none)')
      .max(OVERDUE_REPEAT_LIMITS.maxRepeats, `At most ${OVERDUE_REPEAT_LIMITS.maxRepeats} repeats`)
      .default(DEFAULT_OVERDUE_REPEAT.maxRepeats),
  }),
});
export type AutomationSettings = z.output<typeof automationSettingsSchema>;

export const DEFAULT_AUTOMATION_SETTINGS: AutomationSettings = {
  quoteFollowUp: { enabled: false, days: 7 },
  quoteExpiry: { enabled: false, days: 5 },
  depositUnpaid: { enabled: false, days: 7 },
  invoiceDueSoon: { enabled: false, days: 3 },
  invoiceOverdue: { enabled: false, days: [1, 7, 14], ...DEFAULT_OVERDUE_REPEAT },
};

/** Parses a stored studio settings document; defaults when it is missing or invalid. */
export function readStudioSettings(data: unknown): StudioSettings {
  const parsed = storedStudioSettingsSchema.safeParse(stripMeta(data));
  return parsed.success ? parsed.data : DEFAULT_STUDIO_SETTINGS;
}

/** Parses a stored automations document; defaults (all off) when it is missing or invalid. */
export function readAutomationSettings(data: unknown): AutomationSettings {
  const parsed = automationSettingsSchema.safeParse(stripMeta(data));
  return parsed.success ? parsed.data : DEFAULT_AUTOMATION_SETTINGS;
}

/**
 * `settings/studio` as stored and read: the settings (readStudioSettings: the
 * defaults when invalid) and their version (readSettingsVersion). Any object
 * reads; a missing document reads as `{}` does.
 */
export const studioSettingsDocSchema = z
  .looseObject({})
  .transform((data) => ({ settings: readStudioSettings(data), version: readSettingsVersion(data) }));

/** `settings/automations` as stored and read (readAutomationSettings, readSettingsVersion); as studioSettingsDocSchema. */
export const automationSettingsDocSchema = z
  .looseObject({})
  .transform((data) => ({ settings: readAutomationSettings(data), version: readSettingsVersion(data) }));

/** What a save stores besides the settings: its version, who saved and when (a server timestamp). */
const savedMeta = {
  version: z.number().int().nonnegative(),
  updatedBy: z.string().min(1),
  updatedAt: orNull(storedDate),
};

/** A `settings/studio` write: the stored settings and the save's meta. */
export const studioSettingsWriteSchema = storedStudioSettingsSchema.extend(savedMeta);

/** A `settings/automations` write, as studioSettingsWriteSchema. */
export const automationSettingsWriteSchema = automationSettingsSchema.extend(savedMeta);

/** The stored documents also carry `updatedAt`, `updatedBy` and `version`, which the strict schemas do not know. */
function stripMeta(data: unknown): unknown {
  if (!data || typeof data !== 'object') return data;
  const { updatedAt: _a, updatedBy: _b, version: _v, ...rest } = data as Record<string, unknown>;
  return rest;
}

// ---------------------------------------------------------------------------
// Versions (optimistic concurrency)
// ---------------------------------------------------------------------------

/** A settings version as sent back by a save: a whole number ≥ 0 (0: saved from the defaults). */
export const settingsVersionField = z
  .number({ error: 'Reload the settings and save again' })
  .int('Reload the settings and save again')
  .min(0, 'Reload the settings and save again');

/** PUT /api/settings/studio body: the settings and the version the form was loaded with. */
export const studioSettingsSaveSchema = z.strictObject({
  ...studioSettingsSchema.shape,
  version: settingsVersionField,
});
export type StudioSettingsSave = z.output<typeof studioSettingsSaveSchema>;

/** PUT /api/settings/automations body: the automations and the version the form was loaded with. */
export const automationSettingsSaveSchema = z.strictObject({
  ...automationSettingsSchema.shape,
  version: settingsVersionField,
});
export type AutomationSettingsSave = z.output<typeof automationSettingsSaveSchema>;

/** The 409 of a save made from settings someone else has saved over since they were read. */
export const SETTINGS_CHANGED =
  'Someone else saved these settings after you opened them, so yours were not saved. ' +
  'The form now shows the current settings: make your change again and save.';

/** The version of a stored settings document: its `version`, or 0 when it has none (never saved, or saved before versions). */
export function readSettingsVersion(data: unknown): number {
  const v = data && typeof data === 'object' ? (data as Record<string, unknown>).version : undefined;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
}

/**
 * The version a save writes, or null when the save is stale: it must start
 * from the version stored now (`stored`, readSettingsVersion); the saved
 * document then carries `stored + 1`.
 */
export function settingsSaveVersion(stored: number, sent: number): number | null {
  return sent === stored ? stored + 1 : null;
}
