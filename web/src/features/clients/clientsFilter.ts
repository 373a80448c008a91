/**
 * Pure logic of the admin Client List page (spec §2 "Clients page"): search,
 * status / project-type filters, sort, and CSV export rows. No React, no
 * Firebase and no DOM here (the Blob download lives in ClientsPage), so it
 * runs under the node unit-test project.
 */
import Papa from 'papaparse';
import { csvFileName, escapeCsvCell } from '../../shared/lib/csv';
import { centsToString, LEAD_STATUSES, PROJECT_TYPES } from '@studio/domain';
import type { LeadRecord, LeadStatus, ProjectType } from '@studio/domain';

/** The lead fields the Client List reads. `LeadView` from the live hooks satisfies it. */
export type ClientLead = Pick<
  LeadRecord,
  'name' | 'email' | 'phone' | 'status' | 'projectType' | 'subject' | 'message' | 'quoteAmountCents' | 'createdAt'
> & { id: string };

/** Sort orders offered on the page. */
export const CLIENT_SORTS = ['newest', 'oldest', 'name', 'quote'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

/** Human labels of the sort orders, in menu order. */
export const CLIENT_SORT_LABELS: Record<ClientSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A–Z)',
  quote: 'Quote amount (high–low)',
};

/** Status and project-type options of the filters (re-exported for the page). */
export const STATUS_OPTIONS: readonly LeadStatus[] = LEAD_STATUSES;
export const PROJECT_TYPE_OPTIONS: readonly ProjectType[] = PROJECT_TYPES;

/** The state of the page's controls. Empty status / project-type lists mean "any". */
export interface ClientFilters {
  search: string;
  statuses: readonly LeadStatus[];
  projectTypes: readonly ProjectType[];
  sort: ClientSort;
}

/** Controls at rest: no search, every status and type, newest first. */
export const DEFAULT_CLIENT_FILTERS: ClientFilters = Object.freeze({
  search: '',
  statuses: [],
  projectTypes: [],
  sort: 'newest',
});

/** True when a search or a filter is narrowing the list (the sort order alone is not a filter). */
export function hasActiveFilters(filters: ClientFilters): boolean {
  return filters.search.trim() !== '' || filters.statuses.length > 0 || filters.projectTypes.length > 0;
}

/** Returns the filters cleared, keeping the chosen sort order. */
export function clearFilters(filters: ClientFilters): ClientFilters {
  return { ...DEFAULT_CLIENT_FILTERS, sort: filters.sort };
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : v == null ? '' : String(v);
}

/**
 * Case-insensitive search over name, email, subject and message. The query is
 * split on whitespace and every word must appear in at least one of those
 * fields ("jane logo" finds Jane's logo enquiry). A blank query matches all.
 */
export function matchesSearch(
  lead: Pick<ClientLead, 'name' | 'email' | 'subject' | 'message'>,
  query: string,
): boolean {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = [lead.name, lead.email, lead.subject, lead.message].map((f) => text(f).toLowerCase());
  return terms.every((t) => haystack.some((f) => f.includes(t)));
}

/** Keeps the leads matching the search and whose status and project type are selected (empty selection = any). */
export function filterClients<T extends ClientLead>(leads: readonly T[], filters: ClientFilters): T[] {
  return leads.filter(
    (l) =>
      (filters.statuses.length === 0 || filters.statuses.includes(l.status)) &&
      (filters.projectTypes.length === 0 || filters.projectTypes.includes(l.projectType)) &&
      matchesSearch(l, filters.search),
  );
}

/** Milliseconds of the lead's creation, or null when the date is missing or invalid (e.g. a pending server timestamp). */
function createdMs(lead: Pick<ClientLead, 'createdAt'>): number | null {
  const d: unknown = lead.createdAt;
  if (!(d instanceof Date)) return null;
  const ms = d.getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** Orders nulls last whatever the direction. */
function compareNullable(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * direction;
}

function quoteCents(lead: Pick<ClientLead, 'quoteAmountCents'>): number | null {
  const c: unknown = lead.quoteAmountCents;
  return typeof c === 'number' && Number.isFinite(c) ? c : null;
}

const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Returns a sorted copy. newest / oldest: by createdAt; name: A–Z ignoring
 * case and accents; quote: highest quote first. Leads without a date or a
 * quote go last; ties fall back to newest first, then id, so the order is stable.
 */
export function sortClients<T extends ClientLead>(leads: readonly T[], sort: ClientSort): T[] {
  const byNewest = (a: T, b: T) =>
    compareNullable(createdMs(a), createdMs(b), -1) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const compare: (a: T, b: T) => number =
    sort === 'oldest'
      ? (a, b) => compareNullable(createdMs(a), createdMs(b), 1) || byNewest(a, b)
      : sort === 'name'
        ? (a, b) => nameCollator.compare(text(a.name).trim(), text(b.name).trim()) || byNewest(a, b)
        : sort === 'quote'
          ? (a, b) => compareNullable(quoteCents(a), quoteCents(b), -1) || byNewest(a, b)
          : byNewest;
  return [...leads].sort(compare);
}

/** Filters then sorts: the list the page shows and exports. */
export function applyClientFilters<T extends ClientLead>(leads: readonly T[], filters: ClientFilters): T[] {
  return sortClients(filterClients(leads, filters), filters.sort);
}

// ---------------------------------------------------------------- CSV export

/** Column headings of the export, in order. */
export const CSV_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Status',
  'Project Type',
  'Subject',
  'Message',
  'Quote Amount',
  'Created',
] as const;

export { escapeCsvCell };

/** Quote amount as a 2-decimal string ("1234.50"), or "" when the lead has none. */
export function csvQuoteAmount(cents: number | null | undefined): string {
  const c: unknown = cents;
  return typeof c === 'number' && Number.isFinite(c) ? centsToString(Math.round(c)) : '';
}

/**
 * One export row per lead, in CSV_COLUMNS order, every cell a string already
 * escaped with escapeCsvCell. Created is ISO 8601 ("" when the date is missing).
 */
export function clientCsvRows(leads: readonly ClientLead[]): string[][] {
  return leads.map((l) => {
    const ms = createdMs(l);
    return [
      text(l.name),
      text(l.email),
      text(l.phone),
      text(l.status),
      text(l.projectType),
      text(l.subject),
      text(l.message),
      csvQuoteAmount(l.quoteAmountCents),
      ms === null ? '' : new Date(ms).toISOString(),
    ].map(escapeCsvCell);
  });
}

/** The whole export as CSV text (header row first, CRLF line ends), via Papa.unparse. */
export function buildClientsCsv(leads: readonly ClientLead[]): string {
  return Papa.unparse({ fields: [...CSV_COLUMNS], data: clientCsvRows(leads) }, { newline: '\r\n' });
}

/** Download file name for the export on the given (local) day: `clients-YYYY-MM-DD.csv`. */
export function clientsCsvFileName(now: Date = new Date()): string {
  return csvFileName('clients', now);
}
