/** Quotes end to end: project plan (with its price preview) → review (with the service plan) → approve (the link emailed) → the client accepts → project in Set up. */
import { expect, test } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { addLead, cardIn, column, loginAsAdmin, menuMove } from './support/admin.js';
import { quotedLead } from './support/adminApi.js';
import { DEV_ADMIN } from '../../scripts/dev-admin.js';

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
  // Each tab holding an error says so; the first one is opened.
  await expect(plan.getByRole('tab', { name: 'Overview, has errors' })).toHaveAttribute('aria-selected', 'true');
  await expect(plan.getByRole('tab', { name: 'Requirements, has errors' })).toBeVisible();
  await expect(plan.getByRole('tab', { name: 'Project Plan', exact: true })).toBeVisible();
  // The price preview follows the plan as it is typed, priced as the server will price it.
  const preview = plan.getByRole('status', { name: 'Price preview' });
  await expect(preview).toContainText('Price preview: $3,800.00');
  await plan.getByLabel('Estimated timeline').fill('6 weeks');
  await plan.getByLabel('Include a service plan').check();
  await plan.getByRole('tab', { name: /^Requirements/ }).click();
  await plan.getByLabel('Key requirements').fill('Booking site with Stripe payments and a database of classes');
  await expect(preview).toContainText('Price preview: $5,950.00 (deposit $2,975.00, final $2,975.00)');
  await plan.getByRole('button', { name: 'Generate Quote' }).click();
  await expect(page.getByText('Project Plan & Quote Generated')).toBeVisible();

  await card.getByRole('button', { name: 'Review Quote' }).click();
  const review = page.getByRole('dialog', { name: 'Quote Review' });
  const quote = review.getByRole('article', { name: `Quote for ${name}` });
  // $95 × 40 h = $3,800 × 1.2 (database) × 1.3 (payments/Stripe) = $5,928 → $5,950.
  await expect(quote.getByRole('row', { name: /Total/ })).toContainText('$5,950.00');
  await expect(quote.getByRole('row', { name: /Deposit/ })).toContainText('$2,975.00');
  // The service plan, as the client's quote page shows it.
  await expect(quote.getByTestId('review-service-plan')).toHaveText('Service plan: Hosting: $29.00/month after launch');
  await quote.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Quote Approved')).toBeVisible();
  // The link went to the client by email, and the dialog says to whom.
  await expect(review.getByTestId('quote-link-sent')).toHaveText(
    `The quote link was emailed to ${name} at pipeline@example.com.`,
  );
  const link = await review.getByLabel('Quote link').inputValue();
  expect(link).toMatch(/\/quote-acceptance\?leadId=.+&token=.+/);
  await review.getByRole('button', { name: 'Close' }).click();
  await expect(
    column(page, 'Quoted')
      .getByTestId('lead-card')
      .filter({ hasText: name })
      .getByRole('button', { name: 'Accept Quote' }),
  ).toBeVisible();

  // The client opens the link in their own browser.
  const client = await (await browser.newContext()).newPage();
  await client.goto(link);
  await expect(client.getByRole('heading', { name: 'Pipeline test' })).toBeVisible();
  await expect(client.getByText('What Happens Next')).toBeVisible();
  await expect(client.getByText('Hosting: $29.00/month after launch')).toBeVisible();
  await client.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(client).toHaveURL(/\/checkout\?amount=2975\.00&/);

  // The admin's board follows live; the project exists in Set up.
  await cardIn(page, 'Set Up', name);
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

