/** The CRM pipeline board (issue 4): add, move (menu and keyboard drag), refused move, dead and revive, notes, details. */
import { expect, test, type Page } from '@playwright/test';
import { addLead, column, loginAsAdmin, menuMove } from './support/admin.js';

const card = (page: Page, name: string) => page.getByTestId('lead-card').filter({ hasText: name });

test('moves a lead through the pipeline, refuses a skipped stage, and marks dead and revives', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await loginAsAdmin(page);
  const name = `Board Lead ${Date.now()}`;
  await addLead(page, name);

  await menuMove(page, name, 'Contacted');
  await expect(column(page, 'Contacted').getByText(name)).toBeVisible();
  await expect(page.getByText('Lead updated successfully')).toBeVisible();

  // Keyboard drag: lift with space, move one column right, drop.
  await card(page, name).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(column(page, 'Quoted').getByText(name)).toBeVisible();
  // The moved card keeps the keyboard focus in its new column.
  await expect(column(page, 'Quoted').getByTestId('lead-card').filter({ hasText: name })).toBeFocused();

  // A skipped stage (Quoted → Production) is refused by the server and reverts.
  await card(page, name).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(page.getByText('Cannot move a lead from Quoted to Production')).toBeVisible();
  // At once: well before an accepted move would give up waiting for its snapshot.
  await expect(column(page, 'Quoted').getByText(name)).toBeVisible({ timeout: 2_000 });

  // Dead: the reason is required before "Mark as Dead".
  await menuMove(page, name, 'Dead…');
  const deadDialog = page.getByRole('dialog', { name: 'Mark Lead as Dead' });
  await expect(deadDialog.getByRole('radio')).toHaveCount(8);
  await expect(deadDialog.getByRole('button', { name: 'Mark as Dead' })).toBeDisabled();
  await deadDialog.getByLabel('No Response').check();
  await deadDialog.getByRole('button', { name: 'Mark as Dead' }).click();
  await expect(card(page, name)).toHaveCount(0);

  await page.getByRole('button', { name: 'View Dead Leads' }).click();
  const deadList = page.getByRole('dialog', { name: 'Dead Leads' });
  await expect(deadList.getByText(name)).toBeVisible();
  await expect(deadList.getByText('Test Lead')).toHaveCount(0); // "Dead Reason: Test Data" is hidden
  await deadList.getByRole('button', { name: `Revive ${name}` }).click();
  await expect(page.getByText('Lead Revived')).toBeVisible();
  await deadList.getByRole('button', { name: 'Close' }).click();
  await expect(column(page, 'New').getByText(name)).toBeVisible();

  // Won: from Launch only. Walk it there through the menu, then drop it on Won.
  for (const s of ['Contacted', 'Quoted', 'Set Up', 'Production', 'Launch']) {
    await menuMove(page, name, s);
    await expect(column(page, s).getByText(name)).toBeVisible();
  }
  await menuMove(page, name, 'Won');
  await expect(page.getByTestId('bucket-won').getByText(name)).toBeVisible();
  // In the Won bucket the menu offers no second "Move to Won"; the Won status (paid in full) is set as a status and stays in the bucket.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Move to Launch' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Move to Won' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Set status: Won' }).click();
  await expect(page.getByText('Lead updated successfully').first()).toBeVisible();
  await expect(page.getByTestId('bucket-won').getByRole('button', { name: `Lead ${name}, Won`, exact: true })).toBeVisible();

  // Details show the badges and the history the server recorded.
  await card(page, name).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByLabel('Status Won')).toBeVisible();
  await expect(detail.getByLabel('Project type Web Project')).toBeVisible();
  await expect(detail.getByText('Moved Launch → Complete')).toBeVisible();
  await expect(detail.getByText('Moved Complete → Won')).toBeVisible();
  await expect(detail.getByText('Marked dead (No Response)')).toBeVisible();
  await expect(detail.getByText('Revived to New')).toBeVisible();
  // Revived, so no longer dead: the dead reason stays in the history, not on the lead.
  await expect(detail.getByText(/^Dead reason:/)).toHaveCount(0);
});

test('notes: required content, newest first, the viewer resets to the newest', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await loginAsAdmin(page);
  const name = `Notes Lead ${Date.now()}`;
  await addLead(page, name);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Notes' }).click();
  const dialog = page.getByRole('dialog', { name: `Notes · ${name}` });
  await expect(dialog.getByText('No notes yet.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog.getByText('Note content is required')).toBeVisible();

  await dialog.getByLabel('New note').fill('First note');
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Note added')).toBeVisible();
  await expect(dialog.getByTestId('current-note')).toContainText('First note');

  await dialog.getByLabel('New note').fill('Second note');
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog.getByText('1 of 2')).toBeVisible();
  await expect(dialog.getByTestId('current-note')).toContainText('Second note');
  await dialog.getByRole('button', { name: 'Older note' }).click();
  await expect(dialog.getByTestId('current-note')).toContainText('First note');
  await dialog.getByLabel('New note').fill('Third note');
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog.getByText('1 of 3')).toBeVisible();
  await expect(dialog.getByTestId('current-note')).toContainText('Third note');
});
