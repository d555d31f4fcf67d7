// The page: boards drawn as in the game, edited by taps, checked by the server after every
// change. It holds the document in the input format (docs/format.md) and no rules of its own:
// every score, verdict and explanation comes from the server.

import * as api from "./api.js";
import { renderVerdict } from "./verdict.js";
import { fill } from "./words.js";

const SIZE = 5;
const COLORS = ["B", "Y", "R", "K", "W"];
const LANGUAGES = { en: "English", ru: "Русский", ja: "日本語" };
const $ = (id) => document.getElementById(id);

const state = {
  lang: "en",
  w: {},
  board: { printed: [], floor: [] }, // what the board has printed on it, from the server
  doc: null,
  history: [], // the rounds played before this one, by Next round
  shown: 0, // a game record: the round on the boards
  view: null,
  sent: 0,
  shownSeq: 0,
  busy: false,
  again: false,
};

// --- The document ------------------------------------------------------------------------

const emptyRow = () => ".....";
const emptyWall = () => Array.from({ length: SIZE }, emptyRow);
const emptyLines = () => Array.from({ length: SIZE }, () => "");

function emptyDocument(kind, names = [undefined, undefined]) {
  if (kind === "game") {
    const players = names.map((n, i) => n || fill(state.w.player_default, { number: i + 1 }));
    return { kind, variant: "colored", players, rounds: [roundOf(players)] };
  }
  const players = names.map((name) => {
    const p = kind === "final" ? { score: 0, wall: emptyWall() } : { score: 0, wall: emptyWall(), lines: emptyLines(), floor: "" };
    if (name) p.name = name;
    return p;
  });
  return { kind, variant: "colored", players };
}

function roundOf(names) {
  return Object.fromEntries(names.map((n) => [n, { lines: emptyLines(), floor: "" }]));
}

// Documents from the server use the writer's spacing ("B . . . ."); the page keeps cells
// and floors without spaces, which the loader reads the same.
function normalise(doc) {
  const tight = (s) => (typeof s === "string" ? s.replace(/\s+/g, "") : s);
  const board = (p) => {
    if (Array.isArray(p.wall)) p.wall = p.wall.map(tight);
    if (p.floor !== undefined) p.floor = tight(p.floor);
    if (p.claimed?.wall) p.claimed.wall = p.claimed.wall.map(tight);
  };
  if (doc.kind === "game") doc.rounds.forEach((r) => Object.values(r).forEach(board));
  else doc.players.forEach(board);
  return doc;
}

const playerNames = () =>
  state.doc.kind === "game"
    ? state.doc.players
    : state.doc.players.map((p, i) => p.name ?? fill(state.w.player_default, { number: i + 1 }));

// The part of the document a board edits: the player itself, or its entry in the shown round.
function part(i) {
  const doc = state.doc;
  return doc.kind === "game" ? doc.rounds[state.shown][doc.players[i]] : doc.players[i];
}

function pathOf(i) {
  const doc = state.doc;
  return doc.kind === "game" ? ["rounds", state.shown, doc.players[i]] : ["players", i];
}

const printed = (row, column) => state.board.printed[row][column]; // R2, from the server

const setCell = (wall, row, column, letter) => {
  const cells = wall[row].split("");
  cells[column] = letter;
  wall[row] = cells.join("");
};

// --- Changes -------------------------------------------------------------------------------

function changed(rebuild = true) {
  const start = performance.now();
  if (rebuild) render();
  performance.measure("scorecheck:draw", { start });
  check();
}

async function check() {
  if (state.busy) {
    state.again = true;
    return;
  }
  state.busy = true;
  const seq = ++state.sent;
  const asked = performance.now();
  const answer = await api.view(state.lang, state.doc);
  state.busy = false;
  performance.measure("scorecheck:request", { start: asked }); // for benchmarks/bench_tap.py
  if (answer.ok && seq === state.sent) {
    state.view = answer.data;
    const shown = performance.now();
    showView();
    performance.measure("scorecheck:show", { start: shown });
  } else if (!answer.ok) {
    say(answer.data.error ?? String(answer.status), true);
  }
  if (state.again) {
    state.again = false;
    check();
  } else {
    document.body.dataset.checked = String(seq);
    document.dispatchEvent(new CustomEvent("checked", { detail: seq }));
  }
}

