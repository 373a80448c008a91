/**
 * Settings › Automations on a phone (390 px), with the keyboard: the overdue
 * reminder's repeats (every N days, at most M times) are labelled fields with
 * help text; a value out of range is refused on its field, nothing saved; a
 * good one is saved and stored. The tab passes the WCAG A/AA checks and is no
 * wider than the screen. The automations document is written back afterwards.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { expect, test, type Locator, type Page } from './support/test.js';
import { loginAsAdmin } from './support/admin.js';
import { wcagViolations } from './support/axe.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));
const automations = db.collection('settings').doc('automations');
const RUN = Math.floor(Math.random() * 250) + 1;

/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the overdue repeats: labelled, explained, checked on the field, saved; keyboard only at 390 px', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': `10.${RUN}.231.${Math.floor(Math.random() * 250) + 1}` });
  const before = (await automations.get()).data();
  try {
    await loginAsAdmin(page);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    // The Automations tab, from the tab list with the arrow keys.
    await page.getByRole('tab', { name: 'Studio' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Automations' })).toBeFocused();
    await page.keyboard.press('Enter');
    const every = page.getByRole('textbox', { name: 'Repeat every (days)' });
    const max = page.getByRole('textbox', { name: 'Repeat at most (times)' });
    await expect(page.getByRole('group', { name: /After the last overdue reminder/ })).toBeVisible();
    await expect(every).toHaveAccessibleDescription('Days after the last reminder, 1 to 90');
    await expect(max).toHaveAccessibleDescription('0 to 12; 0 sends none after the last day');

    // Out of range: the field says why, nothing is saved.
    const version = (await automations.get()).get('version') ?? 0;
    await tabTo(page, every);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('0');
    await page.keyboard.press('Tab');
    await expect(max).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('13');
    await page.keyboard.press('Enter');
    await expect(every).toHaveAccessibleDescription('At least 1 day');
    await expect(every).toHaveAttribute('aria-invalid', 'true');
    await expect(max).toHaveAccessibleDescription('At most 12 repeats');
    expect((await automations.get()).get('version') ?? 0).toBe(version);

    // Fixed: saved, and stored as numbers.
    await tabTo(page, every);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('10');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Automations saved')).toBeVisible();
    await expect
      .poll(async () => (await automations.get()).get('invoiceOverdue'))
      .toMatchObject({ repeatEveryDays: 10, maxRepeats: 2 });

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await wcagViolations(page, '[role="tabpanel"]')).toEqual([]);
  } finally {
    if (before) await automations.set(before);
    else await automations.delete();
  }
});
