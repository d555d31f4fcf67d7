// Drawing: the page's controls and the boards as in the game, from the work on the page
// (`view`: what app.js holds) and its handlers (`on`). Nothing here changes the document.

import { hasMarker, names, part, pathOf, KINDS } from "./doc.js";
import { colour, fill, listed } from "./words.js";

const LANGUAGES = { en: "English", ru: "Русский", ja: "日本語" };
export const $ = (id) => document.getElementById(id);
export const key = (path) => JSON.stringify(path);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "on") for (const [event, f] of Object.entries(value)) node.addEventListener(event, f);
    else if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

const button = (attrs, ...children) => el("button", { type: "button", ...attrs }, ...children);
export const defaultName = (w) => (number) => fill(w.player_default, { number });

/** Everything but the verdict, drawn anew; the control that had the focus keeps it, and a
 * field being typed in its caret. With `seat`, only that board and the actions (a tap on a
 * board changes nothing else). */
export function drawPage(page, on, seat = null) {
  const keep = focus();
  if (seat !== null) {
    document.querySelectorAll("#boards > section.board")[seat].replaceWith(board(page, on, seat));
    $("actions").replaceChildren(...actions(page, on));
    return keep();
  }
  const { w, doc } = page;
  document.documentElement.lang = page.lang;
  document.title = w.title;
  $("title").textContent = w.title;
  $("explanation-title").textContent = w.explanation;
  $("file").setAttribute("aria-label", w.open);
  $("languages").setAttribute("aria-label", w.language);
  $("kinds").setAttribute("aria-label", w.kind);
  $("languages").replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) =>
    button({ lang: code, "aria-pressed": String(code === page.lang), "data-key": "lang-" + code, on: { click: () => on.language(code) } }, name)));
  $("kinds").replaceChildren(...KINDS.map((kind) =>
    button({ "aria-pressed": String(doc.kind === kind), "data-key": "kind-" + kind, on: { click: () => on.kind(kind) } }, w["kind_" + kind])));
  $("actions").replaceChildren(...actions(page, on));
  const limits = page.board.limits;
  const boards = doc.kind === "game" ? [roundNavigator(page, on)] : [];
  doc.players.forEach((_, i) => boards.push(board(page, on, i)));
  boards.push(button({ "data-key": "add-player", on: { click: on.addPlayer }, disabled: doc.players.length >= limits.max_players }, "+ " + w.add_player));
  $("boards").replaceChildren(...boards);
  $("table-claims").replaceChildren(tableClaims(page, on));
  drawStatus(page, on);
  keep();
}

/** Gives the focus back, after drawing, to the control that has it now (by its data-key). */
function focus() {
  const active = document.activeElement;
  const focused = active?.dataset?.key;
  const caret = active?.tagName === "INPUT" ? [active.selectionStart, active.selectionEnd] : null;
  return () => {
    const again = focused && document.querySelector(`[data-key='${CSS.escape(focused)}']`);
    again?.focus();
    if (again && caret) again.setSelectionRange(...caret);
  };
}

/** The status line: what the page last said, in the page's language. */
export function drawStatus(page, on) {
  const s = page.status;
  const w = page.w;
  const text = s.key ? fill(w[s.key], s.fields ?? {}) : s.text ?? "";
  $("status").className = "status" + (s.bad ? " bad" : "");
  $("status").replaceChildren(...[text,
    s.offer ? button({ "data-key": "offer", on: { click: on.openGiven } }, fill(w.open_given, { file: s.offer })) : null,
    s.lines ? el("span", { class: "problemlines", text: "\n" + s.lines.join("\n") }) : null].filter(Boolean));
}

/** The status line for what the server refused, in its words (a file's problems, or its
 * error), and `ask`, the question that got them. */
export function refusal(answer, ask = null) {
  const d = answer.data;
  return answer.ok ? { key: "cannot_open", bad: true, lines: d.problems, ask } : { text: d.error ?? String(answer.status), bad: true, ask };
}

