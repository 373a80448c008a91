/** Routes of spec §2. The admin area is one lazy chunk so the public page stays small. */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Loading, NotBuiltYet } from './components/PageState';
import { PublicLayout } from './public/PublicLayout';
import { LandingPage } from './public/LandingPage';
import { NotFoundPage } from './public/NotFoundPage';

const AdminApp = lazy(() => import('./admin/AdminApp'));
const QuoteAcceptancePage = lazy(() => import('./public/QuoteAcceptancePage').then((m) => ({ default: m.QuoteAcceptancePage })));
const CartPage = lazy(() => import('./public/CartPage').then((m) => ({ default: m.CartPage })));
const MyProjectPage = lazy(() => import('./public/MyProjectPage').then((m) => ({ default: m.MyProjectPage })));

export function App() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        <Route
          path="cart"
          element={
            <Suspense fallback={<Loading />}>
              <CartPage />
            </Suspense>
          }
        />
        <Route
          path="my-project"
          element={
            <Suspense fallback={<Loading />}>
              <MyProjectPage />
            </Suspense>
          }
        />
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
