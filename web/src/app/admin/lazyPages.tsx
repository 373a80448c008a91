/**
 * The signed-in admin pages, one lazy chunk each (route /admin/<path>). Each
 * page's chunk is fetched together with the Firestore chunk
 * (shared/data/FirestoreScope) and the session watch (features/auth
 * SessionWatch), in parallel, and the page renders inside it beside the watch.
 * `preload()` starts both downloads early: the entry (main.tsx) calls it for
 * the page of the URL it opens on, a guarded route while the session is being
 * checked, and the login page the dashboard's while the credentials are
 * checked, so no page waits on a request chain.
 */
import type { ComponentType } from 'react';
import { preloadable } from '../../shared/lib/preloadable';

export interface AdminPage {
  /** Its link in the admin bar (spec §2 "Admin navigation"). */
  label: string;
  /** The page, wrapped in the Firestore provider; render it inside <LazyPage> (see Preloadable). */
  Component: ComponentType;
  /** Starts downloading the page and Firestore; safe to call any number of times. */
  preload(): Promise<unknown>;
  /**
   * Starts the page's main live query ahead of the page, so its documents
   * arrive while Auth restores the user and the session is checked (see
   * warmQuery; Firestore sends it once Auth knows the user).
   */
  warm(): void;
}

type FirestoreChunk = typeof import('../../shared/data/FirestoreScope');
const loadFirestore = (): Promise<FirestoreChunk> => import('../../shared/data/FirestoreScope');
/** What ends a signed-in page when a logout elsewhere ended its session; it listens through Firestore. */
const loadSessionWatch = () => import('../../features/auth/components/SessionWatch').then((m) => m.SessionWatch);
/** How long (ms) a warm listener waits for its page to take over. */
const WARM_HOLD_MS = 15_000;
/** The leads listener, for the pages that show the leads. */
const warmLeads = (m: FirestoreChunk) => m.warmQuery(m.leadsQuery(m.firestore), WARM_HOLD_MS);
/** The invoicing page's leads listener. */
const warmInvoicingLeads = (m: FirestoreChunk) => m.warmQuery(m.invoicingLeadsQuery(m.firestore), WARM_HOLD_MS);
/** The board's listener (the dashboard). */
const warmBoard = (m: FirestoreChunk) => m.warmQuery(m.leadBoardQuery(m.firestore), WARM_HOLD_MS);

function adminPage(
  label: string,
  load: () => Promise<ComponentType>,
  warmWith?: (m: FirestoreChunk) => void,
): AdminPage {
  const { Component, preload } = preloadable(() =>
    Promise.all([load(), loadFirestore(), loadSessionWatch()]).then(
      ([Page, { FirestoreScope }, SessionWatch]) =>
        function AdminRoute() {
          return (
            <FirestoreScope>
              <SessionWatch />
              <Page />
            </FirestoreScope>
          );
        },
    ),
  );
  let warmUntil = 0;
  const warm = () => {
    if (!warmWith || Date.now() < warmUntil) return; // one warm listener at a time
    warmUntil = Date.now() + WARM_HOLD_MS;
    loadFirestore().then(
      (m) => warmWith(m),
      () => undefined,
    ); // a failure shows when the page renders
  };
  return { label, Component, preload, warm };
}

export const ADMIN_PAGES = {
  dashboard: adminPage(
    'CRM',
    () => import('../../features/leads/components/LeadBoardPage').then((m) => m.LeadBoardPage),
    warmBoard,
  ),
  projects: adminPage('Projects', () =>
    import('../../features/projects/components/ProjectsPage').then((m) => m.ProjectsPage),
  ),
  // The hosted-projects tool; its route and label say Replit (spec §2).
  replit: adminPage('Replit', () =>
    import('../../features/hosted-projects/components/HostedProjectsPage').then((m) => m.HostedProjectsPage),
  ),
  clients: adminPage(
    'Client List',
    () => import('../../features/clients/components/ClientsPage').then((m) => m.ClientsPage),
    warmLeads,
  ),
  invoicing: adminPage(
    'Invoicing',
    () => import('../../features/invoicing/components/InvoicingPage').then((m) => m.InvoicingPage),
    warmInvoicingLeads,
  ),
  money: adminPage('Money', () => import('../../features/billing/components/MoneyPage').then((m) => m.MoneyPage)),
  'email-templates': adminPage('Email Templates', () =>
    import('../../features/email/components/EmailTemplatesPage').then((m) => m.EmailTemplatesPage),
  ),
  'email-test': adminPage('Email Testing', () =>
    import('../../features/email/components/EmailTestPage').then((m) => m.EmailTestPage),
  ),
  settings: adminPage('Settings', () =>
    import('../../features/settings/components/SettingsPage').then((m) => m.SettingsPage),
  ),
} satisfies Record<string, AdminPage>;

export type AdminPagePath = keyof typeof ADMIN_PAGES;

/** The admin bar's links, in the bar's order: one per page of ADMIN_PAGES. */
export const ADMIN_LINKS = Object.entries(ADMIN_PAGES).map(([path, page]) => ({
  to: `/admin/${path}`,
  label: page.label,
  page,
}));

/** The signed-in page at `pathname` (/admin/<path>), if any. */
export function adminPageAt(pathname: string): AdminPage | undefined {
  const path = /^\/admin\/([^/]+)\/?$/.exec(pathname)?.[1];
  return path && Object.hasOwn(ADMIN_PAGES, path) ? ADMIN_PAGES[path as AdminPagePath] : undefined;
}
