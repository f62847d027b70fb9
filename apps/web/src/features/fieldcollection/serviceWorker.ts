// Installs the collection app's service worker (public/sw.js) from the collection screen, so the phone can open that
// screen without a network next time. Only built apps register it (the dev server serves no sw.js).
export function registerCollectionServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}

/**
 * Runs `keep` once the worker controls this page (at once, or when the first install takes over): what it fetches then
 * goes through the worker, which keeps a copy for offline use.
 */
export function whenServiceWorkerControls(keep: () => Promise<unknown>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const run = () => void keep().catch(() => undefined);
  if (navigator.serviceWorker.controller) run();
  else navigator.serviceWorker.addEventListener('controllerchange', run, { once: true });
}
