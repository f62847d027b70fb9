// Installs the collection app's service worker (public/sw.js) from the collection screen, so the phone can open that
// screen without a network next time. Only built apps register it (the dev server serves no sw.js).
export function registerCollectionServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
