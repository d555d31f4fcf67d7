// The page: boards drawn as in the game, edited by taps, checked by the server after every
// change. It holds the work (the rounds entered so far, as documents in the input format)
// and no rules of its own: every score, verdict and explanation comes from the server,
// through api.js. doc.js edits, draw.js and verdict.js draw, pickers.js asks, memory.js keeps.

import * as api from "./api.js";
import * as edit from "./doc.js";
import * as memory from "./memory.js";
import { $, drawPage, drawStatus, drawReplayed, defaultName, download, refusal } from "./draw.js";
import { renderVerdict, markBoards, problems, explanation } from "./verdict.js";
import { pickLine, pickCell, pickFloor } from "./pickers.js";
import { drawSays } from "./says.js";
import { strokes } from "./paint.js";
import "./slips.js";

const LANGS = ["en", "ru", "ja"];

const state = {
  lang: "en", w: {}, board: null, // the texts, printed wall, floor costs and limits, from the server
  work: null, // {rounds: [documents], at, shown, aside: {kind: work}, invalid: {field: text}, name}
  steps: memory.steps(), typing: null, view: null, status: {}, given: null,
  asked: 0, busy: false, again: false, explaining: null,
};

const doc = () => state.work.rounds[state.work.at];
const page = () => ({
  lang: state.lang, w: state.w, board: state.board, doc: doc(), shown: state.work.shown, invalid: state.work.invalid,
  view: state.view, status: state.status, rounds: state.work.rounds.length, at: state.work.at, empty: edit.isEmpty(doc()),
  canUndo: state.steps.done.length > 0, canRedo: state.steps.undone.length > 0,
});
const names = () => edit.names(doc(), defaultName(state.w));
const fresh = (kind = "round", seats = [undefined, undefined]) =>
  ({ rounds: [edit.emptyDocument(kind, seats, defaultName(state.w))], at: 0, shown: 0, aside: {}, invalid: {}, name: null });

// --- Changes: each one a step Undo takes back, kept in the browser's storage -------------------

// `seat`: the change is one board's, and only that board is drawn again.
function change(next, { redraw = true, typing = null, seat = null } = {}) {
  const before = state.work;
  const after = next(structuredClone(before));
  if (typing === null || typing !== state.typing) state.steps = memory.record(state.steps, before, after);
  state.typing = typing;
  state.work = after;
  changed(redraw, seat);
  setTimeout(() => memory.store(localStorage, state.work, state.steps)); // while the server answers
}

const changeDoc = (f, options) => change((work) => {
  work.rounds[work.at] = f(work.rounds[work.at]);
  return work;
}, options);

function changed(redraw = true, seat = null) {
  const start = performance.now();
  if (redraw) {
    drawPage(page(), on, seat);
    markBoards(page());
    drawSays(page(), on);
  }
  performance.measure("scorecheck:draw", { start });
  document.body.dataset.asked = String(++state.asked);
  check();
}

function back(step) {
  const moved = step(state.steps, state.work);
  if (!moved) return;
  [state.steps, state.work] = moved;
  state.typing = null;
  memory.store(localStorage, state.work, state.steps);
  changed();
}

async function check() {
  if (state.busy) {
    state.again = true;
    return;
  }
  const seq = state.asked;
  if (Object.keys(state.work.invalid).length === 0) {
    state.busy = true;
    const asked = performance.now();
    const answer = await api.verdict(state.lang, doc());
    state.busy = false;
    performance.measure("scorecheck:request", { start: asked }); // for benchmarks/bench_tap.py
    if (answer.ok) state.view = answer.data;
    else say(refusal(answer));
  }
  if (state.again) {
    state.again = false;
    return check();
  }
  const shown = performance.now();
  showView();
  performance.measure("scorecheck:show", { start: shown });
  document.body.dataset.checked = String(seq);
  document.dispatchEvent(new CustomEvent("checked", { detail: seq }));
  clearTimeout(state.explaining);
  state.explaining = setTimeout(() => explain(seq), EXPLAIN_AFTER_MS);
}

// The step-by-step explanation follows once the taps pause: the server's most work, which
// would otherwise delay the next tap's verdict.
const EXPLAIN_AFTER_MS = 600; // longer than a player takes between two taps of one board

async function explain(seq) {
  if (seq !== state.asked) return;
  if (!edit.isEmpty(doc()) && !Object.keys(state.work.invalid).length) {
    const answer = await api.explain(state.lang, doc());
    if (seq !== state.asked) return;
    if (answer.ok) explanation(page(), answer.data.explanation);
  }
  document.body.dataset.explained = String(seq);
}

function showView() {
  if (doc().kind === "game") drawReplayed(page(), on);
  renderVerdict(page());
  markBoards(page());
  drawSays(page(), on);
  problems(page());
}

// A refusal keeps the question that got it: a new language asks it again (nothing stays
// in the old language).
async function ask(question) {
  const answer = await question(state.lang);
  if (!answer.ok) say(refusal(answer, question));
  return answer;
}

function say(status) {
  state.status = status;
  drawStatus(page(), on);
}

