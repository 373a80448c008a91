/**
 * Dashboard extras of the lead pipeline: the collapsible Insights
 * charts (pipeline value by stage, won and lost by reason) and the owner's
 * "needs attention" threshold, both remembered in this browser.
 *
 * Other specs move leads around, so numbers are checked by shape, not value.
 */
import { expect, test } from './support/test.js';
import { loginAsAdmin } from './support/admin.js';

test('the Insights panel opens on demand and charts pipeline value and won/lost by reason', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await loginAsAdmin(page);

  const toggle = page.getByTestId('insights-panel').getByRole('button', { name: /^Insights/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('figure')).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  const pipeline = page.getByRole('figure', { name: 'Pipeline value by stage' });
  await expect(pipeline).toBeVisible();
  await expect(pipeline.getByText(/^\$[\d,]+\.\d{2} quoted across \d+ leads? \(\d+ open\)$/)).toBeVisible();
  await expect(pipeline.locator('svg').first()).toBeVisible();
  // Screen readers get the numbers as a table: one row per board column, dollars with cents.
  const stages = pipeline.getByRole('table', { name: 'Pipeline value by stage' });
  for (const stage of ['New', 'Contacted', 'Quoted', 'Set Up', 'Production', 'Launch']) {
    await expect(stages.getByRole('row', { name: new RegExp(`^${stage} \\$[\\d,]+\\.\\d{2} \\d+$`) })).toHaveCount(1);
  }

  const outcomes = page.getByRole('figure', { name: 'Won and lost by reason' });
  await expect(outcomes).toBeVisible();
  await expect(outcomes.getByText(/^\d+ won · \d+ lost \(test data left out\)$/)).toBeVisible();
  const reasons = outcomes.getByRole('table', { name: 'Won and lost by reason' });
  await expect(reasons.getByRole('row', { name: /^Won \d+$/ })).toHaveCount(1);
  // Seeded: Jack Turner died of No Response; "Test Lead" is test data and stays out.
  await expect(reasons.getByRole('row', { name: /^Lost: No Response \d+$/ })).toHaveCount(1);
  await expect(reasons.getByText(/Test Data/)).toHaveCount(0);

  // The panel stays open across a reload (this browser's preference).
  await page.reload();
  await expect(page.getByRole('figure', { name: 'Pipeline value by stage' })).toBeVisible();
  await page
    .getByTestId('insights-panel')
    .getByRole('button', { name: /^Insights/ })
    .click();
  await expect(page.getByRole('figure')).toHaveCount(0);
});

test('the needs-attention threshold is set from the board, validated, and kept in this browser', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await loginAsAdmin(page);
  const legend = page.getByTestId('attention-legend');
  const flagged = page.getByTestId('lead-card').getByTitle(/needs attention$/);
  await expect(legend).toHaveText(/unchanged for 7 days or more/);

  const settings = page.getByRole('button', { name: 'Change needs-attention days' });
  await settings.click();
  const dialog = page.getByRole('dialog', { name: 'Needs attention' });
  const field = dialog.getByLabel('Needs attention after (days)');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('7');

  await field.fill('0');
  await expect(dialog.getByText('Enter a whole number from 1 to 90')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
  await field.fill('91');
  await expect(dialog.getByText('Enter a whole number from 1 to 90')).toBeVisible();

  // 90 days: no seeded open lead is that old, so nothing is flagged.
  await field.fill('90');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(legend).toHaveText(/unchanged for 90 days or more/);
  await expect(flagged).toHaveCount(0);

  // 1 day: seeded leads from a day ago or more are flagged; Escape closes and returns focus.
  await settings.click();
  await dialog.getByLabel('Needs attention after (days)').fill('1');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(settings).toBeFocused();
  await expect(legend).toHaveText(/unchanged for 1 day or more/);
  await expect(flagged.first()).toBeVisible();

  await page.reload();
  await expect(legend).toHaveText(/unchanged for 1 day or more/);
  await expect(flagged.first()).toBeVisible();

  await settings.click();
  await dialog.getByRole('button', { name: 'Reset to 7' }).click();
  await expect(dialog.getByLabel('Needs attention after (days)')).toHaveValue('7');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(legend).toHaveText(/unchanged for 7 days or more/);
});
