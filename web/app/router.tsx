// Every route of the application (spec part 1 section 2 and part 2 section 2). Pages are loaded on
// demand so a phone only downloads the screen it opens.
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { catalogueFiltersFromUrl, productPageQuery } from '../features/products/products-api';
import { setNavigator } from '../lib/session';
import { nextTask } from '../lib/when-idle';
import { dialogHistory } from '../ui/dialog-history';
import { PageLoader } from '../ui/Spinner';
import { PublicOnly, PublicPage, RequireAgent, RequireConsumer, RequireModerator, UnknownRoute } from './guards';
import { AppLayout, preloadNavBar } from './shell/AppLayout';
import { PublicLayout } from './shell/PublicLayout';

type PageModule = Record<string, unknown>;
/**
 * A lazy route whose module exports the page component under `name`. Its files are asked for in a
 * task of their own: each costs the main thread a few milliseconds on a phone, and the first page's
 * would otherwise lengthen the router's start.
 */
const page = (path: string, load: () => Promise<PageModule>, name: string, prefetch?: (url: URL) => void): RouteObject => ({
  path,
  // The page's data asked for at once, while its code loads, not once it has rendered (the query
  // shares the answer with the page's own).
  ...(prefetch && {
    loader: ({ request }: LoaderFunctionArgs) => {
      prefetch(new URL(request.url));
      return null;
    },
  }),
  lazy: async () => {
    await nextTask();
    return { Component: (await load())[name] as React.ComponentType };
  },
});

const consumerPages = (queryClient: QueryClient): RouteObject[] => [
  page('/dashboard', () => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
  page('/profile', () => import('../features/profile/ProfilePage'), 'ProfilePage'),
  page('/products', () => import('../features/products/ProductsPage'), 'ProductsPage', (url) => {
    void queryClient.prefetchQuery(productPageQuery(catalogueFiltersFromUrl(url.searchParams).filters));
  }),
  page('/store-finder', () => import('../features/stores/StoreFinderPage'), 'StoreFinderPage'),
  page('/contribute', () => import('../features/prices/ContributePage'), 'ContributePage'),
  page('/shopping-lists', () => import('./price-analysis-pages'), 'ShoppingListsRoute'),
  page('/shopping-lists/new', () => import('../features/lists/NewListPage'), 'NewListPage'),
  page('/create-list', () => import('../features/lists/CreateListPage'), 'CreateListPage'),
  page('/shopping-lists/:id/compare', () => import('../features/optimiser/CompareListPage'), 'CompareListPage'),
  page('/price-comparison', () => import('./price-analysis-pages'), 'PriceComparisonRoute'),
  page('/delivery-booking', () => import('../features/checkout/DeliveryBookingPage'), 'DeliveryBookingPage'),
  page('/deliveries', () => import('../features/deliveries/DeliveriesPage'), 'DeliveriesPage'),
  page('/mes-annonces', () => import('../features/ads/MyAdsPage'), 'MyAdsPage'),
  page('/commerce', () => import('../features/merchants/MerchantPage'), 'MerchantPage'),
  page('/verify-phone', () => import('../features/auth/VerifyPhonePage'), 'VerifyPhonePage'),
];

const agentPages: RouteObject[] = [
  page('/delivery-agent/dashboard', () => import('../features/agent/AgentDashboardPage'), 'AgentDashboardPage'),
  page('/delivery-agent/orders', () => import('../features/agent/AgentOrdersPage'), 'AgentOrdersPage'),
];

const moderatorPages: RouteObject[] = [
  page('/admin', () => import('../features/admin/ModerationPage'), 'ModerationPage'),
  page('/admin/products', () => import('../features/admin/AdminProductsPage'), 'AdminProductsPage'),
  page('/admin/catalogue', () => import('../features/admin/AdminCataloguePage'), 'AdminCataloguePage'),
  page('/admin/users/:id', () => import('../features/admin/ContributorPage'), 'ContributorPage'),
  page('/admin/journal', () => import('../features/admin/AuditLogPage'), 'AuditLogPage'),
  page('/admin/orders', () => import('../features/admin/AdminOrdersPage'), 'AdminOrdersPage'),
];

const signedOutPages: RouteObject[] = [
  page('/login', () => import('../features/auth/LoginPage'), 'LoginPage'),
  page('/register', () => import('../features/auth/RegisterPage'), 'RegisterPage'),
  page('/delivery-agent/login', () => import('../features/auth/AgentLoginPage'), 'AgentLoginPage'),
  page('/forgot-password', () => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
  page('/reset-password', () => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
];

const publicPages: RouteObject[] = [
  page('/demo-optimization', () => import('../features/optimiser/DemoOptimizationPage'), 'DemoOptimizationPage'),
  page('/conditions', () => import('../features/legal/LegalPages'), 'TermsPage'),
  page('/confidentialite', () => import('../features/legal/LegalPages'), 'PrivacyPage'),
  page('/annonces/:id', () => import('../features/ads/PublicAdPage'), 'PublicAdPage'),
];

const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    hydrateFallbackElement: <PageLoader />,
    // A new page opens at its top; Back returns to where the page was left. Keyed by path, so a
    // page that keeps its filters in the query does not jump when they change.
    element: (
      <>
        <ScrollRestoration getKey={(location) => location.pathname} />
        <Outlet />
      </>
    ),
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      { element: <PublicOnly><PublicLayout /></PublicOnly>, children: signedOutPages },
      { element: <PublicPage><PublicLayout /></PublicPage>, children: publicPages },
      { element: <RequireConsumer><AppLayout /></RequireConsumer>, children: consumerPages(queryClient) },
      { element: <RequireAgent><AppLayout /></RequireAgent>, children: agentPages },
      { element: <RequireModerator><AppLayout /></RequireModerator>, children: moderatorPages },
      {
        element: <UnknownRoute><AppLayout /></UnknownRoute>,
        children: [page('*', () => import('./NotFoundPage'), 'NotFoundPage')],
      },
    ],
  },
];

/**
 * The app's router, made once when the app starts (main.tsx). It begins loading the page's code at
 * once. The session's redirects (sign-in, sign-out) go through it.
 */
export function createAppRouter(queryClient: QueryClient) {
  // Before the router: the dialogs' history must hear popstate first to hide its own moves from the
  // router, and a window's listeners run in the order they were added, capturing or not.
  dialogHistory();
  const router = createBrowserRouter(appRoutes(queryClient));
  setNavigator((to, state) => void router.navigate(to, { replace: true, state }));
  void nextTask().then(preloadNavBar);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
