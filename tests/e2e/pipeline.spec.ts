/** The CRM pipeline board: add, move (menu and keyboard drag) to any column, refused move with its reason, every status placed, dead and revive, notes, details. */
import { expect, test, type Page } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { addLead, cardIn, column, loginAsAdmin, menuMove } from './support/admin.js';
import { storeLead, NO_QUOTE } from '../fixtures.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

const card = (page: Page, name: string) => page.getByTestId('lead-card').filter({ hasText: name });

test('moves a lead to any column the spec allows, explains a refused move, and marks dead and revives', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await loginAsAdmin(page);
  const name = `Board Lead ${Date.now()}`;
  await addLead(page, name);

  // Keyboard drag: lift with space, move two columns right (New → Quoted, skipping Contacted), drop.
  await card(page, name).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await cardIn(page, 'Quoted', name);
  await expect(page.getByText('Lead updated successfully')).toBeVisible();
  // The moved card keeps the keyboard focus in its new column.
  await expect(column(page, 'Quoted').getByTestId('lead-card').filter({ hasText: name })).toBeFocused();

  await menuMove(page, name, 'Contacted');
  await cardIn(page, 'Contacted', name);

  // Set Up needs an accepted quote: the server refuses, says why and what to do, and the card goes back.
  await card(page, name).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(
    page.getByText(
      'Cannot move to Set Up: the lead has no quote yet. Add a project plan (in Contacted), then accept its quote (Quote Review).',
    ),
  ).toBeVisible();
  // At once: well before an accepted move would give up waiting for its snapshot.
  await expect(column(page, 'Contacted').getByText(name)).toBeVisible({ timeout: 2_000 });

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
  await cardIn(page, 'New', name);

  // With its quote accepted (as Quote Review's Accept Quote leaves it), any column and Won.
  const leadId = (await db.collection('leads').where('name', '==', name).get()).docs[0]!.id;
  await db
    .collection('leads')
    .doc(leadId)
    .update({ quoteGenerated: true, quoteReviewStatus: 'Approved', quoteAccepted: true });
  for (const s of ['Launch', 'Set Up', 'Production']) {
    await menuMove(page, name, s);
    await cardIn(page, s, name);
  }
  await menuMove(page, name, 'Won');
  await expect(page.getByTestId('bucket-won').getByText(name)).toBeVisible();
  // In the Won bucket the menu offers no second "Move to Won"; the Won status (paid in full) is set as a status and stays in the bucket.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Move to Launch' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Move to Won' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Set status: Won' }).click();
  await expect(page.getByText('Lead updated successfully').first()).toBeVisible();
  await expect(page.getByTestId('bucket-won').getByRole('group', { name: `${name}, Won.` })).toBeVisible();

  // Details show the badges and the history the server recorded: every move.
  await card(page, name).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByLabel('Status Won')).toBeVisible();
  await expect(detail.getByLabel('Project type Web Project')).toBeVisible();
  for (const line of [
    'Moved New → Quoted',
    'Moved Quoted → Contacted',
    'Moved New → Launch',
    'Moved Launch → Set Up',
    'Moved Set Up → Production',
    'Moved Production → Complete',
    'Moved Complete → Won',
  ]) {
    await expect(detail.getByText(line)).toBeVisible();
  }
  await expect(detail.getByText('Marked dead (No Response)')).toBeVisible();
  await expect(detail.getByText('Revived to New')).toBeVisible();
  // Revived, so no longer dead: the dead reason stays in the history, not on the lead.
  await expect(detail.getByText(/^Dead reason:/)).toHaveCount(0);
});

test('two quick moves of one lead reach the server in order, the second expecting where the first left it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await loginAsAdmin(page);
  const name = `Quick Lead ${Date.now()}`;
  await addLead(page, name);
  // The first move's request is held for a moment, as on a slow network or a cold function.
  const sent: Array<{ status: string; expectedStatus: string }> = [];
  let held = false;
  await page.route('**/api/leads/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    sent.push(route.request().postDataJSON() as { status: string; expectedStatus: string });
    if (!held) {
      held = true;
      await new Promise((r) => setTimeout(r, 1_500));
    }
    await route.continue();
  });
  await menuMove(page, name, 'Contacted');
  await cardIn(page, 'Contacted', name); // shown at once, while the server has not answered
  await menuMove(page, name, 'Quoted');
  await cardIn(page, 'Quoted', name);
  // The second request leaves only once the first is answered, expecting the status the first set.
  await expect.poll(() => sent.length).toBe(2);
  expect(sent).toEqual([
    { status: 'Contacted', expectedStatus: 'New' },
    { status: 'Quoted', expectedStatus: 'Contacted' },
  ]);
  const lead = (await db.collection('leads').where('name', '==', name).get()).docs[0]!;
  await expect.poll(async () => (await lead.ref.get()).get('status')).toBe('Quoted');
  await expect(page.getByText('Move refused')).toHaveCount(0);
});

