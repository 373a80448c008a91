/**
 * XSS stays inert in the admin UI: a contact message and a note
 * carrying a script corpus are shown as text on the board, in the lead
 * details, the notes viewer and the clients list. The page must raise no
 * dialog (alert/confirm/prompt) and no script error, and no element from the
 * payloads may exist in the DOM.
 */
import { expect, test } from './support/test.js';
import { cardIn, loginAsAdmin } from './support/admin.js';

const CORPUS = {
  name: 'X<img src=x onerror=alert(1)>',
  subject: '<script>alert(2)</script>',
  message:
    '"><svg onload=alert(3)></svg><a href="javascript:alert(4)">click</a><iframe srcdoc="<script>alert(5)</script>">',
  note: '<img src=x onerror=alert(6)><details open ontoggle=alert(7)>',
};

test('script payloads in lead and note fields render as text and never run', async ({ page }) => {
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  page.on('pageerror', (e) => errors.push(e.message));

  const tag = Date.now().toString(36);
  const name = `${CORPUS.name} ${tag}`;
  const sent = await page.request.post('/api/contact', {
    data: { name, email: `xss.${tag}@example.com`, subject: CORPUS.subject, message: CORPUS.message },
    headers: {
      'x-studio-test-client': `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
  expect(sent.status()).toBe(201);

  await page.setViewportSize({ width: 1600, height: 1000 });
  await loginAsAdmin(page);
  const card = await cardIn(page, 'New', name);

  // Lead details: the payloads are text.
  await card.click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByText(CORPUS.subject)).toBeVisible();
  await expect(detail.getByText(CORPUS.message, { exact: false })).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();

  // A note with its own payload.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Notes' }).click();
  const notes = page.getByRole('dialog', { name: `Notes · ${name}` });
  await notes.getByLabel('New note').fill(CORPUS.note);
  await notes.getByRole('button', { name: 'Add Note' }).click();
  await expect(notes.getByTestId('current-note')).toContainText(CORPUS.note);
  await page.keyboard.press('Escape');

  // Clients list.
  await page.goto('/admin/clients');
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(tag);
  await expect(page.getByText(name)).toBeVisible();

  expect(
    await page.locator('img[src="x"], svg[onload], iframe[srcdoc], details[ontoggle], a[href^="javascript:"]').count(),
  ).toBe(0);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});
