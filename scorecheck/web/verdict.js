// The verdict at the top of the page: the scorecard the text and HTML reports show, verdict
// first, as the server draws it (HTML escaped there). The page judges nothing here.

export function renderVerdict(box, view) {
  box.className = view.report.ok ? "ok" : "bad";
  box.innerHTML = view.scorecard;
}