test('details opened while a move is on its way show the move once the server has made it', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await loginAsAdmin(page);
  const name = `History Lead ${Date.now()}`;
  await addLead(page, name);
  // The move's request is held (a slow network or a cold function) until the details are open.
  let release = () => {};
  const released = new Promise<void>((ok) => (release = ok));
  await page.route('**/api/leads/*', async (route) => {
    if (route.request().method() === 'PUT') await released;
    await route.continue();
  });
  await menuMove(page, name, 'Contacted');
  await cardIn(page, 'Contacted', name); // shown at once, while the server has not moved the lead
  await card(page, name).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByText('Lead created')).toBeVisible();
  await expect(detail.getByText('Moved New → Contacted')).toHaveCount(0);
  release();
  await expect(detail.getByText('Moved New → Contacted')).toBeVisible();
});

test('every lead has a place: Deposit and Payment Failed in Set Up, Subscription Expired in Won, each with a badge', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const run = Date.now();
  const names = {
    'Payment Failed': `Failed Pay ${run}`,
    Deposit: `Deposit Due ${run}`,
    'Subscription Expired': `Lapsed Plan ${run}`,
  };
  for (const [status, name] of Object.entries(names))
    await storeLead(db, { name, email: 'places@example.com', status });
  await loginAsAdmin(page);
  for (const status of ['Payment Failed', 'Deposit'] as const) {
    const c = column(page, 'Set Up').getByTestId('lead-card').filter({ hasText: names[status] });
    await expect(c.getByTestId('lead-badge')).toHaveText(status);
  }
  const lapsed = page
    .getByTestId('bucket-won')
    .getByTestId('lead-card')
    .filter({ hasText: names['Subscription Expired'] });
  await expect(lapsed.getByTestId('lead-badge')).toHaveText('Subscription Expired');

  // A drag out of Set Up sets the column's status; the failed payment's badge goes with it.
  await menuMove(page, names['Payment Failed'], 'Production');
  await expect(
    column(page, 'Production')
      .getByTestId('lead-card')
      .filter({ hasText: names['Payment Failed'] })
      .getByTestId('lead-badge'),
  ).toHaveCount(0);
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

test('search finds a lead as you type; a mouse drag offers Won and Dead in a bar at the bottom of the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAsAdmin(page);
  const tag = Date.now().toString(36);
  const name = `Zoë Searchable ${tag}`;
  await storeLead(db, {
    name,
    email: `zoe.${tag}@kiln-works.example`,
    subject: `Pottery shop ${tag}`,
    status: 'New',
    ...NO_QUOTE,
  });
  await cardIn(page, 'New', name);

  // "/" focuses the search (not while typing elsewhere); accents and case are ignored; matches are marked.
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search leads' });
  await expect(search).toBeFocused();
  await page.keyboard.type(`zoe POTTERY ${tag}`);
  await expect(page.getByTestId('lead-card')).toHaveCount(1);
  const found = card(page, name);
  await expect(found.locator('mark').first()).toHaveText('Zoë');
  await expect(page.getByTestId('search-count')).toContainText(/^1 of \d+ leads match$/);
  // The count names the search the board shows (what the bench's search figure waits for).
  await expect(page.getByTestId('search-count')).toHaveAttribute('data-applied-search', `zoe POTTERY ${tag}`);

  // A mouse drag shows the bar; a drop on its Dead target asks for the reason, as a drop on the bucket does.
  const box = (await found.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 40, { steps: 5 });
  const dead = page.getByTestId('bar-dead');
  await expect(dead).toBeVisible();
  const target = (await dead.boundingBox())!;
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByRole('dialog', { name: /Mark Lead as Dead/ })).toBeVisible();
  await expect(dead).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Escape in the search clears it: every lead is back.
  await search.focus();
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('lead-card').nth(1)).toBeVisible();

  // The address finds the lead too: the board's card carries it for the search.
  await search.fill(`${tag}@KILN-works`);
  await expect(page.getByTestId('lead-card')).toHaveCount(1);
  await expect(card(page, name)).toBeVisible();
});
