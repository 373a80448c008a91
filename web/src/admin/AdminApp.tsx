/**
 * The admin area (lazy chunk): the ID-token provider for /api calls, the
 * login page, and the admin routes of spec §2, each behind the session check.
 * This chunk holds only Firebase App and Auth: every signed-in page is a lazy
 * chunk of its own (./lazyPages), loaded with the Firestore/reactfire chunk
 * (./data/FirestoreScope) and shown inside the admin bar with the shared
 * loading state.
 */
import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { setTokenProvider } from '../lib/api';
import { LazyPage } from '../components/PageState';
import { NotFoundPage } from '../public/NotFoundPage';
import { auth } from './firebase';
import { RequireAdmin } from './session';
import { AdminLayout } from './AdminLayout';
import { LoginPage } from './pages/LoginPage';
import { ADMIN_PAGES, type AdminPage } from './lazyPages';

/** A signed-in page: its chunk starts downloading while the session is checked. */
function Guarded({ path, page }: { path: string; page: AdminPage }) {
  useEffect(() => {
    page.preload().catch(() => undefined); // a failure shows when the page renders
  }, [page]);
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

// Registered when the chunk loads, before any admin page asks the API.
setTokenProvider(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null));

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
