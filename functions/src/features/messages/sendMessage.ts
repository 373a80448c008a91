/**
 * Writing and reading messages: the client's (portal, limited per client by
 * their verified address, not per IP: platform/rateLimits.ts
 * `portal-messages`) and the owner's (lead details). Each message tells the
 * other side by email through the outbox (templates `message-to-owner` and
 * `message-to-client`, editable like every template), with a link back and
 * never the text itself, and goes in the lead's activity history.
 */
import { MESSAGE_SENT } from '@studio/domain';
import { takePoint } from '../../platform/rateLimit.js';
import type { AdminActor, Deps } from '../useCase.js';
import { readLead } from '../portal/index.js';
import { markThreadRead, messageActivity, writeMessage } from './messageStore.js';
import { clientThreadOf, ownerThreadOf } from './threads.js';

/** Where the notices link to: the site's address (config siteUrl) and the owner's address, or null without one. */
export interface NoticeDeps extends Deps {
  siteUrl: string;
  ownerEmail: string | null;
}

/** What a sent message replies. */
export interface MessageSent {
  message: string;
  threadId: string;
  id: string;
}

/**
 * The client `email` writes `text` in their thread `threadId`.
 * @throws TooMany over the client's limit; NotFound THREAD_NOT_FOUND when the thread is not theirs.
 */
export async function clientSendMessage(
  deps: NoticeDeps,
  email: string,
  threadId: string,
  text: string,
): Promise<MessageSent> {
  await takePoint('portal-messages', email, deps.db);
  const thread = await clientThreadOf(deps, email, threadId);
  const lead = await readLead(deps.db, thread.leadId);
  const clientName = lead?.name || email;
  const id = await writeMessage(deps.db, {
    threadId: thread.id,
    thread,
    from: 'client',
    by: 'client',
    text,
    email: deps.ownerEmail
      ? {
          to: deps.ownerEmail,
          templateId: 'message-to-owner',
          variables: { clientName, threadTitle: thread.title, adminLink: `${deps.siteUrl}/admin` },
        }
      : null,
    activity: messageActivity('client', thread.title, 'client'),
  });
  return { message: MESSAGE_SENT, threadId: thread.id, id };
}

/**
 * The owner writes `text` in thread `threadId` (or "general") of lead `leadId`'s client; the thread counts as
 * read by the owner. @throws NotFound (lead, thread); Invalid for a lead without an email.
 */
export async function ownerSendMessage(
  deps: NoticeDeps,
  leadId: string,
  threadId: string,
  text: string,
  admin: AdminActor,
): Promise<MessageSent> {
  const { lead, thread } = await ownerThreadOf(deps, leadId, threadId);
  const id = await writeMessage(deps.db, {
    threadId: thread.id,
    thread,
    from: 'owner',
    by: admin.username,
    text,
    email: {
      to: thread.email,
      templateId: 'message-to-client',
      variables: { name: lead.name, threadTitle: thread.title, portalLink: `${deps.siteUrl}/portal` },
    },
    activity: messageActivity('owner', thread.title, admin.username),
  });
  return { message: MESSAGE_SENT, threadId: thread.id, id };
}

/** The client has read their thread `threadId`. @throws NotFound when it is not theirs. */
export async function clientReadThread(deps: Deps, email: string, threadId: string): Promise<void> {
  const thread = await clientThreadOf(deps, email, threadId);
  await markThreadRead(deps.db, thread.id, 'client');
}

/** The owner has read thread `threadId` of lead `leadId`'s client. @throws NotFound (lead, thread). */
export async function ownerReadThread(deps: Deps, leadId: string, threadId: string): Promise<void> {
  const { thread } = await ownerThreadOf(deps, leadId, threadId);
  await markThreadRead(deps.db, thread.id, 'owner');
}
