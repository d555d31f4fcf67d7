// Taps that are slips of the finger, ignored before any control sees them.

// A double tap is a slip: a second tap on the same spot within SLIP_MS, whether it lands on
// the same control or on the board the picker closed over, is ignored. Keys (detail 0) and
// taps elsewhere always count, and so do taps on Undo and Redo (data-repeat), made again
// on purpose.
const SLIP_MS = 300; // a finger's double tap; Android's double-tap timeout
const SLIP_PX = 24;
let lastTap = { x: NaN, y: NaN, time: -Infinity };
document.addEventListener("click", (e) => {
  if (e.detail === 0) return;
  const tap = { x: e.clientX, y: e.clientY, time: e.timeStamp };
  const slip = tap.time - lastTap.time < SLIP_MS && Math.hypot(tap.x - lastTap.x, tap.y - lastTap.y) < SLIP_PX;
  lastTap = tap;
  if (slip && e.target.closest("button:not([data-repeat])")) {
    e.stopPropagation();
    e.preventDefault();
  }
}, { capture: true });