test('a link whose lead was marked Lost shows "This quote is no longer available" and creates no project', async ({
  page,
  request,
}) => {
  // Its own rate-limit bucket (honoured on the demo project only).
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': `quotes-gone-${Date.now()}` });
  // A quote approved through the admin API, then the lead marked dead.
  const login = await request.post('/api/auth/login', { data: DEV_ADMIN });
  const { customToken } = (await login.json()) as { customToken: string };
  const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const signIn = await request.post(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=test`,
    { data: { token: customToken, returnSecureToken: true } },
  );
  const { idToken } = (await signIn.json()) as { idToken: string };
  const headers = { authorization: `Bearer ${idToken}` };
  const created = await request.post('/api/leads', {
    headers,
    data: {
      name: 'Gone Client',
      email: 'gone.client@example.com',
      subject: `Gone ${Date.now()}`,
      message: 'Maybe later.',
    },
  });
  const leadId = ((await created.json()) as { id: string }).id;
  expect((await request.put(`/api/leads/${leadId}`, { headers, data: { status: 'Contacted' } })).status()).toBe(200);
  expect(
    (
      await request.post(`/api/leads/${leadId}/project-plan`, {
        headers,
        data: { complexity: 'Low', timeline: '2 weeks', requirements: 'A small brochure site' },
      })
    ).status(),
  ).toBe(201);
  const approved = await request.post(`/api/leads/${leadId}/quote/approve`, { headers, data: {} });
  const link = ((await approved.json()) as { acceptanceUrl: string }).acceptanceUrl;
  expect(
    (
      await request.put(`/api/leads/${leadId}`, { headers, data: { status: 'Lost', deadReason: 'Quote Rejected' } })
    ).status(),
  ).toBe(200);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This quote is no longer available' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Quote' })).toHaveCount(0);
  expect((await db.collection('projects').where('leadId', '==', leadId).get()).size).toBe(0);
});

test('Edit Quote returns to the whole review queue, the edited quote in its place and focused', async ({
  page,
  request,
}) => {
  const bucket = `quotes-queue-${Date.now()}`;
  let n = 0;
  const nextIp = () => `${bucket}-${++n}`;
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': nextIp() });
  // Two quotes awaiting review; the queue lists the newest lead first.
  const older = `Queue Older ${Date.now()}`;
  const newer = `Queue Newer ${Date.now()}`;
  await quotedLead(request, older, nextIp);
  await quotedLead(request, newer, nextIp);

  await page.setViewportSize({ width: 1600, height: 1000 });
  await loginAsAdmin(page);
  await page.getByRole('button', { name: /Quote Review/ }).click();
  const review = page.getByRole('dialog', { name: 'Quote Review' });
  const ours = async () =>
    (await review.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))).filter(
      (label) => label === `Quote for ${older}` || label === `Quote for ${newer}`,
    );
  await expect(review.getByRole('article', { name: `Quote for ${older}` })).toBeVisible();
  await expect.poll(ours).toEqual([`Quote for ${newer}`, `Quote for ${older}`]);

  await review
    .getByRole('article', { name: `Quote for ${older}` })
    .getByRole('button', { name: 'Edit' })
    .click();
  const edit = page.getByRole('dialog', { name: `Edit Quote · ${older}` });
  await edit.getByLabel('Quote amount').fill('3100.00');
  await edit.getByLabel('Deposit amount').fill('1550.00');
  await edit.getByLabel('Final amount').fill('1550.00');
  await edit.getByRole('button', { name: 'Save Quote' }).click();
  await expect(page.getByText('Quote Updated', { exact: true })).toBeVisible();
  await expect(edit).toBeHidden();

  // The queue as it was: every quote awaiting review, not only the one just edited, in the same order.
  const edited = review.getByRole('article', { name: `Quote for ${older}` });
  await expect(edited.getByRole('row', { name: /Total/ })).toContainText('$3,100.00');
  await expect(review.getByRole('article', { name: `Quote for ${newer}` })).toBeVisible();
  await expect.poll(ours).toEqual([`Quote for ${newer}`, `Quote for ${older}`]);
  // The owner is back on the quote they edited.
  await expect(edited.getByRole('button', { name: 'Edit' })).toBeFocused();
  await expect(edited).toBeInViewport();
});
