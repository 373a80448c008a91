/**
 * The signed-in admin pages, one lazy chunk each (route /admin/<path>). Each
 * page's chunk is fetched together with the Firestore chunk
 * (./data/FirestoreScope), in parallel, and the page renders inside it.
 * `preload()` starts both downloads early: a guarded route calls it while the
 * session is being checked, and the login page calls the dashboard's while
 * the credentials are checked, so no page waits on a request chain.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AdminPage {
  /** The page, wrapped in the Firestore provider; render it inside <LazyPage>. */
  Component: LazyExoticComponent<ComponentType>;
  /** Starts downloading the page and Firestore; safe to call any number of times. */
  preload(): Promise<unknown>;
}

const loadFirestore = () => import('./data/FirestoreScope');

function adminPage(load: () => Promise<ComponentType>): AdminPage {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    pending ??= Promise.all([load(), loadFirestore()]).then(
      ([Page, { FirestoreScope }]) => ({
        default: function AdminRoute() {
          return (
            <FirestoreScope>
              <Page />
            </FirestoreScope>
          );
        },
      }),
      (e: unknown) => {
        pending = null; // a later navigation may try again
        throw e;
      },
    );
    return pending;
  };
  return { Component: lazy(preload), preload };
}

export const ADMIN_PAGES = {
  dashboard: adminPage(() => import('./pages/DashboardPage').then((m) => m.DashboardPage)),
  projects: adminPage(() => import('./projects/ProjectsPage').then((m) => m.ProjectsPage)),
  clients: adminPage(() => import('./pages/ClientsPage').then((m) => m.ClientsPage)),
  replit: adminPage(() => import('./pages/ReplitPage').then((m) => m.ReplitPage)),
  invoicing: adminPage(() => import('./invoicing/InvoicingPage').then((m) => m.InvoicingPage)),
  'email-templates': adminPage(() => import('./email/EmailTemplatesPage').then((m) => m.EmailTemplatesPage)),
  'email-test': adminPage(() => import('./email/EmailTestPage').then((m) => m.EmailTestPage)),
} satisfies Record<string, AdminPage>;

export type AdminPagePath = keyof typeof ADMIN_PAGES;
