// Issue 28: the portal's service worker. It keeps the app shell (index.html) and every hashed asset the browser
// fetched, so the portal opens without a connection, and the last answer of the games calls (a game, its door
// list), so the storyteller's check-in page still lists who is expected after a reload at a site with no signal.
// Check-ins themselves wait in the page's storage (features/games/checkin-queue.ts), not here.
const SHELL = 'guildhall-shell-v1';
const ASSETS = 'guildhall-assets-v1';
/** Also named in src/lib/auth.tsx, which drops it whenever the signed-in member changes or the session ends. */
const GAMES = 'guildhall-games-v1';
const KEEP = [SHELL, ASSETS, GAMES];
/** Pages the server renders itself (the API, the embedded sign-in provider, password links, the sign-in callback). */
const SERVER_PAGES = ['/api/', '/sso', '/interaction', '/set-password', '/forgot-password', '/oauth/'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(['/', '/manifest.webmanifest', '/favicon.svg', '/icon-192.png', '/icon-512.png']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !KEEP.includes(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** The network's answer, kept in `cacheName`; without a network, the one kept last. */
async function networkFirst(request, cacheName, fallbackKey) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(fallbackKey ?? request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(fallbackKey ?? request);
    if (kept) return kept;
    throw error;
  }
}

/** Hashed assets never change: the kept copy, else the network's (then kept). */
async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Every page of the single-page app is the same shell; the server's own pages (sign-in, passwords) are not.
  if (request.mode === 'navigate' && !SERVER_PAGES.some((prefix) => url.pathname.startsWith(prefix))) {
    event.respondWith(networkFirst(request, SHELL, '/'));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  // A game and its door list; the key includes the search, so each search answered once is kept.
  if (/^\/api\/games\/\d+(\/attendees)?$/.test(url.pathname)) event.respondWith(networkFirst(request, GAMES));
});