function say(text, bad = false) {
  $("status").textContent = text;
  $("status").className = "status" + (bad ? " bad" : "");
}

// --- Drawing -------------------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "on") for (const [event, f] of Object.entries(value)) node.addEventListener(event, f);
    else if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

const key = (path) => JSON.stringify(path);

function render() {
  const focused = document.activeElement?.dataset?.key;
  const w = state.w;
  document.documentElement.lang = state.lang;
  document.title = w.title;
  $("title").textContent = w.title;
  $("explanation-title").textContent = w.explanation;
  $("file").setAttribute("aria-label", w.open);
  $("languages").setAttribute("aria-label", w.language);
  $("kinds").setAttribute("aria-label", w.kind);
  $("languages").replaceChildren(
    ...Object.entries(LANGUAGES).map(([code, name]) =>
      el("button", { type: "button", lang: code, "aria-pressed": String(code === state.lang), "data-key": "lang-" + code, on: { click: () => setLanguage(code) } }, name),
    ),
  );
  $("kinds").replaceChildren(
    ...["round", "final", "game"].map((kind) =>
      el("button", { type: "button", "aria-pressed": String(state.doc.kind === kind), "data-key": "kind-" + kind, on: { click: () => setKind(kind) } }, w["kind_" + kind]),
    ),
  );
  $("actions").replaceChildren(...actions());
  const boards = state.doc.kind === "game" ? [roundNavigator()] : [];
  state.doc.players.forEach((_, i) => boards.push(board(i)));
  boards.push(el("button", { type: "button", "data-key": "add-player", on: { click: addPlayer }, disabled: state.doc.players.length >= 4 }, "+ " + w.add_player));
  $("boards").replaceChildren(...boards);
  $("table-claims").replaceChildren(tableClaims());
  if (state.view) markBoards(state.view); // the boards are new; the answer comes after
  if (focused) document.querySelector(`[data-key='${CSS.escape(focused)}']`)?.focus();
}

function actions() {
  const w = state.w;
  const out = [
    el("button", { type: "button", "data-key": "open", on: { click: () => $("file").click() } }, w.open),
    el("button", { type: "button", "data-key": "save", on: { click: save } }, w.save),
    el("button", { type: "button", "data-key": "grey", "aria-pressed": String(state.doc.variant === "grey"), on: { click: toggleGrey } }, w.grey),
  ];
  if (state.doc.kind === "round") {
    out.push(el("button", { type: "button", "data-key": "next", on: { click: nextRound } }, w.next_round + " →"));
    if (state.history.length) {
      out.push(el("span", { class: "more", text: fill(w.round_number, { number: state.history.length + 1 }) }));
      out.push(el("button", { type: "button", "data-key": "save-record", on: { click: saveRecord } }, w.save_record));
    }
  }
  return out;
}

function roundNavigator() {
  const w = state.w;
  const count = state.doc.rounds.length;
  const go = (n) => () => { state.shown = n; changed(); };
  return el("nav", { class: "row" },
    el("button", { type: "button", "data-key": "prev", "aria-label": w.previous, disabled: state.shown === 0, on: { click: go(state.shown - 1) } }, "←"),
    el("span", { class: "more", "data-path": key(["rounds", state.shown]), text: fill(w.record_round, { number: state.shown + 1, count }) }),
    el("button", { type: "button", "data-key": "following", "aria-label": w.following, disabled: state.shown >= count - 1, on: { click: go(state.shown + 1) } }, "→"),
    el("button", { type: "button", "data-key": "add-round", on: { click: addRound } }, "+ " + w.add_round),
    el("button", { type: "button", "data-key": "remove-round", disabled: count <= 1, on: { click: removeRound } }, w.remove_round),
  );
}

