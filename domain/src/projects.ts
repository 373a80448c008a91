/**
 * Projects (spec §3 projects, §4 "Project status values", "Projects board flow").
 *
 * Project transitions (ours; the spec shows none):
 * - Set up ⇄ Production; Production → Beta only through Deploy to Beta (needs a
 *   URL); Beta → Launch only through Launch (needs a handoff); back moves one
 *   stage are allowed (Beta → Production, Launch → Beta).
 * - Launch → Maintenance or Won is the scheduled countdown's move (7 days after
 *   launch: Maintenance when the maintenance subscription is paid, else Won).
 * - Any open project can be Canceled by hand; a Canceled project can be
 *   reopened to Set up.
 * - Auto-expiry: a project still in Set up with no deposit paid 30 days after it
 *   was created is Canceled by the scheduled job (its lead becomes Lost with
 *   "Invoice Expired - Non Payment beyond Invoice Terms"); so is one held
 *   before Set up only for the owner's countersignature (setUpExpiryApplies).
 *
 * Lead ⇄ project sync (ours): see PROJECT_TO_LEAD and LEAD_TO_PROJECT.
 */
import { z } from 'zod';
import { millisecondsInHour, millisecondsInMinute } from 'date-fns/constants';
import {
  DAY_MS,
  TIMING,
  PRIORITIES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  type DeadReason,
  type LeadStatus,
  type ProjectStatus,
} from './constants.js';
import { DATE_RANGE_MESSAGE, firestoreId, isDateTextInRange } from './ids.js';
import { estimatedHoursField, httpUrlField, optionalText, projectTypeField, requiredText } from './schemas.js';

/** Board columns of the projects board, in order (spec §2). */
export const PROJECT_COLUMNS = ['Set up', 'Production', 'Beta', 'Launch'] as const satisfies readonly ProjectStatus[];
/** Where a stage of the client timeline stands against the project's current state. */
export type TimelineStageState = 'past' | 'current' | 'future';

/** Project statuses the client timeline shows as their own stage before Set up. */
const BEFORE_SET_UP: readonly string[] = ['New', 'Quote Accepted', 'Deposit Paid'];

/**
 * The client timeline of a project in `status` (spec §4 "Client timeline"):
 * Set up, Production, Beta, Launch, then Maintenance, or Canceled for a
 * canceled project, or Complete for one that ended without maintenance (Won).
 * A current state that is none of these is its own stage: before Set up for
 * New, Quote Accepted and Deposit Paid, after the last stage otherwise. Each
 * stage is past, current or future.
 */
export function clientTimelineStages(status: string): Array<{ label: string; state: TimelineStageState }> {
  const current = status === 'Won' ? 'Complete' : status;
  const last = status === 'Canceled' ? 'Canceled' : status === 'Won' ? 'Complete' : 'Maintenance';
  const labels: string[] = [...PROJECT_COLUMNS, last];
  if (!labels.includes(current)) {
    if (BEFORE_SET_UP.includes(current)) labels.unshift(current);
    else labels.push(current);
  }
  const at = labels.indexOf(current);
  return labels.map((label, i) => ({ label, state: i < at ? 'past' : i === at ? 'current' : 'future' }));
}

/**
 * The words a client reads for a lead's or a project's status (My Project,
 * the portal): the timeline's own ("Complete" for Won), never the CRM's
 * internal ones. A status not listed reads as itself.
 */
const CLIENT_STATUS_WORDS: Readonly<Record<string, string>> = {
  Won: 'Complete',
  Lost: 'Closed',
  Deposit: 'Set Up',
  'Payment Failed': 'Payment needed',
  'Subscription Expired': 'Complete',
};

/** What a client reads for `status` (CLIENT_STATUS_WORDS). */
export const clientStatusText = (status: string): string => CLIENT_STATUS_WORDS[status] ?? status;

/** Statuses shown as tiles with a View List dialog: Maintenance and Canceled (spec §2), and Won as "Completed". */
export const PROJECT_LIST_TILES = ['Maintenance', 'Canceled', 'Won'] as const satisfies readonly ProjectStatus[];
/** A tile's label: its status, except Won, shown as "Completed" (a launched project that ended without maintenance). */
export const PROJECT_TILE_LABELS: Readonly<Record<(typeof PROJECT_LIST_TILES)[number], string>> = {
  Maintenance: 'Maintenance',
  Canceled: 'Canceled',
  Won: 'Completed',
};
/** Spec §4: Set up, Launch and Maintenance are auto-triggered; Production, Beta and Canceled manual. */
export const PROJECT_STAGE_TRIGGER: Partial<Record<ProjectStatus, 'auto-triggered' | 'manual'>> = {
  'Set up': 'auto-triggered',
  Production: 'manual',
  Beta: 'manual',
  Launch: 'auto-triggered',
  Maintenance: 'auto-triggered',
  Canceled: 'manual',
  Won: 'auto-triggered',
};

