/**
 * Reading stored documents through a zod schema (schemas in
 * domain/storedDocuments.ts) instead of a cast. A converter (zodConverter,
 * leadConverter) throws on a document that does not match, so the use case
 * reading one document fails with a logged 500; parsedDocs leaves such a
 * document out of a list and logs it. Writes go through unchanged.
 */
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
} from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { leadDocSchema } from '@studio/domain';
import { z } from 'zod';

/** A converter reading documents as `schema`'s output. @throws ZodError when a stored document does not match. */
export function zodConverter<S extends z.ZodType<Record<string, unknown>, DocumentData>>(
  schema: S,
): FirestoreDataConverter<z.output<S>, DocumentData> {
  return {
    toFirestore: (model) => ({ ...model }),
    fromFirestore: (snap: QueryDocumentSnapshot) => schema.parse(snap.data()),
  };
}

/**
 * `leads/{id}` read as domain StoredLeadDoc (a LeadRecord and the server's
 * extra fields). A lead that does not parse throws: the use case acting on it
 * fails with a logged 500 rather than work on a cast.
 */
export const leadConverter = zodConverter(leadDocSchema);

/**
 * The documents of `snap` parsed with `schema`, each with its id, in order. A
 * document that does not parse is left out and logged as an error (naming
 * `what` and the path), as the web's live lists do: one bad document does not
 * take a whole list down.
 */
export function parsedDocs<S extends z.ZodType<object>>(
  snap: QuerySnapshot,
  schema: S,
  what: string,
): Array<z.output<S> & { id: string }> {
  return snap.docs.flatMap((d) => {
    const parsed = schema.safeParse(d.data());
    if (parsed.success) return [{ ...parsed.data, id: d.id }];
    logger.error(`${what}: a stored document does not parse; left out`, {
      path: d.ref.path,
      issues: parsed.error.issues,
    });
    return [];
  });
}

/** `data` without its FieldValue sentinels (they pass unchecked), Dates as Timestamps (what Firestore stores). */
function plainFields(data: DocumentData): { plain: DocumentData; sentinels: string[] } {
  const plain: DocumentData = {};
  const sentinels: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (value instanceof FieldValue) sentinels.push(key);
    else plain[key] = value instanceof Date ? Timestamp.fromDate(value) : value;
  }
  return { plain, sentinels };
}

/**
 * `data`, checked against `schema` before a full `set` or `create`: every
 * field but a FieldValue sentinel (serverTimestamp, increment, delete) must
 * parse, and the sentinels' fields may be absent. Fields the schema does not
 * name pass unchecked. Returns `data` itself: the write stores what the caller
 * built, not the schema's output.
 * @throws ZodError when a field does not match (nothing is written: a logged 500).
 */
export function checkedDoc<T extends DocumentData>(schema: z.ZodObject, data: T): T {
  const { plain, sentinels } = plainFields(data);
  // A sentinel's field is absent from `plain`: its schema is relaxed to accept that.
  schema.extend(Object.fromEntries(sentinels.map((k) => [k, z.unknown().optional()]))).parse(plain);
  return data;
}

/**
 * `data`, checked against `schema.partial()` before an `update` (or a merge):
 * each plain field it writes must parse; FieldValue sentinels pass untouched.
 * Returns `data` itself. @throws ZodError when a field does not match.
 */
export function checkedUpdate<T extends DocumentData>(schema: z.ZodObject, data: T): T {
  schema.partial().parse(plainFields(data).plain);
  return data;
}
