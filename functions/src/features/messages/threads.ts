/**
 * The message threads (docs/architecture.md "The client portal"): one per
 * project and one general thread per client (their verified address). The
 * client reaches only the threads of their own address (another client's
 * thread id, or an id that does not exist, is 404 THREAD_NOT_FOUND); the
 * owner reaches the threads of a lead's client from that lead. Threads are
 * stored from their first message on; before it they exist with nothing in them.
 */
import { createHash } from 'node:crypto';
import {
  GENERAL_THREAD_ALIAS,
  projectOfThreadId,
  projectThreadId,
  THREAD_MESSAGES_SHOWN,
  THREAD_NOT_FOUND,
  type MessageAuthor,
  type PortalThread,
  type PortalThreads,
  type ThreadSummary,
} from '@studio/domain';
import { invalid, notFound } from '../../platform/errors.js';
import type { Deps } from '../useCase.js';
import { leadIdsOfEmail, projectsOfLeads, readLead, readProject } from '../portal/index.js';
import { messagesOf, readThread, threadsOfEmail, type NewThread } from './messageStore.js';

export const GENERAL_THREAD_TITLE = 'General';
const projectTitle = (name: string) => name || 'Your project';

/** The general thread's id for the client `email` (lowercased): derived, so it needs no lookup and names no address. */
export function generalThreadId(email: string): string {
  return `g-${createHash('sha256').update(email).digest('hex').slice(0, 40)}`;
}

/** A thread resolved for a reader: its id and what its first message stores. */
export interface ResolvedThread extends NewThread {
  id: string;
}

/**
 * Thread `threadId` of the client `email`, whose leads are `leadIds` (newest first).
 * @throws NotFound THREAD_NOT_FOUND when it is not one of theirs (or the address has no work).
 */
async function threadOfEmail(deps: Deps, email: string, leadIds: string[], threadId: string): Promise<ResolvedThread> {
  if (leadIds.length === 0) throw notFound(THREAD_NOT_FOUND);
  if (threadId === generalThreadId(email))
    return { id: threadId, kind: 'general', email, leadId: leadIds[0]!, projectId: null, title: GENERAL_THREAD_TITLE };
  const projectId = projectOfThreadId(threadId);
  const project = projectId ? await readProject(deps.db, projectId) : null;
  if (!projectId || !project?.leadId || !leadIds.includes(project.leadId) || project.status === 'Canceled')
    throw notFound(THREAD_NOT_FOUND);
  return { id: threadId, kind: 'project', email, leadId: project.leadId, projectId, title: projectTitle(project.name) };
}

/** The client's thread `threadId`. @throws NotFound THREAD_NOT_FOUND when it is not theirs. */
export async function clientThreadOf(deps: Deps, email: string, threadId: string): Promise<ResolvedThread> {
  return threadOfEmail(deps, email, await leadIdsOfEmail(deps.db, email), threadId);
}

/**
 * Thread `threadId` (or GENERAL_THREAD_ALIAS) of lead `leadId`'s client, for the owner.
 * @returns the thread and the lead. @throws NotFound "Lead not found" / THREAD_NOT_FOUND; Invalid for a lead without an email.
 */
export async function ownerThreadOf(deps: Deps, leadId: string, threadId: string) {
  const lead = await readLead(deps.db, leadId);
  if (!lead) throw notFound('Lead not found');
  const email = lead.email.trim().toLowerCase();
  if (!email) throw invalid('This lead has no email address');
  const leadIds = await leadIdsOfEmail(deps.db, email);
  const id = threadId === GENERAL_THREAD_ALIAS ? generalThreadId(email) : threadId;
  return { lead, thread: await threadOfEmail(deps, email, leadIds.length ? leadIds : [leadId], id) };
}

const summary = (
  t: ResolvedThread,
  stored: { unreadByClient: number; unreadByOwner: number; lastMessageAt: Date | null } | undefined,
  reader: MessageAuthor,
): ThreadSummary => ({
  id: t.id,
  kind: t.kind,
  title: t.title,
  projectId: t.projectId,
  unread: stored ? (reader === 'client' ? stored.unreadByClient : stored.unreadByOwner) : 0,
  lastMessageAt: stored?.lastMessageAt?.toISOString() ?? null,
});

/**
 * The client's threads: the general one, then one per project (not canceled), with what the client has not
 * read, and the total. An address with no work gets none.
 */
export async function clientThreads(deps: Deps, email: string): Promise<PortalThreads> {
  const leadIds = await leadIdsOfEmail(deps.db, email);
  if (leadIds.length === 0) return { success: true, threads: [], unread: 0 };
  const [projects, stored] = await Promise.all([projectsOfLeads(deps.db, leadIds), threadsOfEmail(deps.db, email)]);
  const byId = new Map(stored.map((t) => [t.id, t]));
  const general: ResolvedThread = {
    id: generalThreadId(email),
    kind: 'general',
    email,
    leadId: leadIds[0]!,
    projectId: null,
    title: GENERAL_THREAD_TITLE,
  };
  const perProject = projects
    .filter((p) => p.status !== 'Canceled' && p.leadId)
    .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0))
    .map((p): ResolvedThread => ({
      id: projectThreadId(p.id),
      kind: 'project',
      email,
      leadId: p.leadId!,
      projectId: p.id,
      title: projectTitle(p.name),
    }));
  const threads = [general, ...perProject].map((t) => summary(t, byId.get(t.id), 'client'));
  return { success: true, threads, unread: threads.reduce((n, t) => n + t.unread, 0) };
}

/** One of the client's threads with its newest messages, oldest first. @throws NotFound when it is not theirs. */
export async function clientThread(deps: Deps, email: string, threadId: string): Promise<PortalThread> {
  const thread = await clientThreadOf(deps, email, threadId);
  const [stored, messages] = await Promise.all([
    readThread(deps.db, thread.id),
    messagesOf(deps.db, thread.id, THREAD_MESSAGES_SHOWN),
  ]);
  return {
    success: true,
    thread: summary(thread, stored ?? undefined, 'client'),
    messages: messages.map((m) => ({ id: m.id, from: m.from, text: m.text, at: m.at?.toISOString() ?? null })),
  };
}
