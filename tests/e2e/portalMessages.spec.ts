/**
 * Portal messages end to end: a client signed in by email link writes in
 * their general thread; the owner sees the unread count appear live on the
 * lead's board card (the board's one listener, no reload), opens the lead's
 * details, reads the message and replies; the client sees the reply without
 * a reload (the portal asks the API again while it is open). A link to
 * another site in a message stays plain text.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { cardIn, loginAsAdmin } from './support/admin.js';
import { NO_QUOTE, projectDoc, storeLead } from '../fixtures.js';
import { signInToPortal } from './support/portal.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

test('the client writes, the owner sees the unread badge live and replies, the client sees the reply', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const name = `Msg Client ${tag}`;
  const email = `e2e.msg.${tag}@example.com`;
  const leadId = await storeLead(db, { name, email, subject: `Msg site ${tag}`, status: 'New', ...NO_QUOTE });
  await db
    .collection('projects')
    .doc()
    .set(projectDoc({ leadId, name: `Site ${tag}`, client: name, status: 'Beta' }));

  // The owner's board is open before the client writes.
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAsAdmin(page);
  const card = await cardIn(page, 'New', name);
  await expect(card.getByTestId('lead-unread')).toHaveCount(0);

  // The client asks for a link on this device and opens it: the page remembers the address.
  const device = await browser.newContext({
    baseURL: process.env.STUDIO_BASE_URL ?? 'http://127.0.0.1:5000',
    viewport: { width: 1440, height: 900 },
  });
  const client = await device.newPage();
  await signInToPortal(client, email);

  // The client writes in the general thread.
  await client.getByRole('button', { name: /^General/ }).click();
  const text = `When can we start? ${tag} Details at https://elsewhere.example.com/x`;
  await client.getByRole('textbox', { name: 'Message' }).fill(text);
  await client.getByRole('form', { name: 'Write a message' }).getByRole('button', { name: 'Send' }).click();
  const mine = client.getByTestId('message').filter({ hasText: tag });
  await expect(mine).toBeVisible();
  // Another site's address is not a link.
  await expect(mine.getByRole('link')).toHaveCount(0);

  // The owner's card shows it, live.
  await expect(card.getByTestId('lead-unread')).toHaveText(/1/);

  // The owner opens the lead, reads it (the count clears) and replies.
  await card.click();
  const detail = page.getByRole('dialog', { name });
  const messages = detail.getByTestId('lead-messages');
  await expect(messages.getByTestId('message').filter({ hasText: `When can we start? ${tag}` })).toBeVisible();
  await expect(card.getByTestId('lead-unread')).toHaveCount(0);
  const reply = `Next Monday works, ${tag}.`;
  await messages.getByRole('textbox', { name: 'Message' }).fill(reply);
  await messages.getByRole('form', { name: 'Reply to the client' }).getByRole('button', { name: 'Send' }).click();
  await expect(messages.getByTestId('message').filter({ hasText: reply })).toBeVisible();

  // The client sees the reply without a reload (the portal asks again every few seconds).
  await expect(client.getByTestId('message').filter({ hasText: reply })).toBeVisible({ timeout: 30_000 });
  await device.close();
});
