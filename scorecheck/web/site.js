// The static site's side of api.js: the same Python as `scorecheck serve`, run by Pyodide in a
// Web Worker (worker.js) so that loading and the first import never freeze the page; a
// progress bar while it loads; then a service worker (sw.js) keeps the site for offline use.

const LANGUAGES = ["en", "ru", "ja"];
const CACHE_PREFIX = "scorecheck-"; // as sw.js names its caches
const SAID_INSECURE = "scorecheck-said-insecure"; // said once from an address, then never
const BUILD = document.querySelector('meta[name="scorecheck-build"]')?.content; // this page's
const info = fetch("site.json").then((response) => response.json());
const pending = new Map(); // answers awaited, by request number
let worker = null;
let ready = null;
let asked = 0;

// The page's language (app.js keeps it in the address), else the browser's: what the site
// says is read when it says it, so that it follows the page.
function pageLanguage() {
  const chosen = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(chosen)) return chosen;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = tag.slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

function fill(template, fields) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in fields ? String(fields[key]) : whole));
}

function megabytes(bytes, language) {
  const options = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  return (bytes / 1e6).toLocaleString(language, options);
}

function loadingBar(words, total, language) {
  const box = document.createElement("div");
  box.className = "site-loading";
  box.setAttribute("role", "status");
  const text = document.createElement("p");
  const bar = document.createElement("progress");
  bar.max = total;
  bar.value = 0;
  box.append(text, bar);
  document.body.prepend(box);
  const show = (done) => {
    bar.value = done;
    text.textContent = fill(words.loading, {
      done: megabytes(done, language),
      total: megabytes(total, language),
    });
  };
  show(0);
  return {
    show,
    starting() {
      bar.value = total;
      text.textContent = words.starting;
    },
    failed(reason) {
      box.classList.add("failed");
      text.textContent = fill(words.failed, { reason });
      bar.remove();
    },
    done: () => box.remove(),
  };
}

function sentences(first, second) {
  return first.endsWith("。") ? first + second : first + " " + second; // no space after 。
}

// A note in the page's language as it is when the note comes: `text` and the action's
// label are read from the words of that language.
function note(said, text, action = null) {
  const words = said[pageLanguage()];
  const box = document.createElement("p");
  box.className = "site-note";
  box.setAttribute("role", "status");
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = words.close;
  close.addEventListener("click", () => box.remove());
  box.append(text(words) + " ");
  if (action) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = words[action.label];
    button.addEventListener("click", action.run);
    box.append(button);
  }
  box.append(close);
  document.body.prepend(box);
}

async function keepOffline(said) {
  if (!window.isSecureContext) {
    if (!localStorage.getItem(SAID_INSECURE)) {
      localStorage.setItem(SAID_INSECURE, "1");
      note(said, (words) => words.insecure);
    }
    return;
  }
  if (!("serviceWorker" in navigator)) return;
  const first = !navigator.serviceWorker.controller;
  if (!first) sayWhenUpdated(said);
  // Registered once Python is ready and its files are kept: the service worker adds only
  // what the page did not load. The browser checks sw.js for a new build after each visit;
  // 'all' lets it answer from its HTTP cache while the host's cache time for sw.js lasts
  // (docs/site.md), so a visit asks the host nothing. It asks at least once a day anyway.
  const registration = await navigator.serviceWorker.register("sw.js", { updateViaCache: "all" });
  const installing = registration.installing;
  if (first && installing) {
    installing.addEventListener("statechange", () => {
      if (installing.state !== "activated") return;
      note(said, (words) => sentences(words.offline, words.updates));
    });
  }
}

async function sayWhenUpdated(said) {
  // A new build takes over while the page is open (sw.js claims it) and drops this build's
  // cache: the page itself is still this build until it is opened again. It may take over
  // before this listens, even before the page's scripts run: then this build's cache is gone.
  let shown = false;
  const say = () => {
    if (shown) return;
    shown = true;
    note(said, (words) => words.updated, { label: "reload", run: () => location.reload() });
  };
  navigator.serviceWorker.addEventListener("controllerchange", say);
  if (BUILD && !(await caches.has(CACHE_PREFIX + BUILD))) say();
}

function boot() {
  const language = pageLanguage();
  ready = info.then(
    (site) =>
      new Promise((resolve, reject) => {
        const words = site.words[language];
        const bar = loadingBar(words, site.bytes, language);
        worker = new Worker("worker.js", { type: "module" });
        worker.addEventListener("message", ({ data }) => {
          if ("id" in data) {
            pending.get(data.id)(data);
            pending.delete(data.id);
          } else if ("done" in data) bar.show(Math.min(data.done, site.bytes));
          else if ("starting" in data) bar.starting();
          else if ("ready" in data) {
            bar.done();
            resolve();
            if (!keep) keepOffline(site.words);
          } else if ("kept" in data && keep) keepOffline(site.words);
          else if ("failed" in data) {
            bar.failed(data.failed);
            reject(new Error(data.failed));
          }
        });
        // A first visit keeps each file as it comes, in the cache of this build (sw.js).
        const keep = window.isSecureContext && "serviceWorker" in navigator && !navigator.serviceWorker.controller;
        worker.postMessage({ language, keep: keep ? CACHE_PREFIX + site.version : null });
      }),
  );
}

export async function call(method, route, lang, name, body) {
  if (ready === null) boot();
  await ready;
  const id = ++asked;
  const [status, type, text] = await new Promise((resolve) => {
    pending.set(id, (reply) => resolve(reply.answer));
    worker.postMessage({ id, call: [method, route, lang, name, body ?? ""] });
  });
  const data = type.startsWith("application/json") ? JSON.parse(text) : text;
  return { ok: status >= 200 && status < 300, status, data };
}