// A number field: a value that is no number is kept as typed and marked, and nothing is
// checked until it is one (the page never computes from a value the person did not give).
function typedNumber(field, text, kind) {
  const parsed = kind === "list" ? edit.parseWholes(text) : edit.parseWhole(text, kind === "signed");
  const [what, a, b] = field.split("-");
  change((work) => {
    if (parsed.invalid) work.invalid[field] = text;
    else {
      delete work.invalid[field];
      const d = work.rounds[work.at];
      const i = Number(a);
      if (what === "score") work.rounds[work.at] = edit.setScore(d, i, parsed.value);
      else if (what === "claim") work.rounds[work.at] = edit.setClaim(d, work.shown, i, b, parsed.value);
      else work.rounds[work.at] = edit.setFinalClaim(d, field.slice("final-".length), parsed.value);
    }
    return work;
  }, { redraw: false, typing: field });
  const input = document.querySelector(`[data-key='${CSS.escape(field)}']`);
  const bad = Boolean(parsed.invalid);
  input.classList.toggle("invalid", bad);
  if (bad) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
  $(`hint-${field}`).textContent = bad ? state.w[kind === "list" ? "need_wholes" : "need_whole"] : "";
}

// --- What each control does -----------------------------------------------------------------

const limits = () => state.board.limits;
const shownPart = (i) => edit.part(doc(), state.work.shown, i);

const on = {
  language: (code) => setLanguage(code),
  // Another kind of document: the status line's news (a round's number, a file's name) was
  // about the one left.
  kind: (kind) => kind !== doc().kind && (change((work) => {
    const current = work.rounds[work.at];
    const kept = work.aside[kind];
    const { aside, ...here } = work;
    const target = kept ? kept.rounds[kept.at] : null;
    const next = edit.switchKind(current, kind, target, defaultName(state.w));
    const rounds = kept ? kept.rounds.map((d, k) => (k === kept.at ? next : d)) : [next];
    return { ...here, rounds, at: kept ? kept.at : 0, shown: 0, invalid: {}, aside: { ...aside, [current.kind]: here } };
  }), say({})),
  undo: () => back(memory.undo),
  redo: () => back(memory.redo),
  save,
  saveRecord,
  next: nextRound,
  openGiven: () => opened(state.given, api.start),
  grey: () => changeDoc(edit.toggleGrey),
  addPlayer: () => changeDoc((d) => edit.addPlayer(d, defaultName(state.w), limits().max_players)),
  removePlayer: (i) => changeDoc((d) => edit.removePlayer(d, i, limits().min_players)),
  show: (n) => change((work) => ({ ...work, shown: n })),
  addRound: () => change((work) => {
    work.rounds[0] = edit.addRound(work.rounds[0]);
    return { ...work, shown: work.rounds[0].rounds.length - 1 };
  }),
  removeRound: () => change((work) => {
    work.rounds[0] = edit.removeRound(work.rounds[0], work.shown);
    return { ...work, shown: Math.min(work.shown, work.rounds[0].rounds.length - 1) };
  }),
  // Each letter of a name is drawn at once: the labels that name the player follow it.
  // A game record's player keeps the old name while the new one is empty or taken.
  name: (i, text) => {
    if (doc().kind === "game" && edit.rename(doc(), i, text) === doc()) return;
    changeDoc((d) => (d.kind === "game" ? edit.rename(d, i, text) : edit.setName(d, i, text)), { typing: `name-${i}` });
  },
  number: typedNumber,
  winner: (name) => changeDoc((d) => edit.toggleWinner(d, name)),
  cell: (i, r, c) => {
    if (doc().players[i].wall[r][c] === "." && doc().variant === "grey") return pickCell(page, on, i, r, c);
    changeDoc((d) => edit.tapCell(d, i, r, c, state.board.printed[r][c]), { seat: i });
  },
  setCell: (i, r, c, color) => changeDoc((d) => edit.tapCell(d, i, r, c, color), { seat: i }),
  line: (i, r, slot) => {
    const tiles = shownPart(i).lines[r];
    // A slot of a line that has its colour sets the count at once; else the picker asks.
    if (slot && tiles && slot !== tiles.length) return on.setLine(i, r, tiles[0], slot);
    pickLine(page, on, i, r, tiles ? null : slot);
  },
  setLine: (i, r, color, count) => changeDoc((d) => edit.setLine(d, state.work.shown, i, r, color, count), { seat: i }),
  setColumn: (i, r, column) => changeDoc((d) => edit.setColumn(d, state.work.shown, i, r, column), { seat: i }),
  floorSlot: (i, s) => {
    if (s < shownPart(i).floor.length) return changeDoc((d) => edit.removeFromFloor(d, state.work.shown, i, s), { seat: i });
    pickFloor(page, on, i, s + 1);
  },
  floorMore: (i) => pickFloor(page, on, i, null),
  fillFloor: (i, slots, color, marker = false) => changeDoc((d) => {
    const marked = marker ? edit.setMarker(d, state.work.shown, i, true, limits().markers) : d;
    return edit.fillFloor(marked, state.work.shown, i, slots, color);
  }, { seat: i }),
  // A number tapped under a claim: it replaces what was typed there.
  claim: (i, name, value) => change((work) => {
    delete work.invalid[`claim-${i}-${name}`];
    work.rounds[work.at] = edit.setClaim(work.rounds[work.at], work.shown, i, name, value);
    return work;
  }, { seat: i }),
  addToFloor: (i, item) => changeDoc((d) => edit.addToFloor(d, state.work.shown, i, item), { seat: i }),
  marker: (i) => changeDoc((d) => edit.setMarker(d, state.work.shown, i, !edit.hasMarker(shownPart(i).floor), limits().markers)),
};

