/**
 * CRM dashboard numbers: the summary tiles (spec §9 "Dashboard tiles") and
 * the Insights charts: pipeline value by stage, won and lost by
 * reason. All pure; sums are in cents.
 */
import {
  BOARD_COLUMNS,
  DEAD_REASONS,
  DEAD_STATUS,
  WON_STATUSES,
  type BoardColumn,
  type LeadStatus,
} from './constants.js';
import { groupLeadsForBoard, isTestDataLead } from './leads.js';
import { formatUsd } from './money.js';
import { leadDeadReason } from './leadStatus.js';

export interface TileLead {
  status: LeadStatus;
  quoteAmountCents: number | null;
}

export interface Tile {
  key: 'openQuotes' | 'accepted' | 'openInvoices' | 'completed';
  label: string;
  count: number;
  /** Sum of the tile's amount, in cents. */
  totalCents: number;
  /** A second line ("$1,200.00 overdue"), or absent. */
  detail?: string;
}

/**
 * What is owed on open documents (domain statement.ts owedOfOpenDocuments),
 * and the part past its due day: the Open Invoices tile. Null while loading.
 */
export interface Receivables {
  count: number;
  owedCents: number;
  overdueCount: number;
  overdueCents: number;
}

function tile(
  key: Tile['key'],
  label: string,
  leads: readonly TileLead[],
  pick: (l: TileLead) => number | null,
  when: (l: TileLead) => boolean,
): Tile {
  const matching = leads.filter(when);
  return { key, label, count: matching.length, totalCents: matching.reduce((sum, l) => sum + (pick(l) ?? 0), 0) };
}

/**
 * The four tiles:
 * - Open Quotes: Quoted leads, summed quoteAmount;
 * - Accepted: Set Up, Production and Launch leads, summed quoteAmount;
 * - Open Invoices: the documents (invoices, deposit and final payment
 *   requests) with something owed, and what they owe, from the ledger
 *   (`receivables`; 0 while it loads). A deliberate deviation from spec §9's
 *   "Set Up leads with a quote, summed depositAmount", which counts deposits
 *   already paid and misses every other open document: the tile says what
 *   the Money page and the account statements say (docs/statuses.md);
 * - Completed: Launch leads with a quote, summed quoteAmount.
 */
export function dashboardTiles(leads: readonly TileLead[], receivables: Receivables | null = null): Tile[] {
  const quote = (l: TileLead) => l.quoteAmountCents;
  const hasQuote = (l: TileLead) => l.quoteAmountCents != null;
  return [
    tile('openQuotes', 'Open Quotes', leads, quote, (l) => l.status === 'Quoted'),
    tile(
      'accepted',
      'Accepted',
      leads,
      quote,
      (l) => l.status === 'Set Up' || l.status === 'Production' || l.status === 'Launch',
    ),
    {
      key: 'openInvoices',
      label: 'Open Invoices',
      count: receivables?.count ?? 0,
      totalCents: receivables?.owedCents ?? 0,
      ...(receivables && receivables.overdueCount > 0 && { detail: `${formatUsd(receivables.overdueCents)} overdue` }),
    },
    tile('completed', 'Completed', leads, quote, (l) => l.status === 'Launch' && hasQuote(l)),
  ];
}

/** What the Insights aggregations read from a lead. */
export interface InsightLead {
  status: LeadStatus;
  quoteAmountCents: number | null;
  notes?: string | null;
  deadReason?: string | null;
  testData?: boolean;
}

export interface StageValue {
  stage: BoardColumn;
  /** Leads in the column. */
  count: number;
  /** Leads in the column that carry a quote. */
  quotedCount: number;
  /** Summed quoteAmount of the column, in cents (leads without a quote add 0). */
  totalCents: number;
}

/**
 * Pipeline value by stage: for each of the six board columns, in board
 * order, its lead count and summed quoteAmount (cents). Columns are those of
 * `groupLeadsForBoard`, so the numbers match what the board shows.
 */
export function pipelineValueByStage(leads: readonly InsightLead[]): StageValue[] {
  const { columns } = groupLeadsForBoard(leads);
  return BOARD_COLUMNS.map((stage) => {
    const inStage = columns[stage];
    const quoted = inStage.filter((l) => l.quoteAmountCents != null);
    return {
      stage,
      count: inStage.length,
      quotedCount: quoted.length,
      totalCents: quoted.reduce((sum, l) => sum + (l.quoteAmountCents ?? 0), 0),
    };
  });
}

/** Label of the lost bucket for dead leads that name no reason. */
export const UNSPECIFIED_DEAD_REASON = 'Unspecified';

export interface LostReasonCount {
  /** The full dead reason (one of DEAD_REASONS, another stored reason, or UNSPECIFIED_DEAD_REASON). */
  reason: string;
  /** A short form for chart axes: the text before " - " ("Quote Expired"). */
  shortLabel: string;
  count: number;
}

export interface Outcomes {
  /** Won leads (WON_STATUSES). */
  won: number;
  /** Dead leads (Lost) without test data: the dead bucket's count. */
  lost: number;
  /** Dead leads by reason: DEAD_REASONS order, then other reasons A–Z, then Unspecified; only reasons with leads. */
  lostByReason: LostReasonCount[];
}

/** The short form of a dead reason for charts: "Quote Expired - Not accepted after 30 Days" → "Quote Expired". */
export function shortDeadReason(reason: string): string {
  const cut = reason.indexOf(' - ');
  return cut > 0 ? reason.slice(0, cut) : reason;
}

/**
 * Won and lost by reason. Lost leads marked as test data are left out, as the
 * dead bucket leaves them out (`isTestDataLead`); each remaining lost lead is
 * counted under `leadDeadReason` (its deadReason field, else its last
 * "Dead Reason: X - date" note line), or Unspecified.
 */
export function outcomesByReason(leads: readonly InsightLead[]): Outcomes {
  let won = 0;
  const byReason = new Map<string, number>();
  for (const lead of leads) {
    if (WON_STATUSES.includes(lead.status)) won++;
    else if (lead.status === DEAD_STATUS && !isTestDataLead(lead)) {
      const reason = leadDeadReason(lead) ?? UNSPECIFIED_DEAD_REASON;
      byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
    }
  }
  const rank = (reason: string) => {
    const known = (DEAD_REASONS as readonly string[]).indexOf(reason);
    if (known >= 0) return known;
    return reason === UNSPECIFIED_DEAD_REASON ? DEAD_REASONS.length + 1 : DEAD_REASONS.length;
  };
  const lostByReason = [...byReason]
    .map(([reason, count]) => ({ reason, shortLabel: shortDeadReason(reason), count }))
    .sort((a, b) => rank(a.reason) - rank(b.reason) || a.reason.localeCompare(b.reason));
  return { won, lost: lostByReason.reduce((sum, r) => sum + r.count, 0), lostByReason };
}
