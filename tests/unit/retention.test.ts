/**
 * Retention: every collection with a period in domain/src/retention.ts has a
 * TTL policy on its expiry field in firestore.indexes.json (the one place a
 * deploy reads them from), and every TTL policy there is one the code sets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RETENTION_DAYS, retentionEnd, TTL_FIELD } from '../../domain/src/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const overrides = (
  JSON.parse(readFileSync(join(ROOT, 'firestore.indexes.json'), 'utf8')) as {
    fieldOverrides: { collectionGroup: string; fieldPath: string; ttl?: boolean; indexes: unknown[] }[];
  }
).fieldOverrides.filter((o) => o.ttl);

describe('retention', () => {
  it('declares a TTL policy on expireAt for each retained collection, unindexed (never queried)', () => {
    for (const collection of Object.keys(RETENTION_DAYS)) {
      expect(overrides, collection).toContainEqual({
        collectionGroup: collection,
        fieldPath: TTL_FIELD,
        ttl: true,
        indexes: [],
      });
    }
    // The others are the rate limiter's and the idempotency keys' own expiresAt.
    expect(overrides.filter((o) => o.fieldPath !== TTL_FIELD).map((o) => o.collectionGroup)).toEqual([
      'rate_limits',
      'idempotency_keys',
    ]);
  });

  it('keeps outbox 90 days, email_log 30, stripe_events 400 and lead_activity 3 years', () => {
    expect(RETENTION_DAYS).toEqual({ outbox: 90, email_log: 30, stripe_events: 400, lead_activity: 1095 });
    const from = new Date('2026-01-31T12:00:00Z');
    expect(retentionEnd('stripe_events', from).toISOString()).toBe('2027-03-07T12:00:00.000Z');
  });

  it('the writers set the field with the period of their collection', () => {
    const sets = (file: string, collection: string) =>
      readFileSync(join(ROOT, file), 'utf8').includes(`expireAt: retentionEnd(COLLECTIONS.${collection},`);
    expect(sets('functions/src/features/email/outboxSender.ts', 'outbox')).toBe(true);
    expect(sets('functions/src/features/email/outboxSender.ts', 'emailLog')).toBe(true);
    expect(sets('functions/src/shared/activity.ts', 'leadActivity')).toBe(true);
    expect(sets('functions/src/features/billing/payments.ts', 'stripeEvents')).toBe(true);
    expect(sets('functions/src/features/billing/chargeEvents.ts', 'stripeEvents')).toBe(true);
  });
});
