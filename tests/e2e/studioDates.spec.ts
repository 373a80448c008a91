/**
 * Dates on the studio's clock, whatever the browser's: with the studio in
 * London and the browser in Los Angeles, a deposit paid at 03:29 UTC on
 * Dec 2, 2026 (Dec 2 in London, 7:29 PM on Dec 1 in Los Angeles) shows as
 * Dec 2 on Invoicing's "Deposit paid" chip, in the lead details' activity,
 * on My Project and in the portal, as the receipt and the emails write it.
 * The studio's zone is written in its settings for the test and put back
 * after it.
 */
import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { expect, test } from './support/test.js';
import { cardIn, loginAsAdmin } from './support/admin.js';
import { signInToPortal } from './support/portal.js';
import { projectDoc, storeLead } from '../fixtures.js';
import { payNextInTestMode } from '../testModePayments.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

const BROWSER_ZONE = 'America/Los_Angeles';
test.use({ timezoneId: BROWSER_ZONE });

/** 03:29 on Dec 2, 2026 in London (UTC+0 in winter); 7:29 PM on Dec 1 in Los Angeles. */
const AT = new Date('2026-12-02T03:29:00Z');

test("the studio's day, not the browser's: Invoicing, the lead's activity, My Project and the portal", async ({
  page,
}) => {
  // Seeding, a test-mode payment and four pages (two with live listeners): more than the default minute on a
  // busy two-core host.
  test.setTimeout(180_000);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
  // The browser's own clock would say Dec 1: the day this test tells apart.
  expect(AT.toLocaleDateString('en-US', { timeZone: BROWSER_ZONE, day: 'numeric' })).toBe('1');
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': `10.${Math.floor(Math.random() * 250) + 1}.77.1` });

  const studio = db.collection('settings').doc('studio');
  const before = await studio.get();
  const tag = randomUUID().slice(0, 8);
  const name = `Clock Client ${tag}`;
  const email = `e2e.clock.${tag}@example.com`;
  try {
    await studio.set({ ...(before.data() ?? {}), timeZone: 'Europe/London' });
    const at = Timestamp.fromDate(AT);
    const leadId = await storeLead(db, { name, email, subject: `Clock site ${tag}`, createdAt: at });
    await db
      .collection('projects')
      .doc()
      .set(projectDoc({ leadId, name: `Clock project ${tag}`, client: name, createdAt: at }));
    await db.collection('lead_activity').add({
      leadId,
      type: 'note_added',
      from: null,
      to: null,
      detail: null,
      by: 'clock-test',
      at,
    });
    // The deposit, paid as the client's Pay Now does; then dated AT, as if paid then.
    await payNextInTestMode(leadId);
    const deposit = db.collection('payment_requests').doc(`${leadId}_deposit`);
    await expect.poll(async () => (await deposit.get()).get('status')).toBe('paid');
    await db.collection('leads').doc(leadId).update({ depositPaidAt: at });
    await deposit.update({ paidAt: at });

    // Invoicing: the deposit's day on the studio's clock.
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAsAdmin(page);
    await page.goto('/admin/invoicing');
    const card = page.getByRole('article', { name: `Invoicing ${name}` });
    const more = page.getByRole('button', { name: /^Show \d+ more / });
    await expect(card.or(more).first()).toBeVisible();
    while ((await card.count()) === 0 && (await more.count()) > 0) await more.click();
    await expect(card.getByTestId('payment-markers')).toContainText('Deposit paid Dec 2, 2026');

    // The lead's details: the activity's time on the studio's clock (3:29 AM, not 7:29 PM the day before).
    await page.goto('/admin/dashboard');
    await (await cardIn(page, 'Set Up', name)).click();
    const detail = page.getByRole('dialog', { name });
    const history = detail.getByRole('list', { name: 'History' });
    await expect(history.getByRole('listitem').filter({ hasText: 'clock-test' })).toContainText(
      /Dec 2, 2026, 3:29\sAM · clock-test/,
    );
    await expect(detail.getByTestId('lead-account')).toContainText('Deposit paid Dec 2, 2026');
    await detail.getByRole('button', { name: 'Close' }).click();

    // My Project: the request's and the project's day, as the PDFs write it.
    await page.goto('/my-project');
    const form = page.getByRole('form', { name: 'Access your project' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Open' }).click();
    const details = page.getByRole('region', { name: 'Project Details' });
    const fact = (label: string) => details.locator(`dt:text-is("${label}") + dd`);
    await expect(fact('Requested on')).toHaveText('December 2, 2026');
    await expect(fact('Project started')).toHaveText('December 2, 2026');

    // The portal: the project's start and the deposit's payment.
    await signInToPortal(page, email);
    await expect(page.getByTestId('portal-project').filter({ hasText: `Clock project ${tag}` })).toContainText(
      'started on December 2, 2026',
    );
    await expect(page.getByTestId('portal-invoice').filter({ hasText: 'Paid on' })).toContainText(
      'Paid on December 2, 2026',
    );
  } finally {
    // The studio's settings as they were: later tests keep their clock.
    if (before.exists) await studio.set(before.data() ?? {});
    else await studio.delete();
  }
});
