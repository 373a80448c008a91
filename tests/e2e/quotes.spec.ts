/** Quotes end to end (issue 5): project plan → review → approve → the client accepts → project in Set up. */
import { expect, test } from '@playwright/test';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { addLead, column, loginAsAdmin, menuMove } from './support/admin.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

test('from project plan to the client accepting, to the project in Set up', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await loginAsAdmin(page);
  const name = `Quote Lead ${Date.now()}`;
  await addLead(page, name);
  await menuMove(page, name, 'Contacted');
  const card = column(page, 'Contacted').getByTestId('lead-card').filter({ hasText: name });

  await card.getByRole('button', { name: 'Add Project Plan' }).click();
  const plan = page.getByRole('dialog', { name: `Add Project Plan · ${name}` });
  await expect(plan.getByRole('tab')).toHaveText(['Overview', 'Requirements', 'Project Plan', 'Technical Features']);
  await plan.getByRole('button', { name: 'Generate Quote' }).click();
  await expect(plan.getByText('Please provide estimated timeline')).toBeVisible();
  await plan.getByLabel('Estimated timeline').fill('6 weeks');
  await plan.getByRole('tab', { name: 'Requirements' }).click();
  await plan.getByLabel('Key requirements').fill('Booking site with Stripe payments and a database of classes');
  await plan.getByRole('button', { name: 'Generate Quote' }).click();
  await expect(page.getByText('Project Plan & Quote Generated')).toBeVisible();

  await card.getByRole('button', { name: 'Review Quote' }).click();
  const review = page.getByRole('dialog', { name: 'Quote Review' });
  const quote = review.getByRole('article', { name: `Quote for ${name}` });
  // $95 × 40 h = $3,800 × 1.2 (database) × 1.3 (payments/Stripe) = $5,928 → $5,950.
  await expect(quote.getByRole('row', { name: /Total/ })).toContainText('$5,950.00');
  await expect(quote.getByRole('row', { name: /Deposit/ })).toContainText('$2,975.00');
  await quote.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Quote Approved')).toBeVisible();
  const link = await review.getByLabel('Quote link').inputValue();
  expect(link).toMatch(/\/quote-acceptance\?leadId=.+&token=.+/);
  await review.getByRole('button', { name: 'Close' }).click();
  await expect(column(page, 'Quoted').getByTestId('lead-card').filter({ hasText: name }).getByRole('button', { name: 'Accept Quote' })).toBeVisible();

  // The client opens the link in their own browser.
  const client = await (await browser.newContext()).newPage();
  await client.goto(link);
  await expect(client.getByRole('heading', { name: 'Pipeline test' })).toBeVisible();
  await expect(client.getByText('What Happens Next')).toBeVisible();
  await client.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(client).toHaveURL(/\/checkout\?amount=2975\.00&/);

  // The admin's board follows live; the project exists in Set up.
  await expect(column(page, 'Set Up').getByText(name)).toBeVisible();
  const leadId = new URL(link).searchParams.get('leadId')!;
  const projects = await db.collection('projects').where('leadId', '==', leadId).get();
  expect(projects.docs.map((d) => d.get('status'))).toEqual(['Set up']);

  // The link is single use.
  await client.goto(link);
  await expect(client.getByText('This quote has already been accepted. Thank you!')).toBeVisible();
});

test('the acceptance page explains a broken or unknown link', async ({ page }) => {
  await page.goto('/quote-acceptance');
  await expect(page.getByRole('heading', { name: 'Invalid Quote Link' })).toBeVisible();
  await page.goto('/quote-acceptance?leadId=nope&token=not-a-real-token-at-all');
  await expect(page.getByRole('heading', { name: 'Quote Not Found' })).toBeVisible();
});
