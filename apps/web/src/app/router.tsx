// The route tree: the anonymous screens and the fallback here, the signed-in pages by area in routes/.
import { createRoute, createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { getToken } from '../lib/tokenStorage';
import { dropSession, isUnauthorized, landingSources, userInfoQuery } from '../lib/auth';
import { loginPath, resolveFallback } from '../lib/landing';
import { setUnauthorizedHandler } from '../lib/api';
import { parseSearch, stringifySearch } from './searchParams';
import { appRoute, redirectToPath, rootRoute, text, type RouterContext, type Search } from './routes/base';
import { accountRoutes } from './routes/account';
import { groupsRoutes } from './routes/groups';
import { labRoutes } from './routes/lab';
import { reportsRoutes } from './routes/reports';
import { shopRoutes } from './routes/shop';
import { lazyPage } from './lazyPage';
import { Feedback } from './RootShell';

// Anonymous screens. Their few search params are checked here without zod to keep the first bundle small; the signed-in
// screens' routes validate with the screens' own schemas, imported with the route (routeSearch.ts).
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (s: Search): { returnUrl?: string } => ({ returnUrl: text(s.returnUrl) }),
  component: lazyPage(() => import('../features/accounts/LoginPage'), 'LoginPage'),
  onEnter: () => warmFirstScreens(),
});

/**
 * While someone types their name and password, the browser fetches the code of the screens people land on (the
 * signed-in frame, a group's dashboard, a pet owner's page), once it has nothing else to do: the first screen after
 * "Sign in" then waits only for its data, not for three waves of chunks. Not part of the login page's own budget.
 */
function warmFirstScreens() {
  const warm = () =>
    void Promise.allSettled([
      import('./AppLayout').then((m) => m.preloadFrame()),
      import('../features/groups/GroupDashboardPage'),
      import('../features/petowners/PetOwnerPage'),
      // What the signed-in frame loads lazily, fetched one after another after sign-in otherwise: the feedback wrapper,
      // the notification bell and the group tree (preloadFrame), preloaded to render without suspending (preloadable.tsx).
      Feedback.preload(),
    ])
      // Then antd's styles for those screens, generated while the browser would otherwise wait (warmStyles.tsx).
      .then(() => import('./warmStyles'))
      .then((m) => m.warmFirstScreenStyles(() => getToken() !== null))
      .catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 3000 });
  else setTimeout(warm, 1000);
}
const forgotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot',
  component: lazyPage(() => import('../features/accounts/ForgotPage'), 'ForgotPage'),
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resetpassword',
  validateSearch: (s: Search): { userName?: string; token?: string } => ({
    userName: text(s.userName),
    token: text(s.token),
  }),
  component: lazyPage(() => import('../features/accounts/ResetPasswordPage'), 'ResetPasswordPage'),
});
const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email',
  validateSearch: (s: Search): { token?: string } => ({ token: text(s.token) }),
  component: lazyPage(() => import('../features/accounts/ConfirmEmailPage'), 'ConfirmEmailPage'),
});
const tokenLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/token-login',
  validateSearch: (s: Search): { token?: string; returnUrl?: string; isPersistent?: boolean } => ({
    token: text(s.token),
    returnUrl: text(s.returnUrl),
    isPersistent: s.isPersistent === true || s.isPersistent === 'true' ? true : undefined,
  }),
  component: lazyPage(() => import('../features/accounts/TokenLoginPage'), 'TokenLoginPage'),
});

// The public pre-registration flow (spec 2 §2): anonymous.
const preRegCodeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reg',
  validateSearch: (s: Search): { invalidCode?: string } => ({ invalidCode: text(s.invalidCode) }),
  component: lazyPage(() => import('../features/prereg/PreRegCodePage'), 'PreRegCodePage'),
});
const preRegSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reg/success',
  validateSearch: (s: Search): { propertyCode?: string; orderId?: string; uid?: string; hasDogs?: boolean } => ({
    propertyCode: text(s.propertyCode),
    orderId: text(s.orderId),
    uid: text(s.uid),
    hasDogs:
      s.hasDogs === true || s.hasDogs === 'true'
        ? true
        : s.hasDogs === false || s.hasDogs === 'false'
          ? false
          : undefined,
  }),
  component: lazyPage(() => import('../features/prereg/PreRegSuccessPage'), 'PreRegSuccessPage'),
});
const preRegFormRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reg/$propertyCode',
  component: lazyPage(() => import('../features/prereg/PreRegFormPage'), 'PreRegFormPage'),
});

// The public verification of a certificate by the code printed on it: anonymous.
const verifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify/$code',
  component: lazyPage(() => import('../features/certificates/VerifyCertificatePage'), 'VerifyCertificatePage'),
});

/**
 * The phone's collection screen (issue 40): the one screen that opens offline. With a network it checks the sign-in like
 * every other screen; without one it opens on the stored remember-me token, and the queue checks the sign-in again
 * before it sends anything.
 */
const collectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/collect',
  beforeLoad: async ({ context, location }) => {
    if (!getToken()) redirectToPath(loginPath(location.href));
    if (!navigator.onLine) return;
    try {
      await context.queryClient.ensureQueryData(userInfoQuery());
    } catch (error) {
      if (!isUnauthorized(error)) return;
      dropSession(context.queryClient);
      redirectToPath(loginPath(location.href));
    }
  },
  component: lazyPage(() => import('../features/fieldcollection/CollectPage'), 'CollectPage'),
});

/** Unknown URLs and '/' follow the fallback steps of spec 1 §2. */
async function fallbackBeforeLoad({
  context,
  location,
}: {
  context: RouterContext;
  location: { href: string };
}): Promise<never> {
  let user = null;
  if (getToken()) {
    try {
      user = await context.queryClient.ensureQueryData(userInfoQuery());
    } catch {
      dropSession(context.queryClient);
    }
  }
  const to = await resolveFallback(location.href, user, landingSources(context.queryClient), isUnauthorized);
  if (to.startsWith('/login')) dropSession(context.queryClient);
  redirectToPath(to);
}
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', beforeLoad: fallbackBeforeLoad });
const unknownRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', beforeLoad: fallbackBeforeLoad });

const routeTree = rootRoute.addChildren([
  loginRoute,
  forgotRoute,
  resetPasswordRoute,
  tokenLoginRoute,
  confirmEmailRoute,
  appRoute.addChildren([...accountRoutes, ...labRoutes, ...reportsRoutes, ...groupsRoutes, ...shopRoutes]),
  preRegCodeRoute,
  preRegSuccessRoute,
  preRegFormRoute,
  verifyRoute,
  collectRoute,
  indexRoute,
  unknownRoute,
]);

/** Every page route's path, for the check that builtPages.ts lists exactly the pages that exist. */
export const pageRoutePaths = (): string[] =>
  (appRoute.children as { options: { path: string } }[])
    .map((r) => r.options.path)
    .concat(
      [
        loginRoute,
        forgotRoute,
        resetPasswordRoute,
        tokenLoginRoute,
        preRegCodeRoute,
        preRegSuccessRoute,
        preRegFormRoute,
        verifyRoute,
        collectRoute,
      ].map((r) => (r.options as { path: string }).path),
    );

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    parseSearch,
    stringifySearch,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingMs: 300,
  });
  setUnauthorizedHandler(() => {
    const target = router.state.location.href;
    if (target.startsWith('/login')) return;
    dropSession(queryClient);
    void router.navigate({ href: loginPath(target), replace: true });
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
