import { expect, type Page } from '@playwright/test';
import { DEV_ADMIN } from '../../../scripts/dev-admin.js';

/** Signs in through the login page as the seeded dev admin and waits for the dashboard. */
export async function loginAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await submitLogin(page);
}

/** Signs in as the dev admin on the login page already shown, and waits for the dashboard. */
export async function submitLogin(page: Page): Promise<void> {
  await page.getByLabel('Username').fill(DEV_ADMIN.username);
  await page.getByLabel('Password').fill(DEV_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEV_ADMIN.username}` })).toBeVisible();
}

/** A board column by status. */
export const column = (page: Page, status: string) => page.getByTestId(`column-${status}`);

/** Adds a lead through the Add Lead dialog and waits for it in New. */
export async function addLead(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Lead' });
  await expect(dialog.getByLabel('Project type')).toHaveText('Web Project');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill('pipeline@example.com');
  await dialog.getByLabel('Subject').fill('Pipeline test');
  await dialog.getByLabel('Message').fill('Testing the board.');
  await dialog.getByRole('button', { name: 'Add Lead' }).click();
  await expect(page.getByText('Lead added successfully')).toBeVisible();
  await expect(column(page, 'New').getByText(name)).toBeVisible();
}

/** Moves a lead through its card's actions menu. */
export async function menuMove(page: Page, name: string, target: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: `Move to ${target}` }).click();
}
