/**
 * The health check's one Firestore access (docs/operations.md "Monitoring"): a read of a document that never
 * exists (`_health/ping`), so one billed read and no data.
 */
import type { Firestore } from 'firebase-admin/firestore';

/** The document the health check reads (it never exists). */
export const HEALTH_PING_DOC = '_health/ping';

/** Reads the ping document; resolves when Firestore answers. @throws the read's error (unavailable, deadline). */
export async function readHealthPing(db: Firestore): Promise<void> {
  await db.doc(HEALTH_PING_DOC).get();
}
