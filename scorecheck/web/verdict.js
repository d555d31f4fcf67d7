// The verdict at the top of the page: the scorecard the text and HTML reports show, verdict
// first, as the server draws it (HTML escaped there), with the reason of each mistake in
// the card; what to do first on an empty page; and no verdict at all while a number typed
// is no number. The page judges nothing here.

import { names } from "./doc.js";
import { $, el, key, defaultName } from "./draw.js";
import { fill } from "./words.js";

export function renderVerdict(page) {
  const box = $("verdict");
  const w = page.w;
  const invalid = Object.keys(page.invalid).length;
  if (invalid) {
    box.className = "bad";
    box.replaceChildren(el("div", { class: "scorecard bad" }, el("p", { class: "verdict bad", text: w.not_checked })));
  } else if (page.empty || !page.view) {
    box.className = "start";
    box.replaceChildren(el("div", { class: "scorecard start" }, el("p", { class: "verdict", text: w.start_title }), el("p", { text: w.start_hint })));
  } else {
    const view = page.view;
    box.className = view.report.ok ? "ok" : "bad";
    box.innerHTML = view.scorecard;
    const card = box.querySelector(".scorecard") ?? box;
    markNames(card, names(page.doc, defaultName(w)));
    listsWrap(card);
    const found = view.report.violations.map((v, k) => [v, view.messages[k]]).filter(([v]) => v.severity !== "note");
    const said = shownName(page);
    if (found.length) {
      card.querySelector(".card-legend")?.before(el("ul", { class: "reasons" }, ...found.map(([v, message]) =>
        el("li", { class: v.severity }, v.player ? el("b", { text: whose(page, said, v) }) : null, v.player ? message : opening(message)))));
    }
  }
}

// A cell that lists claims (3 ✗ → –、2 ✗ → –) may wrap between them, never inside one:
// on a phone the card was wider than its box and cut off its last column.
function listsWrap(card) {
  card.querySelectorAll("td:not(.name)").forEach((cell) => {
    const parts = cell.textContent.split(/(?<=[、,])/);
    if (parts.length < 2) return;
    cell.classList.add("list");
    cell.replaceChildren(...parts.flatMap((part, k) => [
      k === 0 ? null : part.startsWith(" ") ? " " : el("wbr"), el("span", { text: part.trim() }),
    ]).filter(Boolean));
  });
}

// The report calls a board without a name by the format's fixed default ("Player 2"); the
// page says it as its language does, as the scorecard and the messages do.
function shownName(page) {
  const seats = names(page.doc, defaultName(page.w));
  const report = page.view.report;
  const boards = report.rounds[0]?.players ?? report.final?.players ?? [];
  const shown = new Map(boards.map((p, k) => [p.name, seats[k]]));
  return (name) => shown.get(name) ?? name;
}

// Whose problem it is: in a game record with its round, as check's [Anna, round 2] says.
function whose(page, said, v) {
  const player = said(v.player);
  const label = v.round && page.doc.kind === "game" ? fill(page.w.player_round, { player, round: v.round }) : player;
  return fill(page.w.label, { label });
}

// Names may be as long as the format allows: the cells that hold one may wrap anywhere.
function markNames(card, seats) {
  const known = new Set(seats);
  card.querySelectorAll("td, th").forEach((cell) => {
    if (known.has(cell.textContent.trim())) cell.classList.add("name");
  });
}

/** Each violation marked on the part of the board it concerns: the longest part of its path
 * that the page draws (a cell, a line, a floor slot, a claim). */
export function markBoards(page) {
  document.querySelectorAll("[data-path].wrong, [data-path].warn").forEach((n) => n.classList.remove("wrong", "warn"));
  const view = page.view;
  if (!view || Object.keys(page.invalid).length) return;
  const round = view.report.rounds[page.doc.kind === "game" ? page.shown : 0];
  view.report.violations.forEach((v, k) => {
    const mark = v.severity === "error" ? "wrong" : "warn";
    for (const target of targets(page, view.paths[k], round)) target.classList.add(mark);
  });
}

const at = (path) => document.querySelector(`[data-path='${CSS.escape(key(path))}']`);

export function targets(page, path, round) {
  const found = [];
  for (let n = path.length; n > 0; n--) {
    const node = at(path.slice(0, n));
    if (node) {
      found.push(node);
      break;
    }
  }
  // A claim about a tile or the floor concerns that part of the board too.
  const claim = path.indexOf("claimed");
  if (claim > 0 && round) {
    const base = path.slice(0, claim);
    const seat = page.doc.kind === "game" ? page.doc.players.indexOf(path[2]) : path[1];
    if (path[claim + 1] === "points" && typeof path[claim + 2] === "number") {
      const placed = round.players[seat]?.placements?.[path[claim + 2]];
      if (placed) found.push(at([...base, "lines", placed.line - 1]));
    }
    if (path[claim + 1] === "penalty") found.push(at([...base, "floor"]));
  }
  return found.filter(Boolean);
}

// A message is written to follow a code or a player's name ("error SC401: no wall…"); alone
// in a list it starts a sentence.
function opening(message) {
  return message.charAt(0).toLocaleUpperCase() + message.slice(1);
}

export function problems(page) {
  const view = page.view;
  const stale = !view || page.empty || Object.keys(page.invalid).length > 0;
  const said = stale ? null : shownName(page);
  const items = stale ? [] : view.report.violations.map((v, k) =>
    el("li", { class: v.severity }, el("button", {
      type: "button", on: { click: () => targets(page, view.paths[k], null)[0]?.focus() },
    }, v.player ? `${whose(page, said, v)}${view.messages[k]}` : opening(view.messages[k]))));
  $("problems").replaceChildren(...(items.length ? [el("h2", { text: page.w.problems }), el("ul", {}, ...items)] : []));
  if (stale) $("explanation").replaceChildren();
}

/** The HTML report's explanation of what the verdict shows (escaped by the server). */
export function explanation(page, html) {
  const stale = !page.view || page.empty || Object.keys(page.invalid).length > 0;
  $("explanation").innerHTML = stale ? "" : html;
}
