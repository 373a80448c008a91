/** Client list (issue 4): cards, search, filter, sort and the CSV export. */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loginAsAdmin } from './support/admin.js';

test('lists leads as cards, filters them and exports CSV', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Client List' }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await expect(page.getByRole('heading', { name: 'Client List' })).toBeVisible();
  await expect(page.getByText('Maya Chen').first()).toBeVisible();

  await page.getByLabel('Search').fill('roastery');
  await expect(page.getByText('Lena Fischer')).toBeVisible();
  await expect(page.getByText('Maya Chen')).toHaveCount(0);

  await page.getByLabel('Search').fill('no-such-client-anywhere');
  await expect(page.getByText('No clients match your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('Maya Chen').first()).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('Name,Email,Phone,Status,Project Type,Subject,Message,Quote Amount,Created');
  expect(csv).toContain('Maya Chen');
});

test('a page that cannot reach Firestore keeps loading instead of showing "no clients"', async ({ page }) => {
  await loginAsAdmin(page);
  const offline = page.waitForEvent('console', { predicate: (m) => m.text().includes('Could not reach Cloud Firestore backend'), timeout: 30_000 });
  await page.route(/google\.firestore\.v1\.Firestore/, (route) => route.abort('connectionrefused'));
  await page.goto('/admin/clients');
  await offline; // the SDK has given up on the server and answered from its (empty) cache
  await expect(page.getByRole('status').getByText('Loading...')).toBeVisible();
  await expect(page.getByText(/No clients yet/)).toHaveCount(0);

  await page.unroute(/google\.firestore\.v1\.Firestore/);
  await expect(page.getByText('Maya Chen').first()).toBeVisible({ timeout: 30_000 });
});
