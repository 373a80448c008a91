/**
 * Lead status moves (spec §4 "Lead status values", "Moving a lead"). The spec
 * shows no transition table; this is ours, enforced by PUT /api/leads/{id}.
 *
 * The board lets the owner put a lead in any column ("Dragging a card to a
 * column sets its status to that column"; a drop on Won sets Complete). The
 * server refuses only the moves that would corrupt the lead's money or quote
 * state, and says why and what to do instead:
 * - into Set Up or any later status (Production, Launch, Complete, Won and
 *   the money statuses Deposit, Payment Failed, Subscription Expired) from
 *   New, Contacted or Quoted needs an accepted quote: accepting a quote is
 *   what creates the project and the amounts the Accepted and Open Invoices
 *   tiles, invoicing and the client's view count on;
 * - back to New, Contacted or Quoted from Set Up or later is refused once
 *   money was received for the lead (deposit, final payment or an invoice):
 *   the payment would belong to a lead that has no accepted work;
 * - a dead lead (Lost) is only revived, to New (spec §4 "Revive sets a dead
 *   lead's status to New"); any other lead can be marked dead (with a reason).
 * Moves among the accepted statuses (Set Up ⇄ Production ⇄ Launch ⇄ Complete,
 * Deposit, ...) and among New, Contacted and Quoted are always allowed.
 */
import {
  BOARD_COLUMNS,
  DEAD_REASONS,
  DEAD_STATUS,
  LEAD_STATUSES,
  WON_STATUS,
  type BoardColumn,
  type DeadReason,
  type LeadStatus,
} from './constants.js';

/** What a move rule reads from the lead besides its status. */
export interface LeadMoveFacts {
  /** A quote has been generated (the lead's quoteGenerated). */
  quoteGenerated: boolean;
  /** The quote was accepted, by the client's link or the admin's Accept Quote (quoteAccepted). */
  quoteAccepted: boolean;
  /** Money was received for the lead: its deposit, its final payment or one of its invoices. */
  paymentReceived: boolean;
}

/**
 * Facts assumed when the caller knows none: the strictest (no accepted quote,
 * money received), so an unchecked move is refused rather than let through.
 */
export const UNKNOWN_LEAD_FACTS: LeadMoveFacts = { quoteGenerated: false, quoteAccepted: false, paymentReceived: true };

/**
 * A cell of the move table:
 * - `ok`: always allowed;
 * - `quote`: allowed with an accepted quote;
 * - `unpaid`: allowed while no money was received;
 * - `revive`: refused (a dead lead goes back to New only);
 * - `same`: the lead is already there.
 */
export type LeadMoveRule = 'ok' | 'quote' | 'unpaid' | 'revive' | 'same';

const o = 'ok',
  q = 'quote',
  u = 'unpaid',
  r = 'revive',
  x = 'same';
// Rows: from; columns: to, in LEAD_STATUSES order.
const MOVE_MATRIX: Record<LeadStatus, readonly LeadMoveRule[]> = {
  //                      New Cont Quot SetU Prod Laun Comp Lost PFail SubE Dep  Won
  New: [x, o, o, q, q, q, q, o, q, q, q, q],
  Contacted: [o, x, o, q, q, q, q, o, q, q, q, q],
  Quoted: [o, o, x, q, q, q, q, o, q, q, q, q],
  'Set Up': [u, u, u, x, o, o, o, o, o, o, o, o],
  Production: [u, u, u, o, x, o, o, o, o, o, o, o],
  Launch: [u, u, u, o, o, x, o, o, o, o, o, o],
  Complete: [u, u, u, o, o, o, x, o, o, o, o, o],
  Lost: [o, r, r, r, r, r, r, x, r, r, r, r],
  'Payment Failed': [u, u, u, o, o, o, o, o, x, o, o, o],
  'Subscription Expired': [u, u, u, o, o, o, o, o, o, x, o, o],
  Deposit: [u, u, u, o, o, o, o, o, o, o, x, o],
  Won: [u, u, u, o, o, o, o, o, o, o, o, x],
};