function board(i) {
  const w = state.w;
  const doc = state.doc;
  const names = playerNames();
  const at = pathOf(i);
  const p = part(i);
  const player = doc.kind === "game" ? null : doc.players[i];
  const nameInput = el("input", {
    type: "text", value: doc.kind === "game" ? doc.players[i] : player.name ?? "",
    placeholder: fill(w.player_default, { number: i + 1 }), "aria-label": w.name, "data-key": `name-${i}`,
    "data-path": key(doc.kind === "game" ? ["players", i] : ["players", i, "name"]), maxlength: 60,
    on: { change: (e) => rename(i, e.target.value), input: (e) => { if (doc.kind !== "game") { setName(i, e.target.value); changed(false); } } },
  });
  const header = el("header", {},
    el("label", {}, w.name, nameInput),
    doc.kind === "game" ? el("span", { class: "more replayed-score", text: replayedScore(i) }) : el("label", {}, doc.kind === "final" ? w.score_final : w.score_before,
      numberInput(player.score || undefined, `score-${i}`, key(["players", i, "score"]), (v) => { player.score = v ?? 0; }, false, "0")),
    el("button", { type: "button", "aria-label": fill(w.remove_player, { name: names[i] }), "data-key": `remove-${i}`, disabled: doc.players.length <= 1, on: { click: () => removePlayer(i) } }, "✕"),
  );
  const rows = el("div", { class: "grid" });
  for (let r = 0; r < SIZE; r++) {
    rows.append(doc.kind === "final" ? el("span") : lineButton(i, r, p, at), wallRow(i, r, at));
  }
  return el("section", { class: "board", "data-path": key(at), "aria-label": names[i] },
    header,
    el("div", { class: "grid-title", "aria-hidden": "true" }),
    rows,
    doc.kind === "final" ? null : floorRow(i, p, at),
    claims(i, p, at),
  );
}

function replayedScore(i) {
  const round = state.view?.report?.rounds?.[state.shown];
  const score = round?.players?.[i]?.score_before;
  return score === undefined ? "" : `${state.w.score_before}: ${score}`;
}

// A number typed on the phone's numeric keypad; a score of 0 shows as its placeholder, so
// that typing starts from nothing.
function numberInput(value, dataKey, path, set, signed = false, placeholder = undefined) {
  return el("input", {
    type: "text", inputmode: signed ? "text" : "numeric", pattern: signed ? "-?[0-9]*" : "[0-9]*",
    value: value ?? "", placeholder, "data-key": dataKey, "data-path": path, autocomplete: "off",
    on: { input: (e) => { set(toNumber(e.target.value)); changed(false); } },
  });
}

function toNumber(text) {
  const t = text.trim().replace(/[−–]/g, "-");
  return /^-?\d+$/.test(t) ? Number(t) : undefined;
}

function lineButton(i, r, p, at) {
  const w = state.w;
  const tiles = p.lines[r];
  const color = tiles[0];
  const label = tiles.length
    ? fill(w.line_tiles, { line: r + 1, count: tiles.length, capacity: r + 1, color: [...new Set(tiles)].map((c) => w["color_" + c]).join(", ") })
    : fill(w.line_empty, { line: r + 1 });
  const column = state.doc.variant === "grey" ? p.columns?.[r] : null;
  const slots = [];
  for (let s = r; s >= 0; s--) {
    const t = tiles[s];
    slots.push(el("span", { class: "slotmark" + (t ? ` t c-${t}` : "") }));
  }
  if (tiles.length > r + 1) slots.unshift(el("span", { class: "more", text: `+${tiles.length - r - 1}` }));
  return el("button", {
    type: "button", class: "line" + (color ? "" : " empty"), "data-key": `line-${i}-${r}`, "data-path": key([...at, "lines", r]),
    "aria-label": column ? `${label}; ${fill(w.line_column, { column })}` : label, on: { click: () => pickLine(i, r) },
  }, column ? el("span", { class: "more", text: `→${column}` }) : null, ...slots);
}

function wallOf(i) {
  if (state.doc.kind !== "game") return state.doc.players[i].wall;
  // A game record replays its walls: the wall at the start of the shown round (read only).
  const before = state.view?.report?.rounds?.[state.shown - 1]?.players?.[i]?.wall_after;
  return state.shown === 0 || !before ? emptyWall() : before;
}

