/**
 * Invoice lines and the parties' legal fields in the CRM:
 * - Create Invoice, itemised: the lines editor checks each line with the
 *   domain's messages, previews each line's net, the tax per rate and the
 *   total (domain invoiceLineTotals), adds and removes lines from the
 *   keyboard, and posts the lines with a supply date; the invoice shows on
 *   the card. It fits a 360 px phone.
 * - A lead's billing details: edited on its detail dialog, a VAT number
 *   refused with the domain's message, saved through the API, cancelled.
 * - Settings: the studio's legal fields refuse an unknown country and a
 *   VAT-registered studio without its country and VAT number (nothing is
 *   saved: the studio settings are shared by every spec).
 *
 * Data is written per test under unique names; every wait is on UI or stored state.
 */
import { expect, test, type Locator, type Page } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { loginAsAdmin, cardIn, revealCard } from './support/admin.js';
import { storeLead } from '../fixtures.js';
import { wcagViolations } from './support/axe.js';
import { COUNTRY_MESSAGE, vatIdMessage } from '@studio/domain/invoiceTax';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function seedLead(name: string, fields: Record<string, unknown> = {}): Promise<string> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  return storeLead(db, {
    name,
    email: `e2e.lines.${tag}@example.com`,
    subject: `Site for ${name}`,
    message: 'Seeded by invoiceLines.spec.ts',
    ...fields,
  });
}

