/** Routes of spec §2. The admin area is one lazy chunk so the public page stays small. */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Loading, NotBuiltYet } from './components/PageState';
import { PublicLayout } from './public/PublicLayout';
import { LandingPage } from './public/LandingPage';
import { NotFoundPage } from './public/NotFoundPage';

const AdminApp = lazy(() => import('./admin/AdminApp'));
const QuoteAcceptancePage = lazy(() => import('./public/QuoteAcceptancePage').then((m) => ({ default: m.QuoteAcceptancePage })));

export function App() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="cart" element={<NotBuiltYet title="Payments" />} />
        <Route path="my-project" element={<NotBuiltYet title="Access Your Project" />} />
        <Route
          path="quote-acceptance"
          element={
            <Suspense fallback={<Loading />}>
              <QuoteAcceptancePage />
            </Suspense>
          }
        />
        <Route path="checkout" element={<NotBuiltYet title="Checkout" />} />
        <Route path="payment-success" element={<NotBuiltYet title="Payment Successful!" />} />
      </Route>
      <Route path="admin" element={<Navigate to="/admin/login" replace />} />
      <Route
        path="admin/*"
        element={
          <Suspense fallback={<Loading />}>
            <AdminApp />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
