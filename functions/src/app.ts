/**
 * The /api Express app (spec §7). Hosting rewrites /api/** to the `api`
 * function, which receives the full path, so every router is mounted at /api.
 */
import express from 'express';
import { capBodySize, errorHandler, HttpError } from './http.js';
import { contactRouter } from './routes/contact.js';
import { leadsRouter } from './routes/leads.js';
import { replitRouter } from './routes/replit.js';
import { quotesRouter } from './routes/quotes.js';
import { projectsRouter } from './routes/projects.js';
import { clientProjectRouter } from './routes/clientProject.js';
import { emailRouter } from './routes/email.js';
import { promoRouter } from './routes/promo.js';
import { paymentsRouter } from './routes/payments.js';
import { sessionRouter } from './session.js';
import { LIMITS } from '@studio/domain';
import { ipKey, limiter, rateLimit } from './services/rateLimit.js';

/** Contact messages accepted per IP in 10 minutes (spam guard, issue 10). */
export const CONTACT_LIMIT = { points: 10, durationSec: 10 * 60 } as const;
/** Checkouts started per IP in 10 minutes (each may create a PaymentIntent at Stripe). */
export const CHECKOUT_LIMIT = { points: 30, durationSec: 10 * 60 } as const;

export function createApp(): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);
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
  api.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  api.use('/auth', sessionRouter);
  api.use('/contact', rateLimit(limiter('contact', CONTACT_LIMIT.points, CONTACT_LIMIT.durationSec), ipKey, 'Too many messages from your network. Please try again in a few minutes.'));
  api.use(
    ['/create-payment-intent', '/create-subscription'],
    rateLimit(limiter('checkout', CHECKOUT_LIMIT.points, CHECKOUT_LIMIT.durationSec), ipKey, 'Too many payment attempts. Please try again in a few minutes.'),
  );
  api.use(contactRouter);
  api.use(leadsRouter);
  api.use(replitRouter);
  api.use(quotesRouter);
  api.use(projectsRouter);
  api.use(clientProjectRouter);
  api.use(emailRouter);
  api.use(promoRouter);
  api.use(paymentsRouter);
  api.use((_req, _res, next) => next(new HttpError(404, 'Not found')));

  app.use('/api', api);
  app.use((_req, _res, next) => next(new HttpError(404, 'Not found')));
  app.use(errorHandler);
  return app;
}
