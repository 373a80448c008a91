/**
 * The admin area (lazy chunk): Firebase providers, the ID-token provider for
 * /api calls, and the admin routes of spec §2, each behind the session check.
 */
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthProvider, FirebaseAppProvider, FirestoreProvider } from 'reactfire';
import { setTokenProvider } from '../lib/api';
import { NotBuiltYet } from '../components/PageState';
import { NotFoundPage } from '../public/NotFoundPage';
import { auth, firebaseApp, firestore } from './firebase';
import { RequireAdmin } from './session';
import { AdminLayout } from './AdminLayout';
import { LoginPage } from './pages/LoginPage';
import { DashboardPage } from './pages/DashboardPage';
import { ClientsPage } from './pages/ClientsPage';
import { ProjectsPage } from './projects/ProjectsPage';
import { ReplitPage } from './pages/ReplitPage';
import { EmailTemplatesPage } from './email/EmailTemplatesPage';
import { EmailTestPage } from './email/EmailTestPage';

function guarded(page: ReactNode) {
  return (
    <RequireAdmin>
      <AdminLayout>{page}</AdminLayout>
    </RequireAdmin>
  );
}

// Registered when the chunk loads, before any admin page asks the API.
setTokenProvider(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null));

export default function AdminApp() {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <FirestoreProvider sdk={firestore}>
          <Routes>
            <Route path="login" element={<LoginPage />} />
            <Route path="dashboard" element={guarded(<DashboardPage />)} />
            <Route path="projects" element={guarded(<ProjectsPage />)} />
            <Route path="clients" element={guarded(<ClientsPage />)} />
            <Route path="replit" element={guarded(<ReplitPage />)} />
            <Route path="invoicing" element={guarded(<NotBuiltYet title="Invoicing" />)} />
            <Route path="email-templates" element={guarded(<EmailTemplatesPage />)} />
            <Route path="email-test" element={guarded(<EmailTestPage />)} />
            <Route index element={<Navigate to="/admin/login" replace />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </FirestoreProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
