/**
 * The health check's Firestore probe (docs/operations.md "Monitoring"): a
 * one-document read of a document that never exists (`_health/ping`), so one
 * billed read and no data.
 */
import type { Deps } from '../useCase.js';
import { readHealthPing } from './healthStore.js';

export { HEALTH_PING_DOC } from './healthStore.js';

/** The read did not answer within its deadline. */
export class HealthTimeout extends Error {}

/**
 * Whether Firestore answers the ping read within `deadlineMs`.
 * @returns `{ reachable: true }`, or `{ reachable: false, error }` with the
 * read's error or a HealthTimeout. Throws nothing.
 */
export async function checkFirestore(
  deps: Deps,
  input: { deadlineMs: number },
): Promise<{ reachable: true } | { reachable: false; error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HealthTimeout(`no answer within ${input.deadlineMs} ms`)), input.deadlineMs);
  });
  try {
    await Promise.race([readHealthPing(deps.db), deadline]);
    return { reachable: true };
  } catch (error) {
    return { reachable: false, error };
  } finally {
    clearTimeout(timer);
  }
}
