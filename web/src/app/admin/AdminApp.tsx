/**
 * The admin area (lazy chunk): the ID-token provider for /api calls, the
 * login page, and the admin routes of spec §2, each behind the session check.
 * This chunk holds only Firebase App and Auth: the login page and every
 * signed-in page are lazy chunks of their own (./lazyPages), the signed-in
 * ones loaded with the Firestore/reactfire chunk (shared/data/FirestoreScope) and
 * shown inside the admin bar with the shared loading state.
 */
import { useEffect } from 'react';
import { onAuthStateChanged } from 'firebase/auth';
import { Navigate, Route, Routes } from 'react-router-dom';
import { setTokenProvider } from '../../shared/lib/api';
import { lazyRoute } from '../../shared/components/PageState';
import { NotFoundPage } from '../NotFoundPage';
import { auth } from '../../shared/data/firebase';
import { prefetchSession, RequireAdmin } from '../../features/auth/session';
import { AdminLayout } from './AdminLayout';
import { ADMIN_PAGES, adminPageAt, type AdminPage } from './lazyPages';
import { preloadable } from '../../shared/lib/preloadable';

// A chunk of its own: a signed-in page opened directly does not load or evaluate the form.
const loginPage = preloadable(() =>
  import('../../features/auth/components/LoginPage').then(
    ({ LoginPage }) =>
      function AdminLogin() {
        return <LoginPage preloadNext={ADMIN_PAGES.dashboard.preload} />;
      },
  ),
);

/**
 * Resolves once the chunks the admin page at `pathname` shows first are in:
 * the login form for /admin/login (a signed-in page shows the session check
 * first, and starts its own chunks below). Awaited with this chunk before the
 * first render of an admin URL (app/App.tsx preloadAdminApp).
 */
export function firstViewReady(pathname: string): Promise<unknown> {
  return pathname === '/admin/login' ? loginPage.preload() : Promise.resolve();
}

// Registered when the chunk loads, before any admin page asks the API.
setTokenProvider(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null));

/**
 * Starts a signed-in page early, all in parallel: its chunks and its live data
 * now, and the session check as soon as Auth knows the user. Firestore holds
 * the data's listener until Auth has restored the user, then sends it with
 * the user's token (without a user, the listener is refused and ends).
 * Returns the Auth unsubscribe.
 */
function startPage(page: AdminPage): () => void {
  page.preload().catch(() => undefined); // a failure shows when the page renders
  page.warm();
  const stop = onAuthStateChanged(auth, (user) => {
    if (user) prefetchSession(user.uid);
    stop();
  });
  return stop;
}

// A page opened directly (reload, bookmark) starts while this chunk evaluates,
// not when React reveals the route (a Suspense reveal can wait up to 300 ms).
const opened = adminPageAt(window.location.pathname);
if (opened) startPage(opened);

/** A signed-in page, behind the session check; navigations start it here. */
function Guarded({ path, page }: { path: string; page: AdminPage }) {
  useEffect(() => startPage(page), [page]);
  return (
    <RequireAdmin>
      <AdminLayout>{lazyRoute(path, page.Component)}</AdminLayout>
    </RequireAdmin>
  );
}

export default function AdminApp() {
  return (
    <Routes>
      <Route path="login" element={lazyRoute('login', loginPage.Component)} />
      {Object.entries(ADMIN_PAGES).map(([path, page]) => (
        <Route key={path} path={path} element={<Guarded path={path} page={page} />} />
      ))}
      <Route index element={<Navigate to="/admin/login" replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
