/*
 * Routes of the SPA (spec 2 §2.1). Each area is a lazy chunk: /login never loads the app shell.
 *
 * Stable selectors for browser tests (keep them when changing screens):
 *   Login            getByLabel('Email'), getByLabel('Password'), getByRole('button', { name: 'Sign In' })
 *   Login errors     getByRole('alert') — "Please enter both email and password", server error, ...
 *   Demo (?r=demo)   quick-login buttons: getByRole('button', { name: /<user e-mail>/ })
 *                    getByRole('button', { name: 'Emergency access' }) → labels 'Emergency code', 'Admin email',
 *                    buttons 'Back to Login', 'Emergency Access', 'Emergency access as <name> (<e-mail>)';
 *                    getByRole('button', { name: 'Debug tools' })
 *   Shell            [data-testid="instance-switcher"] (menu: instances as menuitemradio, grouped by organization)
 *                    [data-testid="user-menu-trigger"] → menu items 'Settings', 'Dark mode' | 'Light mode',
 *                    'Login as' (submenu, demo only), 'Sign Out'
 *                    getByRole('navigation', { name: 'Main' }) links Datasets, Dashboard, Issues, Admin, Docs
 *                    skip link 'Skip to main content' → <main id="main-content">
 *   Invite page      /invite/<code>: heading 'Invitation Not Found' + button 'Go to Login'; labels 'Full name', 'Email',
 *                    'Password', 'Confirm password'; button 'Accept Invitation'; role=status success card
 *   Settings         tabs 'Profile' / 'System & Security' (URL hash #profile / #system); button 'Save'
 *   Issues           getByLabel('Dataset' | 'Owner' | 'Issue Type' | 'Date' | 'Scan Time', { exact: true });
 *                    tablist 'Issue status' (tabs Open/Resolved/Muted, counts [data-testid="count-open|resolved|muted"]);
 *                    [data-testid="count-line"]; rows tr[data-row-id] (data-status, data-highlight, data-fading) with
 *                    buttons 'Edit value', 'Resolve', 'Mute' (menu items '1 day' … 'Indefinitely'), 'Unmute', 'History';
 *                    region 'Bulk actions' ('Mute selected', 'Unmute selected', 'Resolve selected', 'Clear selection');
 *                    navigation 'Pagination' ('Previous', 'Next', 'Rows per page'); dialogs 'Issue history',
 *                    'Keyboard shortcuts'; button 'Export fixes' → 'Download CSV' / 'Download JSON'
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { paths } from '../config/paths';
import { NotFoundContent, NotFoundRoute } from './routes/not-found';
import { RootRedirect } from './routes/root-redirect';
import { RouteError } from './routes/route-error';

const issuesScreen = async () => ({
  Component: (await import('../features/issues/components/issues-page')).IssuesPage,
});


const checkoutPage = async () => ({ Component: (await import('../features/billing/components/checkout-page')).CheckoutPage });
const billingSuccessPage = async () => ({ Component: (await import('../features/billing/components/billing-success-page')).BillingSuccessPage });

const appRoot = async () => ({ Component: (await import('./routes/app/root')).AppRoot });

const preflightPage = async () => ({ Component: (await import('../features/admin/components/preflight-page')).PreflightPage });

export function createAppRoutes(): RouteObject[] {
  return [
    {
      HydrateFallback: LoadingScreen,
      ErrorBoundary: RouteError,
      children: [
        { path: paths.home.path, Component: RootRedirect },
        {
          path: paths.login.path,
          lazy: async () => ({ Component: (await import('../features/auth/components/login-screen')).LoginScreen }),
        },
        {
          path: paths.invite.path,
          lazy: async () => ({ Component: (await import('../features/invites/components/invite-page')).InvitePage }),
        },
        {
          path: paths.app.root.path,
          lazy: appRoot,
          children: [
            { index: true, lazy: issuesScreen },
            { path: paths.app.issues.path, lazy: issuesScreen },
            {
              path: paths.app.quality.path,
              lazy: async () => ({
                Component: (await import('../features/dashboard/components/quality-dashboard')).QualityDashboard,
              }),
            },
            {
              path: paths.app.datasets.path,
              lazy: async () => ({
                Component: (await import('../features/datasets/components/data-quality-hub')).DataQualityHub,
              }),
            },
            {
              path: paths.app.settings.path,
              lazy: async () => ({
                Component: (await import('../features/settings/components/settings-page')).SettingsPage,
              }),
            },
            {
              path: paths.app.admin.path,
              lazy: async () => ({
                Component: (await import('../features/admin/components/admin-page')).AdminPage,
              }),
            },
            { path: paths.app.preflight.path, lazy: preflightPage },
            { path: paths.app.billingCheckout.path, lazy: checkoutPage },
            { path: paths.app.billingSuccess.path, lazy: billingSuccessPage },
            { path: '*', Component: NotFoundContent },
          ],
        },
        {
          // The preflight page (spec 2 §2.1: /preflight-tests, login required) in the signed-in shell.
          path: paths.preflight.path,
          lazy: appRoot,
          children: [{ index: true, lazy: preflightPage }],
        },
        { path: paths.quality.path, lazy: async () => ({ Component: (await import('./routes/short-links')).QualityShortLink }) },
        { path: paths.tasks.path, lazy: appRoot, children: [{ index: true, lazy: async () => ({ Component: (await import('./routes/short-links')).MyTasksShortLink }) }] },
        {
          // /billing/* shows the same shell (spec 2 §2.1): the billing pages under /app, also here.
          path: paths.billing.path,
          lazy: appRoot,
          children: [
            { index: true, Component: NotFoundContent },
            { path: 'checkout', lazy: checkoutPage },
            { path: 'success', lazy: billingSuccessPage },
            { path: '*', Component: NotFoundContent },
          ],
        },
        {
          // Login required (spec 2 §2.1); the public /docs pages are the public site's.
          path: paths.docsInternal.path,
          lazy: async () => {
            const [{ ProtectedRoute }, { InternalDocsPage }] = await Promise.all([import('./routes/protected-route'), import('../features/docs/components/internal-docs-page')]);
            return {
              Component: () => (
                <ProtectedRoute>
                  <InternalDocsPage />
                </ProtectedRoute>
              ),
            };
          },
        },
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