/** The lead move table: LEAD_MOVES[from][to] (see LeadMoveRule and the file comment). */
export const LEAD_MOVES: Readonly<Record<LeadStatus, Readonly<Record<LeadStatus, LeadMoveRule>>>> = Object.fromEntries(
  LEAD_STATUSES.map((from) => [from, Object.fromEntries(LEAD_STATUSES.map((to, i) => [to, MOVE_MATRIX[from][i]!]))]),
) as Record<LeadStatus, Record<LeadStatus, LeadMoveRule>>;

/**
 * Why moving a lead from `from` to `to` is refused, in words for a toast
 * (why, then what to do instead); null when the move is allowed.
 */
export function leadMoveError(from: LeadStatus, to: LeadStatus, facts: LeadMoveFacts): string | null {
  switch (LEAD_MOVES[from][to]) {
    case 'ok':
      return null;
    case 'same':
      return `Lead is already ${from}`;
    case 'quote':
      if (facts.quoteAccepted) return null;
      return facts.quoteGenerated
        ? `Cannot move to ${to}: the quote is not accepted yet. Accept the quote first (Quote Review).`
        : `Cannot move to ${to}: the lead has no quote yet. Add a project plan (in Contacted), then accept its quote (Quote Review).`;
    case 'unpaid':
      if (!facts.paymentReceived) return null;
      return `Cannot move back to ${to}: a payment was received for this lead. Keep it in Set Up or a later stage, or mark it dead.`;
    case 'revive':
      return 'A dead lead can only be revived to New (Dead Leads → Revive).';
  }
}

/**
 * True when a lead may move from `from` to `to` given `facts` (never to
 * itself). Without facts the strictest are assumed (UNKNOWN_LEAD_FACTS).
 */
export function canMoveLead(from: LeadStatus, to: LeadStatus, facts: LeadMoveFacts = UNKNOWN_LEAD_FACTS): boolean {
  return leadMoveError(from, to, facts) === null;
}

/** Where a lead shows on the CRM board: one of its six columns, the Won or the Dead bucket. */
export type BoardPlace = BoardColumn | 'won' | 'dead';

/**
 * The board place of a lead in `status` (spec §4): its column; Complete and
 * Won in the Won bucket; Lost in the Dead bucket. The statuses without a
 * column of their own show where their work stands, with a badge (see
 * boardBadgeOf): Deposit and Payment Failed in Set Up (a deposit invoiced or
 * its payment failed), Subscription Expired in Won (a finished project whose
 * plan lapsed). Every status has a place.
 */
export function boardPlaceOf(status: LeadStatus): BoardPlace {
  if ((BOARD_COLUMNS as readonly string[]).includes(status)) return status as BoardColumn;
  if (status === 'Deposit' || status === 'Payment Failed') return 'Set Up';
  if (status === DEAD_STATUS) return 'dead';
  return 'won'; // Complete, Won, Subscription Expired
}

/**
 * The badge a card shows when its status is not the name of its place
 * (Deposit, Payment Failed, Subscription Expired), or null.
 */
export function boardBadgeOf(status: LeadStatus): LeadStatus | null {
  return status === 'Deposit' || status === 'Payment Failed' || status === 'Subscription Expired' ? status : null;
}

/** The status a drop on `place` sets: the column's own, Complete on Won (spec §4), Lost on Dead. */
export function boardDropStatus(place: BoardPlace): LeadStatus {
  return place === 'won' ? WON_STATUS : place === 'dead' ? DEAD_STATUS : place;
}

const BOARD_PLACES: readonly BoardPlace[] = [...BOARD_COLUMNS, 'won', 'dead'];

/**
 * The moves a card's menu offers as "Move to …", as its drop targets do: the
 * drop status of every other place the table lets `from` reach with some
 * facts (the server checks the lead's own facts and explains a refusal).
 */
