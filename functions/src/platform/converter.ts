/**
 * Reading stored documents through a zod schema (schemas in
 * domain/storedDocuments.ts) instead of a cast. A converter (zodConverter,
 * leadConverter) throws on a document that does not match, so the use case
 * reading one document fails with a logged 500; parsedDocs leaves such a
 * document out of a list and logs it. A write is checked before it goes
 * (checkedDoc, checkedUpdate): every field it names must be one of the
 * stored schema's, and its plain values must match; it then goes unchanged.
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

/** True for a FieldValue sentinel (serverTimestamp, increment, delete, arrayUnion...): written by Firestore, not checked here. */
const isSentinel = (v: unknown): boolean => v instanceof FieldValue;

/** A stored document's schema: an object, or an object piped into a transform (leadDocSchema). */
export type StoredObjectSchema = z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>;

/** The fields `schema` stores: its object's input (the input side of a pipe). */
type StoredFields<S extends StoredObjectSchema> = z.input<S extends z.ZodPipe<infer O, z.ZodType> ? O : S>;

/**
 * What a write of `S` may name: its declared fields only, each with its stored value, a Date where a Timestamp is
 * stored, or a FieldValue sentinel. An object literal naming another field (a typo) fails the type-check.
 */
export type StoredWrite<S extends StoredObjectSchema> = {
  [K in keyof StoredFields<S>]?: StoredFields<S>[K] | FieldValue | Date;
};

/**
 * What an update of `S` may name: StoredWrite's fields. A dotted path is written with a computed key
 * (`[\`holds.${id}\`]`), which the type-check lets through; its first segment is checked at run time.
 */
export type StoredUpdate<S extends StoredObjectSchema> = StoredWrite<S>;

/** The object schema of `schema` (the input side of a pipe). */
const objectOf = (schema: StoredObjectSchema): z.ZodObject => (schema instanceof z.ZodPipe ? schema.in : schema);

/** Top-level fields of `doc` that are plain values (no FieldValue sentinel, no dotted field path). */
function plainFields(doc: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(doc)
      .filter(([k, v]) => !isSentinel(v) && !k.includes('.'))
      // A Date is stored as a Timestamp: check it as one.
      .map(([k, v]) => [k, v instanceof Date ? Timestamp.fromDate(v) : v]),
  );
}

/**
 * The schemas derived from a stored schema (its `partial()`, or it without
 * some fields), built once each: zod compiles an object schema on its first
 * parse, which costs more than the parse itself (a few ms of CPU), so a schema
 * built per write would pay it on every write. The omitted-field sets are the
 * call sites' sentinel fields: a handful per schema.
 */
const derivedSchemas = new WeakMap<z.ZodObject, Map<string, z.ZodObject>>();

/** The schema `build()` derives from `object`, built on the first call with `key` and kept. */
function derived(object: z.ZodObject, key: string, build: () => z.ZodObject): z.ZodObject {
  let byKey = derivedSchemas.get(object);
  if (!byKey) derivedSchemas.set(object, (byKey = new Map()));
  let schema = byKey.get(key);
  if (!schema) byKey.set(key, (schema = build()));
  return schema;
}

/**
 * Refuses a write naming a field `object` does not declare (a misspelt `statsu`, a field added to a write but
 * not to its stored schema), sentinels and dotted paths (by their first segment) included: such a field would
 * be stored unchecked and never read back. @throws ZodError (unrecognized_keys) naming the fields.
 */
function refuseUnknownFields(object: z.ZodObject, doc: Record<string, unknown>): void {
  const unknown = Object.keys(doc).filter((k) => !Object.hasOwn(object.shape, k.split('.')[0]!));
  if (unknown.length > 0)
    throw new z.ZodError([
      {
        code: 'unrecognized_keys',
        keys: unknown,
        path: [],
        input: doc,
        message: `Unknown field(s): ${unknown.join(', ')}`,
      },
    ]);
}

/**
 * `doc` checked against `schema` before a full `set`/`create`, returned unchanged (the stored shape is what the
 * caller built; the schema's transforms are for reads). A field written as a FieldValue sentinel
 * (serverTimestamp...) is taken as present and not checked. `doc` is typed StoredWrite<S>: an object literal
 * naming a field the schema lacks fails the type-check. @throws ZodError when a field is not the schema's
 * (refuseUnknownFields) or a plain field does not match.
 */
export function checkedDoc<S extends StoredObjectSchema>(schema: S, doc: StoredWrite<S>): StoredWrite<S> {
  const object = objectOf(schema);
  refuseUnknownFields(object, doc);
  const sentinels = Object.keys(doc).filter((k) => isSentinel(doc[k]));
  const checked =
    sentinels.length === 0
      ? object
      : derived(object, `omit:${sentinels.sort().join(',')}`, () =>
          object.omit(Object.fromEntries(sentinels.map((k) => [k, true])) as Record<string, true>),
        );
  checked.parse(plainFields(doc));
  return doc;
}

/**
 * The fields of an `update` checked against `schema.partial()` (plain values only: FieldValue sentinels such as
 * increment, serverTimestamp and delete, and dotted field paths, pass unchecked), returned unchanged.
 * Typed StoredUpdate<S>, as checkedDoc's `doc`.
 * @throws ZodError when a field (a dotted path's first segment) is not the schema's, or a plain field does not match.
 */
export function checkedUpdate<S extends StoredObjectSchema>(schema: S, fields: StoredUpdate<S>): StoredUpdate<S> {
  const object = objectOf(schema);
  refuseUnknownFields(object, fields);
  derived(object, 'partial', () => object.partial()).parse(plainFields(fields));
  return fields;
}