/** A file the browser saves. */
export function download(name, text) {
  const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/yaml" })), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function actions(page, on) {
  const { w, doc } = page;
  const out = [
    button({ "data-key": "undo", "data-repeat": true, disabled: !page.canUndo, "aria-keyshortcuts": "Control+Z", on: { click: on.undo } }, "↶ " + w.undo),
    button({ "data-key": "redo", "data-repeat": true, disabled: !page.canRedo, "aria-keyshortcuts": "Control+Shift+Z", on: { click: on.redo } }, "↷ " + w.redo),
    button({ "data-key": "open", on: { click: () => $("file").click() } }, w.open),
    button({ "data-key": "save", on: { click: on.save } }, w.save),
    button({ "data-key": "grey", "aria-pressed": String(doc.variant === "grey"), on: { click: on.grey } }, w.grey),
  ];
  if (doc.kind === "round") {
    out.push(button({ "data-key": "next", on: { click: on.next } }, w.next_round + " →"));
    if (page.rounds > 1) {
      out.push(el("span", { class: "more", text: fill(w.round_number, { number: page.at + 1 }) }));
      out.push(button({ "data-key": "save-record", on: { click: on.saveRecord } }, w.save_record));
    }
  }
  return out;
}

function roundNavigator(page, on) {
  const { w, doc, shown } = page;
  const count = doc.rounds.length;
  return el("nav", { class: "row" },
    button({ "data-key": "prev", "aria-label": w.previous, disabled: shown === 0, on: { click: () => on.show(shown - 1) } }, "←"),
    el("span", { class: "more", "data-path": key(["rounds", shown]), text: fill(w.record_round, { number: shown + 1, count }) }),
    button({ "data-key": "following", "aria-label": w.following, disabled: shown >= count - 1, on: { click: () => on.show(shown + 1) } }, "→"),
    button({ "data-key": "add-round", on: { click: on.addRound } }, "+ " + w.add_round),
    button({ "data-key": "remove-round", disabled: count <= 1, on: { click: on.removeRound } }, w.remove_round),
  );
}

/** A text field for a number: what was typed stays, and a value that is no number is marked. */
function numberField(page, on, label, dataKey, path, value, kind = "whole") {
  const typed = page.invalid[dataKey];
  const hint = el("span", { class: "hint", id: `hint-${dataKey}`, text: typed === undefined ? "" : page.w[kind === "list" ? "need_wholes" : "need_whole"] });
  const input = el("input", {
    type: "text", inputmode: kind === "signed" ? "text" : "numeric", value: typed ?? value ?? "", placeholder: kind === "score" ? "0" : null,
    "data-key": dataKey, "data-path": path, autocomplete: "off", "aria-invalid": typed === undefined ? null : "true",
    "aria-describedby": `hint-${dataKey}`, class: typed === undefined ? null : "invalid",
    on: { input: (e) => on.number(dataKey, e.target.value, kind) },
  });
  return el("label", {}, label, input, hint);
}

function board(page, on, i) {
  const { w, doc } = page;
  const seats = names(doc, defaultName(w));
  const at = pathOf(doc, page.shown, i);
  const p = part(doc, page.shown, i);
  const game = doc.kind === "game";
  const nameInput = el("input", {
    type: "text", value: game ? doc.players[i] : doc.players[i].name ?? "", placeholder: fill(w.player_default, { number: i + 1 }),
    "aria-label": w.name, "data-key": `name-${i}`, "data-path": key(game ? ["players", i] : ["players", i, "name"]),
    maxlength: page.board.limits.max_name, enterkeyhint: game ? null : "next",
    on: { input: (e) => on.name(i, e.target.value), keydown: (e) => e.key === "Enter" && document.querySelector(`[data-key='score-${i}']`)?.focus() },
  });
  const header = el("header", {},
    el("label", {}, w.name, nameInput),
    game ? el("span", { class: "more replayed-score", text: replayedScore(page, i) })
      : numberField(page, on, doc.kind === "final" ? w.score_final : w.score_before, `score-${i}`, key(["players", i, "score"]), doc.players[i].score || undefined, "score"),
    button({ "aria-label": fill(w.remove_player, { name: seats[i] }), "data-key": `remove-${i}`, disabled: doc.players.length <= page.board.limits.min_players, on: { click: () => on.removePlayer(i) } }, "✕"),
  );
  const rows = el("div", { class: "grid" },
    doc.kind === "final" ? el("span") : el("h3", { text: w.lines_heading }), el("h3", { text: w.wall }));
  for (let r = 0; r < page.board.printed.length; r++) {
    rows.append(doc.kind === "final" ? el("span") : lineButton(page, on, i, r, p, at), wallRow(page, on, i, r, at));
  }
  return el("section", { class: "board", "data-path": key(at), "aria-label": seats[i] },
    header, rows,
    doc.kind === "final" ? null : el("h3", { text: w.floor }),
    doc.kind === "final" ? null : floorRow(page, on, i, p, at),
    claims(page, on, i, p, at),
  );
}

