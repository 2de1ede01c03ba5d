// Service worker: precaches the whole built site and the Pyodide runtime on the first visit,
// then serves every request of this origin from the cache, so the site works with the server
// gone. The build fills in VERSION and FILES; a new build is a new cache.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `cardtutor-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("cardtutor-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // pages carry their settings in the query (practice.html?seed=…): match without it
    const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (hit) return hit;
    return fetch(request);  // not in this build: the network answers (or the browser says offline)
  })());
});
