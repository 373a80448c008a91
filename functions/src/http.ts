/**
 * HTTP plumbing for the /api app: zod body/query validation, the one mapping
 * from error kinds (platform/errors.ts) to status codes, and the JSON error handler.
 * Error replies are `{ error, fields? }`.
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { fieldErrors, LEAD_FILE_UPLOAD_BODY_BYTES, LIMITS } from '@studio/domain';
import type { z } from 'zod';
import * as logger from 'firebase-functions/logger';
import { GrpcStatus } from 'firebase-admin/firestore';
import { DeadlineExceeded } from './platform/deadline.js';
import { config, NotConfigured, type Config } from './config.js';
import { AppError, type ErrorKind } from './platform/errors.js';
import { EVENTS, logEvent } from './platform/log.js';
import { INTERNAL_ERROR, MALFORMED_BODY } from './platform/runtimeServer.js';

/** gRPC codes of a Firestore call that committed nothing and may be retried (see the error handler). */
const DATASTORE_UNAVAILABLE: readonly unknown[] = [
  GrpcStatus.UNAVAILABLE,
  GrpcStatus.DEADLINE_EXCEEDED,
  GrpcStatus.RESOURCE_EXHAUSTED,
  GrpcStatus.ABORTED,
];

/** The status code of each error kind: the only place use-case errors meet HTTP. */
export const STATUS_OF: Record<ErrorKind, number> = {
  Invalid: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  Gone: 410,
  TooLarge: 413,
  UnsupportedMedia: 415,
  TooMany: 429,
  Upstream: 502,
  Unavailable: 503,
};

/**
 * Parses `req.body` with `schema`.
 * @throws AppError Invalid (400) "Validation failed" with `fields` naming each bad field.
 */
export function parseBody<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  return parseWith(schema, req.body ?? {});
}

/** Parses `req.query` with `schema`; errors as parseBody. */
export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  return parseWith(schema, req.query ?? {});
}

/** Parses `req.params` with `schema`; errors as parseBody. */
export function parseParams<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  return parseWith(schema, req.params);
}

/**
 * Sends `body` as the JSON reply (status `status`, 200 by default), typed by
 * `schema`: the domain reply schema (domain replies.ts) the web parses this
 * reply with, so the compiler holds both sides to one shape. `body` is not
 * parsed here.
 */
export function sendReply<S extends z.ZodType>(res: Response, _schema: S, body: z.input<S>, status = 200): void {
  res.status(status).json(body);
}

/** Parses `value` (a part of a body already parsed, checked by a second schema) with `schema`; errors as parseBody. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('Invalid', 'Validation failed', fieldErrors(result.error));
  return result.data;
}

/** True for the one route that takes a larger JSON body: a lead file's upload (base64), POST /api/leads/{id}/files. */
export const isFileUpload = (req: Request): boolean =>
  req.method === 'POST' && /^\/api\/leads\/[^/]+\/files\/?$/.test(req.path);

/** The body cap of `req` in bytes: LIMITS.bodyBytes, or LEAD_FILE_UPLOAD_BODY_BYTES for a file upload. */
export const bodyCapOf = (req: Request): number => (isFileUpload(req) ? LEAD_FILE_UPLOAD_BODY_BYTES : LIMITS.bodyBytes);

/** Rejects bodies larger than their cap (bodyCapOf) with 413, before any handler runs. */
export const capBodySize: RequestHandler = (req, _res, next) => {
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  const size = raw ? raw.length : Number(req.get('content-length') ?? 0);
  if (size > bodyCapOf(req)) return next(new AppError('TooLarge', 'Request body too large'));
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
  if (err instanceof AppError) {
    if (err.retryAfterSec !== undefined) res.set('Retry-After', String(err.retryAfterSec));
    res
      .status(STATUS_OF[err.kind])
      .json(err.fields ? { error: err.message, fields: err.fields } : { error: err.message });
    return;
  }
  // A feature this project's configuration leaves off (config.ts): the cold start already logged what is missing.
  if (err instanceof NotConfigured) {
    logEvent(EVENTS.apiNotConfigured, `api: ${err.message} (missing ${err.settings.join(', ')})`, {
      settings: err.settings,
    });
    res.status(503).json({ error: err.message });
    return;
  }
  // Firestore unreachable or overloaded (gRPC UNAVAILABLE, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED), a
  // transaction that lost every attempt to contention (ABORTED), or the request's deadline passed before
  // a write (deadline.ts): nothing was committed (writes are single batches or transactions), so the
  // caller may retry.
  if (DATASTORE_UNAVAILABLE.includes(err?.code) || err instanceof DeadlineExceeded) {
    logger.error('api: datastore unavailable', err);
    unavailable(res);
    return;
  }
  // body-parser errors (malformed JSON, too large) carry a status.
  const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
  if (status === 500) logger.error('api: unhandled error', err);
  res.status(status).json({ error: status === 500 ? INTERNAL_ERROR : MALFORMED_BODY });
};

/**
 * Header through which the tests give each request its own rate-limit bucket.
 * Honoured only on a demo- project (config.demoProject), which can never be
 * deployed: a deployed function ignores it.
 */
export const TEST_CLIENT_HEADER = 'x-studio-test-client';

/** The address every caller shares on the emulator, where no proxy vouches for an address. */
export const LOCAL_CLIENT = 'local';

/**
 * The caller's address, from an entry the platform appended, never one the
 * client wrote:
 * - deployed: the X-Forwarded-For entry `cfg.trustedProxyHops` from the right
 *   (config.ts DEFAULT_TRUSTED_PROXY_HOPS explains the Hosting → Cloud Run
 *   chain); a shorter header means the request did not come that way, and
 *   its callers share one bucket;
 * - on the emulator the Hosting emulator forwards the client's headers
 *   verbatim and the Functions emulator reaches the code over a unix socket,
 *   so nothing vouches for an address: every caller is `local`, except that
 *   on a demo project a test may name its own bucket (TEST_CLIENT_HEADER).
 */
export function clientIp(req: Request, cfg: Config = config()): string {
  if (cfg.demoProject) {
    const test = req.get(TEST_CLIENT_HEADER)?.trim();
    if (test) return `test:${test.slice(0, 64)}`;
  }
  if (cfg.local) return LOCAL_CLIENT;
  const chain = (req.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain.length >= cfg.trustedProxyHops ? chain[chain.length - cfg.trustedProxyHops]! : 'unknown';
}

/** Methods whose body a browser can send cross-site without a CORS preflight unless it is JSON. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes take `application/json` only → otherwise 415 before any handler runs.
 * A form or text/plain post is what another site can send without a CORS
 * preflight; JSON needs one, and the API answers no other origin. A write
 * with no body at all passes (e.g. DELETE), since nothing can be parsed from it.
 */
export const requireJson: RequestHandler = (req, _res, next) => {
  if (!WRITES.has(req.method)) return next();
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (!hasBody && !req.get('content-type')) return next();
  if (!req.is('application/json'))
    return next(new AppError('UnsupportedMedia', 'Content-Type must be application/json'));
  next();
};
