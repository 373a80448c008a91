/**
 * Routes of spec §2. Everything but the landing is lazy so the public page
 * stays small: the admin area (itself split per page), and the public pages
 * that fetch or take payment, each inside the shared LazyPage boundary.
 */
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyNamed } from './lib/lazyNamed';
import { LazyPage } from './components/PageState';
import { PublicLayout } from './public/PublicLayout';
import { LandingPage } from './public/LandingPage';
import { NotFoundPage } from './public/NotFoundPage';

const AdminApp = lazy(() => import('./admin/AdminApp'));
const QuoteAcceptancePage = lazyNamed(() => import('./public/QuoteAcceptancePage'), 'QuoteAcceptancePage');
const CartPage = lazyNamed(() => import('./public/CartPage'), 'CartPage');
const MyProjectPage = lazyNamed(() => import('./public/MyProjectPage'), 'MyProjectPage');
const CheckoutPage = lazyNamed(() => import('./public/CheckoutPage'), 'CheckoutPage');
const PaymentSuccessPage = lazyNamed(() => import('./public/PaymentSuccessPage'), 'PaymentSuccessPage');

export function App() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        <Route
          path="cart"
          element={
            <LazyPage key="cart">
              <CartPage />
            </LazyPage>
          }
        />
        <Route
          path="my-project"
          element={
            <LazyPage key="my-project">
              <MyProjectPage />
            </LazyPage>
          }
        />
        <Route
          path="quote-acceptance"
          element={
            <LazyPage key="quote-acceptance">
              <QuoteAcceptancePage />
            </LazyPage>
          }
        />
        <Route
          path="checkout"
          element={
            <LazyPage key="checkout">
              <CheckoutPage />
            </LazyPage>
          }
        />
        <Route
          path="payment-success"
          element={
            <LazyPage key="payment-success">
              <PaymentSuccessPage />
            </LazyPage>
          }
        />
      </Route>
      <Route path="admin" element={<Navigate to="/admin/login" replace />} />
      <Route
        path="admin/*"
        element={
          <LazyPage key="admin">
            <AdminApp />
          </LazyPage>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
