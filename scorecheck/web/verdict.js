// The verdict at the top of the page, from the check report: the answer first, then each
// player's score against what the table claimed. One place, so that a shared scorecard can
// take its place.

import { fill } from "./words.js";

export function renderVerdict(box, view, doc, w) {
  const report = view.report;
  box.replaceChildren();
  box.className = "verdict " + (report.ok ? "ok" : "bad");
  const headline = document.createElement("p");
  headline.className = "headline";
  headline.textContent = view.verdict;
  box.append(headline);
  const list = document.createElement("ul");
  for (const line of scoreLines(view, doc)) {
    const item = document.createElement("li");
    item.className = line.wrong ? "wrong" : line.claimed === undefined ? "" : "right";
    item.textContent = line.claimed === undefined
      ? fill(w.unclaimed, { name: line.name, score: line.replay })
      : line.wrong
        ? fill(w.claimed_wrong, { name: line.name, claimed: line.claimed, replay: line.replay })
        : fill(w.claimed_right, { name: line.name, score: line.replay });
    list.append(item);
  }
  if (report.final) {
    const item = document.createElement("li");
    item.textContent = fill(w.winners, { names: report.final.winners.join(", ") });
    list.append(item);
  }
  box.append(list);
}

// Each player's score as the replay gives it, the claim beside it, and whether the checker
// found that claim wrong (by the claim's place in the document, never by comparing here).
function scoreLines(view, doc) {
  const report = view.report;
  const wrongAt = new Set(view.paths.map((p) => JSON.stringify(p)));
  if (report.final) {
    return report.final.players.map((p, i) => {
      const claimed = doc.kind === "game"
        ? doc.claimed?.final?.[p.name]
        : doc.players[i]?.claimed?.final;
      const at = doc.kind === "game" ? ["claimed", "final", p.name] : ["players", i, "claimed", "final"];
      return { name: p.name, claimed, replay: p.final_score, wrong: wrongAt.has(JSON.stringify(at)) };
    });
  }
  const last = report.rounds[report.rounds.length - 1];
  if (!last) return [];
  return last.players.map((p, i) => {
    if (doc.kind !== "round") return { name: p.name, replay: p.score_after };
    const claimed = doc.players[i]?.claimed?.score;
    const at = ["players", i, "claimed", "score"];
    return { name: p.name, claimed, replay: p.score_after, wrong: wrongAt.has(JSON.stringify(at)) };
  });
}
