/**
 * "Invite to portal" (lead details): a Firebase Auth email sign-in link for
 * the lead's address, back to /portal, sent through the outbox (the link
 * sealed, as quote links are) and written in the lead's activity history in
 * the same batch.
 */
import { escapeHtml, PORTAL_INVITE_SENT, RAW_TEMPLATE_ID } from '@studio/domain';
import { AppError, invalid, notFound } from '../../platform/errors.js';
import { canSeal, seal } from '../../platform/sealed.js';
import { loadStudioSettings } from '../../shared/settings.js';
import type { AdminActor, Deps } from '../useCase.js';
import { readLead, writeInvitation } from './portalStore.js';

/** Makes a one-time sign-in link for `email` that lands on `continueUrl` (Admin SDK generateSignInWithEmailLink). */
export type SignInLinkMaker = (email: string, continueUrl: string) => Promise<string>;

export const NO_LEAD_EMAIL = 'This lead has no email address';
export const EMAIL_NOT_CONFIGURED = 'Email is not configured';

/**
 * Sends lead `leadId`'s client a sign-in link to `${siteUrl}/portal`.
 * @returns the address it went to and the spec-style toast text.
 * @throws NotFound "Lead not found"; Invalid NO_LEAD_EMAIL; Unavailable when outbox sealing is not configured (fail closed).
 */
export async function inviteToPortal(
  deps: Deps & { makeLink: SignInLinkMaker; siteUrl: string },
  leadId: string,
  admin: AdminActor,
): Promise<{ email: string; message: string }> {
  const lead = await readLead(deps.db, leadId);
  if (!lead) throw notFound('Lead not found');
  const email = lead.email.trim().toLowerCase();
  if (!email) throw invalid(NO_LEAD_EMAIL);
  if (!canSeal()) throw new AppError('Unavailable', EMAIL_NOT_CONFIGURED);
  const [link, studio] = await Promise.all([
    deps.makeLink(email, `${deps.siteUrl}/portal`),
    loadStudioSettings(deps.db),
  ]);
  const studioName = escapeHtml(studio.businessName);
  const html =
    `<p>Hi ${escapeHtml(lead.name)},</p>` +
    `<p>${studioName} has opened a client portal for you: your projects and invoices in one place.</p>` +
    `<p><a href="${escapeHtml(link)}">Sign in to your portal</a></p>` +
    '<p>The link works once and expires. You can ask for a new one at any time on the portal page.</p>' +
    `<p>${studioName}</p>`;
  await writeInvitation(
    deps.db,
    {
      to: email,
      templateId: RAW_TEMPLATE_ID,
      // The whole body is sealed: it carries a sign-in link, which must not sit readable in Firestore.
      variables: { subject: `Your client portal at ${studio.businessName}`, html: seal(html) },
      leadId,
    },
    { leadId, type: 'portal_invited', detail: `Portal sign-in link sent to ${email}`, by: admin.username },
  );
  return { email, message: PORTAL_INVITE_SENT };
}
