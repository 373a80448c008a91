/**
 * Helpers for stored documents, free of any Firebase import: Firestore
 * timestamps (admin or web SDK) are recognised by their `toDate()` method.
 */

interface TimestampLike {
  toDate(): Date;
}

function isTimestampLike(v: unknown): v is TimestampLike {
  return typeof v === 'object' && v !== null && typeof (v as TimestampLike).toDate === 'function';
}

/** Returns a shallow copy of `data` with every top-level timestamp turned into a Date. */
export function reviveDates<T extends object>(data: T): { [K in keyof T]: T[K] extends TimestampLike ? Date : T[K] } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) out[k] = isTimestampLike(v) ? v.toDate() : v;
  return out as { [K in keyof T]: T[K] extends TimestampLike ? Date : T[K] };
}
