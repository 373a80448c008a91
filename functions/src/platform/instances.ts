/**
 * Instance settings of the `api` function (docs/operations.md "Instances"):
 *
 * - memory 512 MiB and 1 vCPU: Express, firebase-admin, Stripe and SendGrid
 *   loaded, up to `concurrency` requests at once on one instance;
 * - concurrency 80 (Cloud Run's default): requests mostly wait on Firestore,
 *   so one instance serves a studio's traffic;
 * - maxInstances 10: a ceiling on cost and on Firestore load if the public
 *   routes are flooded (the rate limits answer 429 before that);
 * - minInstances from API_MIN_INSTANCES (functions/.env.<project-id>; 0 by
 *   default): 1 keeps an instance warm, so the admin's first login of the day
 *   does not wait for a cold start, at the price of an idle instance
 *   (firebase deploy prints the monthly figure before it deploys).
 *
 * Read when the bundle loads, which is also when `firebase deploy` reads the
 * function's options (with functions/.env.<project-id> in the environment).
 */

/** Most warm instances API_MIN_INSTANCES may ask for. */
export const MAX_API_MIN_INSTANCES = 3;

export interface ApiInstanceSettings {
  minInstances: number;
  maxInstances: number;
  concurrency: number;
  memory: '512MiB';
  cpu: number;
  timeoutSeconds: number;
}

/**
 * The `api` function's instance settings for `env`.
 * @throws Error naming API_MIN_INSTANCES when it is set to anything but a whole number from 0 to MAX_API_MIN_INSTANCES
 */
export function apiInstanceSettings(env: NodeJS.ProcessEnv): ApiInstanceSettings {
  const raw = env.API_MIN_INSTANCES?.trim() || '0';
  const minInstances = Number(raw);
  if (!/^\d+$/.test(raw) || minInstances > MAX_API_MIN_INSTANCES) {
    throw new Error(`API_MIN_INSTANCES must be a whole number from 0 to ${MAX_API_MIN_INSTANCES}.`);
  }
  return { minInstances, maxInstances: 10, concurrency: 80, memory: '512MiB', cpu: 1, timeoutSeconds: 60 };
}