function wallRow(i, r, at) {
  const w = state.w;
  const wall = wallOf(i);
  const grey = state.doc.variant === "grey";
  const readOnly = state.doc.kind === "game";
  const row = el("div", { class: "wallrow", role: "group", "aria-label": w.wall, "data-row": `${i}-${r}` });
  for (let c = 0; c < SIZE; c++) {
    const tile = wall[r][c] === "." ? null : wall[r][c];
    const shade = tile ?? (grey ? null : printed(r, c));
    const label = shade ? fill(w.cell, { row: r + 1, column: c + 1, color: w["color_" + shade] }) : fill(w.cell_empty, { row: r + 1, column: c + 1 });
    row.append(el("button", {
      type: "button", class: `cell${shade ? " c-" + shade : ""}${tile ? " t" : " faint"}${readOnly ? " readonly" : ""}`,
      "aria-label": label, "aria-pressed": String(Boolean(tile)), "aria-disabled": readOnly ? "true" : null,
      "data-key": `cell-${i}-${r}-${c}`, "data-path": key([...at, "wall", r, c]),
      on: { click: () => readOnly || tapCell(i, r, c) },
    }, tile ?? ""));
  }
  return row;
}

function floorRow(i, p, at) {
  const w = state.w;
  const items = p.floor.split("");
  const slots = state.board.floor.map((cost, s) => {
    const item = items[s];
    const name = item === undefined ? w.empty : item === "1" ? w.marker : w["color_" + item];
    return el("button", {
      type: "button", class: "slot", "data-key": `slot-${i}-${s}`, "data-path": key([...at, "floor", s]),
      "aria-label": fill(w.slot, { slot: s + 1, cost, item: name }),
      on: { click: () => (item === undefined ? pickFloor(i) : removeFromFloor(i, s)) },
    }, el("span", { class: "item" + (item === "1" ? " m" : item ? ` t c-${item}` : "") }, item === "1" ? "1" : item ?? ""), el("span", { text: String(cost) }));
  });
  if (items.length > state.board.floor.length) {
    const rest = items.slice(state.board.floor.length).map((x) => (x === "1" ? w.marker : w["color_" + x])).join(", ");
    slots.push(el("button", { type: "button", class: "more", "data-key": `slot-${i}-more`, "aria-label": fill(w.slot_more, { item: rest }), on: { click: () => removeFromFloor(i, items.length - 1) } }, `+${items.length - state.board.floor.length}`));
  }
  return el("div", { class: "floor", role: "group", "aria-label": w.floor, "data-path": key([...at, "floor"]) }, ...slots);
}

function claims(i, p, at) {
  const w = state.w;
  const doc = state.doc;
  const c = p.claimed ?? {};
  const put = (field) => (v) => {
    if (v === undefined) delete c[field];
    else c[field] = v;
    if (Object.keys(c).length) p.claimed = c;
    else delete p.claimed;
  };
  const field = (label, name, signed = false) =>
    el("label", {}, label, numberInput(c[name], `claim-${i}-${name}`, key([...at, "claimed", name]), put(name), signed));
  const fields = [];
  if (doc.kind !== "final") {
    fields.push(el("label", {}, w.claim_points, el("input", {
      type: "text", inputmode: "numeric", value: (c.points ?? []).join(", "), "data-key": `claim-${i}-points`,
      "data-path": key([...at, "claimed", "points"]), autocomplete: "off",
      on: { input: (e) => { const found = e.target.value.match(/\d+/g); put("points")(found ? found.map(Number) : undefined); changed(false); } },
    })));
    fields.push(field(w.claim_penalty, "penalty", true), field(w.claim_score, "score"));
  }
  if (doc.kind !== "game") fields.push(field(w.claim_final, "final"));
  return el("details", { class: "claims", open: Object.keys(c).length ? true : null },
    el("summary", { "data-key": `claims-${i}` }, w.claims), el("div", { class: "fields" }, ...fields));
}

function tableClaims() {
  const w = state.w;
  const doc = state.doc;
  const names = playerNames();
  const winners = doc.claimed?.winner ?? [];
  const box = el("div", { class: "board" });
  if (doc.kind === "game") {
    const finals = doc.claimed?.final ?? {};
    const put = (name) => (v) => {
      if (v === undefined) delete finals[name];
      else finals[name] = v;
      doc.claimed ??= {};
      if (Object.keys(finals).length) doc.claimed.final = finals;
      else delete doc.claimed.final;
      if (!Object.keys(doc.claimed).length) delete doc.claimed;
    };
    box.append(el("div", { class: "claims fields" }, ...names.map((name) =>
      el("label", {}, `${name}: ${w.claim_final}`, numberInput(finals[name], `final-${name}`, key(["claimed", "final", name]), put(name))))));
  }
  box.append(el("p", { class: "names", "data-path": key(["claimed", "winner"]) }, w.winner + ": ",
    ...names.map((name) => el("button", {
      type: "button", "aria-pressed": String(winners.includes(name)), "data-key": `winner-${name}`,
      on: { click: () => toggleWinner(name) },
    }, fill(w.won, { name })))));
  return box;
}

