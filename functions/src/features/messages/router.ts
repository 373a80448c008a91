/**
 * The messages routes (docs/architecture.md "The client portal").
 *
 * Client routes, served at /api/portal behind the portal's requireClient
 * (features/portal/clientSession.ts: 401 without a client token, 403 for an
 * unverified address or an admin); another client's thread id is 404:
 * - GET /api/portal/threads → `{ success, threads, unread }` (domain portalThreadsReply);
 * - GET /api/portal/threads/{id} → `{ success, thread, messages }` (portalThreadReply);
 * - POST /api/portal/threads/{id}/messages `{ text }` → `{ success, message, threadId, id }`:
 *   400 an empty or too long text, 429 over the client's limit;
 * - POST /api/portal/threads/{id}/read `{}` → `{ success }`.
 *
 * Admin routes (mounted in the admin router, behind requireAdmin; the owner reads the threads live from Firestore):
 * - POST /api/leads/{id}/messages `{ threadId, text }` → `{ success, message, threadId, id }`;
 *   `threadId` "general" names the client's general thread; 404 unknown lead or another client's thread;
 * - POST /api/leads/{id}/messages/read `{ threadId }` → `{ success }`.
 */
import { Router } from 'express';
import {
  messageSentReply,
  ownerMessageBody,
  ownerReadBody,
  portalMessageBody,
  portalThreadReply,
  portalThreadsReply,
  threadReadReply,
} from '@studio/domain';
import { config } from '../../config.js';
import { parseBody, parseParams, sendReply } from '../../http.js';
import { db } from '../../platform/firebase.js';
import { adminOf } from '../../platform/session.js';
import { idParams } from '../params.js';
import { clientOf } from '../portal/index.js';
import {
  clientReadThread,
  clientSendMessage,
  ownerReadThread,
  ownerSendMessage,
  type NoticeDeps,
} from './sendMessage.js';
import { clientThread, clientThreads } from './threads.js';

const deps = (): NoticeDeps => ({ db, siteUrl: config().siteUrl, ownerEmail: config().email.ownerEmail ?? null });

/** Client routes: app.ts passes this to the portal router, which serves it behind its guard. */
export const messagesPortalRouter = Router();

messagesPortalRouter.get('/threads', async (_req, res) => {
  sendReply(res, portalThreadsReply, await clientThreads(deps(), clientOf(res).email));
});

messagesPortalRouter.get('/threads/:id', async (req, res) => {
  const { id } = parseParams(req, idParams);
  sendReply(res, portalThreadReply, await clientThread(deps(), clientOf(res).email, id));
});

messagesPortalRouter.post('/threads/:id/messages', async (req, res) => {
  const { id } = parseParams(req, idParams);
  const { text } = parseBody(req, portalMessageBody);
  const sent = await clientSendMessage(deps(), clientOf(res).email, id, text);
  sendReply(res, messageSentReply, { success: true, ...sent }, 201);
});

messagesPortalRouter.post('/threads/:id/read', async (req, res) => {
  const { id } = parseParams(req, idParams);
  await clientReadThread(deps(), clientOf(res).email, id);
  sendReply(res, threadReadReply, { success: true });
});

/** Admin routes: app.ts mounts this in the admin router. */
export const messagesAdminRouter = Router();

messagesAdminRouter.post('/leads/:id/messages', async (req, res) => {
  const { id } = parseParams(req, idParams);
  const { threadId, text } = parseBody(req, ownerMessageBody);
  const sent = await ownerSendMessage(deps(), id, threadId, text, adminOf(res));
  sendReply(res, messageSentReply, { success: true, ...sent }, 201);
});

messagesAdminRouter.post('/leads/:id/messages/read', async (req, res) => {
  const { id } = parseParams(req, idParams);
  const { threadId } = parseBody(req, ownerReadBody);
  await ownerReadThread(deps(), id, threadId);
  sendReply(res, threadReadReply, { success: true });
});
