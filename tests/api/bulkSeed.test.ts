/**
 * scripts/bulk-seed.ts against the running stack: a bulk seed writes its leads with the Functions emulator's
 * triggers paused and then writes what they would have (each accepted lead's numbered deposit request, the
 * board), and the triggers run again afterwards. The seed itself runs on a project of its own, where no
 * trigger listens (singleProjectMode), so its leads, requests and emails never meet the other tests.
 * Also: the stack started by `npm test` keeps no debug log in the working tree (scripts/emulator-logs.mjs).
 */
import { describe, expect, it } from 'vitest';
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, LEAD_BOARD_COLLECTION, newLeadRecord, requestId } from '@studio/domain';
import { seedSyntheticLeads, statusFor, withBackgroundTriggersPaused } from '../../scripts/bulk-seed.js';
import { ROOT } from '../../scripts/emulators.mjs';
import { LOG_CAP_BYTES, LOG_ROOT, allocated } from '../../scripts/emulator-logs.mjs';
import { db, eventually } from '../helpers.js';

/** True when some lead_board document of `store` names `leadId` (whatever the shards' layout). */
async function onBoard(store: typeof db, leadId: string): Promise<boolean> {
  const docs = await store.collection(LEAD_BOARD_COLLECTION).get();
  return docs.docs.some((d) => JSON.stringify(d.data()).includes(leadId));
}

describe('bulk seed', () => {
  it('writes the leads, their payment requests and the board once', async () => {
    const store = getFirestore(initializeApp({ projectId: 'demo-studio-bulk' }, 'bulk-seed-test'));
    const n = 40;
    const r = await seedSyntheticLeads(store, n);
    expect(r.written).toBe(n);
    expect(r.boardCards).toBe(n);
    const accepted = Array.from({ length: n }, (_, i) => i).filter((i) =>
      ['Set Up', 'Production', 'Launch', 'Complete'].includes(statusFor(i, n)),
    );
    expect(r.paymentRequestsIssued).toBe(accepted.length);
    for (const i of accepted) {
      const id = `bench-${String(i + 1).padStart(4, '0')}`;
      const request = await store.collection(COLLECTIONS.paymentRequests).doc(requestId(id, 'deposit')).get();
      expect(request.get('status')).toBe('open');
      expect(request.get('number')).toMatch(/\d/);
      expect(await onBoard(store, id)).toBe(true);
    }
    // Seeding the same size again writes nothing and issues nothing.
    const again = await seedSyntheticLeads(store, n);
    expect(again.written).toBe(0);
    expect(again.paymentRequestsIssued).toBe(0);
  });

  it('turns the triggers on again afterwards, also when the work throws', async () => {
    await expect(
      withBackgroundTriggersPaused(async () => {
        throw new Error('seed failed');
      }),
    ).rejects.toThrow('seed failed');
    const id = `bulk-seed-trigger-${Date.now()}`;
    await db
      .collection(COLLECTIONS.leads)
      .doc(id)
      .set({
        ...newLeadRecord({
          name: 'Trigger Check',
          email: 'trigger-check@example.com',
          projectType: 'Web Project',
          subject: 'After a bulk seed',
          message: 'The board trigger runs again.',
        }),
        createdAt: Timestamp.now(),
        updatedAt: Timestamp.now(),
      });
    await eventually(() => onBoard(db, id), 'the syncLeadBoard trigger to put the lead on the board');
    await db.collection(COLLECTIONS.leads).doc(id).delete();
    await eventually(async () => !(await onBoard(db, id)), 'the trigger to take the deleted lead off the board');
  });

  it('leaves no emulator debug log in the working tree', () => {
    const logs = readdirSync(ROOT).filter((f) => f.endsWith('.log'));
    expect(logs).toEqual([]);
    // npm test runs the CLI in the suite's log folder: there the logs lead to /dev/null, or (--verbose) stay capped.
    const file = join(LOG_ROOT, 'api', 'firestore-debug.log');
    expect(lstatSync(file).isSymbolicLink() || allocated(file) <= LOG_CAP_BYTES).toBe(true);
  });
});
