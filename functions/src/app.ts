/**
 * The /api Express app (spec §7). Hosting rewrites /api/** to the `api`
 * function, which receives the full path, so every router is mounted at /api.
 */
import express from 'express';
import { capBodySize, errorHandler, isFileUpload, requireJson, unavailable } from './http.js';
import { AppError } from './platform/errors.js';
import { config } from './config.js';
import { paymentMode, requirePayments } from './platform/stripe.js';
import { requestDeadline } from './platform/deadline.js';
import { leadsAdminRouter, leadsPublicRouter } from './features/leads/router.js';
import { quotesAdminRouter, quotesPublicRouter } from './features/quotes/router.js';
import { proposalsAdminRouter, proposalsPublicRouter } from './features/proposals/router.js';
import { quoteContracts } from './features/proposals/index.js';
import { readMovedLeadProjectIn } from './features/projects/index.js';
import { revokeOpenLinksIn } from './features/quotes/index.js';
import { paymentReceivedIn } from './features/billing/index.js';
import { hostedProjectsAdminRouter } from './features/hosted-projects/router.js';
import { projectsAdminRouter } from './features/projects/router.js';
import { myProjectRouter } from './features/my-project/router.js';
import { portalAdminRouter, portalRouter } from './features/portal/router.js';
import { fileDownloadsRouter, leadFilesAdminRouter } from './features/lead-files/router.js';
import { messagesAdminRouter, messagesPortalRouter } from './features/messages/index.js';
import { emailAdminRouter } from './features/email/router.js';
import { emailPublicRouter } from './features/email/sendgridEvents.js';
import { clientDataAdminRouter } from './features/client-data/router.js';
import { promoAdminRouter, promoPublicRouter } from './features/promo/router.js';
import { paymentsAdminRouter, paymentsPublicRouter } from './features/payments/router.js';
import { billingAdminRouter } from './features/billing/router.js';
import { settingsAdminRouter } from './features/settings/router.js';
import { documentsAdminRouter, documentsPublicRouter } from './features/documents/router.js';
import { remindersAdminRouter } from './features/reminders/router.js';
import { healthAdminRouter, healthRouter } from './features/health/router.js';
import { requireAdmin } from './platform/session.js';
import { authAdminRouter, authPublicRouter } from './features/auth/router.js';
import { LEAD_FILE_UPLOAD_BODY_BYTES, LIMITS } from '@studio/domain';
import { rateLimit } from './platform/rateLimit.js';
import type { RateLimitName } from './platform/rateLimits.js';

/**
 * The public routes that write, charge or can be used to guess, each under its per-IP limit in the table
 * (platform/rateLimits.ts). Login failures (features/auth), the client lookup (features/my-project) and
 * contact messages (features/leads/submitContact.ts, taken in the message's own transaction) take theirs where
 * they are counted.
 */
export const PUBLIC_LIMITED_PATHS = {
  /** Opening and accepting quote links. */
  quoteAcceptance: ['/quote-acceptance'],
  /** Promo code checks. */
  promoValidation: ['/promo-codes/validate'],
  /** Checkouts started. */
  checkout: ['/create-payment-intent'],
  /** Cart orders. */
  subscription: ['/create-subscription'],
} as const satisfies Partial<Record<RateLimitName, readonly string[]>>;

/** Routes that take or set up a payment: 503 "Payments are not configured" on a real project without Stripe. */
const PAYMENT_PATHS = ['/stripe/config', '/create-payment-intent', '/create-subscription', '/create-invoice'] as const;

/** Routes anyone may call (the route sweep's PUBLIC list, reviewed). */
function publicRouter(): express.Router {
  const r = express.Router();
  r.use(healthRouter());
  r.use('/auth', authPublicRouter);
  r.use(leadsPublicRouter);
  r.use(quotesPublicRouter(quoteContracts));
  r.use(proposalsPublicRouter);
  r.use(myProjectRouter);
  r.use('/portal', portalRouter(messagesPortalRouter));
  r.use(promoPublicRouter);
  r.use(paymentsPublicRouter);
  r.use(emailPublicRouter);
  r.use(documentsPublicRouter);
  r.use(fileDownloadsRouter);
  return r;
}

/** Routes for the signed-in admin; app.ts mounts them behind requireAdmin, their only guard. */
function adminRouter(): express.Router {
  const r = express.Router();
  r.use('/auth', authAdminRouter);
  r.use(
    leadsAdminRouter({
      readProjectIn: readMovedLeadProjectIn,
      revokeQuoteLinksIn: revokeOpenLinksIn,
      paymentReceivedIn,
    }),
  );
  r.use(quotesAdminRouter(quoteContracts));
  r.use(proposalsAdminRouter);
  r.use(hostedProjectsAdminRouter);
  r.use(projectsAdminRouter);
  r.use(emailAdminRouter);
  r.use(promoAdminRouter);
  r.use(paymentsAdminRouter);
  r.use(billingAdminRouter);
  r.use(settingsAdminRouter);
  r.use(documentsAdminRouter);
  r.use(remindersAdminRouter);
  r.use(clientDataAdminRouter);
  r.use(portalAdminRouter);
  r.use(leadFilesAdminRouter);
  r.use(messagesAdminRouter);
  r.use(healthAdminRouter({ missingSettings: () => config().missing }));
  return r;
}

export function createApp(): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // req.ip is not used: the client's address comes from http.ts clientIp, which trusts only the platform's entry.
  app.set('trust proxy', false);
  // Per-request deadline (ms, deadline.ts; config.apiDeadlineMs).
  app.use(requestDeadline(config().apiDeadlineMs, unavailable));
  app.use(requireJson);
  app.use(capBodySize);
  // Cloud Functions hands over the raw body; elsewhere keep it here, for the Stripe webhook's signature check.
  const keepRaw = (req: express.Request, _res: unknown, buf: Buffer) => {
    (req as typeof req & { rawBody?: Buffer }).rawBody ??= buf;
  };
  const json = express.json({ limit: LIMITS.bodyBytes, verify: keepRaw });
  // A lead file's upload (base64) has its own, larger cap (http.ts bodyCapOf).
  const uploadJson = express.json({ limit: LEAD_FILE_UPLOAD_BODY_BYTES, verify: keepRaw });
  app.use((req, res, next) => (isFileUpload(req) ? uploadJson : json)(req, res, next));
  app.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  const api = express.Router();
  // Payments exist only where the configuration allows them (config.ts): 503 on a real project without Stripe,
  // and the card-free test mode is invisible (404) anywhere but a demo- project (the emulators).
  api.use([...PAYMENT_PATHS], (_req, _res, next) => {
    requirePayments();
    next();
  });
  api.use('/test-mode', (_req, _res, next) =>
    next(paymentMode() === 'test' ? undefined : new AppError('NotFound', 'Not found')),
  );
  for (const [name, paths] of Object.entries(PUBLIC_LIMITED_PATHS)) {
    api.use([...paths], rateLimit(name as keyof typeof PUBLIC_LIMITED_PATHS));
  }
  api.use(publicRouter());
  // Everything else is admin-only: one guard for every admin route (a path no router knows is 401 without a session).
  api.use(requireAdmin, adminRouter());
  api.use((_req, _res, next) => next(new AppError('NotFound', 'Not found')));

  app.use('/api', api);
  app.use((_req, _res, next) => next(new AppError('NotFound', 'Not found')));
  app.use(errorHandler);
  return app;
}
