/**
 * The scheduled projects job: its body run directly against the Firestore
 * emulator with a given clock, and the deployed function itself fired through
 * the Functions emulator's trigger (scripts/schedule.ts, as npm start does);
 * the other scheduled functions (email sweep, reminders) through theirs.
 */
import { describe, expect, it } from 'vitest';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { runProjectSchedule } from '../../functions/src/features/projects/launchCountdown.js';
import { fireProjectSchedule, fireScheduled, triggerKeyFrom } from '../../scripts/schedule.js';
import { db } from '../helpers.js';
import { DAY_MS } from '@studio/domain';

const NOW = new Date('2031-06-15T12:00:00Z'); // far from the seed's dates

async function project(fields: Record<string, unknown>): Promise<{ projectId: string; leadId: string }> {
  const lead = db.collection('leads').doc();
  await lead.set({
    name: 'Sched',
    email: 's@example.com',
    status: 'Launch',
    notes: '',
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
  const p = db.collection('projects').doc();
  await p.set({
    leadId: lead.id,
    name: 'Sched project',
    status: 'Launch',
    maintenanceSubscriptionPaid: false,
    createdAt: Timestamp.fromMillis(NOW.getTime() - 60 * DAY_MS),
    ...fields,
  });
  return { projectId: p.id, leadId: lead.id };
}

const get = async (c: string, id: string) => (await db.collection(c).doc(id).get()).data()!;
const mine = (ids: string[]) => (r: { moved: Array<{ projectId: string }> }) =>
  r.moved.filter((m) => ids.includes(m.projectId));

describe('runProjectSchedule', () => {
  it('ends countdowns: Maintenance when paid, otherwise Won with the lead Complete; not before 7 days', async () => {
    const paid = await project({
      launchDate: Timestamp.fromMillis(NOW.getTime() - 7 * DAY_MS),
      maintenanceSubscriptionPaid: true,
    });
    const unpaid = await project({ launchDate: Timestamp.fromMillis(NOW.getTime() - 8 * DAY_MS) });
    const early = await project({ launchDate: Timestamp.fromMillis(NOW.getTime() - 7 * DAY_MS + 60_000) });
    const result = await runProjectSchedule({ db }, NOW);
    expect(mine([paid.projectId, unpaid.projectId, early.projectId])(result)).toHaveLength(2);
    expect((await get('projects', paid.projectId)).status).toBe('Maintenance');
    expect((await get('leads', paid.leadId)).status).toBe('Complete');
    expect((await get('projects', unpaid.projectId)).status).toBe('Won');
    expect((await get('leads', unpaid.leadId)).status).toBe('Complete');
    expect((await get('projects', early.projectId)).status).toBe('Launch');
  });

  it('expires a set-up with no deposit after 30 days', async () => {
    const stale = await project({ status: 'Set up', createdAt: Timestamp.fromMillis(NOW.getTime() - 30 * DAY_MS) });
    const paid = await project({
      status: 'Set up',
      createdAt: Timestamp.fromMillis(NOW.getTime() - 40 * DAY_MS),
      depositPaidAt: Timestamp.now(),
    });
    const fresh = await project({ status: 'Set up', createdAt: Timestamp.fromMillis(NOW.getTime() - 29 * DAY_MS) });
    await runProjectSchedule({ db }, NOW);
    expect((await get('projects', stale.projectId)).status).toBe('Canceled');
    expect((await get('leads', stale.leadId)).status).toBe('Lost');
    // The dead reason of spec §3 for an unpaid deposit past its terms, as a field and a note line.
    expect((await get('leads', stale.leadId)).deadReason).toBe('Invoice Expired - Non Payment beyond Invoice Terms');
    expect((await get('leads', stale.leadId)).notes).toMatch(
      /Dead Reason: Invoice Expired - Non Payment beyond Invoice Terms - /,
    );
    expect((await get('projects', paid.projectId)).status).toBe('Set up');
    expect((await get('projects', fresh.projectId)).status).toBe('Set up');
  });

  it('has one effect when run twice in sequence, or twice at once, with the same clock', async () => {
    const a = await project({ launchDate: Timestamp.fromMillis(NOW.getTime() - 9 * DAY_MS) });
    const first = mine([a.projectId])(await runProjectSchedule({ db }, NOW));
    const second = mine([a.projectId])(await runProjectSchedule({ db }, NOW));
    expect([first.length, second.length]).toEqual([1, 0]);

    const b = await project({ launchDate: Timestamp.fromMillis(NOW.getTime() - 9 * DAY_MS) });
    const both = await Promise.all([runProjectSchedule({ db }, NOW), runProjectSchedule({ db }, NOW)]);
    expect(both.map(mine([b.projectId])).flat()).toHaveLength(1);
    expect((await get('projects', b.projectId)).status).toBe('Won');
    const moves = (await db.collection('lead_activity').where('leadId', '==', b.leadId).get()).docs.filter(
      (d) => d.get('by') === 'system' && d.get('type') === 'status_changed',
    );
    // One lead move (Launch → Complete) plus one scheduler note, once.
    expect(moves).toHaveLength(2);
  });
});

describe('projectSchedule on the Functions emulator', () => {
  it('runs the real function with the clock it is given, through the trigger npm start fires every minute', async () => {
    const due = await project({
      launchDate: Timestamp.fromMillis(Date.now() - 8 * DAY_MS),
      maintenanceSubscriptionPaid: true,
      createdAt: Timestamp.fromMillis(Date.now() - 20 * DAY_MS),
    });
    const notYet = await project({
      launchDate: Timestamp.fromMillis(Date.now() - 6 * DAY_MS),
      createdAt: Timestamp.fromMillis(Date.now() - 20 * DAY_MS),
    });
    await fireProjectSchedule(new Date());
    expect((await get('projects', due.projectId)).status).toBe('Maintenance');
    expect((await get('leads', due.leadId)).status).toBe('Complete');
    expect((await get('projects', notYet.projectId)).status).toBe('Launch');
    // With the clock given (npm run schedule -- --at ...): a countdown that ends by then.
    const later = await project({ launchDate: Timestamp.fromMillis(NOW.getTime() - 8 * DAY_MS) });
    await fireProjectSchedule(NOW);
    expect((await get('projects', later.projectId)).status).toBe('Won');
  });

  it('finds the trigger key the emulator lists after a reload', () => {
    expect(
      triggerKeyFrom(
        'Function us-central1-projectSchedule-0 does not exist, valid functions are: us-central1-api, us-central1-projectSchedule-1, us-central1-projectSchedule-2, us-central1-syncLeadBoard-2',
      ),
    ).toBe('us-central1-projectSchedule-2');
    expect(triggerKeyFrom('Function x does not exist, valid functions are: us-central1-api')).toBeNull();
    expect(
      triggerKeyFrom(
        'valid functions are: us-central1-projectSchedule-3, us-central1-sweepOutbox-2, us-central1-sweepOutbox-3',
        'sweepOutbox',
      ),
    ).toBe('us-central1-sweepOutbox-3');
  });

  it('fires the email sweep and the reminders too: a send stuck past its lease goes out', async () => {
    const stuck = db.collection('outbox').doc();
    await stuck.create({
      to: 'stuck.sweep@example.com',
      templateId: 'contact-confirmation',
      variables: { name: 'Ada', projectType: 'Web Project', subject: 'Site', message: 'Hello' },
      leadId: null,
      status: 'PROCESSING',
      attempts: 1,
      lastError: null,
      leaseUntil: Timestamp.fromMillis(Date.now() - 60_000),
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    await fireScheduled('sweepOutbox');
    // Only the sweep takes back an entry stuck in PROCESSING. Its creation also fired sendOutboxEmail,
    // which skips it while PROCESSING but, if it runs late, may claim and send it once the sweep has
    // made it PENDING again: the sweep's own attempt then finds it claimed. So wait for the send,
    // whichever of the two makes it (the claim is a transaction: one attempt either way).
    await expect
      .poll(() => get('outbox', stuck.id), { timeout: 20_000, interval: 250 })
      .toMatchObject({ status: 'SUCCESS', attempts: 2, deliveredVia: 'email_log' });
    await fireScheduled('dailyReminders'); // resolves only when the function answered 200
  });
});
