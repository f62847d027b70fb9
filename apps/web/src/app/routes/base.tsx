// The two roots every route hangs from: the shell (anonymous screens too) and the signed-in layout, which checks the
// session before any of its pages loads.
import { createRootRouteWithContext, createRoute, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { getToken } from '../../lib/tokenStorage';
import { dropSession, featuresQuery, userInfoQuery } from '../../lib/auth';
import { loginPath } from '../../lib/landing';
import { RootShell } from '../RootShell';
import { RouteError } from '../RouteError';
import { lazyPage } from '../lazyPage';

export interface RouterContext {
  queryClient: QueryClient;
}

/** Redirect to a computed app path (with its own query string). */
export function redirectToPath(path: string): never {
  throw redirect({ href: path, replace: true });
}

/** Raw search params, and one checked without zod (the anonymous screens keep zod out of the first bundle). */
export type Search = Record<string, unknown>;
export const text = (v: unknown): string | undefined =>
  v === undefined || v === null || v === '' ? undefined : String(v);

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootShell,
  errorComponent: RouteError,
});

// Everything else needs a live session: a token and a user-info answer (spec 1 §4).
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  beforeLoad: async ({ context, location }) => {
    const target = location.href;
    if (!getToken()) redirectToPath(loginPath(target));
    try {
      await context.queryClient.ensureQueryData(userInfoQuery());
    } catch {
      dropSession(context.queryClient);
      redirectToPath(loginPath(target));
    }
    void context.queryClient.prefetchQuery(featuresQuery());
  },
  component: lazyPage(() => import('../AppLayout'), 'AppLayout'),
});
