/**
 * The studio's time zone (settings `timeZone`): the hourly `dailyReminders`
 * (features/reminders/reminders.ts runDailyReminders), run directly against the emulators
 * with a fake clock, sends a due reminder only in the hour that is 09:00 on
 * the studio's clock: with America/Los_Angeles, at 17:00 UTC in January
 * (PST) and 16:00 UTC in July (PDT), and not at 09:00 UTC. The email's
 * dates are the days on that clock: a link sent at 03:00 UTC reads as sent the
 * evening before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { runDailyReminders } from '../../functions/src/features/reminders/reminders.js';
import { adminIdToken, api, db, settingsVersion } from '../helpers.js';
import { storeLead } from '../fixtures.js';
import { DAY_MS } from '@studio/domain';

const TAG = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let token: string;
let savedStudio: FirebaseFirestore.DocumentData | undefined;
let savedAutomations: FirebaseFirestore.DocumentData | undefined;

/** A quoted lead whose quote link was sent at `sentAt`: its follow-up (7 days) is due 7 days later. */
async function quotedLead(tag: string, sentAt: Date): Promise<string> {
  const leadId = await storeLead(db, {
    status: 'Quoted',
    quoteAccepted: false,
    quoteReviewStatus: 'Approved',
    name: `Zone ${tag} ${TAG}`,
    email: `tz.${tag}.${TAG}@example.com`,
  });
  await db
    .collection('quote_links')
    .doc(`tz-test-${leadId}`)
    .set({
      leadId,
      quoteVersion: 1,
      createdAt: Timestamp.fromDate(sentAt),
      expiresAt: Timestamp.fromDate(new Date(sentAt.getTime() + 30 * DAY_MS)),
      usedAt: null,
      revokedAt: null,
      createdBy: 'test',
    });
  return leadId;
}

const followUps = async (leadId: string) =>
  (await db.collection('outbox').where('leadId', '==', leadId).get()).docs.filter(
    (d) => d.get('templateId') === 'reminder-quote',
  ).length;

beforeAll(async () => {
  token = await adminIdToken();
  savedStudio = (await db.collection('settings').doc('studio').get()).data();
  savedAutomations = (await db.collection('settings').doc('automations').get()).data();
  const automations = {
    quoteFollowUp: { enabled: true, days: 7 },
    quoteExpiry: { enabled: false, days: 5 },
    depositUnpaid: { enabled: false, days: 3 },
    invoiceDueSoon: { enabled: false, days: 3 },
    invoiceOverdue: { enabled: false, days: [1, 7, 14] },
  };
  const saved = await api('PUT', '/api/settings/automations', {
    token,
    body: { ...automations, version: await settingsVersion('automations', token) },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  for (const [doc, data] of [
    ['studio', savedStudio],
    ['automations', savedAutomations],
  ] as const) {
    if (data) await db.collection('settings').doc(doc).set(data);
    else await db.collection('settings').doc(doc).delete();
  }
});

describe('the studio time zone', () => {
  it('is saved as its canonical IANA name; a name that is not one is refused naming the field', async () => {
    const current = (await api('GET', '/api/settings/studio', { token })).json as {
      settings: Record<string, unknown>;
      version: number;
    };
    const bad = await api('PUT', '/api/settings/studio', {
      token,
      body: { ...current.settings, timeZone: 'Mars/Olympus_Mons', version: current.version },
    });
    expect(bad.status).toBe(400);
    expect((bad.json as { fields: Record<string, string> }).fields.timeZone).toMatch(/time zone/);
    const ok = await api('PUT', '/api/settings/studio', {
      token,
      body: { ...current.settings, timeZone: 'america/los_angeles', version: current.version },
    });
    expect(ok.status).toBe(200);
    const reread = (await api('GET', '/api/settings/studio', { token })).json as { settings: { timeZone: string } };
    expect(reread.settings.timeZone).toBe('America/Los_Angeles');
  });

  it('sends the morning reminder at 09:00 Pacific, standard and daylight time, not at 09:00 UTC', async () => {
    for (const [season, sentAt, pacificNine] of [
      ['winter', new Date('2034-01-03T08:00:00Z'), '2034-01-10T17:00:00Z'],
      ['summer', new Date('2034-07-03T08:00:00Z'), '2034-07-10T16:00:00Z'],
    ] as const) {
      const leadId = await quotedLead(season, sentAt);
      const nine = new Date(pacificNine);
      const utcNine = new Date(`${pacificNine.slice(0, 10)}T09:00:00Z`);
      expect(await runDailyReminders({ db }, utcNine), season).toEqual({ ran: false, timeZone: 'America/Los_Angeles' });
      expect(await runDailyReminders({ db }, new Date(nine.getTime() - 3_600_000))).toMatchObject({ ran: false });
      expect(await followUps(leadId), season).toBe(0);
      expect(await runDailyReminders({ db }, nine), season).toMatchObject({
        ran: true,
        timeZone: 'America/Los_Angeles',
      });
      expect(await followUps(leadId), season).toBe(1);
    }
  });

  it("writes the reminder's dates as days on the studio's clock, not UTC's", async () => {
    // 03:00 UTC on February 3 is 19:00 on February 2 in Los Angeles; the link expires 30 days later.
    const leadId = await quotedLead('dates', new Date('2034-02-03T03:00:00Z'));
    expect(await runDailyReminders({ db }, new Date('2034-02-10T17:00:00Z'))).toMatchObject({ ran: true });
    const sent = (await db.collection('outbox').where('leadId', '==', leadId).get()).docs.find(
      (d) => d.get('templateId') === 'reminder-quote',
    );
    expect(sent?.get('variables')).toMatchObject({ sentDate: 'February 2, 2034', expiryDate: 'March 4, 2034' });
  });
});
