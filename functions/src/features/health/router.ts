/**
 * GET /api/health, for uptime checks (docs/operations.md "Monitoring"):
 *
 * - 200 `{ ok: true, firestore: "reachable" }` when a one-document read of
 *   Firestore answers within HEALTH_FIRESTORE_DEADLINE_MS;
 * - 503 `{ ok: false, firestore: "unreachable" }` with Retry-After (seconds)
 *   when it fails or takes longer.
 *
 * The read is checkFirestore's (a document that never exists: one billed
 * read, no data). With `missingSettings` (app.ts passes config.ts's
 * `missing`: names of the settings a real project lacks, never their values)
 * the answer also carries `configuration: { complete, missing }`; an
 * incomplete configuration alone does not make it 503, since Firestore and
 * the public site still work (the features it concerns answer 503 themselves).
 */
import { Router } from 'express';
import * as logger from 'firebase-functions/logger';
import { healthReply } from '@studio/domain';
import { sendReply } from '../../http.js';
import { db, FIRESTORE_TIMEOUT_MS } from '../../firebase.js';
import type { Deps } from '../useCase.js';
import { checkFirestore } from './checkFirestore.js';

const deps: Deps = { db };

/** How long (ms) the health read may take before Firestore counts as unreachable. */
export const HEALTH_FIRESTORE_DEADLINE_MS = Math.min(3_000, FIRESTORE_TIMEOUT_MS);

export interface HealthOptions {
  /**
   * Names of the required settings that are missing (empty when the
   * configuration is complete). Reported as `configuration`; never values.
   */
  missingSettings?: () => readonly string[];
}

/** The health route; mount it on the /api router. */
export function healthRouter({ missingSettings }: HealthOptions = {}): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const missing = missingSettings?.();
    const configuration = missing ? { configuration: { complete: missing.length === 0, missing: [...missing] } } : {};
    const firestore = await checkFirestore(deps, { deadlineMs: HEALTH_FIRESTORE_DEADLINE_MS });
    if (!firestore.reachable) {
      logger.error('health: Firestore unreachable', firestore.error);
      sendReply(
        res.set('Retry-After', '5'),
        healthReply,
        { ok: false, firestore: 'unreachable', ...configuration },
        503,
      );
      return;
    }
    sendReply(res, healthReply, { ok: true, firestore: 'reachable', ...configuration });
  });
  return router;
}