// --- What the server found -------------------------------------------------------------------

function showView() {
  const view = state.view;
  if (state.doc.kind === "game") replayed();
  renderVerdict($("verdict"), view, state.doc, state.w);
  markBoards(view);
  problems(view);
  $("explanation").innerHTML = view.explanation; // the server's HTML report, escaped there
}

// A game record's walls and scores are the replay's: drawn again from each answer, in place
// (the rest of the boards, and what is being typed, stay as they are).
function replayed() {
  state.doc.players.forEach((_, i) => {
    for (let r = 0; r < SIZE; r++) {
      document.querySelector(`[data-row='${i}-${r}']`)?.replaceWith(wallRow(i, r, pathOf(i)));
    }
    const score = document.querySelectorAll(".replayed-score")[i];
    if (score) score.textContent = replayedScore(i);
  });
}

// Each violation is marked on the part of the board it concerns: the longest part of its
// path that the page draws (a cell, a line, a floor slot, a claim).
function markBoards(view) {
  document.querySelectorAll("[data-path].wrong, [data-path].warn").forEach((n) => n.classList.remove("wrong", "warn"));
  const round = view.report.rounds[state.doc.kind === "game" ? state.shown : 0];
  view.report.violations.forEach((v, k) => {
    const path = view.paths[k];
    const mark = v.severity === "error" ? "wrong" : "warn";
    for (const target of targets(path, round)) target.classList.add(mark);
  });
}

function targets(path, round) {
  const found = [];
  for (let n = path.length; n > 0; n--) {
    const node = document.querySelector(`[data-path='${CSS.escape(key(path.slice(0, n)))}']`);
    if (node) {
      found.push(node);
      break;
    }
  }
  // A claim about a tile or the floor concerns that part of the board too.
  const at = path.indexOf("claimed");
  if (at > 0 && round) {
    const base = path.slice(0, at);
    const seat = state.doc.kind === "game" ? state.doc.players.indexOf(path[2]) : path[1];
    if (path[at + 1] === "points" && typeof path[at + 2] === "number") {
      const placed = round.players[seat]?.placements?.[path[at + 2]];
      if (placed) found.push(document.querySelector(`[data-path='${CSS.escape(key([...base, "lines", placed.line - 1]))}']`));
    }
    if (path[at + 1] === "penalty") found.push(document.querySelector(`[data-path='${CSS.escape(key([...base, "floor"]))}']`));
  }
  return found.filter(Boolean);
}

function problems(view) {
  const w = state.w;
  const items = view.report.violations.map((v, k) =>
    el("li", { class: v.severity }, el("button", {
      type: "button", on: { click: () => targets(view.paths[k], null)[0]?.focus() },
    }, `${v.player ? v.player + ": " : ""}${v.message}`)));
  $("problems").replaceChildren(...(items.length ? [el("h2", { text: w.problems }), el("ul", {}, ...items)] : []));
}

// --- Taps ------------------------------------------------------------------------------------

function tapCell(i, r, c) {
  const wall = state.doc.players[i].wall;
  if (wall[r][c] !== ".") setCell(wall, r, c, ".");
  else if (state.doc.variant === "grey") return pickCell(i, r, c);
  else setCell(wall, r, c, printed(r, c));
  changed();
}

function picker(title, build) {
  const body = $("picker-body");
  const draw = () => {
    const focused = document.activeElement?.dataset?.key;
    body.replaceChildren(el("h2", { text: title }), ...build(draw),
      el("div", { class: "row" }, el("button", { value: "close", "data-key": "picker-close" }, state.w.close)));
    if (focused) body.querySelector(`[data-key='${CSS.escape(focused)}']`)?.focus();
  };
  draw();
  const dialog = $("picker");
  state.opener = document.activeElement?.dataset?.key;
  if (!dialog.open) dialog.showModal();
  dialog.querySelector("button")?.focus();
}

