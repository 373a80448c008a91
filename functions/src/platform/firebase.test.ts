import { describe, expect, it, vi } from 'vitest';

vi.mock('firebase-admin/app', () => ({ getApps: () => [{}], getApp: () => ({}), initializeApp: vi.fn() }));
vi.mock('firebase-admin/auth', () => ({ getAuth: () => ({}) }));
vi.mock('firebase-admin/firestore', () => ({ initializeFirestore: () => ({}) }));
vi.mock('./deadline.js', () => ({ guardWrites: vi.fn() }));

const { FIRESTORE_TIMEOUT_MS } = await import('./firebase.js');
const { assertNoEmulatorVarsInProduction: guard } = await import('./startupGuard.js');
const { firestoreSdkRequire } = await import('./firestoreRetries.js');

describe('capFirestoreRetries at import', () => {
  it('applies to the config the SDK itself uses, commits included', () => {
    const util = firestoreSdkRequire()('./util.js');
    expect(util.getRetryParams('commit').totalTimeoutMillis).toBe(FIRESTORE_TIMEOUT_MS);
    expect(util.getTotalTimeout('runQuery')).toBe(FIRESTORE_TIMEOUT_MS);
  });
});

describe('assertNoEmulatorVarsInProduction', () => {
  it('refuses emulator variables on a real project outside the emulator', () => {
    expect(() => guard({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', GCLOUD_PROJECT: 'studio-prod' })).toThrow(
      /FIRESTORE_EMULATOR_HOST/,
    );
  });
  it("is not turned off by FUNCTIONS_EMULATOR, which a real project's env file can set", () => {
    expect(() =>
      guard({ FIRESTORE_EMULATOR_HOST: 'x', FUNCTIONS_EMULATOR: 'true', GCLOUD_PROJECT: 'studio-prod' }),
    ).toThrow(/FIRESTORE_EMULATOR_HOST/);
  });
  it('allows the emulator suite (its hub variable, which no deploy can set), demo- projects and clean production', () => {
    expect(() =>
      guard({ FIRESTORE_EMULATOR_HOST: 'x', FIREBASE_EMULATOR_HUB: '127.0.0.1:4400', GCLOUD_PROJECT: 'studio-prod' }),
    ).not.toThrow();
    expect(() => guard({ FIREBASE_AUTH_EMULATOR_HOST: 'x', GCLOUD_PROJECT: 'demo-studio' })).not.toThrow();
    expect(() => guard({ GCLOUD_PROJECT: 'studio-prod' })).not.toThrow();
  });
});
