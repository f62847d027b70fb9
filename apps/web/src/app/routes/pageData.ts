// A landing page's data starts with its route (docs/decisions/screens.md, "A page's data starts with its route").
import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@registry/contracts';
import { userInfoQuery } from '../../lib/auth';

/**
 * For a route's loader: imports the page's module (the same import as the route's component, so one fetch; on the
 * first screen it was fetched while the user typed) and starts the page's requests with it, without waiting for them: the router renders the layout and the page meanwhile, and the page's
 * queries find the answers in the cache, or in flight. If the import fails the page asks for its data itself.
 */
export function startPageData<M>(load: () => Promise<M>, start: (module: M) => void): void {
  void load()
    .then(start)
    .catch(() => undefined);
}

/** The signed-in user as the cache holds it (the signed-in routes' beforeLoad has loaded it). */
export const cachedUser = (queryClient: QueryClient): UserInfo | undefined =>
  queryClient.getQueryData(userInfoQuery().queryKey);