/** Moves allowed by a plain status update (drag and drop, PUT /api/projects/{id}). */
export const PROJECT_TRANSITIONS: Readonly<Record<ProjectStatus, readonly ProjectStatus[]>> = {
  New: ['Quote Accepted', 'Deposit Paid', 'Set up', 'Canceled'],
  'Quote Accepted': ['Deposit Paid', 'Set up', 'Canceled'],
  'Deposit Paid': ['Set up', 'Canceled'],
  'Set up': ['Production', 'Canceled'],
  Production: ['Set up', 'Canceled'],
  Beta: ['Production', 'Canceled'],
  Launch: ['Beta', 'Canceled'],
  Maintenance: ['Canceled'],
  Won: [],
  Canceled: ['Set up'],
};

/**
 * Why a plain status move is refused, for a toast; null when allowed. Besides
 * PROJECT_TRANSITIONS, a Canceled project may go back to the status it was
 * canceled from (`canceledFrom`, recorded at the cancel): a cancel can be
 * undone exactly, and only to where the project was.
 */
export function projectMoveError(
  from: ProjectStatus,
  to: ProjectStatus,
  canceledFrom: ProjectStatus | null = null,
): string | null {
  if (from === to) return `Project is already ${from}`;
  if (PROJECT_TRANSITIONS[from].includes(to)) return null;
  if (from === 'Canceled' && to === canceledFrom) return null;
  if (to === 'Beta')
    return from === 'Production'
      ? 'Use Deploy to Beta (with the beta URL) to move a project to Beta'
      : 'Only a project in Production can be deployed to Beta: move it to Production first';
  if (to === 'Launch')
    return from === 'Beta'
      ? 'Use Launch (with the handoff) to move a project to Launch'
      : 'Only a project in Beta can be launched: deploy it to Beta first';
  if (to === 'Maintenance' || to === 'Won') return `${to} follows the 7-day launch countdown`;
  return `Cannot move a project from ${from} to ${to}`;
}

/**
 * The `canceledFrom` field a move from `from` to `to` writes, whoever makes it (the projects board, a lead's move
 * on the CRM board, the scheduled set-up expiry): a cancel records the status it leaves, so projectMoveError lets
 * it be undone exactly; leaving Canceled clears it; any other move leaves it as it is ({}).
 */
export function canceledFromUpdate(
  from: ProjectStatus,
  to: ProjectStatus,
): { canceledFrom: ProjectStatus | null } | Record<string, never> {
  if (to === 'Canceled') return { canceledFrom: from };
  return from === 'Canceled' ? { canceledFrom: null } : {};
}

/** The lead status that follows a project status. Beta keeps the lead in Production. */
export const PROJECT_TO_LEAD: Readonly<Partial<Record<ProjectStatus, LeadStatus>>> = {
  'Set up': 'Set Up',
  Production: 'Production',
  Beta: 'Production',
  Launch: 'Launch',
  Maintenance: 'Complete',
  Won: 'Complete',
  Canceled: 'Lost',
};

/**
 * Lead statuses in which the work is delivered, so the final payment is
 * requested: the project's launch moves its lead to Launch, and the end of
 * the countdown (or a drop on Won) to Complete. A project is delivered when
 * its lead follows it into one of these (projectDelivered).
 */
export const DELIVERED_LEAD_STATUSES: readonly string[] = ['Launch', 'Complete', 'Won', 'Subscription Expired'];

/** True when a project in `status` has delivered the work: its lead follows it into a delivered stage. */
export const projectDelivered = (status: ProjectStatus): boolean =>
  DELIVERED_LEAD_STATUSES.includes(PROJECT_TO_LEAD[status] ?? '');

/** The project status that follows a lead moved on the CRM board (only when the project table allows it). */
export const LEAD_TO_PROJECT: Readonly<Partial<Record<LeadStatus, ProjectStatus>>> = {
  'Set Up': 'Set up',
  Production: 'Production',
  Lost: 'Canceled',
};

/** Days a project may sit in Set up without a paid deposit before the scheduled job cancels it. */
export const SETUP_EXPIRY_DAYS = 30;

