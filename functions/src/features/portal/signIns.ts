/**
 * Whether and when a client signed in to the portal: recorded by the server on
 * the client's first authenticated portal call (written once in the activity
 * history of each of their leads), and read by the owner on a lead's details.
 */
import type { RequestHandler } from 'express';
import type { PortalStatus } from '@studio/domain';
import { notFound } from '../../platform/errors.js';
import type { Deps } from '../useCase.js';
import { clientOf, type ClientSession } from './clientSession.js';
import { leadIdsOfEmail, readLead } from './portalStore.js';
import { readFirstSignIn, storeFirstSignIn } from './portalSignInStore.js';

/** Addresses this instance knows are recorded (so a signed-in client's calls cost no read). Bounded. */
const recorded = new Set<string>();
const MAX_REMEMBERED = 5_000;

/** Records `client`'s first portal sign-in, with a `portal_signed_in` entry on each of their leads, once. */
export async function notePortalSignIn(deps: Deps, client: ClientSession): Promise<void> {
  if (recorded.has(client.email)) return;
  if (!(await readFirstSignIn(deps.db, client.email))) {
    const leadIds = await leadIdsOfEmail(deps.db, client.email);
    await storeFirstSignIn(
      deps.db,
      client.email,
      leadIds.map((leadId) => ({
        leadId,
        type: 'portal_signed_in' as const,
        detail: `${client.email} signed in to the client portal`,
        by: 'client',
      })),
    );
  }
  if (recorded.size >= MAX_REMEMBERED) recorded.clear();
  recorded.add(client.email);
}

/** Middleware after requireClient: notes the client's sign-in (notePortalSignIn) before the route runs. */
export const portalSignInRecorder =
  (deps: Deps): RequestHandler =>
  async (_req, res, next) => {
    await notePortalSignIn(deps, clientOf(res));
    next();
  };

/**
 * Whether lead `leadId`'s address has signed in to the portal, and when first.
 * @throws NotFound "Lead not found".
 */
export async function portalStatusOf(deps: Deps, leadId: string): Promise<PortalStatus> {
  const lead = await readLead(deps.db, leadId);
  if (!lead) throw notFound('Lead not found');
  const email = lead.email.trim().toLowerCase();
  const at = email ? await readFirstSignIn(deps.db, email) : null;
  return { success: true, signedIn: at !== null, signedInAt: at?.toISOString() ?? null };
}
