// Service worker: keeps what a learner needs offline, and no more. On install it stores the
// core (the engine's runtime, the tutor's wheel, the scripts and styles, the home pages); each
// page then asks for its game's group (named as its folder: that game's pages in both languages), so a
// learner of one game never downloads the other games' pages. After a new build, a returning
// visitor downloads only the files whose content changed: every file is stored with its hash
// from the build, and a file whose hash is unchanged is copied over from the old cache.
// The build fills in VERSION (a hash of FILES), FILES ({path: content hash}) and GROUPS
// ({group: [path, …]}, "core" among them); printed handouts and reports are in no group (a
// visit stores them like any other file of this build).
const VERSION = "__VERSION__";
const FILES = __FILES__;
const GROUPS = __GROUPS__;
const CACHE = `cardtutor-${VERSION}`;
const PREFIX = "cardtutor-";
const HASH = "x-cardtutor-hash";
// the groups this visitor asked for, kept in the cache under this made-up address of the site
// (the Cache API keeps http addresses only); a new build stores them again
const WANTED = new URL("sw-groups.json", self.registration.scope).href;

const urlOf = (path) => new URL(path, self.registration.scope).href;
const pathOf = (url) => {
  const scope = self.registration.scope;
  if (!url.startsWith(scope)) return null;
  const path = url.slice(scope.length).split(/[?#]/)[0];
  return path === "" ? "./" : path;
};

/** ``response`` to keep, with the build's hash of its content in a header. */
async function withHash(response, hash) {
  const headers = new Headers(response.headers);
  headers.set(HASH, hash);
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/** The older caches of this site, newest first (the one a new build copies unchanged files from). */
async function olderCaches() {
  const names = (await caches.keys()).filter((key) => key.startsWith(PREFIX) && key !== CACHE);
  return Promise.all(names.reverse().map((name) => caches.open(name)));
}

/** Stores every file of ``paths`` not stored yet: from an older cache when its hash is the same,
 * else from the network (revalidated: a host answers "not modified" without the body when the
 * browser holds the file already, as it does for the runtime the page has just loaded). */
async function store(cache, paths, older) {
  await Promise.all(paths.map(async (path) => {
    const url = urlOf(path);
    const hash = FILES[path];
    const have = await cache.match(url);
    if (have && have.headers.get(HASH) === hash) return;
    for (const old of older) {
      const hit = await old.match(url);
      if (hit && hit.headers.get(HASH) === hash) {
        await cache.put(url, hit);
        return;
      }
    }
    const response = await fetch(new Request(url, { cache: "no-cache" }));
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    await cache.put(url, await withHash(response, hash));
  }));
}

async function wantedGroups(cache) {
  const hit = await cache.match(WANTED);
  return hit ? hit.json() : [];
}

async function precache(groups) {
  const cache = await caches.open(CACHE);
  const older = await olderCaches();
  const wanted = new Set(await wantedGroups(cache));
  for (const old of older) for (const group of await wantedGroups(old)) wanted.add(group);
  for (const group of groups) wanted.add(group);
  const known = [...wanted].filter((group) => GROUPS[group]);
  await cache.put(WANTED, new Response(JSON.stringify(known)));
  for (const group of ["core", ...known]) await store(cache, GROUPS[group], older);
}

self.addEventListener("install", (event) => {
  // the core and the groups this visitor had under the last build
  event.waitUntil(precache([]).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const message = event.data;
  if (!message || message.type !== "precache" || !Array.isArray(message.groups)) return;
  const groups = message.groups.filter((group) => typeof group === "string" && GROUPS[group]);
  event.waitUntil(precache(groups).then(
    () => event.source && event.source.postMessage({ type: "precached", groups }),
    (error) => event.source && event.source.postMessage({ type: "precache-failed", error: String(error) })));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // pages carry their settings in the query (practice.html?seed=…): match without it
    const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (hit) return hit;
    const response = await fetch(request);
    // a file of this build fetched on the way (a handout, another game's page): kept for offline
    const path = pathOf(request.url);
    if (response.ok && path && FILES[path] && !request.headers.has("range")) {
      event.waitUntil(withHash(response.clone(), FILES[path]).then((kept) => cache.put(urlOf(path), kept)));
    }
    return response;
  })());
});
