/**
 * The public contact form sends an App Check token (web/src/shared/lib/appCheck.ts): on the
 * emulators, whose demo project has no App Check service, the emulator build's debug token, the
 * value functions/.env.demo-studio accepts when APP_CHECK_ENFORCE=true (tests/api/appCheck.test.ts).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './support/test.js';

const debugToken = /^VITE_APPCHECK_DEBUG_TOKEN=(.+)$/m.exec(readFileSync('web/.env.emulator', 'utf8'))?.[1]?.trim();

test('the contact form sends the App Check debug token on the emulators', async ({ page }) => {
  expect(debugToken).toBeTruthy();
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill(`App Check Visitor ${Date.now()}`);
  await form.getByLabel('Email').fill('e2e.appcheck@example.com');
  await form.getByLabel('Subject').fill('App Check');
  await form.getByLabel('Message').fill('Hello with a token.');
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect(await (await posted).headerValue('x-firebase-appcheck')).toBe(debugToken);
  await expect(page.getByText('Message sent!')).toBeVisible();
});
