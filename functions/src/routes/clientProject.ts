/**
 * The client's project lookup (spec §2 "My-project" and "Access Your Project
 * dialog", §4 "Client timeline" and "Invoice view (client)", §5
 * access-your-project email, §7 GET /api/client-project, §8 lookup errors).
 *
 * GET /api/client-project?email= (public, no login: spec §6) →
 * `{ success: true, lead, project, projects, documents }`: `lead` and `project` (null
 * while there is none) are the client's live work, the email's lead with the
 * most advanced project, else an accepted or approved quote, else the newest
 * lead (domain orderClientWork), so a newer contact message never hides a
 * project. `projects` lists every live (not canceled) project of the email
 * as `{ lead, project }`, most advanced first; with two or more the page lets
 * the client pick one. Only client-safe fields leave: never notes,
 * deadReason, Stripe ids, internal flags, contact details or activity (see
 * `clientLead` / `clientProject`); quote amounts only once the quote is
 * approved or accepted (before that the page says it is being prepared). The
 * MAX_LEADS_READ newest leads of an email are weighed.
 * `documents` are signed links to the primary lead's invoice and receipt PDFs
 * (services/documents.ts).
 *
 * - 400 `{ error: 'Validation failed', fields: { email } }` for an invalid email.
 * - 404 `{ error: 'Project Not Found' }` for an unknown email AND for a lead
 *   marked dead as test data: one answer, whatever the reason.
 * - 429 `{ error: TOO_MANY_LOOKUPS }` past CLIENT_PROJECT_LIMITS (per IP and per
 *   email). The email is the only secret, so the limits are what stops
 *   guessing. Counts live in Firestore (services/rateLimit.ts), not in
 *   memory: every function instance (and every emulator worker) shares them.
 * - Cache-Control: no-store.
 */
import { Router, type RequestHandler } from 'express';
import { Timestamp } from 'firebase-admin/firestore';
import {
  countdownEndsAt,
  EMAIL_MESSAGE,
  emailField,
  followedProject,
  isLiveProject,
  isTestDataLead,
  optionalCentsToString,
  orderClientWork,
  PROJECT_STATUSES,
  type ProjectStatus,
} from '@studio/domain';
import { COLLECTIONS, db } from '../firebase.js';
import { HttpError } from '../http.js';
import { ipKey, limiter, rateLimit } from '../services/rateLimit.js';
import { clientDocumentLinks } from '../services/documents.js';

export const clientProjectRouter = Router();

/** Lookups allowed per minute, per client IP and per email address (ours; the spec gives no figure). */
export const CLIENT_PROJECT_LIMITS = { windowSec: 60, perIp: 10, perEmail: 5 } as const;
export const TOO_MANY_LOOKUPS = 'Too many lookups. Please wait a minute and try again.';
export const PROJECT_NOT_FOUND = 'Project Not Found';

/** 10 lookups a minute per client IP. */
const perIp = rateLimit(limiter('client-project-ip', CLIENT_PROJECT_LIMITS.perIp, CLIENT_PROJECT_LIMITS.windowSec), ipKey, TOO_MANY_LOOKUPS);

/** 5 lookups a minute per email address (whatever the IP), keyed by the validated, lowercased email. */
const perEmail = rateLimit(
  limiter('client-project-email', CLIENT_PROJECT_LIMITS.perEmail, CLIENT_PROJECT_LIMITS.windowSec),
  (req) => String(req.res?.locals.email),
  TOO_MANY_LOOKUPS,
);

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** Puts the trimmed, lowercased email in res.locals.email; 400 with the spec's message otherwise. */
const validEmail: RequestHandler = (req, res, next) => {
  const parsed = emailField.safeParse(req.query.email);
  if (!parsed.success) throw new HttpError(400, 'Validation failed', { email: EMAIL_MESSAGE });
  res.locals.email = parsed.data;
  next();
};

type Doc = Record<string, unknown>;

/** A lead marked dead as test data (spec §9 "Dead Reason: Test Data"), as the dashboard's dead bucket reads it. */
const isLostTestData = (lead: Doc) => lead.status === 'Lost' && isTestDataLead({ deadReason: text(lead.deadReason), notes: text(lead.notes) });

const iso = (v: unknown): string | null => (v instanceof Timestamp ? v.toDate().toISOString() : v instanceof Date ? v.toISOString() : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const cents = (v: unknown): string | null => (typeof v === 'number' && Number.isSafeInteger(v) ? optionalCentsToString(v) : null);


/** The newest leads of one email the lookup weighs (reads per lookup stay bounded). */
export const MAX_LEADS_READ = 50;

/** Quote amounts are the client's once the quote is approved (sent) or accepted. */
const quoteReleased = (l: Doc) => l.quoteReviewStatus === 'Approved' || l.quoteAccepted === true;

/**
 * What the client may see of their lead. `id` is there for Pay Now (the
 * checkout's leadId). Amounts, hours and complexity are null until the quote
 * is approved or accepted.
 */
export function clientLead(id: string, l: Doc) {
  const released = quoteReleased(l);
  return {
    id,
    name: text(l.name),
    projectType: text(l.projectType),
    subject: text(l.subject),
    status: text(l.status),
    quoteAmount: released ? cents(l.quoteAmountCents) : null,
    depositAmount: released ? cents(l.depositAmountCents) : null,
    finalAmount: released ? cents(l.finalAmountCents) : null,
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
export function clientProject(p: Doc) {
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
async function projectsOf(leadIds: string[]): Promise<Map<string, Doc[]>> {
  const byLead = new Map<string, Doc[]>();
  for (let i = 0; i < leadIds.length; i += 30) {
    const snap = await db.collection(COLLECTIONS.projects).where('leadId', 'in', leadIds.slice(i, i + 30)).get();
    for (const d of snap.docs) {
      const p = d.data();
      if (!isProjectStatus(p.status)) continue;
      const leadId = p.leadId as string;
      byLead.set(leadId, [...(byLead.get(leadId) ?? []), p]);
    }
  }
  return byLead;
}

/** GET /api/client-project?email= → { success, lead, project, projects } (see the file comment). */
clientProjectRouter.get('/client-project', noStore, perIp, validEmail, perEmail, async (_req, res) => {
  const email = res.locals.email as string;
  const leads = (await db.collection(COLLECTIONS.leads).where('email', '==', email).orderBy('createdAt', 'desc').limit(MAX_LEADS_READ).get()).docs.filter(
    (d) => !isLostTestData(d.data()),
  );
  if (leads.length === 0) throw new HttpError(404, PROJECT_NOT_FOUND);
  const projects = await projectsOf(leads.map((d) => d.id));
  const works = orderClientWork(
    leads.map((d) => {
      const lead = d.data();
      const project = followedProject((projects.get(d.id) ?? []).map((p) => ({ doc: p, status: p.status as ProjectStatus, createdAtMs: millis(p.createdAt) })));
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
  const view = (w: (typeof works)[number]) => ({ lead: clientLead(w.id, w.lead), project: w.project ? clientProject(w.project) : null });
  const primary = view(works[0]!);
  // Signed, one-hour links to the primary lead's invoice and receipt PDFs (services/documents.ts).
  const documents = await clientDocumentLinks(db, works[0]!.id);
  res.json({ success: true, ...primary, projects: works.filter((w) => isLiveProject(w.projectStatus)).map(view), documents });
});
