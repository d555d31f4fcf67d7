// The static site's checker: scorecheck's own Python under Pyodide, answering what the server
// of `scorecheck serve` answers (scorecheck/serve/inbrowser.py). It tells the page how many
// bytes have come while Pyodide, the standard library and the wheels load; on a first visit
// it also keeps each file as it comes in the cache the service worker answers from, so that
// nothing is downloaded twice.

let done = 0;
let cache = null; // the cache of this build, on a first visit only
const keeping = [];
const plainFetch = self.fetch.bind(self);
self.fetch = async (...request) => {
  const response = await plainFetch(...request);
  if (!response.body) return response;
  let body = response.body;
  if (cache !== null && response.ok) {
    const [kept, read] = body.tee();
    const copy = new Response(kept, { status: response.status, headers: response.headers });
    keeping.push(cache.put(response.url, copy));
    body = read;
  }
  const counted = new TransformStream({
    transform(chunk, out) {
      done += chunk.byteLength;
      postMessage({ done });
      out.enqueue(chunk);
    },
  });
  return new Response(body.pipeThrough(counted), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

async function boot(language, keepAs) {
  if (keepAs) cache = await caches.open(keepAs);
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", location).href,
    lockFileURL: new URL("wheels/lock.json", location).href,
    packages: ["scorecheck"],
  });
  postMessage({ starting: true });
  const inbrowser = pyodide.pyimport("scorecheck.serve.inbrowser");
  const answer = inbrowser.answer;
  postMessage({ ready: true });
  Promise.all(keeping).then(
    () => postMessage({ kept: true }),
    () => postMessage({ kept: false }),
  );
  preparing = inbrowser.prepare;
  whenQuiet();
  return (method, route, lang, name, body) => {
    const reply = answer(method, route, lang, language, name, body);
    const plain = reply.toJs();
    reply.destroy();
    return plain;
  };
}

// pydantic and the document models take about a second to import, which the first document
// that leaves the fast path would wait for: they are imported once the page has been quiet
// for a moment after ready (its first calls come at once), and never twice.
const QUIET_MS = 1000;
let preparing = null;
let quiet = null;
function whenQuiet() {
  clearTimeout(quiet);
  if (preparing === null) return;
  quiet = setTimeout(() => {
    const prepare = preparing;
    preparing = null;
    prepare();
  }, QUIET_MS);
}

let python = null;
self.addEventListener("message", async ({ data }) => {
  if (python === null) {
    python = boot(data.language, data.keep);
    python.catch((error) => postMessage({ failed: String(error?.message ?? error) }));
    return;
  }
  const answer = await python;
  postMessage({ id: data.id, answer: answer(...data.call) });
  whenQuiet();
});