const closePicker = () => $("picker").close();

function colorButtons(pressed, choose) {
  return el("div", { class: "row", role: "group", "aria-label": state.w.colour }, ...COLORS.map((c) =>
    el("button", { type: "button", class: `t c-${c}`, "aria-pressed": String(pressed === c), "aria-label": state.w["color_" + c], "data-key": "pick-" + c, on: { click: () => choose(c) } }, c)));
}

function pickLine(i, r) {
  const w = state.w;
  const p = part(i);
  let color = p.lines[r][0] ?? null;
  picker(fill(w.line_title, { line: r + 1 }), (redraw) => {
    const groups = [
      colorButtons(color, (c) => {
        color = c;
        if (p.lines[r].length) { p.lines[r] = c.repeat(p.lines[r].length); changed(); }
        redraw();
      }),
      el("p", { text: w.tiles }),
      el("div", { class: "row", role: "group", "aria-label": w.tiles }, ...Array.from({ length: r + 2 }, (_, n) =>
        el("button", { type: "button", "aria-pressed": String(p.lines[r].length === n), "data-key": "count-" + n, disabled: n > 0 && !color, on: { click: () => {
          p.lines[r] = n ? color.repeat(n) : "";
          closePicker();
          changed();
        } } }, String(n)))),
    ];
    if (state.doc.variant === "grey") {
      const chosen = p.columns?.[r] ?? null;
      groups.push(el("p", { text: w.column }), el("div", { class: "row", role: "group", "aria-label": w.column },
        ...[null, 1, 2, 3, 4, 5].map((col) => el("button", { type: "button", "data-key": `column-${col}`, "aria-label": col === null ? null : fill(w.line_column, { column: col }), "aria-pressed": String(chosen === col), on: { click: () => {
          p.columns ??= [null, null, null, null, null];
          p.columns[r] = col;
          if (p.columns.every((x) => x === null)) delete p.columns;
          changed();
          redraw();
        } } }, col === null ? w.no_column : String(col)))));
    }
    return groups;
  });
}

function pickCell(i, r, c) {
  picker(fill(state.w.cell_empty, { row: r + 1, column: c + 1 }), () => [
    colorButtons(null, (color) => { setCell(state.doc.players[i].wall, r, c, color); closePicker(); changed(); }),
  ]);
}

function pickFloor(i) {
  const w = state.w;
  const p = part(i);
  picker(w.add_to_floor, (redraw) => [
    colorButtons(null, (c) => { p.floor += c; changed(); redraw(); }),
    el("div", { class: "row" },
      el("button", { type: "button", "data-key": "pick-marker", disabled: p.floor.includes("1"), on: { click: () => { p.floor += "1"; changed(); redraw(); } } }, "1 · " + w.marker)),
  ]);
}

function removeFromFloor(i, s) {
  const p = part(i);
  p.floor = p.floor.slice(0, s) + p.floor.slice(s + 1);
  changed();
}

// --- Players, kinds, rounds --------------------------------------------------------------------

function setName(i, name) {
  const player = state.doc.players[i];
  if (name.trim()) player.name = name;
  else delete player.name;
}

function rename(i, name) {
  const doc = state.doc;
  if (doc.kind !== "game") return;
  const old = doc.players[i];
  if (!name.trim() || doc.players.includes(name)) { changed(); return; }
  doc.players[i] = name;
  doc.rounds = doc.rounds.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k === old ? name : k, v])));
  if (doc.claimed?.final && old in doc.claimed.final) { doc.claimed.final[name] = doc.claimed.final[old]; delete doc.claimed.final[old]; }
  if (doc.claimed?.winner) doc.claimed.winner = doc.claimed.winner.map((n) => (n === old ? name : n));
  if (doc.starts) doc.starts = doc.starts.map((n) => (n === old ? name : n));
  changed();
}

