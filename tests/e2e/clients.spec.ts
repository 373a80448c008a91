/** Client list: cards, search, filter, sort and the CSV export; a cart buyer as a client, with their orders. */
import { expect, test } from './support/test.js';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { quotedLeadDoc } from '../fixtures.js';
import { loginAsAdmin } from './support/admin.js';
import { wcagViolations } from './support/axe.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

test('lists leads as cards, filters them and exports CSV', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Client List' }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await expect(page.getByRole('heading', { name: 'Client List' })).toBeVisible();
  await expect(page.getByTestId('client-card').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search clients' }).fill('Maya Chen'); // other specs' leads may push her past the first page
  await expect(page.getByText('Maya Chen').first()).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search clients' }).fill('roastery');
  await expect(page.getByText('Lena Fischer')).toBeVisible();
  await expect(page.getByText('Maya Chen')).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search clients' }).fill('no-such-client-anywhere');
  await expect(page.getByText('No clients match your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('client-card').first()).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('Name,Email,Phone,Status,Project Type,Subject,Message,Quote Amount,Created');
  expect(csv).toContain('Maya Chen');
});

test('a page that cannot reach Firestore keeps loading instead of showing "no clients"', async ({ page }) => {
  await loginAsAdmin(page);
  const offline = page.waitForEvent('console', {
    predicate: (m) => m.text().includes('Could not reach Cloud Firestore backend'),
    timeout: 30_000,
  });
  await page.route(/google\.firestore\.v1\.Firestore/, (route) => route.abort('connectionrefused'));
  await page.goto('/admin/clients');
  await offline; // the SDK has given up on the server and answered from its (empty) cache
  await expect(page.getByRole('status').getByText('Loading...')).toBeVisible();
  await expect(page.getByText(/No clients yet/)).toHaveCount(0);

  await page.unroute(/google\.firestore\.v1\.Firestore/);
  await expect(page.getByTestId('client-card').first()).toBeVisible({ timeout: 30_000 });
});

test('a long client list shows 60 cards, then more on request; a new search starts again from the top', async ({
  page,
}) => {
  const run = `Paged ${Date.now().toString(36)}`;
  const ids: string[] = [];
  const batch = db.batch();
  for (let i = 1; i <= 65; i++) {
    const ref = db.collection('leads').doc();
    ids.push(ref.id);
    batch.set(ref, quotedLeadDoc({ name: `${run} Client ${i}`, email: 'paged@example.com', status: 'New' }));
  }
  await batch.commit();
  try {
    await loginAsAdmin(page);
    await page.goto('/admin/clients');
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(run);
    await expect(page.getByText('Showing 65 of')).toBeVisible();
    const cards = page.getByTestId('client-card');
    await expect(cards).toHaveCount(60);
    await page.getByRole('button', { name: 'Show 5 more clients (5 not shown)' }).click();
    await expect(cards).toHaveCount(65);
    await expect(page.getByRole('button', { name: /Show \d+ more clients/ })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(`${run} Client`);
    await expect(cards).toHaveCount(60);
  } finally {
    const cleanup = db.batch();
    for (const id of ids) cleanup.delete(db.collection('leads').doc(id));
    await cleanup.commit();
  }
});

test('a cart buyer is a client: on the board (found by its search) and in the Client List with their order', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const name = `Cora Cart ${tag}`;
  const email = `cora.${tag}@example.com`;
  await page.goto('/cart');
  await page
    .getByRole('article', { name: 'Plus 2hr Maintenance', exact: true })
    .getByRole('button', { name: 'Choose Plus 2hr Maintenance' })
    .click();
  const form = page.getByRole('form', { name: 'Your information' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Project description').fill('Keep our shop site running.');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Successful!' })).toBeVisible();

  // The board search finds the new client (a Won card, made a moment after the payment) by address.
  await loginAsAdmin(page);
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(email);
  await expect(page.getByTestId('bucket-won').getByTestId('lead-card').filter({ hasText: name })).toBeVisible();
  await expect(page.getByTestId('search-count')).toContainText(/^1 of \d+ leads match$/);

  // The Client List shows them with what they bought, and opens their orders (on a 390 px phone).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/clients');
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(email);
  const card = page.getByRole('article', { name: `Client ${name}` });
  await expect(card.getByLabel('Status: Won')).toBeVisible();
  await expect(card).toContainText('Plus 2hr Maintenance (Monthly)');
  const hosting = card.getByRole('region', { name: `Hosting of ${name}` });
  await expect(hosting).toContainText('Hosting: 1 order, 1 paid');
  await expect(hosting).toContainText('Plus 2hr Maintenance: Active, $85.00/month');
  expect(await wcagViolations(page, '[data-testid="client-hosting"]')).toEqual([]);
  await hosting.getByRole('button', { name: `View orders of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Hosting orders of ${name}` });
  await expect(dialog.getByTestId('order-row')).toHaveCount(1);
  await expect(dialog.getByTestId('order-row')).toContainText('$85.00');
  await expect(dialog.getByTestId('order-row')).toContainText('paid');
  await expect(dialog.getByTestId('client-subscription-row')).toContainText('Active');
  expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});
