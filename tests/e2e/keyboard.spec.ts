/**
 * The CRM with the keyboard only, as a screen reader user works it: sign in;
 * move a lead from New to Contacted (space, arrow, space: the move is
 * announced); open its notes from the card's actions and add one; open Quote
 * Review from a card and approve the quote; move a project from Set up to
 * Production; open an invoice dialog and close it, focus returning to its
 * button. Focus order and accessible names are asserted at each step; no
 * mouse is used after the page loads.
 *
 * The test owns its data: a lead in New (Admin SDK), a lead with a quote
 * awaiting review (admin API: plan and quote computed by the server), and a
 * project in Set up for an accepted lead (Admin SDK), under unique names.
 */
import { expect, test, type Locator, type Page } from './support/test.js';
import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { DEV_ADMIN } from '../../scripts/dev-admin.js';
import { projectDoc, storeLead, NO_QUOTE } from '../fixtures.js';
import { column } from './support/admin.js';
import { quotedLead } from './support/adminApi.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

const RUN = Math.floor(Math.random() * 250) + 1;
let ipCounter = 0;
const nextIp = () => `10.${RUN}.203.${(++ipCounter % 250) + 1}`;

/** A project in Set up for an accepted lead (as the quote acceptance leaves it). */
async function projectInSetUp(name: string, client: string): Promise<void> {
  const leadId = await storeLead(db, {
    name: client,
    email: `e2e.keyboard.${randomUUID().slice(0, 8)}@example.com`,
    subject: `Site for ${client}`,
  });
  await db
    .collection('projects')
    .doc()
    .set(projectDoc({ leadId, name, client, priority: 'High', estimatedHours: 30 }));
}

/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The element that has the focus. */
const focused = (page: Page) => page.locator('*:focus');

/** The drag library's live region, which screen readers read as cards move. */
const announcer = (page: Page) => page.locator('[id^="rfd-announcement"]');

test('keyboard only: sign in, move and annotate a lead, approve a quote, move a project, open and close an invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': nextIp() });
  const tag = randomUUID().slice(0, 6);
  const lead = `Ada Keyboard ${tag}`;
  const quoted = `Quote Keyboard ${tag}`;
  const project = `Keyboard Project ${tag}`;
  const client = `Keyboard Client ${tag}`;
  // The quoted lead first: columns list the newest first, so Tab meets the moved lead, then the quoted one.
  await quotedLead(request, quoted, nextIp);
  await storeLead(db, {
    name: lead,
    email: 'ada.keyboard@example.com',
    subject: 'Screen reader friendly site',
    status: 'New',
    ...NO_QUOTE,
  });
  await projectInSetUp(project, client);

  // Sign in: the username field has the focus, then the password, then Login.
  await page.goto('/admin/login');
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
  await page.keyboard.type(DEV_ADMIN.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(DEV_ADMIN.password);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Login' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${DEV_ADMIN.username}` })).toBeVisible();

  // The lead's card: a named group, its drag instructions as description; its actions button comes next.
  const newCard = column(page, 'New').getByRole('group', {
    name: `${lead}, New. Screen reader friendly site. Web Project. 0 days in this stage`,
    exact: true,
  });
  await tabTo(page, newCard);
  await expect(newCard).toHaveAccessibleDescription(/press space bar to lift it/);
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName(`Actions for ${lead}`);
  await page.keyboard.press('Shift+Tab');
  await expect(newCard).toBeFocused();

  // Move it from New to Contacted: lift, one column right, drop. The move is announced and the card keeps the focus.
  await page.keyboard.press('Space');
  await expect(announcer(page)).toHaveText(`Lifted ${lead} from New. Use the arrow keys to choose a column.`);
  await page.keyboard.press('ArrowRight');
  await expect(announcer(page)).toHaveText(`${lead} is over Contacted`);
  await page.keyboard.press('Space');
  await expect(announcer(page)).toHaveText(`Moved ${lead} to Contacted`);
  await expect(page.getByText('Lead updated successfully')).toBeVisible();
  const contactedCard = column(page, 'Contacted').getByRole('group', { name: `${lead}, Contacted.` });
  await expect(contactedCard).toBeFocused();

  // Its notes: Tab to the actions menu, Enter opens it on "Notes"; the dialog takes the focus.
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName(`Actions for ${lead}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Notes' })).toBeFocused();
  await page.keyboard.press('Enter');
  const notes = page.getByRole('dialog', { name: `Notes · ${lead}` });
  await expect(notes).toBeVisible();
  await tabTo(page, notes.getByRole('textbox', { name: 'New note' }), 5);
  await page.keyboard.type('Prefers email; uses a screen reader.');
  await page.keyboard.press('Tab');
  await expect(notes.getByRole('button', { name: 'Add Note' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Note added')).toBeVisible();
  await expect(notes.getByText('Prefers email; uses a screen reader.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(notes).toBeHidden();
  await expect(focused(page)).toHaveAccessibleName(`Actions for ${lead}`);

  // Quote Review from the quoted lead's card: its action button follows the actions menu.
  const reviewCard = column(page, 'Contacted').getByRole('group', { name: new RegExp(`^${quoted}, Contacted\\.`) });
  await tabTo(page, reviewCard);
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName(`Actions for ${quoted}`);
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName('Review Quote');
  await page.keyboard.press('Enter');
  const review = page.getByRole('dialog', { name: 'Quote Review' });
  await expect(review).toBeVisible();
  const approve = review.getByRole('article', { name: `Quote for ${quoted}` }).getByRole('button', { name: 'Approve' });
  await tabTo(page, approve, 20);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Quote Approved')).toBeVisible();
  await expect(review.getByRole('textbox', { name: 'Quote link' })).toHaveValue(/\/quote-acceptance\?leadId=/);
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();
  await expect(column(page, 'Quoted').getByRole('group', { name: new RegExp(`^${quoted}, Quoted\\.`) })).toBeVisible();

  // The projects board: the card named with its client and priority; Set up → Production, announced.
  await page.goto('/admin/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const projectCard = page
    .getByTestId('project-column-Set up')
    .getByRole('group', { name: `${project}, Set up. ${client}. Priority High`, exact: true });
  await tabTo(page, projectCard);
  await expect(projectCard).toHaveAccessibleDescription(/press space bar to lift it/);
  await page.keyboard.press('Space');
  await expect(announcer(page)).toHaveText(`Lifted ${project} from Set up. Use the arrow keys to choose a column.`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(announcer(page)).toHaveText(`Moved ${project} to Production`);
  await expect(page.getByText('Project Updated')).toBeVisible();
  await expect(
    page.getByTestId('project-column-Production').getByRole('group', { name: `${project}, Production.` }),
  ).toBeFocused();

  // Invoicing: the client's Invoice button opens Create Invoice on its Amount field; Escape closes it and the focus returns to the button.
  await page.goto('/admin/invoicing');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoicing' })).toBeVisible();
  const invoiceButton = page.getByRole('button', { name: `Invoice ${client}`, exact: true });
  await tabTo(page, invoiceButton);
  await page.keyboard.press('Enter');
  const invoice = page.getByRole('dialog', { name: 'Create Invoice' });
  await expect(invoice).toBeVisible();
  await expect(invoice.getByRole('spinbutton', { name: 'Amount' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(invoice).toBeHidden();
  await expect(invoiceButton).toBeFocused();
});
