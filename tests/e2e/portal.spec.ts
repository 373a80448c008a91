/**
 * The client portal end to end, in one flow: the owner invites a client from
 * the lead's details; the test takes the sign-in link from the Auth
 * emulator's oobCodes endpoint (where a real project would have emailed it)
 * and opens it in a fresh browser context, as on another device, so the page
 * asks for the address again; the client then sees their two projects and
 * their invoice, with no WCAG A/AA violation at 1440 and 390 px and nothing
 * wider than the phone, downloads the invoice's PDF, pays it in test mode
 * through the checkout and writes to the studio (another site's address stays
 * plain text); the owner sees the unread count appear live on the lead's
 * board card, reads the message (the history shows it at once) and replies;
 * the client sees the reply without a reload. A visitor asking for a link is
 * told the same whoever they are.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { cardIn, loginAsAdmin } from './support/admin.js';
import { WIDTHS, wcagViolations } from './support/axe.js';
import { NO_QUOTE, projectDoc, storeLead } from '../fixtures.js';
import { signInLinksFor } from '../portalLinks.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

test('the owner invites a client, who signs in by email link on another device and sees their work', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const name = `Portal Client ${tag}`;
  const email = `e2e.portal.${tag}@example.com`;
  const leadId = await storeLead(db, { name, email, subject: `Portal site ${tag}`, status: 'New', ...NO_QUOTE });
  const secondLead = await storeLead(db, { name, email, subject: `Portal shop ${tag}`, status: 'Won' });
  await db
    .collection('projects')
    .doc()
    .set(projectDoc({ leadId, name: `Site ${tag}`, client: name, status: 'Beta' }));
  await db
    .collection('projects')
    .doc()
    .set(projectDoc({ leadId: secondLead, name: `Shop ${tag}`, client: name }));
  await db
    .collection('invoices')
    .doc()
    .set({
      leadId,
      number: `INV-E2E-${tag}`,
      email,
      clientName: name,
      amountCents: 12_345,
      description: 'Hosting year',
      status: 'open',
      dueDate: null,
      createdAt: Timestamp.now(),
      paidAt: null,
      paymentIntentId: null,
      checkoutUrl: null,
    });

  // The owner invites the client from the lead's details.
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAsAdmin(page);
  await (await cardIn(page, 'New', name)).click();
  const detail = page.getByRole('dialog', { name });
  await detail.getByRole('button', { name: 'Invite to portal' }).click();
  await expect(page.getByText('Portal invitation sent')).toBeVisible();
  await expect.poll(async () => (await signInLinksFor(email)).length).toBe(1);
  const [link] = await signInLinksFor(email);
  // Before the client writes, the owner may start the general thread or one per project of this lead.
  const messages = detail.getByTestId('lead-messages');
  await expect(messages.getByRole('button', { name: 'General' })).toBeVisible();
  await expect(messages.getByRole('button', { name: `Site ${tag}` })).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  const card = await cardIn(page, 'New', name);
  await expect(card.getByTestId('lead-unread')).toHaveCount(0);

  // Another device: nothing remembered, so the page asks for the address the link was sent to.
  const device = await browser.newContext({
    baseURL: process.env.STUDIO_BASE_URL ?? 'http://127.0.0.1:5000',
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
    // Its own client address for the payment routes' rate limits, as a real client's would be.
    extraHTTPHeaders: { 'x-studio-test-client': `10.${Math.floor(Math.random() * 250) + 1}.46.1` },
  });
  const client = await device.newPage();
  await client.goto(link!.oobLink);
  await expect(client.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
  await client.getByLabel('Email', { exact: true }).fill(email);
  await client.getByRole('button', { name: 'Sign in' }).click();
  await expect(client.getByRole('heading', { level: 1, name: 'Your portal' })).toBeVisible();
  await expect(client).toHaveURL(/\/portal$/);

  const projects = client.getByTestId('portal-project');
  await expect(projects).toHaveCount(2);
  await expect(projects.filter({ hasText: `Site ${tag}` }).locator('[aria-current="step"]')).toHaveText(/Beta/);
  await expect(projects.filter({ hasText: `Shop ${tag}` })).toBeVisible();
  const invoice = client.getByTestId('portal-invoice').filter({ hasText: `INV-E2E-${tag}` });
  await expect(invoice).toContainText('$123.45');
  const pay = invoice.getByRole('link', { name: /^Pay Now: \$123\.45/ });
  await expect(pay).toHaveAttribute('href', /^\/checkout\?.*invoiceId=/);

  for (const w of WIDTHS) {
    await client.setViewportSize({ width: w.width, height: w.height });
    expect.soft(await wcagViolations(client), `WCAG A/AA violations: /portal signed in, ${w.label}`).toEqual([]);
    const overflow = await client.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, `nothing wider than ${w.label}`).toBeLessThanOrEqual(0);
  }

  // Keyboard: Pay Now is reachable with Tab.
  await client.keyboard.press('Tab');
  await expect(async () => {
    await client.keyboard.press('Tab');
    await expect(pay).toBeFocused({ timeout: 200 });
  }).toPass({ timeout: 15_000 });

  // The client downloads the invoice's PDF (their own session, no admin's).
  const invoicePdf = client
    .getByRole('region', { name: 'Documents' })
    .getByRole('button', { name: `Download Invoice (INV-E2E-${tag})` });
  const [download] = await Promise.all([client.waitForEvent('download'), invoicePdf.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  // The client pays the invoice in test mode through the existing checkout, and the portal then shows it paid.
  await pay.click();
  await expect(client).toHaveURL(/\/checkout\?/);
  await client.getByRole('button', { name: 'Pay Now' }).click();
  await expect(client.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await client.goto('/portal');
  await expect(invoice).toContainText(/Paid/);
  await expect(invoice.getByRole('link', { name: /^Pay Now/ })).toHaveCount(0);

  // The client writes in the thread of the invited lead's project (the general thread belongs to their newest
  // lead, the Won one); another site's address is not a link.
  await client.getByRole('button', { name: new RegExp(`^Site ${tag}`) }).click();
  const text = `When can we start? ${tag} Details at https://elsewhere.example.com/x`;
  await client.getByRole('textbox', { name: 'Message' }).fill(text);
  await client.getByRole('form', { name: 'Write a message' }).getByRole('button', { name: 'Send' }).click();
  const mine = client.getByTestId('message').filter({ hasText: tag });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('link')).toHaveCount(0);

  // The owner's card shows it live (the board's one listener, no reload); opening the lead reads it, and
  // the history shows the message without reopening.
  await expect(card.getByTestId('lead-unread')).toHaveText(/1/);
  await card.click();
  await expect(messages.getByTestId('message').filter({ hasText: `When can we start? ${tag}` })).toBeVisible();
  await expect(card.getByTestId('lead-unread')).toHaveCount(0);
  await expect(detail.getByRole('list', { name: 'History' })).toContainText(`Client message in "Site ${tag}"`);
  const reply = `Next Monday works, ${tag}.`;
  await messages.getByRole('textbox', { name: 'Message' }).fill(reply);
  await messages.getByRole('form', { name: 'Reply to the client' }).getByRole('button', { name: 'Send' }).click();
  await expect(messages.getByTestId('message').filter({ hasText: reply })).toBeVisible();
  await expect(detail.getByRole('list', { name: 'History' })).toContainText(`Message to the client in "Site ${tag}"`);

  // The client sees the reply without a reload (the portal asks again every few seconds).
  await expect(client.getByTestId('message').filter({ hasText: reply })).toBeVisible({ timeout: 30_000 });

  // The client's session is not an admin's: the CRM still asks for a login there.
  await client.goto('/admin/dashboard');
  await expect(client.getByRole('button', { name: 'Login' })).toBeVisible();
  await device.close();
});

test('asking for a link says the same for any address', async ({ page }) => {
  await page.goto('/portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Client portal' })).toBeVisible();
  const stranger = `e2e.portal.stranger.${randomUUID().slice(0, 8)}@example.com`;
  await page.getByLabel('Email', { exact: true }).fill(stranger);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If this address has work with us' })).toBeVisible();
  await expect.poll(async () => (await signInLinksFor(stranger)).length).toBe(1);
});
