/**
 * Errors the use cases and services throw. Each names what went wrong in
 * domain terms (`kind`); http.ts turns the kind into a status code in one
 * place (`{ error: message, fields? }`), so no rule below the router knows HTTP.
 */
export type ErrorKind =
  /** Bad input (400); `fields` names each bad field. */
  | 'Invalid'
  /** No valid session (401). */
  | 'Unauthenticated'
  /** A session without the right, or a bad signature (403). */
  | 'Forbidden'
  /** The thing named does not exist, or may not be told apart from that (404). */
  | 'NotFound'
  /** The state forbids the operation now (409). */
  | 'Conflict'
  /** The thing existed and is over (410). */
  | 'Gone'
  /** The request is too large (413). */
  | 'TooLarge'
  /** The body is not JSON (415). */
  | 'UnsupportedMedia'
  /** Too many attempts (429). */
  | 'TooMany'
  /** A provider we depend on failed (502). */
  | 'Upstream'
  /** Try again shortly (503). */
  | 'Unavailable';

/** An expected failure with a message the caller may read (the spec's wording). */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly fields?: Record<string, string>,
    /** For TooMany: whole seconds until the caller may try again, sent as Retry-After. */
    readonly retryAfterSec?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const invalid = (message: string, fields?: Record<string, string>) => new AppError('Invalid', message, fields);
export const notFound = (message: string) => new AppError('NotFound', message);
export const conflict = (message: string) => new AppError('Conflict', message);
export const forbidden = (message: string) => new AppError('Forbidden', message);
export const tooMany = (message: string, retryAfterSec: number) =>
  new AppError('TooMany', message, undefined, retryAfterSec);
