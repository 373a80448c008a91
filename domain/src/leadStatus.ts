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
import { DEAD_REASONS, type DeadReason, type LeadStatus } from './constants.js';

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

/** Appends `line` to free-text notes on a new line. */
export function appendNoteLine(notes: string | null | undefined, line: string): string {
  return notes ? `${notes}\n${line}` : line;
}
