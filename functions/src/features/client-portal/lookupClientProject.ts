/**
 * The client's project lookup by email (spec §2 "My-project", §4 "Client
 * timeline"); the rules of what leaves are in the router's file comment.
 */
import { Timestamp } from 'firebase-admin/firestore';
import {
  clientBalance,
  COLLECTIONS,
  leadDocSchema,
  countdownEndsAt,
  followedProject,
  isLiveProject,
  isTestDataLead,
  optionalCentsToString,
  orderClientWork,
  PROJECT_STATUSES,
  type ClientLeadReply,
  type ClientProjectReply,
  type ProjectStatus,
} from '@studio/domain';
import { notFound } from '../../platform/errors.js';
import { clientDocumentLinks } from '../documents/index.js';
import type { Deps } from '../useCase.js';

export const PROJECT_NOT_FOUND = 'Project Not Found';

type Doc = Record<string, unknown>;

/** A lead marked dead as test data (spec §9 "Dead Reason: Test Data"), as the dashboard's dead bucket reads it. */
const isLostTestData = (lead: Doc) =>
  lead.status === 'Lost' && isTestDataLead({ deadReason: text(lead.deadReason), notes: text(lead.notes) });

const iso = (v: unknown): string | null =>
  v instanceof Timestamp ? v.toDate().toISOString() : v instanceof Date ? v.toISOString() : null;
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const cents = (v: unknown): string | null =>
  typeof v === 'number' && Number.isSafeInteger(v) ? optionalCentsToString(v) : null;

/** The newest leads of one email the lookup weighs (reads per lookup stay bounded). */
export const MAX_LEADS_READ = 50;

/** Quote amounts are the client's once the quote is approved (sent) or accepted. */
const quoteReleased = (l: Doc) => l.quoteReviewStatus === 'Approved' || l.quoteAccepted === true;

/**
 * What the client may see of their lead. `id` is there for Pay Now (the
 * checkout's leadId). Amounts, hours and complexity are null until the quote
 * is approved or accepted.
 */
export function clientLead(id: string, l: Doc): ClientLeadReply {
  const released = quoteReleased(l);
  // What is due follows the payments recorded (domain clientBalance), never the pipeline stage.
  const stored = leadDocSchema.safeParse(l);
  const balance = released && stored.success ? clientBalance(stored.data) : { amountDueCents: null, paidInFull: false };
  return {
    id,
    name: text(l.name),
    projectType: text(l.projectType),
    subject: text(l.subject),
    status: text(l.status),
    quoteAmount: released ? cents(l.quoteAmountCents) : null,
    depositAmount: released ? cents(l.depositAmountCents) : null,
    finalAmount: released ? cents(l.finalAmountCents) : null,
    amountDue: balance.amountDueCents === null ? null : optionalCentsToString(balance.amountDueCents),
    paidInFull: balance.paidInFull,
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
export function clientProject(p: Doc): ClientProjectReply {
  const status = p.status as ProjectStatus;
  const launchDate = p.launchDate instanceof Timestamp ? p.launchDate.toDate() : null;
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

const millis = (v: unknown): number => (v instanceof Timestamp ? v.toMillis() : 0);
const isProjectStatus = (v: unknown): v is ProjectStatus => (PROJECT_STATUSES as readonly unknown[]).includes(v);

/** The projects of `leadIds` (one `in` query per 30 ids), grouped by lead. */
async function projectsOf(deps: Deps, leadIds: string[]): Promise<Map<string, Doc[]>> {
  const byLead = new Map<string, Doc[]>();
  for (let i = 0; i < leadIds.length; i += 30) {
    const snap = await deps.db
      .collection(COLLECTIONS.projects)
      .where('leadId', 'in', leadIds.slice(i, i + 30))
      .get();
    for (const d of snap.docs) {
      const p = d.data();
      if (!isProjectStatus(p.status)) continue;
      const leadId = p.leadId as string;
      byLead.set(leadId, [...(byLead.get(leadId) ?? []), p]);
    }
  }
  return byLead;
}

/**
 * The client's work for `email` (trimmed, lowercased): the primary lead and
 * project, every live project, and signed links to the primary lead's PDFs.
 * @throws NotFound PROJECT_NOT_FOUND for an unknown email or a lead marked dead as test data.
 */
export async function lookupClientProject(deps: Deps, email: string) {
  const { db } = deps;
  const leads = (
    await db
      .collection(COLLECTIONS.leads)
      .where('email', '==', email)
      .orderBy('createdAt', 'desc')
      .limit(MAX_LEADS_READ)
      .get()
  ).docs.filter((d) => !isLostTestData(d.data()));
  if (leads.length === 0) throw notFound(PROJECT_NOT_FOUND);
  const projects = await projectsOf(
    deps,
    leads.map((d) => d.id),
  );
  const works = orderClientWork(
    leads.map((d) => {
      const lead = d.data();
      const project = followedProject(
        (projects.get(d.id) ?? []).map((p) => ({
          doc: p,
          status: p.status as ProjectStatus,
          createdAtMs: millis(p.createdAt),
        })),
      );
      return {
        id: d.id,
        lead,
        project: project?.doc ?? null,
        createdAtMs: millis(lead.createdAt),
        quoteAccepted: lead.quoteAccepted === true,
        quoteApproved: lead.quoteReviewStatus === 'Approved',
        projectStatus: project?.status ?? null,
      };
    }),
  );
  const view = (w: (typeof works)[number]) => ({
    lead: clientLead(w.id, w.lead),
    project: w.project ? clientProject(w.project) : null,
  });
  const primary = view(works[0]!);
  // Signed, one-hour links to the primary lead's invoice and receipt PDFs (features/documents/documents.ts).
  const documents = await clientDocumentLinks(db, works[0]!.id);
  return { ...primary, projects: works.filter((w) => isLiveProject(w.projectStatus)).map(view), documents };
}
