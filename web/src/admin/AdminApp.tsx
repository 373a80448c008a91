/**
 * The admin area (lazy chunk): the ID-token provider for /api calls, the
 * login page, and the admin routes of spec §2, each behind the session check.
 * This chunk holds only Firebase App and Auth: every signed-in page is a lazy
 * chunk of its own (./lazyPages), loaded with the Firestore/reactfire chunk
 * (./data/FirestoreScope) and shown inside the admin bar with the shared
 * loading state.
 */
import { useEffect } from 'react';
import { onAuthStateChanged } from 'firebase/auth';
import { Navigate, Route, Routes } from 'react-router-dom';
import { setTokenProvider } from '../lib/api';
import { LazyPage } from '../components/PageState';
import { NotFoundPage } from '../public/NotFoundPage';
import { auth } from './firebase';
import { prefetchSession, RequireAdmin } from './session';
import { AdminLayout } from './AdminLayout';
import { LoginPage } from './pages/LoginPage';
import { ADMIN_PAGES, adminPageAt, type AdminPage } from './lazyPages';

// Registered when the chunk loads, before any admin page asks the API.
setTokenProvider(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null));

/**
 * Starts a signed-in page early: its chunks now, and as soon as Auth knows the
 * user, its live data and the session check, all in parallel. Returns the
 * Auth unsubscribe.
 */
function startPage(page: AdminPage): () => void {
  page.preload().catch(() => undefined); // a failure shows when the page renders
  const stop = onAuthStateChanged(auth, (user) => {
    if (user) {
      page.warm();
      prefetchSession(user.uid);
    }
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
      <AdminLayout>
        <LazyPage key={path}>
          <page.Component />
        </LazyPage>
      </AdminLayout>
    </RequireAdmin>
  );
}

export default function AdminApp() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      {Object.entries(ADMIN_PAGES).map(([path, page]) => (
        <Route key={path} path={path} element={<Guarded path={path} page={page} />} />
      ))}
      <Route index element={<Navigate to="/admin/login" replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
