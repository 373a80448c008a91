/**
 * Messages between the studio and a client (functions features/messages):
 * one thread per project and one general thread per client, written by the
 * client in the portal and by the owner in the lead's details. Text is plain
 * and capped; only the studio's own links are shown as links. Request and
 * reply schemas of the routes, shared by the server and the web; dates leave
 * as ISO strings.
 */
import { z } from 'zod';
import { MESSAGE_AUTHORS, MESSAGE_THREAD_KINDS } from './storedDocuments.js';

/** Most characters of one message (after trimming). */
export const MESSAGE_TEXT_MAX = 2_000;

/** Most messages a thread's reply lists: the newest ones. */
export const THREAD_MESSAGES_SHOWN = 200;

/** The thread id the owner may name for a client's general thread before it exists. */
export const GENERAL_THREAD_ALIAS = 'general';

/** The thread id of project `projectId`'s conversation. */
export const projectThreadId = (projectId: string) => `p-${projectId}`;

/** The project a thread id names (projectThreadId), or null when it names none. */
export function projectOfThreadId(threadId: string): string | null {
  return threadId.startsWith('p-') && threadId.length > 2 ? threadId.slice(2) : null;
}

export const MESSAGE_REQUIRED = 'Write a message';
export const MESSAGE_TOO_LONG = `A message holds at most ${MESSAGE_TEXT_MAX} characters`;

/** One message's text: trimmed, not empty, at most MESSAGE_TEXT_MAX characters. */
export const messageText = z.string().trim().min(1, MESSAGE_REQUIRED).max(MESSAGE_TEXT_MAX, MESSAGE_TOO_LONG);

/** A thread id in a body: a Firestore-safe id, or GENERAL_THREAD_ALIAS. */
const threadIdField = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid thread');

/** POST /api/portal/threads/{id}/messages: the client's message. */
export const portalMessageBody = z.object({ text: messageText }).strict();

/** POST /api/leads/{id}/messages: the owner's message in one of the lead's client's threads. */
export const ownerMessageBody = z.object({ threadId: threadIdField, text: messageText }).strict();

/** POST /api/leads/{id}/messages/read: the owner has read a thread. */
export const ownerReadBody = z.object({ threadId: threadIdField }).strict();

/** A thread as a reply lists it; `unread` counts what the reader (client or owner) has not read. */
export const threadSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_THREAD_KINDS),
  title: z.string(),
  projectId: z.string().nullable(),
  unread: z.number().int().nonnegative(),
  lastMessageAt: z.string().nullable(),
});
export type ThreadSummary = z.output<typeof threadSummarySchema>;

/** One message as a reply lists it. */
export const threadMessageSchema = z.object({
  id: z.string(),
  from: z.enum(MESSAGE_AUTHORS),
  text: z.string(),
  at: z.string().nullable(),
});
export type ThreadMessage = z.output<typeof threadMessageSchema>;

/** GET /api/portal/threads → the client's general thread and one per project (none for an address with no work). */
export const portalThreadsReply = z.object({
  success: z.literal(true),
  threads: z.array(threadSummarySchema),
  unread: z.number().int().nonnegative(),
});
export type PortalThreads = z.output<typeof portalThreadsReply>;

/** GET /api/portal/threads/{id} → the thread and its newest messages, oldest first. */
export const portalThreadReply = z.object({
  success: z.literal(true),
  thread: threadSummarySchema,
  messages: z.array(threadMessageSchema),
});
export type PortalThread = z.output<typeof portalThreadReply>;

/** A message written (either side): its id and the thread it went to. */
export const messageSentReply = z.object({
  success: z.literal(true),
  message: z.string(),
  threadId: z.string(),
  id: z.string(),
});

/** Marking a thread read. */
export const threadReadReply = z.object({ success: z.literal(true) });

/** Toasts. */
export const MESSAGE_SENT = 'Message sent';
export const THREAD_NOT_FOUND = 'Thread Not Found';
export const TOO_MANY_MESSAGES = 'Too many messages. Please wait a few minutes and try again.';

/** A run of a message's text: plain, or a link (only to `siteOrigin`, the studio's own site). */
export type MessageSegment = { text: string; href?: string };

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/gi;

/**
 * `text` cut into plain runs and links. Only an http(s) address on
 * `siteOrigin` (e.g. "https://studio.example.com") becomes a link; every other
 * address stays plain text, so nobody can plant a clickable link in a message.
 * Trailing punctuation (".,;:!?)") is not part of a link.
 */
export function messageSegments(text: string, siteOrigin: string): MessageSegment[] {
  const out: MessageSegment[] = [];
  let plain = '';
  let last = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    const raw = m[0].replace(/[.,;:!?)]+$/, '');
    const start = m.index ?? 0;
    let href: string | null = null;
    try {
      const url = new URL(raw);
      if (url.origin === siteOrigin) href = url.href;
    } catch {
      href = null;
    }
    if (href === null) continue;
    plain += text.slice(last, start);
    if (plain) out.push({ text: plain });
    plain = '';
    out.push({ text: raw, href });
    last = start + raw.length;
  }
  plain += text.slice(last);
  if (plain) out.push({ text: plain });
  return out;
}
