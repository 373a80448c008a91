import { describe, expect, it, vi } from 'vitest';

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

vi.mock('firebase-admin/app', () => ({ getApps: () => [{}], getApp: () => ({}), initializeApp: vi.fn() }));
vi.mock('firebase-admin/auth', () => ({ getAuth: () => ({}) }));
vi.mock('firebase-admin/firestore', () => ({ initializeFirestore: () => ({}) }));
vi.mock('./deadline.js', () => ({ guardWrites: vi.fn() }));

const { assertNoEmulatorVarsInProduction: guard, capFirestoreRetries, FIRESTORE_TIMEOUT_MS } = await import('./firebase.js');

describe('capFirestoreRetries', () => {
  // A fresh copy of the SDK's real default config, merged by the real google-gax as the SDK does.
  const require = createRequire(import.meta.url);
  const sdk = createRequire(require.resolve('@google-cloud/firestore'));
  const gax = sdk('google-gax');
  const fresh = () => JSON.parse(readFileSync(sdk.resolve('./v1/firestore_client_config.json'), 'utf8'));
  const settings = (config: object) => gax.constructSettings('google.firestore.v1.Firestore', config, {}, gax.Status);

  it('caps every call and its retries at the budget, keeping the retry codes', () => {
    const before = settings(fresh());
    const after = settings(capFirestoreRetries(3_000, fresh()));
    expect(before.commit.retry.backoffSettings.totalTimeoutMillis).toBe(600_000);
    for (const m of ['commit', 'runQuery', 'runAggregationQuery', 'batchGetDocuments', 'beginTransaction', 'getDocument']) {
      expect(after[m].timeout).toBe(3_000);
      expect(after[m].retry.backoffSettings.totalTimeoutMillis).toBe(3_000);
      expect(after[m].retry.backoffSettings.maxRpcTimeoutMillis).toBe(3_000);
      expect(after[m].retry.retryCodes).toEqual(before[m].retry.retryCodes);
    }
  });

  it('applies at import to the config the SDK itself uses, commits included', () => {
    const util = sdk('./util.js');
    expect(util.getRetryParams('commit').totalTimeoutMillis).toBe(FIRESTORE_TIMEOUT_MS);
    expect(util.getTotalTimeout('runQuery')).toBe(FIRESTORE_TIMEOUT_MS);
  });
});

describe('assertNoEmulatorVarsInProduction', () => {
  it('refuses emulator variables on a real project outside the emulator', () => {
    expect(() => guard({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', GCLOUD_PROJECT: 'studio-prod' })).toThrow(/FIRESTORE_EMULATOR_HOST/);
  });
  it('allows the functions emulator, demo- projects and clean production', () => {
    expect(() => guard({ FIRESTORE_EMULATOR_HOST: 'x', FUNCTIONS_EMULATOR: 'true', GCLOUD_PROJECT: 'studio-prod' })).not.toThrow();
    expect(() => guard({ FIREBASE_AUTH_EMULATOR_HOST: 'x', GCLOUD_PROJECT: 'demo-studio' })).not.toThrow();
    expect(() => guard({ GCLOUD_PROJECT: 'studio-prod' })).not.toThrow();
  });
});
