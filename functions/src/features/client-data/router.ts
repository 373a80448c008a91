/**
 * A client's data on request (admin only; clientData.ts):
 * - POST /api/clients/export {email} → everything stored about the address, as JSON;
 * - POST /api/clients/erase {email, confirmEmail} → deletes and anonymises it
 *   (409 while the client has an active subscription).
 * POST, not GET, for the export: the address stays out of URLs and access logs.
 * `npm run client:data` does the same from a terminal (scripts/client-data.ts).
 */
import { Router } from 'express';
import { clientErasedReply, clientEraseSchema, clientExportReply, clientExportSchema } from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { parseBody, sendReply } from '../../http.js';
import { adminOf } from '../../platform/session.js';
import { systemClock, type Deps } from '../useCase.js';
import { eraseClient, exportClientData } from './clientData.js';

const deps: Deps = { db };

export const clientDataAdminRouter = Router();

clientDataAdminRouter.post('/clients/export', async (req, res) => {
  const { email } = parseBody(req, clientExportSchema);
  sendReply(res, clientExportReply, await exportClientData(deps, email, adminOf(res), systemClock));
});

clientDataAdminRouter.post('/clients/erase', async (req, res) => {
  const { email } = parseBody(req, clientEraseSchema);
  sendReply(res, clientErasedReply, await eraseClient(deps, email, adminOf(res), systemClock));
});