// A game record's walls and scores are the replay's: drawn again from each answer, in place
// (the rest of the boards, and what is being typed, stay as they are).
export function drawReplayed(page, on) {
  page.doc.players.forEach((_, i) => {
    for (let r = 0; r < page.board.printed.length; r++) {
      document.querySelector(`[data-row='${i}-${r}']`)?.replaceWith(wallRow(page, on, i, r, pathOf(page.doc, page.shown, i)));
    }
    const score = document.querySelectorAll(".replayed-score")[i];
    if (score) score.textContent = replayedScore(page, i);
  });
}

function replayedScore(page, i) {
  const score = page.view?.report?.rounds?.[page.shown]?.players?.[i]?.score_before;
  return score === undefined ? "" : fill(page.w.label, { label: page.w.score_before }) + score;
}

/** A pattern line: a tap on one of its slots asks for that many tiles (slot 3: three). */
function lineButton(page, on, i, r, p, at) {
  const w = page.w;
  const tiles = p.lines[r];
  const capacity = page.board.limits.capacities[r];
  const label = tiles.length
    ? fill(w.line_tiles, { line: r + 1, count: tiles.length, capacity, color: listed([...new Set(tiles)].map((c) => colour(w, c))) })
    : fill(w.line_empty, { line: r + 1 });
  const column = page.doc.variant === "grey" ? p.columns?.[r] : null;
  const slots = [];
  for (let s = capacity - 1; s >= 0; s--) {
    const t = tiles[s];
    slots.push(el("span", { class: "slotmark" + (t ? ` t c-${t}` : ""), "data-slot": String(s + 1) }));
  }
  if (tiles.length > capacity) slots.unshift(el("span", { class: "more", text: `+${tiles.length - capacity}` }));
  return button({
    class: "line" + (tiles ? "" : " empty"), "data-key": `line-${i}-${r}`, "data-path": key([...at, "lines", r]),
    "aria-label": column ? `${label}; ${fill(w.line_column, { column })}` : label,
    on: { click: (e) => on.line(i, r, Number(e.target.closest("[data-slot]")?.dataset.slot) || null) },
  }, column ? el("span", { class: "more", text: `→${column}` }) : null, ...slots);
}

function wallOf(page, i) {
  if (page.doc.kind !== "game") return page.doc.players[i].wall;
  // A game record replays its walls: the wall at the start of the shown round (read only).
  const before = page.view?.report?.rounds?.[page.shown - 1]?.players?.[i]?.wall_after;
  return page.shown === 0 || !before ? page.board.printed.map((row) => ".".repeat(row.length)) : before;
}

function wallRow(page, on, i, r, at) {
  const w = page.w;
  const wall = wallOf(page, i);
  const grey = page.doc.variant === "grey";
  const readOnly = page.doc.kind === "game";
  const row = el("div", { class: "wallrow", role: "group", "aria-label": fill(w.wall_row, { row: r + 1 }), "data-row": `${i}-${r}` });
  for (let c = 0; c < wall[r].length; c++) {
    const tile = wall[r][c] === "." ? null : wall[r][c];
    const shade = tile ?? (grey ? null : page.board.printed[r][c]);
    const label = shade ? fill(w.cell, { row: r + 1, column: c + 1, color: colour(w, shade) }) : fill(w.cell_empty, { row: r + 1, column: c + 1 });
    row.append(button({
      class: `cell${shade ? " c-" + shade : ""}${tile ? " t" : " faint"}${readOnly ? " readonly" : ""}`,
      "aria-label": label, "aria-pressed": String(Boolean(tile)), "aria-disabled": readOnly ? "true" : null,
      "data-key": `cell-${i}-${r}-${c}`, "data-path": key([...at, "wall", r, c]),
      on: { click: () => readOnly || on.cell(i, r, c) },
    }, tile ?? ""));
  }
  return row;
}

