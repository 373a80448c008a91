/**
 * The launch countdown on the emulator (spec §4 "Launch: after 7 days it
 * moves automatically to Maintenance if the maintenance subscription is paid,
 * otherwise to Won"): the real `projectSchedule` function, fired through the
 * Functions emulator's trigger by scripts/schedule.ts (as `npm start` does
 * every minute), moves projects launched 8 days ago off the Launch column of
 * an open projects board, without a reload.
 *
 * The clock is now: a project is only moved when it is really due, so the
 * other tests' projects are untouched.
 */
import { expect, test, type Page } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { projectDoc, storeLead } from '../fixtures.js';
import { fireProjectSchedule } from '../../scripts/fireScheduled.js';
import { loginAsAdmin } from './support/admin.js';
import { DAY_MS } from '@studio/domain';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

/** A lead and its project in Launch, launched `daysAgo` days ago. */
async function launchedProject(
  name: string,
  maintenanceSubscriptionPaid: boolean,
  daysAgo: number,
): Promise<{ leadId: string; projectId: string }> {
  const leadId = await storeLead(db, { name: `${name} client`, email: 'countdown@example.com', status: 'Launch' });
  const ref = db.collection('projects').doc();
  const at = Timestamp.fromMillis(Date.now() - 30 * DAY_MS);
  await ref.set(
    projectDoc({
      leadId,
      name,
      client: `${name} client`,
      status: 'Launch',
      deploymentUrl: 'https://beta.countdown.example',
      launchDate: Timestamp.fromMillis(Date.now() - daysAgo * DAY_MS),
      handoffType: 'files',
      maintenanceSubscriptionPaid,
      createdAt: at,
      updatedAt: at,
    }),
  );
  return { leadId, projectId: ref.id };
}

const launchColumn = (page: Page) => page.getByTestId('project-column-Launch');

test('projects launched 8 days ago leave Launch when the scheduled function fires: Maintenance when paid, else Completed (Won)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const run = Date.now();
  const paid = `Countdown Paid ${run}`;
  const unpaid = `Countdown Unpaid ${run}`;
  const running = `Countdown Running ${run}`;
  const a = await launchedProject(paid, true, 8);
  const b = await launchedProject(unpaid, false, 8);
  const c = await launchedProject(running, false, 6);

  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Projects' }).click();
  for (const name of [paid, unpaid, running])
    await expect(launchColumn(page).getByText(name, { exact: true })).toBeVisible();

  await fireProjectSchedule(new Date());

  // The open board follows the live listener: no reload.
  await expect(launchColumn(page).getByText(paid, { exact: true })).toHaveCount(0);
  await expect(launchColumn(page).getByText(unpaid, { exact: true })).toHaveCount(0);
  await expect(launchColumn(page).getByText(running, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'View List: Maintenance' }).click();
  let list = page.getByRole('dialog', { name: 'Maintenance projects' });
  await expect(list.getByText(paid, { exact: true })).toBeVisible();
  await expect(list.getByText(unpaid, { exact: true })).toHaveCount(0);
  await list.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'View List: Completed' }).click();
  list = page.getByRole('dialog', { name: 'Completed projects' });
  await expect(list.getByText(unpaid, { exact: true })).toBeVisible();
  await expect(list.getByText(paid, { exact: true })).toHaveCount(0);

  const status = async (collection: string, id: string) =>
    (await db.collection(collection).doc(id).get()).get('status');
  expect([
    await status('projects', a.projectId),
    await status('projects', b.projectId),
    await status('projects', c.projectId),
  ]).toEqual(['Maintenance', 'Won', 'Launch']);
  expect([await status('leads', a.leadId), await status('leads', b.leadId), await status('leads', c.leadId)]).toEqual([
    'Complete',
    'Complete',
    'Launch',
  ]);
});

test('the scheduled function refuses a project that is not a demo- project', async () => {
  const previous = process.env.GCLOUD_PROJECT;
  process.env.GCLOUD_PROJECT = 'studio-prod';
  try {
    await expect(fireProjectSchedule(new Date())).rejects.toThrow(
      'Refusing to fire projectSchedule on project "studio-prod"',
    );
  } finally {
    if (previous === undefined) delete process.env.GCLOUD_PROJECT;
    else process.env.GCLOUD_PROJECT = previous;
  }
});