/** The dead reason (spec §3) its lead gets when the scheduled job cancels a set-up whose deposit was never paid. */
export const SETUP_EXPIRY_DEAD_REASON = 'Invoice Expired - Non Payment beyond Invoice Terms' satisfies DeadReason;
/** The dead reason (spec §3) its lead gets when the admin cancels a project. */
export const PROJECT_CANCELED_DEAD_REASON = 'Contact Canceled' satisfies DeadReason;

/** Statuses before Set up in which a project may wait for the owner's countersignature (see countersignPending). */
const HELD_BEFORE_SET_UP: readonly ProjectStatus[] = ['Quote Accepted', 'Deposit Paid'];

/**
 * Whether the 30-day Set up expiry (SETUP_EXPIRY_DAYS) applies to a project
 * in `status`: one in Set up, or one that would be in Set up but for the
 * owner's countersignature (`countersignPending`, the signed proposal's id:
 * a project held in Quote Accepted or Deposit Paid). The deposit is the
 * client's to pay from the acceptance (its request goes out then, hold or
 * not), so the owner's hold neither stops nor restarts the client's term:
 * both count from the project's creation, which is the acceptance. A project
 * in Quote Accepted without a hold (moved there by hand) is left alone, as
 * before. The expiry keeps the hold: a canceled project the owner restores
 * still waits for the countersignature (countersignHoldError).
 */
export function setUpExpiryApplies(p: { status: ProjectStatus; countersignPending?: string | null }): boolean {
  return p.status === 'Set up' || (Boolean(p.countersignPending) && HELD_BEFORE_SET_UP.includes(p.status));
}

/** The statuses the scheduled projects job reads: Launch (the countdown) and those setUpExpiryApplies may accept. */
export const SCHEDULED_PROJECT_STATUSES: readonly ProjectStatus[] = ['Launch', 'Set up', ...HELD_BEFORE_SET_UP];

/** When the launch countdown of a project launched at `launchDate` ends. */
export function countdownEndsAt(launchDate: Date): Date {
  return new Date(launchDate.getTime() + TIMING.launchCountdownMs);
}

/** Time left in a launch countdown, as "3d 4h", "5h 12m" or "ended". */
export function formatCountdown(launchDate: Date, now: Date): string {
  const ms = countdownEndsAt(launchDate).getTime() - now.getTime();
  if (ms <= 0) return 'ended';
  const d = Math.floor(ms / DAY_MS);
  const h = Math.floor((ms % DAY_MS) / millisecondsInHour);
  return d > 0 ? `${d}d ${h}h` : `${h}h ${Math.floor((ms % millisecondsInHour) / millisecondsInMinute)}m`;
}

/** What the scheduled job does to a project at `now`, or null (pure; the job applies it). */
export function scheduledProjectMove(
  p: {
    status: ProjectStatus;
    launchDate: Date | null;
    maintenanceSubscriptionPaid: boolean;
    createdAt: Date | null;
    depositPaid: boolean;
    /** The signed proposal a held project waits to be countersigned (setUpExpiryApplies); null or absent otherwise. */
    countersignPending?: string | null;
  },
  now: Date,
): { to: ProjectStatus; reason: 'countdown' | 'setup-expired' } | null {
  if (p.status === 'Launch' && p.launchDate && countdownEndsAt(p.launchDate).getTime() <= now.getTime()) {
    return { to: p.maintenanceSubscriptionPaid ? 'Maintenance' : 'Won', reason: 'countdown' };
  }
  if (
    setUpExpiryApplies(p) &&
    !p.depositPaid &&
    p.createdAt &&
    now.getTime() - p.createdAt.getTime() >= SETUP_EXPIRY_DAYS * DAY_MS
  ) {
    return { to: 'Canceled', reason: 'setup-expired' };
  }
  return null;
}

/** Project statuses in the order a project advances (PROJECT_STATUSES' order), without Canceled (spec §4). */
export const PROJECT_PROGRESS: readonly ProjectStatus[] = PROJECT_STATUSES.filter((s) => s !== 'Canceled');

/** What the client lookup weighs of one of the email's leads (GET /api/client-project). */
export interface ClientWork {
  /** The lead's creation time, in ms since the epoch (newer wins a tie). */
  createdAtMs: number;
  quoteAccepted: boolean;
  /** The quote's review status is Approved (sent to the client). */
  quoteApproved: boolean;
  /** The status of the lead's project (see `followedProject`), or null without one. */
  projectStatus: ProjectStatus | null;
}

/** True for a project the client is still following: it exists and is not Canceled. */
export function isLiveProject(status: ProjectStatus | null): boolean {
  return status !== null && status !== 'Canceled';
}

/**
 * How much a lead says about the client's work (higher first): a live
 * project, the more advanced the higher; then an accepted quote; an approved
 * quote awaiting the client; a canceled project; anything else (a contact
 * message). So a newer message never hides a project or a quote.
 */
