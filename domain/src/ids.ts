/**
 * Identifiers and dates the API accepts before it touches Firestore.
 *
 * Every id a request carries (a path segment, a query parameter, a body
 * field) names a Firestore document, so it must be one Firestore can name:
 * the SDK and the server refuse the rest with errors that would otherwise
 * surface as 500s. Firestore's rules for a document id: valid UTF-8, at most
 * 1,500 bytes, no `/`, not `.` or `..`, and not matching `__.*__` (reserved).
 *
 * Dates are bounded too: a Firestore Timestamp holds years 1 to 9999 only,
 * and no date this studio records (an invoice's due date, a project's start,
 * a promo's window) lies outside 2000–2100.
 */
import { z } from 'zod';

/** The longest document id Firestore accepts, in UTF-8 bytes. */
export const FIRESTORE_ID_MAX_BYTES = 1_500;

/** A UTF-16 string with an unpaired surrogate, which has no UTF-8 form. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Ids Firestore reserves (`__name__`, `__x__`…); [\s\S] so a line break inside cannot slip past. */
const RESERVED = /^__[\s\S]*__$/;

/** Length of `s` in UTF-8 bytes (for a well-formed string). */
function utf8Bytes(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/**
 * Whether `id` can be a Firestore document id (see the module comment):
 * non-empty, well-formed, at most FIRESTORE_ID_MAX_BYTES UTF-8 bytes, no `/`,
 * not `.` or `..`, not `__…__`.
 */
export function isFirestoreId(id: string): boolean {
  return (
    id.length > 0 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !RESERVED.test(id) &&
    !LONE_SURROGATE.test(id) &&
    utf8Bytes(id) <= FIRESTORE_ID_MAX_BYTES
  );
}

/** The message of an id that cannot name a document. */
export const INVALID_ID = 'Invalid id';

/**
 * A Firestore document id (isFirestoreId), as a zod schema; `message` is the
 * error of anything else (a non-string included). The one id schema every
 * route parses its ids with, alone or under a tighter format of its own.
 */
export const firestoreId = (message: string = INVALID_ID) =>
  z.string({ error: message }).refine(isFirestoreId, { message, abort: true });

/**
 * The longest id a route takes, in characters. Firestore would name a
 * document with up to 1,500 bytes, but an id also goes into equality queries
 * (`leadId == id`), which Firestore refuses for a value that long; every id
 * this app makes is far shorter (auto ids are 20 characters).
 */
export const ID_MAX_LENGTH = 128;

/** An id a route takes: at most ID_MAX_LENGTH characters, and a Firestore document id (firestoreId). */
export const routeId = (message: string = INVALID_ID) =>
  z.string({ error: message }).max(ID_MAX_LENGTH, message).pipe(firestoreId(message));

/** The years a date the API accepts may fall in (inclusive). */
export const DATE_YEARS = { min: 2000, max: 2100 } as const;

/** The message of a date outside DATE_YEARS. */
export const DATE_RANGE_MESSAGE = `Use a date between ${DATE_YEARS.min} and ${DATE_YEARS.max}`;

/** Whether `d` is a real date within DATE_YEARS (UTC years). */
export function isDateInRange(d: Date): boolean {
  const y = d.getUTCFullYear();
  return !Number.isNaN(y) && y >= DATE_YEARS.min && y <= DATE_YEARS.max;
}

/** Whether a `YYYY-MM-DD…` string's year lies within DATE_YEARS (false when it does not start with a 4-digit year). */
export function isDateTextInRange(v: string): boolean {
  const m = /^(\d{4})-/.exec(v.trim());
  return !!m && Number(m[1]) >= DATE_YEARS.min && Number(m[1]) <= DATE_YEARS.max;
}
