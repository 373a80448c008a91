/** Projects board: create, drag, refused drag, drops on Beta and Launch through their dialogs (Cancel puts the card back), launch with countdown, maintenance, cancel. */
import { expect, test, type Page } from './support/test.js';
import { loginAsAdmin } from './support/admin.js';

const col = (page: Page, s: string) => page.getByTestId(`project-column-${s}`);
const card = (page: Page, name: string) => page.getByTestId('project-card').filter({ hasText: name });

async function keyboardDrag(page: Page, name: string, steps: number) {
  await card(page, name).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
}

test('a project goes from Set up to Launch, and can be canceled', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  const name = `E2E Project ${Date.now()}`;
  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Project' });
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(dialog.getByText('Project name is required')).toBeVisible();
  await expect(dialog.getByText('Client name is required')).toBeVisible();
  await dialog.getByLabel('Project name').fill(name);
  await dialog.getByLabel('Client name').fill('E2E Client');
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Project Created')).toBeVisible();
  await expect(col(page, 'Set up').getByText(name)).toBeVisible();

  // Skipping Production is refused and the card returns.
  await keyboardDrag(page, name, 2);
  await expect(
    page.getByText('Only a project in Production can be deployed to Beta: move it to Production first'),
  ).toBeVisible();
  await expect(col(page, 'Set up').getByText(name)).toBeVisible({ timeout: 2_000 }); // at once, not after the 5 s settle

  await keyboardDrag(page, name, 1);
  await expect(col(page, 'Production').getByText(name)).toBeVisible();

  // A drop on Beta opens Deploy to Beta with the drop pending; Cancel puts the card back.
  await keyboardDrag(page, name, 1);
  let details = page.getByRole('dialog', { name });
  await expect(
    details.getByText('To move this project to Beta, deploy it to Beta below.', { exact: false }),
  ).toBeVisible();
  await expect(col(page, 'Beta').getByText(name)).toBeVisible();
  await details.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(details).toBeHidden();
  await expect(col(page, 'Production').getByText(name)).toBeVisible({ timeout: 2_000 });

  await keyboardDrag(page, name, 1);
  details = page.getByRole('dialog', { name });
  await expect(details.getByRole('button', { name: 'Deploy to Beta' })).toBeDisabled();
  await details.getByLabel('Beta URL').fill('https://beta.e2e.example');
  await details.getByRole('button', { name: 'Deploy to Beta' }).click();
  await expect(page.getByText('Deployed to Beta')).toBeVisible();
  await expect(col(page, 'Beta').getByText(name)).toBeVisible();
  await expect(col(page, 'Production').getByText(name)).toHaveCount(0);

  // A drop on Launch opens the Launch dialog.
  await keyboardDrag(page, name, 1);
  details = page.getByRole('dialog', { name });
  await details.getByRole('button', { name: 'Launch' }).click();
  await expect(details.getByText('Domain URL is required')).toBeVisible();
  await details.getByLabel('Hand over files').check();
  await details.getByRole('button', { name: 'Launch' }).click();
  await expect(page.getByText('Project Launched')).toBeVisible();
  await expect(col(page, 'Launch').getByText(name)).toBeVisible();
  await expect(card(page, name).getByTestId('countdown')).toHaveText(/^(6d 23h|7d 0h) left$/);

  await card(page, name).click();
  details = page.getByRole('dialog', { name });
  // It cannot be taken back, so it asks first; Back records nothing.
  await details.getByRole('button', { name: 'Mark Maintenance Paid' }).click();
  const maintenance = page.getByRole('dialog', { name: `Record a paid maintenance subscription for ${name}?` });
  await expect(maintenance).toContainText('This cannot be undone from the CRM.');
  await maintenance.getByRole('button', { name: 'Back' }).click();
  await expect(maintenance).toBeHidden();
  await expect(card(page, name).getByText('Maintenance paid')).toHaveCount(0);
  await details.getByRole('button', { name: 'Mark Maintenance Paid' }).click();
  await maintenance.getByRole('button', { name: 'Mark Maintenance Paid' }).click();
  await expect(page.getByText('Maintenance Subscription Recorded')).toBeVisible();
  await expect(card(page, name).getByText('Maintenance paid')).toBeVisible();

  await card(page, name).click();
  await page.getByRole('dialog', { name }).getByRole('button', { name: 'Cancel Project' }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel project ${name}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel Project' }).click();
  await expect(card(page, name)).toHaveCount(0);
  // The toast's Undo puts it back where it was (Launch, which a plain move from Canceled could not reach).
  const toast = page.getByRole('status').filter({ hasText: `${name} is canceled` });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`${name} is back in Launch.`)).toBeVisible();
  await expect(col(page, 'Launch').getByText(name)).toBeVisible();

  await card(page, name).click();
  await page.getByRole('dialog', { name }).getByRole('button', { name: 'Cancel Project' }).click();
  await page
    .getByRole('dialog', { name: `Cancel project ${name}?` })
    .getByRole('button', { name: 'Cancel Project' })
    .click();
  await expect(card(page, name)).toHaveCount(0);
  await page.getByRole('button', { name: 'View List: Canceled' }).click();
  await expect(page.getByRole('dialog', { name: 'Canceled projects' }).getByText(name)).toBeVisible();
});
