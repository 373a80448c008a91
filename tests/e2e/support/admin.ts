import { expect, type Page } from '@playwright/test';
import { DEV_ADMIN } from '../../../scripts/dev-admin.js';

/** Signs in through the login page as the seeded dev admin and waits for the dashboard. */
export async function loginAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(DEV_ADMIN.username);
  await page.getByLabel('Password').fill(DEV_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEV_ADMIN.username}` })).toBeVisible();
}
