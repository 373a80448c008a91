/**
 * Firestore converters that parse with a zod schema at read (schemas in
 * domain/storedDocuments.ts): a document that does not match throws instead of
 * reaching the code as a cast. Writes go through unchanged.
 */
import type { DocumentData, FirestoreDataConverter, QueryDocumentSnapshot } from 'firebase-admin/firestore';
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