/** Opens the Create Invoice dialog of lead `name` on the Invoicing page, in its itemised mode. */
async function openItemised(page: Page, name: string): Promise<Locator> {
  await page.goto('/admin/invoicing');
  const card = page.getByTestId('invoicing-card').filter({ hasText: name });
  await revealCard(page, card);
  await card.getByRole('button', { name: `Invoice ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
  await dialog.getByRole('button', { name: 'Itemised' }).click();
  await expect(dialog.getByRole('button', { name: 'Itemised' })).toHaveAttribute('aria-pressed', 'true');
  return dialog;
}

const line = (dialog: Locator, n: number) => dialog.getByRole('group', { name: `Line ${n}` });

async function fillLine(
  dialog: Locator,
  n: number,
  l: { description: string; quantity: string; unit: string; unitPrice: string; taxRate: string },
) {
  const g = line(dialog, n);
  await g.getByLabel('Description').fill(l.description);
  await g.getByLabel('Quantity').fill(l.quantity);
  await g.getByRole('combobox').click();
  await dialog.page().getByRole('option', { name: l.unit, exact: true }).click();
  await g.getByLabel('Unit price').fill(l.unitPrice);
  await g.getByLabel('Tax rate').fill(l.taxRate);
}

test('Create Invoice, itemised: lines checked, totals previewed, lines posted', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  const name = unique('Lines Client');
  const leadId = await seedLead(name);
  await loginAsAdmin(page);
  const dialog = await openItemised(page, name);

  // A blank line is refused with the domain's messages, on its fields.
  await line(dialog, 1).getByLabel('Unit price').fill('12.345');
  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(line(dialog, 1).getByText('Description is required')).toBeVisible();
  await expect(line(dialog, 1).getByText('Unit price must be an amount such as 1234.50')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toHaveCount(2); // the line's and the invoice's

  await fillLine(dialog, 1, {
    description: 'Design work',
    quantity: '1.5',
    unit: 'hour',
    unitPrice: '80.00',
    taxRate: '20',
  });
  await expect(line(dialog, 1).getByTestId('line-net')).toHaveText('Net $120.00');

  // Lines are added and removed from the keyboard.
  await dialog.getByRole('button', { name: 'Add line' }).press('Enter');
  await expect(line(dialog, 2).getByLabel('Description')).toBeFocused();
  await fillLine(dialog, 2, { description: 'Hosting', quantity: '1', unit: 'month', unitPrice: '30.00', taxRate: '0' });
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await expect(line(dialog, 3)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove line 3' }).press('Enter');
  await expect(line(dialog, 3)).toHaveCount(0);
  await expect(dialog.getByTestId('invoice-line')).toHaveCount(2);

  // The preview: the domain's totals (tax once per rate).
  const preview = dialog.getByRole('region', { name: 'Invoice preview' });
  await expect(preview).toContainText('Net$150.00');
  await expect(preview).toContainText('Tax at 20% on $120.00$24.00');
  await expect(preview).toContainText('Total$174.00');

  await dialog.getByLabel('Invoice description').fill('November work');
  await dialog.getByLabel('Supply date (optional)').fill('2026-11-30');
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/create-invoice') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  expect((await posted).postDataJSON()).toEqual({
    leadId,
    lines: [
      { description: 'Design work', quantity: '1.5', unit: 'HUR', unitPrice: '80.00', taxRateBps: 2000 },
      { description: 'Hosting', quantity: '1', unit: 'MON', unitPrice: '30.00', taxRateBps: 0 },
    ],
    description: 'November work',
    supplyDate: '2026-11-30',
  });
  await expect(page.getByText('Invoice Created Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The invoice is stored with its lines, and shows on the card with its e-invoice beside its PDF.
  await expect
    .poll(async () => {
      const snap = await db.collection('invoices').where('leadId', '==', leadId).get();
      return snap.docs.map((d) => (d.get('lines') as unknown[] | undefined)?.length ?? 0);
    })
    .toEqual([2]);
  const card = page.getByTestId('invoicing-card').filter({ hasText: name });
  const row = card.getByTestId('invoice-row').filter({ hasText: 'November work' });
  await expect(row).toContainText('$174.00');
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: /^CII XML of invoice INV-/ })).toBeVisible();
});

test('the itemised Create Invoice fits a 360 px phone', async ({ page }) => {
  const name = unique('Phone Lines');
  await seedLead(name);
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsAdmin(page);
  const dialog = await openItemised(page, name);
  await fillLine(dialog, 1, {
    description: 'A rather long description of the design work done this month, which wraps',
    quantity: '12.5',
    unit: 'day',
    unitPrice: '1234.50',
    taxRate: '5.5',
  });
  await expect(dialog.getByRole('region', { name: 'Invoice preview' })).toContainText('Tax at 5.5%');
  const overflow = await dialog.evaluate((el) => {
    const paper = el.querySelector('.MuiDialog-paper') ?? el;
    return paper.scrollWidth - paper.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
});

test("a lead's billing details: edited, checked, saved, cancelled", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const name = unique('Billing Client');
  const leadId = await seedLead(name, { status: 'New', quoteAccepted: false });
  await loginAsAdmin(page);
  await (await cardIn(page, 'New', name)).click();
  const detail = page.getByRole('dialog', { name });
  const billing = detail.getByRole('region', { name: 'Billing details' });
  await expect(billing).toContainText('No billing details yet');

  await billing.getByRole('button', { name: 'Edit billing details' }).click();
  const form = detail.getByRole('form', { name: 'Billing details' });
  await expect(form.getByLabel('Company')).toBeFocused();
  await form.getByLabel('Company').fill('Acme SARL');
  await form.getByLabel('Billing address').fill('1 rue de la Paix\n75002 Paris');
  await form.getByLabel('Country').fill('fr');
  await expect(form.getByText('France')).toBeVisible();
  await form.getByLabel('Tax ID').fill('FR123');
  await form.getByRole('button', { name: 'Save billing details' }).click();
  await expect(form.getByText(vatIdMessage('FR'))).toBeVisible();

  await form.getByLabel('Tax ID').fill('fr 40 303265045');
  await form.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByText('Billing details saved')).toBeVisible();
  await expect(form).toBeHidden();
  const shown = billing.getByTestId('lead-billing');
  await expect(shown).toContainText('Acme SARL');
  await expect(shown).toContainText('France (FR)');
  await expect(shown).toContainText('FR40303265045');
  await expect
    .poll(async () => {
      const b = ((await db.collection('leads').doc(leadId).get()).get('billing') ?? {}) as Record<string, unknown>;
      return [b.company, b.country, b.taxId];
    })
    .toEqual(['Acme SARL', 'FR', 'FR40303265045']);

  // Cancel (or Escape) leaves the saved details as they are.
  await billing.getByRole('button', { name: 'Edit billing details' }).click();
  await form.getByLabel('Company').fill('Someone else');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(shown).toContainText('Acme SARL');
  await billing.getByRole('button', { name: 'Edit billing details' }).click();
  await form.getByLabel('Company').press('Escape');
  await expect(form).toBeHidden();
  await expect(detail).toBeVisible();
});

test("Settings: the studio's legal fields are checked with the domain's messages", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Studio settings' });
  await expect(form.getByRole('heading', { name: 'Legal details on invoices' })).toBeVisible();

  let saves = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/settings/studio') && r.method() === 'PUT') saves++;
  });
  await form.getByLabel('Country').fill('XX');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText(COUNTRY_MESSAGE)).toBeVisible();

  await form.getByLabel('Country').fill('');
  await form.getByLabel('Tax ID or VAT number').fill('');
  await form.getByRole('switch', { name: 'VAT registered' }).check();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('A VAT-registered studio needs its country')).toBeVisible();
  await expect(form.getByText('A VAT-registered studio needs its VAT number')).toBeVisible();
  expect(saves).toBe(0);
});
