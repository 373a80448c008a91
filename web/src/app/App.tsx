/**
 * Routes of spec §2. Every page is its own lazy chunk, so no page's JS loads
 * with another's: the landing (prerendered, loaded beside the entry on `/`,
 * see preloadLandingPage), and inside the shared LazyPage boundary the admin
 * area (itself split per page) and the public pages that fetch or take payment.
 */
import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyNamed } from '../shared/lib/lazyNamed';
import { preloadable } from '../shared/lib/preloadable';
import { lazyRoute, prerenderedRoute } from '../shared/components/PageState';
import { PublicLayout } from './PublicLayout';
import { NotFoundPage } from './NotFoundPage';

const adminApp = preloadable(() =>
  import('./admin/AdminApp').then((m) => m.firstViewReady(window.location.pathname).then(() => m.default)),
);
/**
 * Loads the admin area (one lazy chunk) and what its current page shows first.
 * main.tsx waits for it before the first render of an /admin/ URL, so the
 * page never goes through a Suspense fallback (whose reveal React may hold
 * back for up to 300 ms).
 */
export const preloadAdminApp = adminApp.preload;
const landingPage = preloadable(() => import('../features/landing/components/LandingPage').then((m) => m.LandingPage));
/**
 * Loads the landing page's chunk. On `/` the boot script fetches it beside the
 * entry (web/scripts/prerender.mjs), and main.tsx and the prerender wait for it
 * before rendering, so the prerendered page is hydrated in place, never
 * through a Suspense fallback.
 */
export const preloadLandingPage = landingPage.preload;
const QuoteAcceptancePage = lazyNamed(
  () => import('../features/quote-acceptance/components/QuoteAcceptancePage'),
  'QuoteAcceptancePage',
);
const VerifyPage = lazyNamed(() => import('../features/quote-acceptance/components/VerifyPage'), 'VerifyPage');
const CartPage = lazyNamed(() => import('../features/cart/components/CartPage'), 'CartPage');
const MyProjectPage = lazyNamed(() => import('../features/my-project/components/MyProjectPage'), 'MyProjectPage');
const PortalPage = lazyNamed(() => import('../features/portal/components/PortalPage'), 'PortalPage');
const CheckoutPage = lazyNamed(() => import('../features/checkout/components/CheckoutPage'), 'CheckoutPage');
const PaymentSuccessPage = lazyNamed(
  () => import('../features/checkout/components/PaymentSuccessPage'),
  'PaymentSuccessPage',
);

export function App() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={prerenderedRoute('landing', landingPage.Component)} />
        <Route path="cart" element={lazyRoute('cart', CartPage)} />
        <Route path="my-project" element={lazyRoute('my-project', MyProjectPage)} />
        <Route path="portal" element={lazyRoute('portal', PortalPage)} />
        <Route path="quote-acceptance" element={lazyRoute('quote-acceptance', QuoteAcceptancePage)} />
        <Route path="verify/:id?" element={lazyRoute('verify', VerifyPage)} />
        <Route path="checkout" element={lazyRoute('checkout', CheckoutPage)} />
        <Route path="payment-success" element={lazyRoute('payment-success', PaymentSuccessPage)} />
      </Route>
      <Route path="admin" element={<Navigate to="/admin/login" replace />} />
      <Route path="admin/*" element={lazyRoute('admin', adminApp.Component)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