function addPlayer() {
  const doc = state.doc;
  if (doc.kind === "game") {
    let n = doc.players.length + 1;
    while (doc.players.includes(fill(state.w.player_default, { number: n }))) n++;
    const name = fill(state.w.player_default, { number: n });
    doc.players.push(name);
    doc.rounds.forEach((r) => { r[name] = { lines: emptyLines(), floor: "" }; });
  } else {
    doc.players.push(emptyDocument(doc.kind, [undefined]).players[0]);
  }
  changed();
}

function removePlayer(i) {
  const doc = state.doc;
  if (doc.kind === "game") {
    const [name] = doc.players.splice(i, 1);
    doc.rounds.forEach((r) => delete r[name]);
  } else {
    doc.players.splice(i, 1);
  }
  changed();
}

function setKind(kind) {
  if (kind === state.doc.kind) return;
  const names = state.doc.kind === "game" ? [...state.doc.players] : state.doc.players.map((p) => p.name);
  state.doc = emptyDocument(kind, names);
  state.history = [];
  state.shown = 0;
  changed();
}

function toggleGrey() {
  const doc = state.doc;
  doc.variant = doc.variant === "grey" ? "colored" : "grey";
  if (doc.variant === "colored") {
    const boards = doc.kind === "game" ? doc.rounds.flatMap((r) => Object.values(r)) : doc.players;
    boards.forEach((b) => delete b.columns);
  }
  changed();
}

function toggleWinner(name) {
  const doc = state.doc;
  doc.claimed ??= {};
  const winners = new Set(doc.claimed.winner ?? []);
  if (winners.has(name)) winners.delete(name); else winners.add(name);
  if (winners.size) doc.claimed.winner = [...winners]; else delete doc.claimed.winner;
  if (!Object.keys(doc.claimed).length) delete doc.claimed;
  changed();
}

function addRound() {
  const doc = state.doc;
  doc.rounds.push(roundOf(doc.players));
  state.shown = doc.rounds.length - 1;
  changed();
}

function removeRound() {
  const doc = state.doc;
  doc.rounds.splice(state.shown, 1);
  state.shown = Math.min(state.shown, doc.rounds.length - 1);
  changed();
}

// --- Next round, open, save --------------------------------------------------------------------

async function nextRound() {
  const answer = await api.next(state.lang, state.doc);
  if (!answer.ok) return say(answer.data.error, true);
  state.history.push(state.doc);
  state.doc = normalise(answer.data.document);
  say(fill(state.w.round_number, { number: state.history.length + 1 }));
  changed();
}

function download(name, text) {
  const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/yaml" })), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function save() {
  const answer = await api.yaml(state.lang, state.doc);
  if (!answer.ok) return say(answer.data.error, true);
  download(`scorecheck-${state.doc.kind}.yaml`, answer.data);
}

async function saveRecord() {
  const answer = await api.record(state.lang, [...state.history, state.doc]);
  if (!answer.ok) return say(answer.data.error, true);
  download("scorecheck-game.yaml", answer.data.yaml);
}

function opened(answer) {
  const data = answer.data;
  if (!answer.ok) return say(data.error, true);
  if (!data.document) {
    say(state.w.cannot_open, true);
    $("status").append(el("span", { class: "problemlines", text: "\n" + data.problems.join("\n") }));
    return;
  }
  state.doc = normalise(data.document);
  state.history = [];
  state.shown = 0;
  api.setName(data.name.split(/[\\/]/).pop());
  say(data.name.split(/[\\/]/).pop());
  changed();
}

// Back to the part of the board the picker was opened from (it was drawn anew meanwhile).
$("picker").addEventListener("close", () => {
  if (state.opener) document.querySelector(`[data-key='${CSS.escape(state.opener)}']`)?.focus();
});

$("file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  opened(await api.open(state.lang, file.name, await file.text()));
  e.target.value = "";
});

async function setLanguage(lang) {
  const answer = await api.words(lang);
  state.lang = lang;
  state.w = answer.data.words;
  state.board = answer.data;
  changed();
}

async function main() {
  const begin = await api.start(""); // the server's language: --lang, or its environment
  state.lang = begin.data.lang ?? "en";
  const words = await api.words(state.lang);
  state.w = words.data.words;
  state.board = words.data;
  state.doc = emptyDocument("round");
  if (begin.data.name) opened(begin);
  else changed();
}

main();
