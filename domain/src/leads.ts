/**
 * Leads: the stored record, the API shape, and board helpers (spec §3 "leads", §4, §9).
 *
 * LeadRecord is what Firestore holds (money in integer cents, dates as Date once
 * read); LeadDto is what the API and UI carry (money as 2-decimal strings,
 * dates as ISO strings). `toLeadDto` is the one conversion between them.
 */
import { BOARD_COLUMNS, DEAD_STATUS, TEST_DATA_MARKER, WON_STATUS } from './constants.js';
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
  createdAt: Date;
  updatedAt: Date;
}

export interface LeadDto extends Omit<LeadRecord, 'quoteAmountCents' | 'depositAmountCents' | 'finalAmountCents' | 'createdAt' | 'updatedAt'> {
  id: string;
  /** "1234.50" or null. */
  quoteAmount: string | null;
  depositAmount: string | null;
  finalAmount: string | null;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

/** Fields of a brand-new lead, before timestamps (spec §3 defaults). */
export function newLeadRecord(input: {
  name: string;
  email: string;
  phone?: string | undefined;
  projectType: ProjectType;
  subject: string;
  message: string;
}): Omit<LeadRecord, 'createdAt' | 'updatedAt'> {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    projectType: input.projectType,
    subject: input.subject,
    message: input.message,
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
  const { quoteAmountCents, depositAmountCents, finalAmountCents, createdAt, updatedAt, ...rest } = { ...base, ...r };
  return {
    id,
    ...rest,
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
 * Splits leads into the board's six columns, the Won bucket and the Dead bucket
 * (spec §2, §9). Dead leads marked "Dead Reason: Test Data" are hidden.
 * Leads in other statuses (e.g. Payment Failed) are on no board list.
 */
export function groupLeadsForBoard<T extends { status: LeadStatus; notes?: string | null }>(leads: readonly T[]): BoardGroups<T> {
  const columns = Object.fromEntries(BOARD_COLUMNS.map((c) => [c, [] as T[]])) as Record<BoardColumn, T[]>;
  const won: T[] = [];
  const dead: T[] = [];
  for (const lead of leads) {
    if (lead.status === WON_STATUS) won.push(lead);
    else if (lead.status === DEAD_STATUS) {
      if (!(lead.notes ?? '').includes(TEST_DATA_MARKER)) dead.push(lead);
    } else if ((BOARD_COLUMNS as readonly string[]).includes(lead.status)) columns[lead.status as BoardColumn].push(lead);
  }
  return { columns, won, dead };
}

/** Days after which an open lead sitting in its column is flagged "needs attention". */
export const ATTENTION_AFTER_DAYS = 7;

/** Whole days between `since` and `now` (never negative). */
export function ageInDays(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / 86_400_000));
}