/** The floor: a tap on an empty slot fills the floor up to it, on a tile takes that tile off. */
function floorRow(page, on, i, p, at) {
  const w = page.w;
  const costs = page.board.floor;
  const items = p.floor.split("");
  const itemName = (x) => (x === "1" ? w.marker : colour(w, x));
  const slots = costs.map((cost, s) => {
    const item = items[s];
    return button({
      class: "slot", "data-key": `slot-${i}-${s}`, "data-path": key([...at, "floor", s]),
      "aria-label": fill(w.slot, { slot: s + 1, cost, item: item === undefined ? w.empty : itemName(item) }),
      on: { click: () => on.floorSlot(i, s) },
    }, el("span", { class: "item" + (item === "1" ? " m" : item ? ` t c-${item}` : "") }, item ?? ""), el("span", { text: String(cost) }));
  });
  if (items.length >= costs.length) {
    const rest = items.length > costs.length ? listed(items.slice(costs.length).map(itemName)) : null;
    slots.push(button({ class: "more", "data-key": `slot-${i}-more`, "aria-label": rest ? fill(w.slot_more, { item: rest }) : w.add_to_floor, on: { click: () => on.floorMore(i) } },
      items.length > costs.length ? `+${items.length - costs.length}` : "+"));
  }
  const marker = button({ class: "marker", "data-key": `marker-${i}`, "aria-label": w.marker, "aria-pressed": String(hasMarker(p.floor)), on: { click: () => on.marker(i) } }, el("b", { text: "1" }), " " + w.marker);
  return el("div", { class: "floorbox" },
    el("div", { class: "floor", role: "group", "aria-label": w.floor, "data-path": key([...at, "floor"]) }, ...slots), marker);
}

function claims(page, on, i, p, at) {
  const w = page.w;
  const c = p.claimed ?? {};
  const field = (label, name, kind) =>
    numberField(page, on, label, `claim-${i}-${name}`, key([...at, "claimed", name]), name === "points" ? c.points?.join(", ") : c[name], kind);
  // A round's claims: the numbers to tap (says.js fills them in from the replay), the field
  // for any other.
  const said = (label, name, kind) => el("div", { class: "claim" }, field(label, name, kind), el("div", { "data-says": `${i}-${name}` }));
  const fields = [];
  if (page.doc.kind !== "final") {
    fields.push(said(w.claim_points, "points", "list"), said(w.claim_penalty, "penalty", "signed"), said(w.claim_score, "score", "whole"));
  }
  if (page.doc.kind !== "game") fields.push(field(w.claim_final, "final", "whole"));
  return el("fieldset", { class: "claims" }, el("legend", { text: w.claims }), el("div", { class: "fields" }, ...fields));
}

function tableClaims(page, on) {
  const { w, doc } = page;
  const seats = names(doc, defaultName(w));
  const winners = doc.claimed?.winner ?? [];
  const box = el("div", { class: "board" });
  if (doc.kind === "game") {
    const finals = doc.claimed?.final ?? {};
    box.append(el("div", { class: "claims fields" }, ...seats.map((name) =>
      numberField(page, on, fill(w.claim_final_of, { name }), `final-${name}`, key(["claimed", "final", name]), finals[name], "whole"))));
  }
  box.append(el("p", { class: "names", "data-path": key(["claimed", "winner"]) }, fill(w.label, { label: w.winner }),
    ...seats.map((name) => button({ "aria-pressed": String(winners.includes(name)), "data-key": `winner-${name}`, on: { click: () => on.winner(name) } }, fill(w.won, { name })))));
  return box;
}
