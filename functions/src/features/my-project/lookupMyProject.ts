/**
 * The client's project lookup by email (spec §2 "My-project", §4 "Client
 * timeline"); the rules of what leaves are in the router's file comment.
 */
import {
  centsToString,
  clientStatement,
  countdownEndsAt,
  followedProjects,
  isLiveProject,
  isTestDataLead,
  nextPayment,
  optionalCentsToString,
  orderClientWork,
  type AccountStatement,
  type ClientLeadReply,
  type ClientProjectReply,
  type ProjectDoc,
  type ProjectStatus,
  type StoredLeadDoc,
} from '@studio/domain';
import { notFound } from '../../platform/errors.js';
import { clientDocumentLinks } from '../documents/index.js';
import { statementsOfLeads } from '../billing/index.js';
import type { Deps } from '../useCase.js';
import { readLeadsOfEmail, readProjectsOfLeads } from './myProjectStore.js';

export const PROJECT_NOT_FOUND = 'Project Not Found';

/** A lead marked dead as test data (spec §9 "Dead Reason: Test Data"), as the dashboard's dead bucket reads it. */
const isLostTestData = (lead: StoredLeadDoc) =>
  lead.status === 'Lost' && isTestDataLead({ deadReason: text(lead.deadReason), notes: text(lead.notes) });

const iso = (v: Date | null | undefined): string | null => v?.toISOString() ?? null;
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const cents = (v: unknown): string | null =>
  typeof v === 'number' && Number.isSafeInteger(v) ? optionalCentsToString(v) : null;

/** The newest leads of one email the lookup weighs (reads per lookup stay bounded). */
export const MAX_LEADS_READ = 50;

/** Quote amounts are the client's once the quote is approved (sent) or accepted. */
const quoteReleased = (l: StoredLeadDoc) => l.quoteReviewStatus === 'Approved' || l.quoteAccepted === true;

/** A project's account statement and the studio's time zone its days are counted in. */
export interface ClientAccount {
  statement: AccountStatement;
  timeZone: string;
}

/**
 * What the client may see of their lead. `id` is there for Pay Now (the
 * checkout's leadId). Amounts, hours and complexity are null until the quote
 * is approved or accepted; so is the money, which is the project's account
 * statement (`account`), unless something was billed already: what is due
 * now is its next payable item (the most overdue document first), "Payment
 * Completed" its paid in full, never the pipeline stage. A Lost lead offers
 * nothing to pay.
 */
export function clientLead(id: string, l: StoredLeadDoc, account: ClientAccount | null): ClientLeadReply {
  const released = quoteReleased(l);
  // The money is shown once the quote is released, or as soon as something was billed: an invoice the owner
  // issued without a quote is emailed to the client, so the page states it as the portal does.
  const shown = released || (account?.statement.lines.length ?? 0) > 0 ? account : null;
  const next = shown && l.status !== 'Lost' ? nextPayment(shown.statement) : null;
  return {
    id,
    name: text(l.name),
    projectType: text(l.projectType),
    subject: text(l.subject),
    status: text(l.status),
    quoteAmount: released ? cents(l.quoteAmountCents) : null,
    depositAmount: released ? cents(l.depositAmountCents) : null,
    finalAmount: released ? cents(l.finalAmountCents) : null,
    amountDue: next ? centsToString(next.amountCents) : null,
    paidInFull: shown?.statement.paidInFull ?? false,
    payPath: next?.payPath ?? null,
    statement: shown ? clientStatement(shown.statement, shown.timeZone, { payable: l.status !== 'Lost' }) : null,
    estimatedHours: released && typeof l.estimatedHours === 'number' ? l.estimatedHours : null,
    complexity: released ? text(l.complexity) : null,
    phase1: text(l.phase1),
    phase2: text(l.phase2),
    phase3: text(l.phase3),
    phase4: text(l.phase4),
    techStack: text(l.techStack),
    database: text(l.database),
    integrations: text(l.integrations),
    createdAt: iso(l.createdAt),
  };
}

/** What the client may see of their project: the beta URL only while in Beta, the countdown's end only while in Launch. */
export function clientProject(p: ProjectDoc): ClientProjectReply {
  const status = p.status;
  const launchDate = p.launchDate;
  return {
    name: text(p.name),
    status,
    deploymentUrl: status === 'Beta' ? text(p.deploymentUrl) : null,
    launchDate: launchDate?.toISOString() ?? null,
    countdownEndsAt: status === 'Launch' && launchDate ? countdownEndsAt(launchDate).toISOString() : null,
    handoffType: p.handoffType === 'domain' || p.handoffType === 'files' ? p.handoffType : null,
    createdAt: iso(p.createdAt),
  };
}

const millis = (v: Date | null): number => v?.getTime() ?? 0;

/** One piece of the client's work: a lead and one of its projects (or none yet), ranked by domain clientWorkRank. */
interface Work {
  id: string;
  lead: StoredLeadDoc;
  project: ProjectDoc | null;
  projectStatus: ProjectStatus | null;
  createdAtMs: number;
  quoteAccepted: boolean;
  quoteApproved: boolean;
}

/**
 * The client's work for `email` (trimmed, lowercased): the primary lead and
 * project, every live project, signed links to the primary lead's PDFs, and
 * the studio's time zone (settings `timeZone`) the page shows dates in.
 * @throws NotFound PROJECT_NOT_FOUND for an unknown email or a lead marked dead as test data.
 */
export async function lookupMyProject(deps: Deps, email: string) {
  const { db } = deps;
  const leads = (await readLeadsOfEmail(db, email, MAX_LEADS_READ)).filter((l) => !isLostTestData(l));
  if (leads.length === 0) throw notFound(PROJECT_NOT_FOUND);
  const projects = await readProjectsOfLeads(
    db,
    leads.map((l) => l.id),
  );
  // One piece of work per live project: a lead with a site and an app shows both, and the client picks one.
  const works = orderClientWork(
    leads.flatMap(({ id, ...lead }): Work[] => {
      const followed = followedProjects(
        (projects.get(id) ?? []).map((p) => ({ doc: p, status: p.status, createdAtMs: millis(p.createdAt) })),
      );
      const base = {
        id,
        lead,
        createdAtMs: millis(lead.createdAt),
        quoteAccepted: lead.quoteAccepted === true,
        quoteApproved: lead.quoteReviewStatus === 'Approved',
      };
      return followed.length === 0
        ? [{ ...base, project: null, projectStatus: null }]
        : followed.map((p) => ({ ...base, project: p.doc, projectStatus: p.status }));
    }),
  );
  // Every weighed lead's statement, from its invoices and payment requests (features/billing).
  const { timeZone, byLead } = await statementsOfLeads(db, leads, new Date());
  const account = (id: string): ClientAccount | null => {
    const statement = byLead.get(id);
    return statement ? { statement, timeZone } : null;
  };
  const view = (w: (typeof works)[number]) => ({
    lead: clientLead(w.id, w.lead, account(w.id)),
    project: w.project ? clientProject(w.project) : null,
  });
  const primary = view(works[0]!);
  // Signed, one-hour links to the primary lead's invoice and receipt PDFs (features/documents/documents.ts).
  const documents = await clientDocumentLinks(db, works[0]!.id);
  return {
    ...primary,
    projects: works.filter((w) => isLiveProject(w.projectStatus)).map(view),
    documents,
    // The page shows the ISO dates on the studio's clock, as the due days and the PDFs.
    timeZone,
  };
}
