/**
 * CRM dashboard summary tiles (spec §9 "Dashboard tiles"). Sums are in cents.
 */
import type { LeadStatus } from './constants.js';

export interface TileLead {
  status: LeadStatus;
  quoteAmountCents: number | null;
  depositAmountCents: number | null;
}

export interface Tile {
  key: 'openQuotes' | 'accepted' | 'openInvoices' | 'completed';
  label: string;
  count: number;
  /** Sum of the tile's amount, in cents. */
  totalCents: number;
}

function tile(key: Tile['key'], label: string, leads: readonly TileLead[], pick: (l: TileLead) => number | null, when: (l: TileLead) => boolean): Tile {
  const matching = leads.filter(when);
  return { key, label, count: matching.length, totalCents: matching.reduce((sum, l) => sum + (pick(l) ?? 0), 0) };
}

/**
 * The four tiles:
 * - Open Quotes: Quoted leads, summed quoteAmount;
 * - Accepted: Set Up, Production and Launch leads, summed quoteAmount;
 * - Open Invoices: Set Up leads with a quote, summed depositAmount;
 * - Completed: Launch leads with a quote, summed quoteAmount.
 */
export function dashboardTiles(leads: readonly TileLead[]): Tile[] {
  const quote = (l: TileLead) => l.quoteAmountCents;
  const hasQuote = (l: TileLead) => l.quoteAmountCents != null;
  return [
    tile('openQuotes', 'Open Quotes', leads, quote, (l) => l.status === 'Quoted'),
    tile('accepted', 'Accepted', leads, quote, (l) => l.status === 'Set Up' || l.status === 'Production' || l.status === 'Launch'),
    tile('openInvoices', 'Open Invoices', leads, (l) => l.depositAmountCents, (l) => l.status === 'Set Up' && hasQuote(l)),
    tile('completed', 'Completed', leads, quote, (l) => l.status === 'Launch' && hasQuote(l)),
  ];
}
