/**
 * Leads: the stored record, the API shape, and board helpers (spec §3 "leads", §4, §9).
 *
 * LeadRecord is what Firestore holds (money in integer cents, dates as Date once
 * read); LeadDto is what the API and UI carry (money as 2-decimal strings,
 * dates as ISO strings). `toLeadDto` is the one conversion between them.
 */
import { BOARD_COLUMNS, DAY_MS, TEST_DATA_MARKER, TEST_DATA_REASON } from './constants.js';
import { boardPlaceOf } from './leadStatus.js';
import type { BoardColumn, Complexity, LeadStatus, ProjectType, ServicePlanType } from './constants.js';
import { optionalCentsToString } from './money.js';

export interface LeadRecord {
  name: string;
  email: string;
  phone: string | null;
  projectType: ProjectType;
  subject: string;
  message: string;
  status: LeadStatus;
  quoteAmountCents: number | null;
  depositAmountCents: number | null;
  finalAmountCents: number | null;
  estimatedHours: number | null;
  complexity: Complexity | null;
  hasProjectPlan: boolean;
  quoteGenerated: boolean;
  quoteReviewStatus: 'Pending' | 'Approved' | 'Needs Revision' | null;
  forceDeposit: boolean;
  quoteAccepted: boolean;
  includeServicePlan: boolean;
  servicePlanType: ServicePlanType | null;
  /** Free text, appended to (spec §3). */
  notes: string;
  deadReason: string | null;
  /** JSON text of GeneratedQuoteDetails (spec §3), when a quote exists. */
  generatedQuoteDetails?: string | null;
  hourlyRateCents?: number | null;
  /** Number of the lead's latest quote version. */
  quoteVersion?: number | null;
  /** The project plan's texts (spec §3), once a plan was added. */
  phase1?: string | null;
  phase2?: string | null;
  phase3?: string | null;
  phase4?: string | null;
  database?: string | null;
  integrations?: string | null;
  techStack?: string | null;
  automationAI?: string | null;
  /** The text the quote's feature multipliers read (spec §3). */
  detectedFeatures?: string | null;
  /** When the client accepted the quote (spec §3). */
  quoteAcceptedAt?: Date | null;
  /** Who the invoices bill (PUT /api/leads/{id}/billing); null or absent until the admin sets it. */
  billing?: LeadBilling | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A lead's billing fields (`leads/{id}.billing`), as invoiceTax.ts
 * clientBillingFieldsSchema saved them: the company billed (null for a
 * private person), its address, country (ISO alpha-2) and tax id (an EU one
 * a canonical VAT id of that country). Each invoice keeps a copy as issued.
 */
export interface LeadBilling {
  company: string | null;
  address: string | null;
  country: string | null;
  taxId: string | null;
}

export interface LeadDto extends Omit<
  LeadRecord,
  'quoteAmountCents' | 'depositAmountCents' | 'finalAmountCents' | 'quoteAcceptedAt' | 'createdAt' | 'updatedAt'
> {
  id: string;
  /** "1234.50" or null. */
  quoteAmount: string | null;
  depositAmount: string | null;
  finalAmount: string | null;
  /** ISO 8601, null until the quote is accepted. */
  quoteAcceptedAt: string | null;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

/** A visitor's message as the contact form sends it (spec §5 "Contact / lead creation"). */
export interface ContactFields {
  name: string;
  email: string;
  phone?: string | undefined;
  projectType: ProjectType;
  subject: string;
  message: string;
}

/** The message's fields as stored, on its `contacts` document and on its lead: a phone not given is null. */
export function storedContactFields(input: ContactFields) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    projectType: input.projectType,
    subject: input.subject,
    message: input.message,
  };
}

/** Fields of a brand-new lead, before timestamps (spec §3 defaults). */
export function newLeadRecord(input: ContactFields): Omit<LeadRecord, 'createdAt' | 'updatedAt'> {
  return {
    ...storedContactFields(input),
    status: 'New',
    quoteAmountCents: null,
    depositAmountCents: null,
    finalAmountCents: null,
    estimatedHours: null,
    complexity: null,
    hasProjectPlan: false,
    quoteGenerated: false,
    quoteReviewStatus: null,
    forceDeposit: true,
    quoteAccepted: false,
    includeServicePlan: false,
    servicePlanType: null,
    notes: '',
    deadReason: null,
  };
}

