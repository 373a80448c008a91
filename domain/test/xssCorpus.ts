/** XSS payloads shared by the email rendering tests (domain/test/email.test.ts and the server's default templates' test). */
import { expect } from 'vitest';

/** Payloads that must never reach an email as markup. */
export const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '<iframe src="javascript:alert(1)"></iframe>',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(document.cookie)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '</td></tr></table><a href="https://evil.example">click</a>',
  '${name}',
  '`onmouseover=alert(1)',
  'x onmouseover=alert(1) y',
  '&lt;script&gt;',
];

/** No live markup from the payload: no tag opener, and no quote that could close an attribute. */
export function expectInert(rendered: string, payload: string) {
  expect(rendered).not.toContain('<script');
  expect(rendered).not.toMatch(/<img[^>]*onerror/i);
  expect(rendered).not.toMatch(/<svg/i);
  expect(rendered).not.toMatch(/<iframe/i);
  expect(rendered).not.toMatch(/href="\s*javascript:/i);
  expect(rendered).not.toMatch(/href="\s*data:/i);
  expect(rendered).not.toContain('href="https://evil.example"');
  if (payload.includes('<')) expect(rendered).toContain('&lt;');
}
