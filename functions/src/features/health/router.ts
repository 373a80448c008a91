/**
 * Health, for uptime checks (docs/operations.md "Monitoring") and the admin:
 *
 * - GET /api/health (public): 200 `{ ok: true }` when a one-document read of
 *   Firestore answers within HEALTH_FIRESTORE_DEADLINE_MS; 503 `{ ok: false }`
 *   with Retry-After (seconds) when it fails or takes longer. Nothing more:
 *   which settings a project lacks tells an anonymous caller which features
 *   are off and where to push.
 * - GET /api/health/details (admin, behind requireAdmin): the same status
 *   code, `{ ok, firestore: 'reachable' | 'unreachable', configuration:
 *   { complete, missing } }`, where `missing` names (never values) the
 *   settings a real project lacks (config.ts `missing`, passed in by app.ts).
 *   An incomplete configuration alone does not make it 503, since Firestore
 *   and the public site still work (the features it concerns answer 503
 *   themselves).
 *
 * The read is checkFirestore's (a document that never exists: one billed
 * read, no data).
 */
import { Router, type Response } from 'express';
import * as logger from 'firebase-functions/logger';
import { healthDetailsReply, healthReply } from '@studio/domain';
import { sendReply } from '../../http.js';
import { db, FIRESTORE_TIMEOUT_MS } from '../../platform/firebase.js';
import type { Deps } from '../useCase.js';
import { checkFirestore } from './checkFirestore.js';

const deps: Deps = { db };

/** How long (ms) the health read may take before Firestore counts as unreachable. */
export const HEALTH_FIRESTORE_DEADLINE_MS = Math.min(3_000, FIRESTORE_TIMEOUT_MS);

/**
 * Reads Firestore once (checkFirestore) and sets the answer's status: 200, or
 * 503 with Retry-After when unreachable (logged).
 * @returns whether Firestore answered.
 */
async function probe(res: Response): Promise<boolean> {
  const firestore = await checkFirestore(deps, { deadlineMs: HEALTH_FIRESTORE_DEADLINE_MS });
  if (firestore.reachable) return true;
  logger.error('health: Firestore unreachable', firestore.error);
  res.status(503).set('Retry-After', '5');
  return false;
}

/** The public health route; mount it on the /api router. */
export function healthRouter(): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const ok = await probe(res);
    sendReply(res, healthReply, { ok }, res.statusCode);
  });
  return router;
}

export interface HealthDetailsOptions {
  /** Names of the required settings that are missing (empty when the configuration is complete); never values. */
  missingSettings: () => readonly string[];
}

/** The admin's health details; mount it on the admin router (behind requireAdmin). */
export function healthAdminRouter({ missingSettings }: HealthDetailsOptions): Router {
  const router = Router();
  router.get('/health/details', async (_req, res) => {
    const missing = [...missingSettings()];
    const ok = await probe(res);
    sendReply(
      res,
      healthDetailsReply,
      {
        ok,
        firestore: ok ? 'reachable' : 'unreachable',
        configuration: { complete: missing.length === 0, missing },
      },
      res.statusCode,
    );
  });
  return router;
}