/** Converts a stored lead to its API shape. Missing optional fields become their defaults. */
export function toLeadDto(id: string, r: Partial<LeadRecord> & Pick<LeadRecord, 'name' | 'email' | 'status'>): LeadDto {
  const base = newLeadRecord({
    name: r.name,
    email: r.email,
    projectType: r.projectType ?? 'Web Project',
    subject: r.subject ?? '',
    message: r.message ?? '',
  });
  const { quoteAmountCents, depositAmountCents, finalAmountCents, quoteAcceptedAt, createdAt, updatedAt, ...rest } = {
    ...base,
    ...r,
  };
  return {
    id,
    ...rest,
    quoteAcceptedAt: quoteAcceptedAt ? quoteAcceptedAt.toISOString() : null,
    quoteAmount: optionalCentsToString(quoteAmountCents),
    depositAmount: optionalCentsToString(depositAmountCents),
    finalAmount: optionalCentsToString(finalAmountCents),
    createdAt: (createdAt ?? new Date(0)).toISOString(),
    updatedAt: (updatedAt ?? createdAt ?? new Date(0)).toISOString(),
  };
}

export interface BoardGroups<T> {
  columns: Record<BoardColumn, T[]>;
  won: T[];
  dead: T[];
}

/**
 * True for a lead marked as test data (spec §9): its notes hold the line
 * "Dead Reason: Test Data", or its deadReason is Test Data (a board card
 * carries the answer as `testData`, see leadBoard.ts). The dead bucket
 * and the dashboard insights leave such leads out.
 */
export function isTestDataLead(lead: {
  notes?: string | null;
  deadReason?: string | null;
  testData?: boolean;
}): boolean {
  return (
    lead.testData === true || lead.deadReason === TEST_DATA_REASON || (lead.notes ?? '').includes(TEST_DATA_MARKER)
  );
}

/**
 * Splits leads into the board's six columns, the Won bucket (Complete and Won)
 * and the Dead bucket (spec §2, §9; see boardPlaceOf). Dead leads marked as
 * test data (`isTestDataLead`) are hidden. Every status has a place: Deposit
 * and Payment Failed leads are in Set Up, Subscription Expired in Won.
 */
export function groupLeadsForBoard<
  T extends { status: LeadStatus; notes?: string | null; deadReason?: string | null; testData?: boolean },
>(leads: readonly T[]): BoardGroups<T> {
  const columns = Object.fromEntries(BOARD_COLUMNS.map((c) => [c, [] as T[]])) as Record<BoardColumn, T[]>;
  const won: T[] = [];
  const dead: T[] = [];
  for (const lead of leads) {
    const place = boardPlaceOf(lead.status);
    if (place === 'won') won.push(lead);
    else if (place === 'dead') {
      if (!isTestDataLead(lead)) dead.push(lead);
    } else columns[place].push(lead);
  }
  return { columns, won, dead };
}

/**
 * Default number of days after which an open lead sitting in its column is
 * flagged "needs attention". The owner can change it per browser, within
 * ATTENTION_DAYS_RANGE (see `parseAttentionDays`).
 */
export const ATTENTION_AFTER_DAYS = 7;

/** Allowed "needs attention" thresholds, in whole days (inclusive). */
export const ATTENTION_DAYS_RANGE = { min: 1, max: 90 } as const;

/** Whole days between `since` and `now` (never negative). */
export function ageInDays(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}

/**
 * A "needs attention" threshold read from user input or storage: a whole
 * number of days within ATTENTION_DAYS_RANGE ("14", 14), or null for anything
 * else (blank, "3.5", "0", "91", "abc").
 */
export function parseAttentionDays(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,3}$/.test(text)) return null;
  const days = Number(text);
  return days >= ATTENTION_DAYS_RANGE.min && days <= ATTENTION_DAYS_RANGE.max ? days : null;
}

export interface LeadAttention {
  /** Whole days since the lead last changed (its age in the current stage). */
  ageDays: number;
  /** True when the lead is open (on a board column) and `ageDays` ≥ the threshold. */
  needsAttention: boolean;
}

/**
 * How long a lead has sat in its stage and whether it needs attention: an
 * open lead (in one of the six board columns, Deposit and Payment Failed
 * included) unchanged for `afterDays` days or
 * more. Won and dead leads never need attention. `updatedAt` is
 * the lead's last change; a missing date counts as age 0.
 */
export function leadAttention(
  lead: { status: LeadStatus; updatedAt?: Date | null },
  now: Date,
  afterDays: number = ATTENTION_AFTER_DAYS,
): LeadAttention {
  const ageDays =
    lead.updatedAt instanceof Date && !Number.isNaN(lead.updatedAt.getTime()) ? ageInDays(lead.updatedAt, now) : 0;
  const place = boardPlaceOf(lead.status);
  const open = place !== 'won' && place !== 'dead';
  return { ageDays, needsAttention: open && ageDays >= afterDays };
}
