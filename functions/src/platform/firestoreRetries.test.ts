/**
 * What capFirestoreRetries relies on inside @google-cloud/firestore: if an
 * upgrade moves the default config or stops reading commit retries from it,
 * these fail (and the cap would otherwise silently stop applying).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { capFirestoreRetries, firestoreSdkRequire, lostToContention } from './firestoreRetries.js';

const sdk = firestoreSdkRequire();
const gax = sdk('google-gax');
const fresh = () => JSON.parse(readFileSync(sdk.resolve('./v1/firestore_client_config.json'), 'utf8'));
const settings = (config: object) => gax.constructSettings('google.firestore.v1.Firestore', config, {}, gax.Status);

describe('the SDK internals capFirestoreRetries edits', () => {
  it('ships the default client config with the service, its retry params and methods', () => {
    const service = fresh().interfaces['google.firestore.v1.Firestore'];
    expect(service, 'v1/firestore_client_config.json no longer names the Firestore service').toBeDefined();
    expect(Object.keys(service.retry_params).length).toBeGreaterThan(0);
    expect(Object.keys(service.methods)).toEqual(
      expect.arrayContaining(['Commit', 'RunQuery', 'BatchGetDocuments', 'BeginTransaction']),
    );
  });

  it('reads commit retries from that shared config (util.getRetryParams), built once on first use', () => {
    const util = sdk('./util.js');
    expect(typeof util.getRetryParams, 'util.getRetryParams is gone: commits read their retries elsewhere').toBe(
      'function',
    );
    // The cap must edit the very object util.js loads, before the first call builds its settings from it
    // (platform/firebase.test.ts checks the cap took effect end to end).
    const source = readFileSync(sdk.resolve('./util.js'), 'utf8');
    expect(source, 'util.js no longer loads ./v1/firestore_client_config.json').toMatch(
      /require\(["']\.\/v1\/firestore_client_config\.json["']\)/,
    );
  });
});

describe('capFirestoreRetries', () => {
  it('caps every call and its retries at the budget, keeping the retry codes', () => {
    const before = settings(fresh());
    const after = settings(capFirestoreRetries(3_000, fresh()));
    expect(before.commit.retry.backoffSettings.totalTimeoutMillis).toBe(600_000);
    for (const m of [
      'commit',
      'runQuery',
      'runAggregationQuery',
      'batchGetDocuments',
      'beginTransaction',
      'getDocument',
    ]) {
      expect(after[m].timeout).toBe(3_000);
      expect(after[m].retry.backoffSettings.totalTimeoutMillis).toBe(3_000);
      expect(after[m].retry.backoffSettings.maxRpcTimeoutMillis).toBe(3_000);
      expect(after[m].retry.retryCodes).toEqual(before[m].retry.retryCodes);
    }
  });
});

describe('lostToContention', () => {
  it('is true for ABORTED and the emulator\'s "Transaction is invalid or closed", false for other errors', () => {
    expect(lostToContention({ code: 10, message: '10 ABORTED: Transaction lock timeout.' })).toBe(true);
    expect(lostToContention(new Error('3 INVALID_ARGUMENT: Transaction is invalid or closed.'))).toBe(true);
    expect(lostToContention({ code: 3, message: '3 INVALID_ARGUMENT: Value for argument "data" is not valid' })).toBe(
      false,
    );
    expect(lostToContention({ code: 6, message: '6 ALREADY_EXISTS: Document already exists' })).toBe(false);
    expect(lostToContention(null)).toBe(false);
  });
});
