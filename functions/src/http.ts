/**
 * HTTP plumbing for the /api app: typed errors, zod body/query validation and
 * the JSON error handler. Error replies are `{ error, fields? }`.
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { fieldErrors, LIMITS } from '@studio/domain';
import type { z } from 'zod';
import * as logger from 'firebase-functions/logger';
import { DeadlineExceeded } from './deadline.js';

/** An error that becomes an HTTP reply with `status` and `{ error: message, fields }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * Parses `req.body` with `schema`.
 * @throws HttpError 400 "Validation failed" with `fields` naming each bad field.
 */
export function parseBody<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  const result = schema.safeParse(req.body ?? {});
  if (!result.success) throw new HttpError(400, 'Validation failed', fieldErrors(result.error));
  return result.data;
}

/** Rejects bodies larger than LIMITS.bodyBytes with 413, before any handler runs. */
export const capBodySize: RequestHandler = (req, _res, next) => {
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  const size = raw ? raw.length : Number(req.get('content-length') ?? 0);
  if (size > LIMITS.bodyBytes) return next(new HttpError(413, 'Request body too large'));
  next();
};

const UNAVAILABLE = 'Service temporarily unavailable. Please try again shortly.';

/** Answers 503 with Retry-After (seconds): the datastore is down or the request ran out of time. */
export function unavailable(res: Response): void {
  res.set('Retry-After', '5').status(503).json({ error: UNAVAILABLE });
}

/** Turns thrown errors into JSON replies; unexpected ones are logged and answered 500. */
export const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  // Already answered (the request deadline fired first): only log.
  if (res.headersSent) {
    logger.warn('api: error after the reply was sent', err);
    return;
  }
  if (err instanceof HttpError) {
    res.status(err.status).json(err.fields ? { error: err.message, fields: err.fields } : { error: err.message });
    return;
  }
  // Firestore unreachable or overloaded (gRPC UNAVAILABLE, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED), or
  // the request's deadline passed before a write (deadline.ts): nothing was committed (writes are
  // single batches or transactions), so the caller may retry.
  if ([14, 4, 8].includes(err?.code) || err instanceof DeadlineExceeded) {
    logger.error('api: datastore unavailable', err);
    unavailable(res);
    return;
  }
  // body-parser errors (malformed JSON, too large) carry a status.
  const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
  if (status === 500) logger.error('api: unhandled error', err);
  res.status(status).json({ error: status === 500 ? 'Internal server error' : 'Malformed request body' });
};

/**
 * The caller's IP as Hosting/Cloud Functions report it: Express's `req.ip`
 * (trust proxy is on), else the first X-Forwarded-For hop, else the socket.
 * Null when none is known (e.g. a local unix-socket hop).
 */
export function clientIp(req: Request): string | null {
  const forwarded = req.get('x-forwarded-for')?.split(',')[0]?.trim();
  return req.ip || forwarded || req.socket?.remoteAddress || null;
}
