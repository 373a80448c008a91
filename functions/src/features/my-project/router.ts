/**
 * The client's project lookup (spec §2 "My-project" and "Access Your Project
 * dialog", §4 "Client timeline" and "Invoice view (client)", §5
 * access-your-project email, §7 GET /api/client-project, §8 lookup errors).
 *
 * GET /api/client-project?email= (public, no login: spec §6) →
 * `{ success: true, lead, project, projects, documents, timeZone }`: `lead` and `project` (null
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
 * (features/documents/documents.ts); `timeZone` is the studio's (settings), in
 * which the page shows the ISO dates.
 *
 * - 400 `{ error: 'Validation failed', fields: { email } }` for an invalid email.
 * - 404 `{ error: 'Project Not Found' }` for an unknown email AND for a lead
 *   marked dead as test data: one answer, whatever the reason.
 * - 429 `{ error: TOO_MANY_LOOKUPS }` past the `client-project-*` limits (platform/rateLimits.ts): per IP
 *   (the email is the only secret, so this is what stops guessing), per
 *   email from one IP, and per email from everyone at a much higher cap. An
 *   email's own limit counts per caller, so someone who knows a client's
 *   address cannot lock the client out of My Project by looking it up: they
 *   use up only their own allowance. The global cap bounds the reads one
 *   address can cost; reaching it takes its points / the per-email-and-IP points
 *   callers at once (20 addresses, or /56 IPv6 prefixes), each refused past
 *   its own limits. Counts live in Firestore (platform/rateLimit.ts), not in
 *   memory: every function instance (and every emulator worker) shares them.
 * - Cache-Control: no-store.
 */
import { Router, type Request, type RequestHandler } from 'express';
import { clientProjectLookupReply, EMAIL_MESSAGE, emailField } from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { invalid } from '../../platform/errors.js';
import { sendReply } from '../../http.js';
import { ipKey, rateLimit } from '../../platform/rateLimit.js';
import type { Deps } from '../useCase.js';
import { lookupMyProject, PROJECT_NOT_FOUND } from './lookupMyProject.js';
import { requireAppCheck } from '../../platform/appCheck.js';

export { PROJECT_NOT_FOUND };
export { clientLead, clientProject, MAX_LEADS_READ } from './lookupMyProject.js';

const deps: Deps = { db };

export const myProjectRouter = Router();
myProjectRouter.use('/client-project', requireAppCheck);

/** Lookups per client IP (platform/rateLimits.ts `client-project-ip`). */
const perIp = rateLimit('client-project-ip', ipKey);

/** The validated, lowercased email of the request (validEmail). */
const emailOf = (req: Request) => String(req.res?.locals.email);

/**
 * Lookups per email from one client IP (its IP key: platform/rateLimit.ts ipLimitKey), so one caller's lookups
 * never use up another's (`client-project-email-ip`).
 */
const perEmailAndIp = rateLimit('client-project-email-ip', (req) => `${emailOf(req)} ${ipKey(req)}`);

/** Lookups per email from everyone, counted after the caller's own limits let it through (`client-project-email`). */
const perEmailAll = rateLimit('client-project-email', emailOf);

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
myProjectRouter.get('/client-project', noStore, perIp, validEmail, perEmailAndIp, perEmailAll, async (_req, res) => {
  sendReply(res, clientProjectLookupReply, {
    success: true,
    ...(await lookupMyProject(deps, String(res.locals.email))),
  });
});
