/**
 * The signed-in routes the browser sweeps visit (a11y.spec.ts, layout.spec.ts), derived from their source: one
 * /admin/<key> per key of ADMIN_PAGES (web/src/app/admin/lazyPages.tsx), read from the file so the specs load no
 * web code. tests/unit/adminRoutes.test.ts checks that every route has its heading below, so a new page cannot be
 * left out of the accessibility sweep.
 */
import { readFileSync } from 'node:fs';

/** /admin/<key> for each key of ADMIN_PAGES, in the file's order. */
export const ADMIN_ROUTES: readonly string[] = (() => {
  const source = readFileSync(new URL('../../../web/src/app/admin/lazyPages.tsx', import.meta.url), 'utf8');
  const block = /export const ADMIN_PAGES = \{([\s\S]*?)\n\} satisfies/.exec(source)?.[1] ?? '';
  return [...block.matchAll(/^ {2}'?([\w-]+)'?: adminPage\(/gm)].map((m) => `/admin/${m[1]}`);
})();

/** Each signed-in route's level-1 heading (spec §2), which the a11y sweep waits for before it checks the page. */
export const ADMIN_HEADINGS: Readonly<Record<string, string | RegExp>> = {
  '/admin/dashboard': /^Welcome back/,
  '/admin/projects': 'Projects',
  '/admin/clients': 'Client List',
  '/admin/replit': 'Replit Projects',
  '/admin/invoicing': 'Invoicing',
  '/admin/money': 'Money',
  '/admin/email-templates': 'Email Templates',
  '/admin/email-test': 'Email Testing',
  '/admin/settings': 'Settings',
};
