// A stroke across a wall: a finger drawn from cell to cell of one board sets each cell it
// crosses as the first one's tap would (a tile placed, or taken off), in one change. The
// stroke starts sideways (page.css: a wall pans only up and down, so a stroke that starts
// up or down scrolls the page); a tap stays a tap, and a grey wall's cells ask their colour.

let stroke = null; // {seat, cells: ["r-c"], placing}
let strokeEnded = -Infinity; // the click a stroke's end may give is no tap

const cellAt = (x, y) => document.elementFromPoint(x, y)?.closest(".cell[data-key]:not(.readonly)");
const where = (cell) => cell.dataset.key.split("-").slice(1).map(Number); // cell-seat-row-column

/** Calls `paint(seat, [[row, column]], placing)` at the end of each stroke of two cells or more. */
export function strokes(paint, paintable) {
  document.addEventListener("pointerdown", (e) => {
    const cell = e.isPrimary && cellAt(e.clientX, e.clientY);
    const [seat, row, column] = cell ? where(cell) : [];
    stroke = cell && paintable(seat) ? { seat, cells: [`${row}-${column}`], placing: cell.getAttribute("aria-pressed") !== "true" } : null;
  });
  document.addEventListener("pointermove", (e) => {
    const cell = stroke && cellAt(e.clientX, e.clientY);
    if (!cell) return;
    const [seat, row, column] = where(cell);
    const at = `${row}-${column}`;
    if (seat === stroke.seat && !stroke.cells.includes(at)) stroke.cells.push(at);
  });
  document.addEventListener("pointercancel", () => (stroke = null)); // the page scrolled
  document.addEventListener("pointerup", (e) => {
    const done = stroke;
    stroke = null;
    if (!done || done.cells.length < 2) return;
    strokeEnded = e.timeStamp;
    // Once the touch has ended: drawn again now, the wall would lose the touch's end.
    setTimeout(() => paint(done.seat, done.cells.map((at) => at.split("-").map(Number)), done.placing));
  });
  document.addEventListener("click", (e) => {
    if (e.timeStamp - strokeEnded < 500 && e.target.closest(".cell")) {
      e.stopPropagation();
      e.preventDefault();
    }
  }, { capture: true });
}
