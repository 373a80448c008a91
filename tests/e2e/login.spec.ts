/**
 * The admin login's lockout (spec §2 "Admin login"; functions/src/features/auth/router.ts):
 * after 10 failed attempts for one address and username the page says when
 * to try again, instead of "Invalid credentials".
 *
 * The page gets its own rate-limit bucket through the tests' header, which
 * the API honours on demo- projects only.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.js';

test('after 10 failures the login page shows the lockout, not "Invalid credentials"', async ({ page }) => {
  const bucket = { 'x-studio-test-client': randomUUID() };
  const username = `locked-${randomUUID().slice(0, 8)}`;
  await page.setExtraHTTPHeaders(bucket);
  await page.goto('/admin/login');
  const attempt = async () => {
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
  };
  await attempt();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  for (let i = 1; i < 10; i++) {
    const res = await page.request.post('/api/auth/login', {
      data: { username, password: 'wrong-password' },
      headers: bucket,
    });
    expect(res.status()).toBe(401);
  }
  await attempt();
  const toast = page.getByRole('alert');
  await expect(toast).toContainText(/Too many attempts\. Try again in \d+ minutes?\./);
  await expect(toast).not.toContainText('Invalid credentials');
});
