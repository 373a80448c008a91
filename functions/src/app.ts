/**
 * The /api Express app (spec §7). Hosting rewrites /api/** to the `api`
 * function, which receives the full path, so every router is mounted at /api.
 */
import express from 'express';
import { capBodySize, errorHandler, HttpError, requireJson, unavailable } from './http.js';
import { config } from './config.js';
import { paymentMode, requirePayments } from './services/stripe.js';
import { requestDeadline } from './deadline.js';
import { contactRouter } from './routes/contact.js';
import { leadsRouter } from './routes/leads.js';
import { replitRouter } from './routes/replit.js';
import { quotesRouter } from './routes/quotes.js';
import { projectsRouter } from './routes/projects.js';
import { clientProjectRouter } from './routes/clientProject.js';
import { emailRouter } from './routes/email.js';
import { promoRouter } from './routes/promo.js';
import { paymentsRouter } from './routes/payments.js';
import { settingsRouter } from './routes/settings.js';
import { documentsRouter } from './routes/documents.js';
import { remindersRouter } from './routes/reminders.js';
import { sessionRouter } from './session.js';
import { healthRouter } from './routes/health.js';
import { LIMITS } from '@studio/domain';
import { ipKey, limiter, rateLimit } from './services/rateLimit.js';

const TRY_LATER = 'Too many attempts. Please try again in a few minutes.';

/**
 * Per-IP limits on the public routes that write, charge or can be used to
 * guess, all in Firestore (services/rateLimit.ts). Login failures
 * (session.ts) and the client lookup (routes/clientProject.ts) keep their own.
 */
export const PUBLIC_LIMITS = {
  /** Contact messages: spam guard. */
  contact: { paths: ['/contact'], points: 10, durationSec: 10 * 60, message: 'Too many messages from your network. Please try again in a few minutes.' },
  /** Opening and accepting quote links: token guessing. */
  quoteAcceptance: { paths: ['/quote-acceptance'], points: 30, durationSec: 10 * 60, message: TRY_LATER },
  /** Promo code checks: code guessing. */
  promoValidation: { paths: ['/promo-codes/validate'], points: 30, durationSec: 10 * 60, message: TRY_LATER },
  /** Checkouts started: each may create a PaymentIntent at Stripe. */
  checkout: { paths: ['/create-payment-intent'], points: 30, durationSec: 10 * 60, message: 'Too many payment attempts. Please try again in a few minutes.' },
  /** Cart orders: each reserves a promo code and may create a PaymentIntent or subscription; also code guessing. */
  subscription: { paths: ['/create-subscription'], points: 30, durationSec: 10 * 60, message: 'Too many payment attempts. Please try again in a few minutes.' },
} as const;
export const CONTACT_LIMIT = PUBLIC_LIMITS.contact;

/** Routes that take or set up a payment: 503 "Payments are not configured" on a real project without Stripe. */
const PAYMENT_PATHS = ['/stripe/config', '/create-payment-intent', '/create-subscription', '/create-invoice'] as const;

export function createApp(): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // req.ip is not used: the client's address comes from http.ts clientIp, which trusts only the platform's entry.
  app.set('trust proxy', false);
  // Per-request deadline (ms, deadline.ts; config.apiDeadlineMs).
  app.use(requestDeadline(config().apiDeadlineMs, unavailable));
  app.use(requireJson);
  app.use(capBodySize);
  app.use(
    express.json({
      limit: LIMITS.bodyBytes,
      // Cloud Functions hands over the raw body; elsewhere keep it here, for the Stripe webhook's signature check.
      verify: (req, _res, buf) => {
        (req as typeof req & { rawBody?: Buffer }).rawBody ??= buf;
      },
    }),
  );
  app.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  const api = express.Router();
  api.use(healthRouter({ missingSettings: () => config().missing }));
  api.use('/auth', sessionRouter);
  // Payments exist only where the configuration allows them (config.ts): 503 on a real project without Stripe,
  // and the card-free test mode is invisible (404) anywhere but the emulator or a demo- project.
  api.use([...PAYMENT_PATHS], (_req, _res, next) => {
    requirePayments();
    next();
  });
  api.use('/test-mode', (_req, _res, next) => next(paymentMode() === 'test' ? undefined : new HttpError(404, 'Not found')));
  for (const [name, l] of Object.entries(PUBLIC_LIMITS)) {
    api.use([...l.paths], rateLimit(limiter(name, l.points, l.durationSec), ipKey, l.message));
  }
  api.use(contactRouter);
  api.use(leadsRouter);
  api.use(replitRouter);
  api.use(quotesRouter);
  api.use(projectsRouter);
  api.use(clientProjectRouter);
  api.use(emailRouter);
  api.use(promoRouter);
  api.use(paymentsRouter);
  api.use(settingsRouter);
  api.use(documentsRouter);
  api.use(remindersRouter);
  api.use((_req, _res, next) => next(new HttpError(404, 'Not found')));

  app.use('/api', api);
  app.use((_req, _res, next) => next(new HttpError(404, 'Not found')));
  app.use(errorHandler);
  return app;
}
