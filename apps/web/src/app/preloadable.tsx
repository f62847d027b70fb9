// React.lazy for the signed-in frame's parts, which the login page's warm-up loads beforehand (router.tsx).
import { lazy, type ComponentType } from 'react';

/**
 * A lazy component that renders at once when its module has already loaded (`preload`, or an earlier render). Plain
 * React.lazy suspends on its first render even then; its Suspense boundary commits the fallback, and React holds the
 * content back until 300 ms after that fallback (its fallback throttle): the first screen after sign-in sat idle for
 * up to 0.3 s with the whole page blank (docs/performance.md, "First screen after sign-in").
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  // Like React.lazy's own, a failed download stays failed (the frame's importers already retry once the server answers).
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
