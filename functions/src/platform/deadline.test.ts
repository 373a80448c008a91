/**
 * What guardWrites relies on in firebase-admin/firestore: WriteBatch#commit
 * and the SDK's (untyped) Transaction#commit on the prototypes, and
 * Firestore#runTransaction. If an upgrade renames or moves them, these fail
 * instead of the request deadline silently letting writes start late.
 */
import { describe, expect, it } from 'vitest';
import type { Response } from 'express';
import { Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { DeadlineExceeded, guardWrites, requestDeadline } from './deadline.js';

/** Runs `body` inside a request scope whose deadline has already passed. */
function afterDeadline(body: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const res = { headersSent: true, on: () => undefined } as unknown as Response;
    requestDeadline(0, () => undefined)({} as never, res, () => {
      setTimeout(() => {
        try {
          body();
          resolve();
        } catch (e) {
          reject(e);
        }
      }, 5);
    });
  });
}

describe('the SDK methods guardWrites patches', () => {
  it('exist where the guard looks for them', () => {
    expect(typeof WriteBatch.prototype.commit).toBe('function');
    expect(typeof (Transaction.prototype as unknown as { commit?: unknown }).commit, 'Transaction#commit is gone').toBe(
      'function',
    );
    expect(typeof Firestore.prototype.runTransaction).toBe('function');
  });

  it('once patched, refuse to start a commit or a transaction after the deadline', async () => {
    const db = new Firestore({ projectId: 'demo-deadline-test' });
    guardWrites(db);
    await afterDeadline(() => {
      expect(() => WriteBatch.prototype.commit.call(db.batch())).toThrow(DeadlineExceeded);
      expect(() => (Transaction.prototype as unknown as { commit(): unknown }).commit.call({})).toThrow(
        DeadlineExceeded,
      );
      expect(() => db.runTransaction(async () => undefined)).toThrow(DeadlineExceeded);
    });
  });
});
