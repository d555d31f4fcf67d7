// A claim entered by tapping the number the table says: under each claim of a round, the
// numbers it is likely to be (the replay's figure and its neighbours, the claim as it
// stands, and for the score the sum of the table's own figures). A tap on a number claims
// it, a tap on the claimed number takes the claim back; the field beside takes any other.
// The numbers come from the server's replay and its table sums; nothing here applies a rule.

import { part } from "./doc.js";
import { el } from "./draw.js";
import { colour, fill } from "./words.js";

const AROUND = 2; // numbers each side of the replay's figure: five fit a 360 px board

/** Every board's numbers, drawn again where the replay or the claims have changed. */
export function drawSays(page, on) {
  const stale = !page.view || page.empty || Object.keys(page.invalid).length > 0;
  const at = page.doc.kind === "game" ? page.shown : 0;
  const round = stale ? null : page.view.report.rounds[at];
  document.querySelectorAll("[data-says]").forEach((box) => {
    const [seat, name] = box.dataset.says.split("-");
    const replay = round?.players?.[Number(seat)];
    const sum = page.view?.table_sums?.[at]?.[Number(seat)] ?? null;
    const rows = replay ? says(page, on, Number(seat), name, replay, sum) : [];
    const drawn = rows.map((r) => r.dataset.numbers).join("|");
    if (box.dataset.drawn !== drawn) box.replaceChildren(...rows); // a finger may be on them
    box.dataset.drawn = drawn;
  });
}

function says(page, on, i, name, replay, tableSum) {
  const w = page.w;
  const claimed = part(page.doc, page.shown, i).claimed ?? {};
  if (name === "points") {
    const points = claimed.points ?? [];
    return replay.placements.map((placed, k) => row(page, fill(w.says_tile, { line: placed.line, color: colour(w, placed.color) }),
      numbers(placed.points, points[k]), points[k], k > points.length, (n) => on.claim(i, name,
        points[k] === n ? (k ? points.slice(0, k) : undefined) : [...points.slice(0, k), n, ...points.slice(k + 1)]),
      null, el("span", { class: `item t c-${placed.color}`, "aria-hidden": "true", text: placed.color })));
  }
  const label = w[name === "penalty" ? "claim_penalty" : "claim_score"];
  const figure = name === "penalty" ? replay.floor.penalty : replay.score_after;
  const shown = numbers(figure, claimed[name]);
  const sum = name === "score" ? tableSum : null;
  if (sum && !shown.includes(sum.total)) shown.push(sum.total);
  shown.sort((a, b) => a - b);
  return [row(page, label, shown, claimed[name], false, (n) => on.claim(i, name, claimed[name] === n ? undefined : n), sum)];
}

const numbers = (figure, claim) => {
  const low = Math.max(0, figure - AROUND);
  const out = Array.from({ length: 2 * AROUND + 1 }, (_, k) => low + k);
  if (typeof claim === "number" && !out.includes(claim)) out.push(claim);
  return out;
};

function row(page, label, shown, claim, disabled, choose, sum = null, tile = null) {
  const w = page.w;
  const buttons = shown.map((n) => {
    const summed = sum?.total === n;
    return el("button", {
      type: "button", class: "say" + (summed ? " summed" : ""), "aria-pressed": String(claim === n), disabled,
      "aria-label": summed ? fill(w.says_sum, { number: n, sum: sum.terms }) : String(n),
      on: { click: () => choose(n) },
    }, String(n), summed ? el("small", { text: "= " + sum.terms }) : null);
  });
  return el("div", { class: "says", role: "group", "aria-label": fill(w.says, { claim: label }), "data-numbers": `${label}:${shown}:${claim}:${disabled}:${sum?.terms ?? ""}` }, tile, ...buttons);
}
