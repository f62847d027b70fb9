import { Suspense, useEffect, useRef } from 'react';
import { preloadable } from './preloadable';
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { trackPageView } from '../lib/pageTracking';
import { useTitleFromHeading } from '../lib/documentTitle';

/** A thin bar at the top of the window while a route (or its lazy chunk) loads. */
function LoadingBar() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  return (
    <div
      role="progressbar"
      aria-label="Page loading"
      aria-hidden={!loading}
      className={`route-loading-bar${loading ? ' route-loading-bar--active' : ''}`}
    />
  );
}

/** Every resolved navigation: scroll to the top and record a page view (spec 1 §1). */
function useRouteChangeEffects() {
  const router = useRouter();
  const lastPath = useRef<string | null>(null);
  useEffect(
    () =>
      router.subscribe('onResolved', ({ toLocation }) => {
        const path = toLocation.pathname;
        if (path === lastPath.current) return;
        lastPath.current = path;
        window.scrollTo(0, 0);
        // The route's name is its path pattern (/group/$id/dashboard), so views of every group count together.
        trackPageView(toLocation.href, router.state.matches.at(-1)?.fullPath ?? path);
      }),
    [router],
  );
}

// antd's App (message, notification, modal hooks) wraps every screen but the login page, which uses none of them: it
// loads with the first other screen, keeping it off the login page's download.
// Preloadable: the login page's warm-up loads it, and it then renders without suspending (preloadable.tsx).
export const Feedback = preloadable(() => import('./Feedback').then((m) => m.Feedback));

export function RootShell() {
  useRouteChangeEffects();
  useTitleFromHeading();
  const onLogin = useRouterState({ select: (s) => s.location.pathname === '/login' });
  return (
    <>
      <LoadingBar />
      {onLogin ? (
        <Outlet />
      ) : (
        <Suspense fallback={null}>
          <Feedback>
            <Outlet />
          </Feedback>
        </Suspense>
      )}
    </>
  );
}
