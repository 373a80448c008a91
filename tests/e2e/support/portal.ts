/**
 * The client portal's sign-in as a client does it on one device: ask for a
 * link on /portal, take it from the Auth emulator (where a real project would
 * have emailed it) and open it; the page remembers the address, so the link
 * signs in at once.
 */
import type { Page } from '@playwright/test';
import { expect } from './test.js';
import { signInLinksFor } from '../../portalLinks.js';

/** Signs `page` in to the portal as `email` (its first sign-in link), and waits for "Your portal". */
export async function signInToPortal(page: Page, email: string): Promise<void> {
  await page.goto('/portal');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect.poll(async () => (await signInLinksFor(email)).length).toBe(1);
  const [link] = await signInLinksFor(email);
  await page.goto(link!.oobLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Your portal' })).toBeVisible();
}
