/**
 * Account statements on the server (domain statement.ts): what each project
 * of a client owes, read from its invoices and payment requests and the
 * ledger's sums kept on them, with the quote stages not yet billed. My
 * Project and the portal answer from these, so the client reads the same
 * figures the owner's Invoicing and Money pages show.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { leadStatement, type AccountStatement, type PayableLeadState } from '@studio/domain';
import { loadStudioSettings } from '../../shared/settings.js';
import { billedDocumentsOfLeads } from './billingStore.js';

/** A lead as a statement reads it: its id and the fields that decide its quote stages. */
export type StatementLead = { id: string } & PayableLeadState & {
    subject?: string | null;
    projectType?: string | null;
  };

/**
 * The statement of each of `leads` at `now`, overdue days counted on the
 * studio's clock, and that clock's zone (settings `timeZone`). Reads the
 * leads' invoices and payment requests (one `in` query per 30 leads and
 * collection) and the studio settings.
 */
export async function statementsOfLeads(
  db: Firestore,
  leads: readonly StatementLead[],
  now: Date,
): Promise<{ timeZone: string; byLead: Map<string, AccountStatement> }> {
  const [documents, { timeZone }] = await Promise.all([
    billedDocumentsOfLeads(
      db,
      leads.map((l) => l.id),
    ),
    loadStudioSettings(db),
  ]);
  const byLead = new Map<string, AccountStatement>();
  for (const lead of leads) byLead.set(lead.id, leadStatement({ leadId: lead.id, lead, documents, now, timeZone }));
  return { timeZone, byLead };
}