export function boardMovesFrom(from: LeadStatus): LeadStatus[] {
  const here = boardPlaceOf(from);
  return BOARD_PLACES.filter((p) => p !== here)
    .map(boardDropStatus)
    .filter((to) => LEAD_MOVES[from][to] !== 'revive' && LEAD_MOVES[from][to] !== 'same');
}

/**
 * The other statuses of the card's own place, which the menu offers as "Set
 * status …" (Set Up ⇄ Deposit ⇄ Payment Failed; Complete ⇄ Won ⇄
 * Subscription Expired), when the table allows them.
 */
export function statusMovesFrom(from: LeadStatus): LeadStatus[] {
  const here = boardPlaceOf(from);
  return LEAD_STATUSES.filter(
    (to) =>
      to !== from && boardPlaceOf(to) === here && LEAD_MOVES[from][to] !== 'revive' && LEAD_MOVES[from][to] !== 'same',
  );
}

export function isDeadReason(v: string): v is DeadReason {
  return (DEAD_REASONS as readonly string[]).includes(v);
}

/**
 * The note line appended when a lead is marked dead (spec §4):
 * "Dead Reason: {reason} - {date}", the date as M/D/YYYY in UTC.
 */
export function deadReasonLine(reason: DeadReason, at: Date): string {
  return `Dead Reason: ${reason} - ${at.toLocaleDateString('en-US', { timeZone: 'UTC' })}`;
}

const DEAD_REASON_PREFIX = 'Dead Reason: ';

/**
 * The reason named by one "Dead Reason: {reason} - {date}" note line (the
 * inverse of `deadReasonLine`), or null when the line is not one. Reasons may
 * themselves contain " - " ("Quote Expired - Not accepted after 30 Days"), so
 * the known reasons are matched first, longest first; an unknown reason is
 * read up to its last " - ".
 */
export function parseDeadReasonLine(line: string): string | null {
  const text = line.trim();
  if (!text.startsWith(DEAD_REASON_PREFIX)) return null;
  const rest = text.slice(DEAD_REASON_PREFIX.length);
  const known = [...DEAD_REASONS]
    .sort((a, b) => b.length - a.length)
    .find((r) => rest === r || rest.startsWith(`${r} - `));
  if (known) return known;
  const cut = rest.lastIndexOf(' - ');
  const reason = (cut > 0 ? rest.slice(0, cut) : rest).trim();
  return reason || null;
}

/**
 * Why a dead (Lost) lead was marked dead: its `deadReason` field when set,
 * else the last "Dead Reason: …" line of its notes (older leads and imports
 * carry only the note). Null when neither names a reason, and for a lead in
 * any other status: a revived lead keeps the note line in its history but is
 * no longer dead.
 */
export function leadDeadReason(lead: {
  status: LeadStatus;
  deadReason?: string | null;
  notes?: string | null;
}): string | null {
  if (lead.status !== DEAD_STATUS) return null;
  if (lead.deadReason?.trim()) return lead.deadReason.trim();
  const lines = (lead.notes ?? '').split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const reason = parseDeadReasonLine(lines[i]!);
    if (reason) return reason;
  }
  return null;
}

/** Appends `line` to free-text notes on a new line. */
export function appendNoteLine(notes: string | null | undefined, line: string): string {
  return notes ? `${notes}\n${line}` : line;
}

/**
 * Lead statuses shown on the invoicing page (spec §2 "Invoicing": Deposit, Production, Launch, Complete; an
 * accepted quote waits for its deposit in Set Up). Kept with the statuses, not the payments, so the admin's query
 * of those leads (web FirestoreScope) loads no payment rules.
 */
export const INVOICING_STATUSES = [
  'Deposit',
  'Set Up',
  'Production',
  'Launch',
  'Complete',
] as const satisfies readonly LeadStatus[];
