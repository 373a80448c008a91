import { describe, expect, it, vi } from 'vitest';

import { createRequire } from 'node:module';

vi.mock('firebase-admin/app', () => ({ getApps: () => [{}], getApp: () => ({}), initializeApp: vi.fn() }));
vi.mock('firebase-admin/auth', () => ({ getAuth: () => ({}) }));
vi.mock('firebase-admin/firestore', () => ({ initializeFirestore: () => ({}) }));

const { assertNoEmulatorVarsInProduction: guard, firestoreClientConfig } = await import('./firebase.js');

describe('firestoreClientConfig', () => {
  // The real google-gax merge of Firestore's own client config with the overrides.
  const require = createRequire(import.meta.url);
  const firestoreRequire = createRequire(require.resolve('@google-cloud/firestore'));
  const gax = firestoreRequire('google-gax');
  const defaults = firestoreRequire('./v1/firestore_client_config.json');
  const settings = (overrides: object) =>
    gax.constructSettings('google.firestore.v1.Firestore', defaults, overrides, gax.Status);

  it('caps every retried call at the budget, keeping the retry codes', () => {
    const before = settings({});
    const after = settings(firestoreClientConfig(3_000));
    expect(before.commit.retry.backoffSettings.totalTimeoutMillis).toBe(600_000);
    for (const m of ['commit', 'runQuery', 'runAggregationQuery', 'batchGetDocuments', 'beginTransaction']) {
      expect(after[m].timeout).toBe(3_000);
      expect(after[m].retry.backoffSettings.totalTimeoutMillis).toBe(3_000);
      expect(after[m].retry.backoffSettings.maxRpcTimeoutMillis).toBe(3_000);
      expect(after[m].retry.retryCodes).toEqual(before[m].retry.retryCodes);
    }
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
