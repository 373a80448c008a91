/**
 * Hosted-project quote tool: load demo projects, generate a quote from
 * one, analyze it, create the quote and its lead, and find that lead on the CRM
 * board in Contacted with a pending quote to review.
 */
import { expect, test, type Locator, type Page } from './support/test.js';
import { loginAsAdmin } from './support/admin.js';
import { adminToken } from './support/adminApi.js';

/** Moves the pointer off any toast (a hovered toast never hides) and waits for `title` to go. */
async function waitForToastToHide(page: Page, title: string): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.getByText(title, { exact: true })).toBeHidden({ timeout: 10_000 });
}

/** "$1,234.50" → 123450. */
async function cents(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
}

test('generates a quote from a demo project and the lead lands in Contacted awaiting review', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await loginAsAdmin(page);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Replit', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/replit$/);
  await expect(page.getByRole('heading', { name: 'Replit Projects' })).toBeVisible();
  await expect(page.getByText('no public API', { exact: false })).toBeVisible();

  // The username is required before anything loads.
  await page.getByRole('button', { name: 'Load Demo Projects' }).click();
  await expect(page.getByText('Replit username is required')).toBeVisible();

  await page.getByLabel('Replit username').fill('e2e-demo');
  await page.getByRole('button', { name: 'Load Demo Projects' }).click();
  const cards = page.getByTestId('hosted-project-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(7);
  await expect(page.getByText('Live', { exact: true }).first()).toBeVisible();

  const card = cards.first();
  const title = ((await card.getByRole('heading').textContent()) ?? '').trim();
  expect(title).not.toBe('');
  await expect(card.getByRole('link', { name: /View project/ })).toHaveAttribute(
    'href',
    /^https:\/\/replit\.com\/@e2e-demo\//,
  );
  await card.getByRole('button', { name: 'Generate Quote' }).click();

  const dialog = page.getByRole('dialog', { name: 'Generate Quote from Replit Project' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Project title')).toHaveValue(title);
  await expect(dialog.getByLabel('Project ID')).toHaveValue(/^demo:e2e-demo:/);
  await expect(dialog.getByLabel('Base hourly rate ($)')).toHaveValue('75');

  // Client fields are required.
  await dialog.getByRole('button', { name: 'Create Quote & Lead' }).click();
  await expect(dialog.getByText('Client name is required')).toBeVisible();
  await expect(dialog.getByText('Valid email is required')).toBeVisible();

  const clientName = `Replit E2E Client ${Date.now()}`;
  await dialog.getByLabel('Client name').fill(clientName);
  await dialog.getByLabel('Client email').fill('replit.e2e@example.com');

  await dialog.getByRole('button', { name: 'Analyze Project' }).click();
  await expect(page.getByText('Project Analyzed', { exact: true })).toBeVisible();
  const preview = dialog.getByRole('region', { name: 'Quote preview' });
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId('preview-complexity')).toHaveText(/^(Low|Medium|High)$/);
  await expect(preview.getByTestId('preview-estimated')).toHaveText(/^\d+(\.\d{1,2})? h$/);
  const total = await cents(preview.getByTestId('preview-total'));
  const deposit = await cents(preview.getByTestId('preview-deposit'));
  expect(total).toBeGreaterThan(0);
  expect(deposit).toBe(Math.floor((total * 30 + 50) / 100));

  // Toasts sit above dialogs and pause while hovered: let this one go before clicking near it.
  await waitForToastToHide(page, 'Project Analyzed');
  await dialog.getByRole('button', { name: 'Create Quote & Lead' }).click();
  await expect(page.getByText('Quote Created', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The CRM board shows the new lead in Contacted, and a pending quote to review.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'CRM', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('column-Contacted').getByText(clientName)).toBeVisible();
  const badge = page.getByRole('button', { name: /Quote Review/ }).locator('.MuiBadge-badge');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveClass(/MuiBadge-colorError/);
  await expect(badge).toHaveText(/^[1-9]\d*$/);
  await expect(badge).toHaveCSS('background-color', 'rgb(220, 38, 38)');
});

test('the tool works at 360 px: demo grid, manual quote and sync status', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsAdmin(page);
  await page.goto('/admin/replit');
  await expect(page.getByRole('heading', { name: 'Replit Projects' })).toBeVisible();

  // The card grid fits the narrow screen: nothing scrolls sideways.
  await page.getByLabel('Replit username').fill('e2e-narrow');
  await page.getByRole('button', { name: 'Load Demo Projects' }).click();
  await expect(page.getByTestId('hosted-project-card').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const cardBox = await page.getByTestId('hosted-project-card').first().boundingBox();
  expect(cardBox!.width).toBeLessThanOrEqual(360);

  // Manual Quote opens the dialog with empty project fields and the spec defaults.
  await page.getByRole('button', { name: 'Manual Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Quote from Replit Project' });
  await expect(dialog.getByLabel('Project ID')).toHaveValue('');
  await expect(dialog.getByLabel('Project title')).toHaveValue('');
  await expect(dialog.getByLabel('File count')).toHaveValue('15');
  await expect(dialog.getByLabel('Base hourly rate ($)')).toHaveValue('75');
  const dialogBox = await dialog.boundingBox();
  expect(dialogBox!.width).toBeLessThanOrEqual(360);

  await dialog.getByRole('button', { name: 'Analyze Project' }).click();
  await expect(dialog.getByText('Project ID is required')).toBeVisible();
  await dialog.getByLabel('Project ID').fill('manual-e2e');
  await dialog.getByLabel('Project title').fill('Manual E2E Project');
  await dialog.getByRole('button', { name: 'Analyze Project' }).click();
  await expect(page.getByText('Project Analyzed', { exact: true })).toBeVisible();
  // React, 15 files, not deployed, $75/h: 19 h, $1,425.00, deposit $427.50.
  const preview = dialog.getByRole('region', { name: 'Quote preview' });
  await expect(preview.getByTestId('preview-estimated')).toHaveText('19 h');
  await expect(preview.getByTestId('preview-total')).toHaveText('$1,425.00');
  await expect(preview.getByTestId('preview-deposit')).toHaveText('$427.50');
  await waitForToastToHide(page, 'Project Analyzed');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Sync Status' }).click();
  await expect(page.getByText('Status Sync Complete', { exact: true })).toBeVisible();
  await expect(page.getByText(/Updated \d+ projects?/)).toBeVisible();
});

test('a hosted-project quote is explained by the hosted pricing, to the owner and to the client', async ({
  page,
  browser,
  request,
}) => {
  const ip = `hosted-explained-${Date.now()}`;
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': ip });
  const headers = { authorization: `Bearer ${await adminToken(request, ip)}`, 'x-studio-test-client': ip };
  const clientName = `Hosted Explained ${Date.now()}`;
  // React, 15 files, not deployed + database 8 h + API 6 h + payments 10 h = 43 h × $82.50 = $3,547.50 → $3,548:
  // the features add hours (no +20% or +30%) and the total is rounded to the dollar (not to $50).
  const created = await request.post('/api/replit/create-quote-from-project', {
    headers,
    data: {
      projectId: `manual-explained-${Date.now()}`,
      projectTitle: 'Explained Portal',
      language: 'React',
      fileCount: 15,
      hasDeployment: false,
      clientName,
      clientEmail: 'hosted.explained@example.com',
      baseHourlyRate: 82.5,
      features: ['Postgres database', 'REST API', 'Stripe payments'],
    },
  });
  expect(created.status()).toBe(201);
  const { leadId } = (await created.json()) as { leadId: string };
  const hostedNote = 'Adjustments: hours × rate, rounded to the nearest dollar.';

  // The owner's review.
  await page.setViewportSize({ width: 1600, height: 1000 });
  await loginAsAdmin(page);
  await page.getByRole('button', { name: /Quote Review/ }).click();
  const quote = page
    .getByRole('dialog', { name: 'Quote Review' })
    .getByRole('article', { name: `Quote for ${clientName}` });
  await expect(quote.getByRole('row', { name: /Total/ })).toContainText('$3,548.00');
  await expect(quote.getByRole('row', { name: /Adjustments/ })).toContainText('$0.50');
  await expect(quote.getByText(/^Adjustments: /)).toHaveText(hostedNote);

  // The client's quote page, once approved.
  const approved = await request.post(`/api/leads/${leadId}/quote/approve`, { headers, data: {} });
  expect(approved.status()).toBe(200);
  const { acceptanceUrl } = (await approved.json()) as { acceptanceUrl: string };
  const client = await (await browser.newContext()).newPage();
  await client.setExtraHTTPHeaders({ 'x-studio-test-client': `${ip}-client` });
  await client.goto(new URL(acceptanceUrl, page.url()).href);
  await expect(client.getByRole('row', { name: /Total/ })).toContainText('$3,548.00');
  await expect(client.getByText(/^Adjustments: /)).toHaveText(hostedNote);
});
