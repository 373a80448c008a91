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
import { clientProjectLookupReply, EMAIL_MESSAGE, emailField } from '@studio/domain';
import { db } from '../../firebase.js';
import { invalid } from '../../errors.js';
import { sendReply } from '../../http.js';
import { ipKey, limiter, rateLimit } from '../../services/rateLimit.js';
import type { Deps } from '../useCase.js';
import { lookupClientProject, PROJECT_NOT_FOUND } from './lookupClientProject.js';

export { PROJECT_NOT_FOUND };
export { clientLead, clientProject, MAX_LEADS_READ } from './lookupClientProject.js';

const deps: Deps = { db };

export const clientPortalRouter = Router();

/** Lookups allowed per minute, per client IP and per email address (ours; the spec gives no figure). */
export const CLIENT_PROJECT_LIMITS = { windowSec: 60, perIp: 10, perEmail: 5 } as const;
export const TOO_MANY_LOOKUPS = 'Too many lookups. Please wait a minute and try again.';

/** 10 lookups a minute per client IP. */
const perIp = rateLimit(
  limiter('client-project-ip', CLIENT_PROJECT_LIMITS.perIp, CLIENT_PROJECT_LIMITS.windowSec),
  ipKey,
  TOO_MANY_LOOKUPS,
);

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
  if (!parsed.success) throw invalid('Validation failed', { email: EMAIL_MESSAGE });
  res.locals.email = parsed.data;
  next();
};

/** GET /api/client-project?email= → { success, lead, project, projects, documents } (see the file comment). */
clientPortalRouter.get('/client-project', noStore, perIp, validEmail, perEmail, async (_req, res) => {
  sendReply(res, clientProjectLookupReply, {
    success: true,
    ...(await lookupClientProject(deps, String(res.locals.email))),
  });
});
