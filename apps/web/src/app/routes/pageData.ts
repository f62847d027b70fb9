// A landing page's data starts with its route (docs/decisions/screens.md, "A page's data starts with its route").

/**
 * A route's loader from its page's module and that module's `prefetch`: the same import as the route's component (one
 * fetch; on the first screen it was fetched while the user typed), then the page's requests, not waited for. The router
 * renders the layout and the page meanwhile, and the page's queries find the answers in the cache or in flight. If the
 * import fails the page asks for its data itself. Kept this small because the route tree is in the entry chunk.
 */
export const pageData =
  <A>(load: () => Promise<{ prefetch: (args: A) => void }>) =>
  (args: A): void =>
    void load()
      .then((m) => m.prefetch(args))
      .catch(() => undefined);