// A stroke sets each cell it crosses as a tap on its first would: one change.
strokes((i, cells, placing) => changeDoc((d) => cells.reduce((out, [r, c]) =>
  ((out.players[i].wall[r][c] === ".") === placing ? edit.tapCell(out, i, r, c, state.board.printed[r][c]) : out), d), { seat: i }),
() => doc().variant !== "grey");

document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
  const k = e.key.toLowerCase();
  if (k === "z" || k === "y") {
    e.preventDefault();
    on[k === "y" || e.shiftKey ? "redo" : "undo"]();
  }
});

// Rounds are steps of the browser's history: Back shows the previous round, Forward returns.
window.addEventListener("popstate", (e) => {
  const at = e.state?.at;
  if (typeof at !== "number") return;
  state.work = { ...state.work, at: Math.max(0, Math.min(at, state.work.rounds.length - 1)) };
  memory.store(localStorage, state.work, state.steps);
  say({ key: "round_number", fields: { number: state.work.at + 1 } });
  changed();
});

// --- Next round, open, save --------------------------------------------------------------------

async function nextRound() {
  const answer = await ask((lang) => api.next(lang, doc()));
  if (!answer.ok) return;
  const following = edit.normalise(answer.data.document);
  change((work) => ({ ...work, rounds: [...work.rounds.slice(0, work.at + 1), following], at: work.at + 1, invalid: {} }));
  history.pushState({ at: state.work.at }, "", location.href);
  say({ key: "round_begun", fields: { number: state.work.at + 1 } });
}

async function save() {
  const answer = await ask((lang) => api.yaml(lang, doc()));
  if (!answer.ok) return;
  download(`scorecheck-${doc().kind}.yaml`, answer.data);
}

// The rounds as one game record, or, for a game entered from the middle, the rounds as the
// documents of one file; the status line says which.
async function saveRecord() {
  const answer = await ask((lang) => api.record(lang, state.work.rounds));
  if (!answer.ok) return;
  download("scorecheck-game.yaml", answer.data.yaml);
  say({ key: answer.data.document ? "saved_record" : "saved_rounds" });
}

/** Opens a file's document (or rounds) on the page; false, saying why, when it cannot. */
function opened(answer, again) {
  const data = answer.data;
  const rounds = data.rounds ?? (data.document ? [data.document] : null);
  if (!answer.ok || !rounds) {
    say(refusal(answer, again));
    return false;
  }
  const file = data.name.split(/[\\/]/).pop();
  change(() => ({ ...fresh(), rounds: rounds.map(edit.normalise), at: rounds.length - 1, name: file }));
  api.setName(file);
  say({ text: file });
  return true;
}

$("file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  const text = await file.text();
  const again = (lang) => api.open(lang, file.name, text);
  opened(await again(state.lang), again);
  e.target.value = "";
});

async function loadWords(lang) {
  const answer = await api.words(lang);
  state.lang = lang;
  state.w = answer.data.words;
  state.board = answer.data;
}

async function setLanguage(lang) {
  await loadWords(lang);
  $("explanation").replaceChildren(); // until it comes in the new language
  const asked = state.status.ask;
  const again = asked && (await asked(lang));
  if (again) state.status = again.ok && !again.data.problems?.length ? {} : refusal(again, asked);
  const url = new URL(location.href);
  url.searchParams.set("lang", lang);
  history.replaceState(history.state, "", url);
  changed();
}

async function main() {
  const asked = new URLSearchParams(location.search).get("lang");
  const begin = await api.start(LANGS.includes(asked) ? asked : ""); // else --lang, or the environment
  await loadWords(LANGS.includes(asked) ? asked : begin.data.lang ?? "en");
  const kept = memory.restore(localStorage);
  state.work = kept ? kept.work : fresh();
  state.steps = kept?.history ?? memory.steps();
  if (state.work.name) api.setName(state.work.name);
  if (typeof history.state?.at === "number") state.work.at = Math.min(history.state.at, state.work.rounds.length - 1);
  else history.replaceState({ at: state.work.at }, "", location.href);
  if (begin.data.name && (!kept || edit.isEmpty(doc())) && opened(begin, api.start)) return;
  if (begin.data.name && kept) {
    state.given = begin;
    state.status = { key: "kept_work", fields: { file: begin.data.name }, offer: begin.data.name };
  }
  changed();
}

main();
