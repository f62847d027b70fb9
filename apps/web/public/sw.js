// The collection app's service worker (issue 40). It keeps a copy of the app shell for offline use only: with a
// network every page, script and style comes from the server (so the 'Update Available' reload loads the new build),
// and the copy is refreshed from each answer. Without a network only the collection screen (/collect) opens from the
// copy; every other page answers that it needs a network. API calls are never cached or answered here.
// The copy holds every /assets/ file the collection screen fetched, which includes the barcode library's chunk and WASM:
// the screen fetches them while online (barcode.ts) so that a first scan works offline.
const CACHE = 'registry-collect-shell-v1';
const SHELL = '/collect';
const OFFLINE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport"
 content="width=device-width, initial-scale=1"><title>Offline · PetDNA Registry</title></head><body
 style="font-family:system-ui,sans-serif;padding:24px;max-width:480px;margin:auto"><h1>No network</h1>
<p>This page needs a network. Samples can still be collected offline: they are sent when the network returns.</p>
<p><a href="/collect">Collect waste samples</a></p></body></html>`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, '/manifest.webmanifest', '/icons/icon-192.png']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

const cacheable = (url) =>
  url.pathname.startsWith('/assets/') ||
  url.pathname.startsWith('/icons/') ||
  url.pathname === '/manifest.webmanifest' ||
  url.pathname === '/favicon.ico';

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          // Every page is the same index.html: the newest one is the shell the collection screen opens from.
          if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(SHELL, copy));
          }
          return response;
        })
        .catch(async () => {
          if (url.pathname === SHELL || url.pathname.startsWith(`${SHELL}/`)) {
            const shell = await caches.match(SHELL);
            if (shell) return shell;
          }
          return new Response(OFFLINE_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
        }),
    );
    return;
  }
  if (!cacheable(url)) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          void caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(async () => (await caches.match(request)) ?? Response.error()),
  );
});