export function clientWorkRank(w: ClientWork): number {
  if (isLiveProject(w.projectStatus)) return 100 + PROJECT_PROGRESS.indexOf(w.projectStatus!);
  if (w.quoteAccepted) return 50;
  if (w.quoteApproved) return 40;
  if (w.projectStatus === 'Canceled') return 30;
  return 0;
}

/** `items` ordered for the client lookup: by clientWorkRank, then newest lead first (a new array). */
export function orderClientWork<T extends ClientWork>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => clientWorkRank(b) - clientWorkRank(a) || b.createdAtMs - a.createdAtMs);
}

/**
 * The status of the project a lead's client follows among the lead's
 * projects (normally one): the most advanced live one, else the newest.
 * Null for none.
 */
export function followedProject<P extends { status: ProjectStatus; createdAtMs: number }>(
  projects: readonly P[],
): P | null {
  const live = projects.filter((p) => isLiveProject(p.status));
  const pool = live.length > 0 ? live : projects;
  return (
    [...pool].sort(
      (a, b) =>
        PROJECT_PROGRESS.indexOf(b.status) - PROJECT_PROGRESS.indexOf(a.status) || b.createdAtMs - a.createdAtMs,
    )[0] ?? null
  );
}

/**
 * The projects of one lead its client follows in My Project: every live one,
 * the most advanced first (a lead may carry several: a site and an app), else
 * the one followedProject picks (canceled, or the newest); empty for none.
 */
export function followedProjects<P extends { status: ProjectStatus; createdAtMs: number }>(
  projects: readonly P[],
): P[] {
  const live = projects.filter((p) => isLiveProject(p.status));
  if (live.length === 0) {
    const one = followedProject(projects);
    return one ? [one] : [];
  }
  return [...live].sort(
    (a, b) => PROJECT_PROGRESS.indexOf(b.status) - PROJECT_PROGRESS.indexOf(a.status) || b.createdAtMs - a.createdAtMs,
  );
}

/** New Project form (spec §5). */
export const newProjectSchema = z.strictObject({
  name: requiredText('Project name is required', 200, 'Project name'),
  client: requiredText('Client name is required', 100, 'Client name'),
  projectType: projectTypeField,
  description: optionalText(5_000, 'Description'),
  priority: z.enum(PRIORITIES, { error: 'Priority must be High, Medium or Low' }).default('Medium'),
  estimatedHours: estimatedHoursField,
  startDate: z.iso.date('Use a date like 2026-01-31').refine(isDateTextInRange, DATE_RANGE_MESSAGE).optional(),
  dueDate: z.iso.date('Use a date like 2026-01-31').refine(isDateTextInRange, DATE_RANGE_MESSAGE).optional(),
  leadId: z.string().trim().min(1).max(128).pipe(firestoreId()).optional(),
});
export type NewProjectInput = z.input<typeof newProjectSchema>;
export type NewProject = z.output<typeof newProjectSchema>;

/** PUT /api/projects/{id}: a status move, with the status the caller saw. */
export const projectUpdateSchema = z.strictObject({
  status: z.enum(PROJECT_STATUSES, { error: 'Unknown project status' }),
  expectedStatus: z.enum(PROJECT_STATUSES, { error: 'Unknown project status' }).optional(),
});

/** Deploy to Beta: a non-blank http(s) URL. */
export const deployToBetaSchema = z.strictObject({
  deploymentUrl: httpUrlField('Deployment URL'),
});

/** Launch: handoff "domain" with its URL, or "files" (the URL is not sent then). */
export const launchSchema = z.discriminatedUnion(
  'handoffType',
  [
    z.strictObject({
      handoffType: z.literal('domain'),
      domainUrl: httpUrlField('Domain URL'),
    }),
    z.strictObject({ handoffType: z.literal('files') }),
  ],
  { error: 'Choose a handoff type' },
);

/**
 * Fields of a brand-new project in "Set up" (spec §3 projects and its defaults),
 * before dates and timestamps, which the server adds.
 */
export function newProjectRecord(input: {
  leadId: string | null;
  name: string;
  client: string;
  projectType: (typeof PROJECT_TYPES)[number];
  description: string;
  priority: (typeof PRIORITIES)[number];
  estimatedHours: number | null;
}) {
  return {
    ...input,
    status: 'Set up' as ProjectStatus,
    actualHours: null,
    completedDate: null,
    deploymentUrl: null,
    launchDate: null,
    domainUrl: null,
    handoffType: null,
    maintenanceSubscriptionPaid: false,
    notes: '',
  };
}
