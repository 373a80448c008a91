/**
 * Proposals end to end: a quote approved with the default contract opens, on a phone-sized page, as a proposal
 * (scope, timeline, price, contract) with no WCAG A/AA violation at either width; the client signs with a typed
 * name and a drawn signature and goes on to pay the deposit; the signed PDF downloads through the link and renders
 * (pdftoppm), its SHA-256 the record's.
 */
import { createHash, randomUUID } from 'node:crypto';
import { expect, test } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { quotedLead } from './support/adminApi.js';
import { WIDTHS, wcagViolations } from './support/axe.js';
import { pdfFirstPagePng, pdfInk, pdfText, pngSize } from '../pdfText.js';
import { drawSignature } from './support/signature.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));
const RUN = Math.floor(Math.random() * 250) + 1;
let ipCounter = 0;
const nextIp = () => `10.${RUN}.231.${(++ipCounter % 250) + 1}`;
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': nextIp() });
});

test('the client reads the proposal on a phone, signs with a drawing, and the signed PDF renders', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `Proposal Client ${randomUUID().slice(0, 8)}`;
  const { id, acceptancePath } = await quotedLead(request, name, nextIp, true, 'default');

  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(acceptancePath!);
    for (const h of ['Scope', 'Estimated timeline', 'Price', 'Contract: Default contract'])
      await expect(page.getByRole('heading', { name: h })).toBeVisible();
    await expect(page.getByTestId('contract')).toContainText('Intellectual property');
    await expect(page.getByRole('button', { name: 'Sign and accept' })).toBeVisible();
    expect(await wcagViolations(page), size.label).toEqual([]);
  }

  // Phone size: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Without consent and name: the form says what is missing and sends nothing.
  const consentError = page.getByText('Tick the box to agree to sign electronically', { exact: true });
  const nameError = page.getByText('Type your full legal name', { exact: true });
  await page.getByRole('button', { name: 'Sign and accept' }).click();
  await expect(consentError).toBeVisible();
  await expect(nameError).toBeVisible();
  // Each message goes as soon as its own field is right, without another submit, and only then.
  await page.getByRole('checkbox').check();
  await expect(consentError).toBeHidden();
  await expect(nameError).toBeVisible();
  await page.getByLabel('Full legal name').fill('M');
  await expect(nameError).toBeVisible();
  await page.getByLabel('Full legal name').fill('Maya Phone Chen');
  await expect(nameError).toBeHidden();
  await expect(page.getByText('Typing your name signs this document.')).toBeVisible();
  await page.getByRole('checkbox').uncheck();
  await expect(consentError).toBeVisible();
  await page.getByRole('checkbox').check();
  await expect(consentError).toBeHidden();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Sign and accept' }).click();
  await expect(page).toHaveURL(/\/checkout\?amount=/);

  const proposal = (await db.collection('proposals').where('leadId', '==', id).get()).docs[0]!.data();
  expect(proposal.status).toBe('Signed');
  expect(proposal.signature.fullName).toBe('Maya Phone Chen');
  expect(proposal.signature.signaturePng).toMatch(/^data:image\/png;base64,/);

  const pdf = await request.get(
    `/api/quote-acceptance/proposal.pdf?${new URL(acceptancePath!, 'http://x').searchParams}`,
  );
  expect(pdf.status()).toBe(200);
  const bytes = await pdf.body();
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(proposal.signedPdfSha256);
  const { text } = await pdfText(bytes);
  expect(text).toContain('Maya Phone Chen');
  expect(text).toContain('AUDIT CERTIFICATE');
  expect(pngSize(pdfFirstPagePng(bytes, 'proposal-e2e')).width).toBeGreaterThan(500);
  expect(pdfInk(bytes, 'proposal-e2e-ink')).toBeGreaterThan(0.001);
});
