/**
 * A client's data from the lead's details: "Export client data" downloads
 * JSON and CSV holding the lead, and "Erase client" asks first, wants the
 * address typed again, then removes the lead from the board and Firestore.
 * The section's buttons and the confirmation stay inside a 390 px screen.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { cardIn, loginAsAdmin } from './support/admin.js';
import { storeLead, NO_QUOTE } from '../fixtures.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

/** The file a click on `button` downloads, as text. */
async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

/** True when the element's box lies within the viewport's width. */
async function withinWidth(page: Page, name: string, width: number) {
  const box = (await page.getByRole('button', { name, exact: true }).last().boundingBox())!;
  return box.x >= 0 && box.x + box.width <= width;
}

test('exports a client as JSON and CSV, then erases them after a typed confirmation', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAsAdmin(page);
  const tag = Date.now().toString(36);
  const name = `Gdpr Client ${tag}`;
  const email = `gdpr.${tag}@example.com`;
  const leadId = await storeLead(db, { name, email, subject: `Data request ${tag}`, status: 'New', ...NO_QUOTE });
  await (await cardIn(page, 'New', name)).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByRole('heading', { name: 'Client data' })).toBeVisible();

  const json = await downloaded(page, 'Export client data (JSON)');
  expect(json.name).toMatch(new RegExp(`^client-data-gdpr\\.${tag}_example\\.com-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const exported = JSON.parse(json.text) as { collections: { leads: Array<{ id: string; email: string }> } };
  expect(exported.collections.leads).toEqual([expect.objectContaining({ id: leadId, email })]);
  await expect(page.getByText('Client data exported')).toBeVisible();

  const csv = await downloaded(page, 'Export client data (CSV)');
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('collection,id,field,value');
  expect(csv.text).toContain(`leads,${leadId},email,${email}`);

  // At 390 px the section's buttons and the confirmation stay on the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const b of ['Export client data (JSON)', 'Export client data (CSV)', 'Erase client'])
    expect(await withinWidth(page, b, 390), b).toBe(true);

  await detail.getByRole('button', { name: 'Erase client' }).click();
  const confirm = page.getByRole('dialog', { name: `Erase ${email}?` });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("The client's Stripe customer is deleted.");
  const eraseButton = confirm.getByRole('button', { name: 'Erase client' });
  await expect(eraseButton).toBeDisabled();
  expect(await withinWidth(page, 'Erase client', 390)).toBe(true);
  // "Keep" leaves everything as it was.
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(confirm).toBeHidden();
  expect((await db.collection('leads').doc(leadId).get()).exists).toBe(true);

  await detail.getByRole('button', { name: 'Erase client' }).click();
  await confirm.getByLabel("Type the client's email to confirm").fill(email.toUpperCase());
  await eraseButton.click();
  await expect(page.getByText('Client erased')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(detail).toBeHidden();
  await expect(page.getByTestId('lead-card').filter({ hasText: name })).toHaveCount(0);
  expect((await db.collection('leads').doc(leadId).get()).exists).toBe(false);
});
