// The page's one interface for its answers (docs/api.md). Served by `scorecheck serve`, the
// server answers over HTTP; on the static site of `scorecheck site` (its index.html says so),
// the same Python answers in a Web Worker (site.js). Each function gives {ok, status, data}.

const ON_SITE = document.querySelector('meta[name="scorecheck-site"]') !== null;
let site = null; // site.js, imported on the site only

let documentName = "scorecheck"; // the name reports give the page's document

export function setName(name) {
  documentName = name || "scorecheck";
}

async function overHttp(method, route, lang, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.body = body;
    options.headers["Content-Type"] = "application/json";
  }
  const query = `lang=${encodeURIComponent(lang)}&name=${encodeURIComponent(documentName)}`;
  const response = await fetch(`${route}?${query}`, options);
  const type = response.headers.get("Content-Type") || "";
  const data = type.startsWith("application/json") ? await response.json() : await response.text();
  return { ok: response.ok, status: response.status, data };
}

async function call(method, route, lang, body) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  if (!ON_SITE) return overHttp(method, route, lang, text);
  site ??= import("./site.js");
  return (await site).call(method, route, lang, documentName, text);
}

export const words = (lang) => call("GET", "/api/words", lang);
export const start = (lang) => call("GET", "/api/start", lang);
export const view = (lang, doc) => call("POST", "/api/view", lang, doc);
export const verdict = (lang, doc) => call("POST", "/api/verdict", lang, doc);
export const explain = (lang, doc) => call("POST", "/api/explain", lang, doc);
export const next = (lang, doc) => call("POST", "/api/next", lang, doc);
export const yaml = (lang, doc) => call("POST", "/api/yaml", lang, doc);
export const record = (lang, rounds) => call("POST", "/api/record", lang, { rounds });
export const open = (lang, name, text) => call("POST", "/api/open", lang, { name, text });
