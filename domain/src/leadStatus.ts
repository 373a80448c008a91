/**
 * Lead status machine (spec §4 "Lead status values", "Moving a lead").
 * The spec shows no transition table; this is ours, enforced by PUT /api/leads/{id}.
 *
 * Rules:
 * - The pipeline New → Contacted → Quoted → Set Up → Production → Launch moves
 *   forward ONE stage at a time, and back to any earlier stage (corrections).
 * - Won (Complete) is reached from Launch only; a completed lead can be reopened
 *   to Launch, or lapse to Subscription Expired.
 * - Any open lead can be marked dead (Lost) with a reason; a dead lead can only
 *   be revived, to New.
 * - Deposit and Payment Failed sit beside Set Up (invoicing); Won is the
 *   invoicing page's paid-in-full label beside Complete.
 */
import { BOARD_COLUMNS, DEAD_REASONS, DEAD_STATUS, WON_STATUSES, type BoardColumn, type DeadReason, type LeadStatus } from './constants.js';

export const LEAD_TRANSITIONS: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  New: ['Contacted', 'Lost'],
  Contacted: ['New', 'Quoted', 'Lost'],
  Quoted: ['New', 'Contacted', 'Set Up', 'Lost'],
  'Set Up': ['New', 'Contacted', 'Quoted', 'Production', 'Deposit', 'Payment Failed', 'Lost'],
  Deposit: ['Set Up', 'Production', 'Payment Failed', 'Lost'],
  'Payment Failed': ['Set Up', 'Deposit', 'Lost'],
  Production: ['New', 'Contacted', 'Quoted', 'Set Up', 'Launch', 'Lost'],
  Launch: ['New', 'Contacted', 'Quoted', 'Set Up', 'Production', 'Complete', 'Lost'],
  Complete: ['Launch', 'Won', 'Subscription Expired'],
  Won: ['Complete'],
  'Subscription Expired': ['Complete', 'Lost'],
  Lost: ['New'],
};

/** True when a lead may move from `from` to `to` (never to itself). */
export function canMoveLead(from: LeadStatus, to: LeadStatus): boolean {
  return LEAD_TRANSITIONS[from].includes(to);
}

/** Why a move is refused, in words for a toast; null when allowed. */
export function leadMoveError(from: LeadStatus, to: LeadStatus): string | null {
  if (from === to) return `Lead is already ${from}`;
  if (canMoveLead(from, to)) return null;
  if (from === 'Lost') return 'A dead lead can only be revived to New';
  return `Cannot move a lead from ${from} to ${to}`;
}

/** Where a lead shows on the CRM board: one of its six columns, the Won or the Dead bucket. */
export type BoardPlace = BoardColumn | 'won' | 'dead';

/**
 * The board place of a lead in `status` (spec §4): its column; Complete and
 * Won in the Won bucket; Lost in the Dead bucket; null for the statuses the
 * board does not show (Deposit, Payment Failed, Subscription Expired).
 */
export function boardPlaceOf(status: LeadStatus): BoardPlace | null {
  if ((BOARD_COLUMNS as readonly string[]).includes(status)) return status as BoardColumn;
  if (WON_STATUSES.includes(status)) return 'won';
  return status === DEAD_STATUS ? 'dead' : null;
}

/**
 * The moves a card's menu offers as "Move to …", as its drop targets do:
 * allowed moves (LEAD_TRANSITIONS) to another column or bucket.
 */
export function boardMovesFrom(from: LeadStatus): LeadStatus[] {
  const here = boardPlaceOf(from);
  return LEAD_TRANSITIONS[from].filter((to) => {
    const there = boardPlaceOf(to);
    return there !== null && there !== here;
  });
}

/**
 * The other allowed moves, which the menu offers as "Set status …": to a
 * status in the same place (Complete ⇄ Won, both in the Won bucket) or off
 * the board (Deposit, Payment Failed, Subscription Expired; the invoicing
 * page shows those leads). Nothing else in the app sets these statuses.
 */
export function statusMovesFrom(from: LeadStatus): LeadStatus[] {
  const board = boardMovesFrom(from);
  return LEAD_TRANSITIONS[from].filter((to) => !board.includes(to));
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
  const known = [...DEAD_REASONS].sort((a, b) => b.length - a.length).find((r) => rest === r || rest.startsWith(`${r} - `));
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
export function leadDeadReason(lead: { status: LeadStatus; deadReason?: string | null; notes?: string | null }): string | null {
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
