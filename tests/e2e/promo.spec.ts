/**
 * Promo Code Management (spec §2 "CRM dashboard" promo dialogs, §5
 * "Promo code", §8): the admin creates (spec defaults), edits and deletes a
 * promo code through the dashboard's dialogs; the list follows live, and a
 * duplicate code shows the server's message.
 */
import { expect, test, type Page } from './support/test.js';
import { loginAsAdmin } from './support/admin.js';

/** The header button; `includeHidden` because an open dialog hides the page behind it from the accessibility tree. */
const promoButton = (page: Page) => page.getByRole('button', { name: /^Promo Codes \(\d+\)$/, includeHidden: true });
async function promoCount(page: Page): Promise<number> {
  return Number(/\((\d+)\)/.exec((await promoButton(page).textContent()) ?? '')?.[1]);
}

test('the admin creates, edits and deletes a promo code', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await loginAsAdmin(page);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;

  await promoButton(page).click();
  const list = page.getByRole('dialog', { name: 'Promo Code Management' });
  // The list (and the header count) are live: wait for the seeded codes before counting.
  await expect(list.getByTestId('promo-row').filter({ hasText: 'WELCOME10' })).toBeVisible();
  const before = await promoCount(page);
  expect(before).toBeGreaterThanOrEqual(3);

  // Create, with the spec's defaults.
  await list.getByRole('button', { name: 'Create New Promo Code' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Promo Code' });
  await expect(create.getByLabel('Discount type')).toHaveText('Percentage (%)');
  await expect(create.getByLabel('Discount value')).toHaveValue('10');
  await expect(create.getByLabel('Active')).toBeChecked();
  await expect(create.getByLabel('Valid from')).not.toHaveValue('');
  await create.getByRole('button', { name: 'Create Promo Code' }).click();
  await expect(create.getByText('Promo code is required')).toBeVisible();
  await create.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await create.getByRole('button', { name: 'Create Promo Code' }).click();
  await expect(page.getByText('Promo code created successfully')).toBeVisible();
  await expect(create).toBeHidden();
  const row = list.getByTestId('promo-row').filter({ hasText: code });
  await expect(row).toContainText('10% off');
  await expect(row).toContainText('Used 0 (unlimited)');
  await expect(row).toContainText('Active');
  await expect(promoButton(page)).toHaveText(`Promo Codes (${before + 1})`);

  // A duplicate shows the server's message.
  await list.getByRole('button', { name: 'Create New Promo Code' }).click();
  await create.getByLabel('Code', { exact: true }).fill(code);
  await create.getByRole('button', { name: 'Create Promo Code' }).click();
  // The toast (title, then the server's message), and the message on the field.
  await expect(page.getByText('Error creating promo code').locator('..')).toContainText('Promo code already exists');
  await expect(create.getByText('Promo code already exists')).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();

  // Edit: fixed $25 off, at most 5 uses, inactive.
  await list.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Promo Code' });
  await expect(edit.getByLabel('Code', { exact: true })).toHaveValue(code);
  await expect(edit.getByLabel('Code', { exact: true })).toBeDisabled();
  await edit.getByLabel('Discount type').click();
  await page.getByRole('option', { name: 'Fixed amount ($)' }).click();
  await edit.getByLabel('Discount value').fill('25');
  await edit.getByLabel('Usage limit').fill('5');
  await edit.getByLabel('Active').uncheck();
  await edit.getByRole('button', { name: 'Update Promo Code' }).click();
  await expect(page.getByText('Promo code updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('$25.00 off');
  await expect(row).toContainText('Used 0 of 5');
  await expect(row).toContainText('Inactive');

  // Delete, after the confirmation.
  await list.getByRole('button', { name: `Delete ${code}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete Promo Code ${code}` });
  await expect(confirm.getByText('Are you sure you want to delete this promo code?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await list.getByRole('button', { name: `Delete ${code}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Promo code deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(promoButton(page)).toHaveText(`Promo Codes (${before})`);
});
