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
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { DEV_ADMIN } from '../../scripts/dev-admin.js';
import { storeLead } from '../fixtures.js';
import { column } from './support/admin.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

const RUN = Math.floor(Math.random() * 250) + 1;
let ipCounter = 0;
const nextIp = () => `10.${RUN}.203.${(++ipCounter % 250) + 1}`;

/** An ID token of the dev admin, for admin API calls (POST /api/auth/login, then the Auth emulator). */
async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: DEV_ADMIN, headers: { 'x-forwarded-for': nextIp() } });
  expect(login.status()).toBe(200);
  const { customToken } = (await login.json()) as { customToken: string };
  const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const res = await request.post(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=test`, {
    data: { token: customToken, returnSecureToken: true },
  });
  const { idToken } = (await res.json()) as { idToken?: string };
  expect(idToken).toBeTruthy();
  return idToken!;
}

/** A lead in Contacted whose quote the server generated from a project plan, awaiting review. */
async function leadAwaitingReview(request: APIRequestContext, name: string): Promise<void> {
  const token = await adminToken(request);
  const headers = () => ({ authorization: `Bearer ${token}`, 'x-forwarded-for': nextIp() });
  const created = await request.post('/api/leads', { headers: headers(), data: { name, email: 'keyboard.review@example.com', subject: 'Keyboard quote', message: 'A site we can use without a mouse.' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.put(`/api/leads/${id}`, { headers: headers(), data: { status: 'Contacted' } })).status()).toBe(200);
  const plan = { complexity: 'Medium', timeline: '4 weeks', requirements: 'Accessible booking pages', estimatedHours: 30 };
  expect((await request.post(`/api/leads/${id}/project-plan`, { headers: headers(), data: plan })).status()).toBe(201);
}

/** A project in Set up for an accepted lead (as the quote acceptance leaves it). */
async function projectInSetUp(name: string, client: string): Promise<void> {
  const leadId = await storeLead(db, { name: client, email: `e2e.keyboard.${randomUUID().slice(0, 8)}@example.com`, subject: `Site for ${client}` });
  const now = Date.now();
  await db.collection('projects').doc().set({
    leadId,
    name,
    client,
    projectType: 'Web Project',
    description: '',
    status: 'Set up',
    priority: 'High',
    estimatedHours: 30,
    actualHours: null,
    startDate: null,
    dueDate: null,
    completedDate: null,
    deploymentUrl: null,
    launchDate: null,
    domainUrl: null,
    handoffType: null,
    maintenanceSubscriptionPaid: false,
    notes: '',
    createdAt: Timestamp.fromMillis(now),
    updatedAt: Timestamp.fromMillis(now),
  });
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

test('keyboard only: sign in, move and annotate a lead, approve a quote, move a project, open and close an invoice', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': nextIp() });
  const tag = randomUUID().slice(0, 6);
  const lead = `Ada Keyboard ${tag}`;
  const quoted = `Quote Keyboard ${tag}`;
  const project = `Keyboard Project ${tag}`;
  const client = `Keyboard Client ${tag}`;
  // The quoted lead first: columns list the newest first, so Tab meets the moved lead, then the quoted one.
  await leadAwaitingReview(request, quoted);
  await storeLead(db, { name: lead, email: 'ada.keyboard@example.com', subject: 'Screen reader friendly site', status: 'New', quoteGenerated: false, hasProjectPlan: false, quoteReviewStatus: null, quoteAccepted: false, quoteAmountCents: null, depositAmountCents: null, finalAmountCents: null });
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
  const newCard = column(page, 'New').getByRole('group', { name: `${lead}, New. Screen reader friendly site. Web Project. 0 days in this stage`, exact: true });
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
  const projectCard = page.getByTestId('project-column-Set up').getByRole('group', { name: `${project}, Set up. ${client}. Priority High`, exact: true });
  await tabTo(page, projectCard);
  await expect(projectCard).toHaveAccessibleDescription(/press space bar to lift it/);
  await page.keyboard.press('Space');
  await expect(announcer(page)).toHaveText(`Lifted ${project} from Set up. Use the arrow keys to choose a column.`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(announcer(page)).toHaveText(`Moved ${project} to Production`);
  await expect(page.getByText('Project Updated')).toBeVisible();
  await expect(page.getByTestId('project-column-Production').getByRole('group', { name: `${project}, Production.` })).toBeFocused();

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
