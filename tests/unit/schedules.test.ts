/**
 * The scheduled jobs are listed once (functions/src/features/schedules.ts): every `onSchedule` function that
 * functions/src/index.ts exports must be in what `npm start` fires (scripts/schedule.ts), and the other way round,
 * or a job would silently never run locally (or fire a function that does not exist).
 */
import { describe, expect, it } from 'vitest';
import * as functionsIndex from '../../functions/src/index.js';
import { SCHEDULED_JOBS } from '../../functions/src/features/schedules.js';
import { LOCAL_SCHEDULE, SCHEDULED_FUNCTIONS } from '../../scripts/schedule.js';

/** Names of index.ts's exports that are scheduled functions (firebase-functions marks them `__endpoint.scheduleTrigger`). */
function scheduledExports(): string[] {
  return Object.entries(functionsIndex)
    .filter(([, fn]) => (fn as { __endpoint?: { scheduleTrigger?: unknown } }).__endpoint?.scheduleTrigger)
    .map(([name]) => name)
    .sort();
}

describe('scheduled jobs', () => {
  it('npm start fires every scheduled function index.ts exports, and no other', () => {
    expect(scheduledExports().length).toBeGreaterThan(0);
    expect([...SCHEDULED_FUNCTIONS].sort()).toEqual(scheduledExports());
  });

  it('each is deployed on its registered schedule and fired locally at its cadence', () => {
    for (const name of SCHEDULED_FUNCTIONS) {
      const fn = (functionsIndex as Record<string, { __endpoint?: { scheduleTrigger?: { schedule?: string } } }>)[name];
      expect(fn?.__endpoint?.scheduleTrigger?.schedule, name).toBe(SCHEDULED_JOBS[name].schedule);
      expect(LOCAL_SCHEDULE[name], name).toBeGreaterThan(0);
    }
  });
});
