// The static site's service worker: it keeps every file of one build for offline use and
// answers from it, asking the network only for what it does not hold. A new build (another
// sw.js) is kept in a cache of its own, taking unchanged files from the old one; the old
// cache is then dropped whole.

const SITE = { version: "", files: {} };
const PREFIX = "scorecheck-";
const CACHE = PREFIX + SITE.version;
const LISTED = "sw-files.json"; // what a cache holds, by path and hash

const SCOPE = new URL("./", location).pathname; // where the folder is served

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([keep(), route(event)]).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => event.waitUntil(dropOthers().then(() => self.clients.claim())));
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  event.respondWith(answer(request));
});

// While a stopped service worker starts, Chromium asks the host for the page in parallel
// ("auto preload"), though the answer comes from the cache. A static route answers the page
// from this build's cache without starting the worker, and so without that request.
function route(event) {
  if (!event.addRoutes || typeof URLPattern === "undefined") return Promise.resolve();
  const folder = SCOPE.replace(/[:*()?+{}\\]/g, "\\$&");
  const page = new URLPattern({ pathname: folder + "{index.html}?", search: "" });
  return event.addRoutes({ condition: { requestMode: "navigate", urlPattern: page }, source: { cacheName: CACHE } });
}

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
      const response = same ?? (await fresh(path, before !== null));
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      if (path === "index.html") await cache.put("./", response.clone()); // the folder's address
      await cache.put(path, response);
    }),
  );
  await cache.put(LISTED, new Response(JSON.stringify(SITE.files)));
}

// On a first visit the worker has kept what it loaded, and the page has just loaded its own
// files, index.html by the address it was opened at (the folder's or index.html's): the
// browser's HTTP cache gives them without a request. An update asks the host whether a
// changed file is new.
async function fresh(path, update) {
  if (update) return fetch(path, { cache: "no-cache" });
  const addresses = path === "index.html" ? ["./", "index.html"] : [path];
  for (const address of addresses) {
    const cached = await fetch(address, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
    if (cached?.ok) return cached;
  }
  return fetch(addresses[0]);
}

async function dropOthers() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
}

async function answer(request) {
  // A newer build may have dropped this one's cache: never open it again (that would make
  // an empty one), but let the network answer until the page is the new build's.
  const cache = (await caches.has(CACHE)) ? await caches.open(CACHE) : null;
  const key = request.mode === "navigate" ? "index.html" : request;
  return (await cache?.match(key, { ignoreSearch: true })) ?? fetch(request);
}
