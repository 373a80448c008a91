/** The browser sweeps' admin routes come from ADMIN_PAGES, and each has the heading the a11y sweep waits for. */
import { describe, expect, it } from 'vitest';
import { ADMIN_HEADINGS, ADMIN_ROUTES } from '../e2e/support/adminRoutes.js';

describe('admin routes of the a11y and layout sweeps', () => {
  it('are read from ADMIN_PAGES', () => {
    expect(ADMIN_ROUTES).toContain('/admin/dashboard');
    expect(ADMIN_ROUTES).toContain('/admin/settings');
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(9);
  });

  it('each has its heading for the a11y sweep, and no heading names a page that is gone', () => {
    expect(Object.keys(ADMIN_HEADINGS).sort()).toEqual([...ADMIN_ROUTES].sort());
  });
});
