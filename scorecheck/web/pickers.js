// The pickers: a dialog over the board for what one tap cannot say (a colour, a count, a
// grey wall's column). Each shows what it changes as it is now, and hands every choice to
// the app's handlers (`on`); `now()` gives the page as it is after each change.

import { part } from "./doc.js";
import { $, el } from "./draw.js";
import { colour, fill } from "./words.js";

const COLORS = ["B", "Y", "R", "K", "W"];
let opener = null; // the control the picker was opened from, focused again when it closes

function picker(w, title, build) {
  const body = $("picker-body");
  const draw = () => {
    const focused = document.activeElement?.dataset?.key;
    body.replaceChildren(el("h2", { text: title }), ...build(draw),
      el("div", { class: "row" }, el("button", { value: "close", "data-key": "picker-close" }, w.close)));
    if (focused) body.querySelector(`[data-key='${CSS.escape(focused)}']`)?.focus();
  };
  draw();
  const dialog = $("picker");
  opener = document.activeElement?.dataset?.key ?? opener;
  if (!dialog.open) dialog.showModal();
  (body.querySelector("[aria-pressed='true']:not([data-count])") ?? body.querySelector("button"))?.focus();
}

export const closePicker = () => $("picker").close();

// Back to the part of the board the picker was opened from (it was drawn anew meanwhile).
$("picker").addEventListener("close", () => {
  if (opener) document.querySelector(`[data-key='${CSS.escape(opener)}']`)?.focus();
  opener = null;
});

/** The colours, each with its letter and its name in the page's language. */
function colorButtons(w, pressed, choose) {
  return el("div", { class: "row colors", role: "group", "aria-label": w.colour }, ...COLORS.map((c) =>
    el("button", { type: "button", class: `t c-${c}`, "aria-pressed": String(pressed === c), "aria-label": w["color_" + c], "data-key": "pick-" + c, on: { click: () => choose(c) } },
      el("b", { text: c }), el("small", { text: w["color_" + c] }))));
}

/** Pattern line `r`: with `count` (a slot was tapped) one colour finishes it; else the
 * colour, the count and a grey wall's column. */
export function pickLine(now, on, i, r, count) {
  const { w, doc, shown } = now();
  const capacity = now().board.limits.capacities[r];
  let color = part(doc, shown, i).lines[r][0] ?? null;
  let wanted = count ?? part(doc, shown, i).lines[r].length;
  const grey = doc.variant === "grey";
  picker(w, fill(w.line_title, { line: r + 1 }), (redraw) => {
    const p = part(now().doc, now().shown, i);
    const groups = [
      colorButtons(w, color, (c) => {
        color = c;
        if (wanted) on.setLine(i, r, c, wanted);
        if (wanted && !grey) closePicker();
        else redraw();
      }),
      el("p", { text: w.tiles }),
      el("div", { class: "row", role: "group", "aria-label": w.tiles }, ...Array.from({ length: capacity + 1 }, (_, n) =>
        el("button", { type: "button", "aria-pressed": String(wanted === n), "data-key": "count-" + n, "data-count": String(n), on: { click: () => {
          wanted = n;
          if (n === 0 || color) on.setLine(i, r, color, n);
          if ((n === 0 || color) && !grey) closePicker();
          else redraw();
        } } }, String(n)))),
    ];
    if (grey) {
      const chosen = p.columns?.[r] ?? null;
      groups.push(el("p", { text: w.column }), el("div", { class: "row", role: "group", "aria-label": w.column },
        ...[null, 1, 2, 3, 4, 5].map((col) => el("button", { type: "button", "data-key": `column-${col}`, "aria-label": col === null ? null : fill(w.line_column, { column: col }), "aria-pressed": String(chosen === col), on: { click: () => {
          on.setColumn(i, r, col);
          redraw();
        } } }, col === null ? w.no_column : String(col)))));
    }
    return groups;
  });
}

/** A grey wall's empty cell: which colour the tile placed there has. */
export function pickCell(now, on, i, r, c) {
  const w = now().w;
  picker(w, fill(w.cell_empty, { row: r + 1, column: c + 1 }), () => [
    colorButtons(w, null, (color) => {
      closePicker();
      on.setCell(i, r, c, color);
    }),
  ]);
}

/** The floor: with `slots` (an empty slot was tapped) one colour fills it up to that slot;
 * without, each colour adds one tile. The floor it changes is shown as it is now. */
export function pickFloor(now, on, i, slots) {
  const w = now().w;
  const title = slots ? fill(w.floor_up_to, { slot: slots }) : w.add_to_floor;
  picker(w, title, (redraw) => {
    const floor = part(now().doc, now().shown, i).floor.split("");
    return [
      el("p", { class: "floornow", "aria-live": "polite" },
        floor.length ? fill(w.floor_now, { count: floor.length }) : w.floor_none, " ",
        ...floor.map((x) => el("span", { class: "item" + (x === "1" ? " m" : ` t c-${x}`), text: x }))),
      colorButtons(w, null, (c) => {
        if (slots) {
          closePicker();
          on.fillFloor(i, slots, c);
        } else {
          on.addToFloor(i, c);
          redraw();
        }
      }),
      // The first-player marker in the first slot and tiles of one colour after it, in one
      // tap: the floor a player who first took from the centre most often has.
      slots > 1 && !floor.length ? markerButtons(w, (c) => {
        closePicker();
        on.fillFloor(i, slots, c, true);
      }) : null,
    ].flat().filter(Boolean);
  });
}

function markerButtons(w, choose) {
  return [el("p", { text: w.with_marker }), el("div", { class: "row colors", role: "group", "aria-label": w.with_marker }, ...COLORS.map((c) =>
    el("button", { type: "button", class: `t c-${c} marked`, "aria-label": fill(w.marker_and, { color: colour(w, c) }), "data-key": "pick-1" + c, on: { click: () => choose(c) } },
      el("b", {}, el("i", { text: "1" }), c), el("small", { text: w["color_" + c] }))))];
}
