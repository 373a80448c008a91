/**
 * Reading stored documents through a zod schema (schemas in
 * domain/storedDocuments.ts) instead of a cast. A converter (zodConverter,
 * leadConverter) throws on a document that does not match, so the use case
 * reading one document fails with a logged 500; parsedDocs leaves such a
 * document out of a list and logs it. Writes go through unchanged.
 */
import type {
  DocumentData,
  FirestoreDataConverter,
  QueryDocumentSnapshot,
  QuerySnapshot,
} from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { leadDocSchema } from '@studio/domain';
import type { z } from 'zod';

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
