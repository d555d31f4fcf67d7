// The static site's service worker: it keeps every file of one build for offline use and
// answers from it, asking the network only for what it does not hold. A new build (another
// sw.js) is kept in a cache of its own, taking unchanged files from the old one; the old
// cache is then dropped whole.

const SITE = { version: "", files: {} };
const PREFIX = "scorecheck-";
const CACHE = PREFIX + SITE.version;
const LISTED = "sw-files.json"; // what a cache holds, by path and hash

self.addEventListener("install", (event) => event.waitUntil(keep().then(() => self.skipWaiting())));
self.addEventListener("activate", (event) => event.waitUntil(dropOthers().then(() => self.clients.claim())));
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  event.respondWith(answer(request));
});

async function earlier() {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const listed = await cache.match(LISTED);
    if (listed) return { cache, files: await listed.json() };
  }
  return null;
}

async function keep() {
  const cache = await caches.open(CACHE);
  const before = await earlier();
  await Promise.all(
    Object.entries(SITE.files).map(async ([path, hash]) => {
      if (await cache.match(path)) return;
      const same = before && before.files[path] === hash ? await before.cache.match(path) : undefined;
      // On a first visit the worker has kept what it loaded, and the page has just loaded
      // its own files (index.html as the folder's address): the browser's cache gives them
      // without a request. An update asks the server whether a changed file is new.
      const from = path === "index.html" ? "./" : path;
      const response = same ?? (await fetch(from, { cache: before ? "no-cache" : "force-cache" }));
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await cache.put(path, response);
    }),
  );
  await cache.put(LISTED, new Response(JSON.stringify(SITE.files)));
}

async function dropOthers() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
}

async function answer(request) {
  const cache = await caches.open(CACHE);
  const key = request.mode === "navigate" ? "index.html" : request;
  return (await cache.match(key, { ignoreSearch: true })) ?? fetch(request);
}
