// The document's edits, as pure functions: each takes a document in the input format
// (docs/format.md) and returns a new one, never changing what it was given. No DOM, no
// rules: the limits (players, line capacities, markers) and the printed wall come from the
// server in `board` (GET /api/words), and every score and verdict is the server's.

export const KINDS = ["round", "final", "game"];
const EMPTY_ROW = ".....";

const copy = (value) => structuredClone(value);
export const emptyWall = (size = 5) => Array.from({ length: size }, () => EMPTY_ROW.slice(0, size));
export const emptyLines = (size = 5) => Array.from({ length: size }, () => "");
const emptyRound = (size) => ({ lines: emptyLines(size), floor: "" });

export function roundOf(names, size = 5) {
  return Object.fromEntries(names.map((n) => [n, emptyRound(size)]));
}

/** An empty document of a kind; `names[i]` undefined gives the default name. */
export function emptyDocument(kind, names, defaultName) {
  if (kind === "game") {
    const players = names.map((n, i) => n || defaultName(i + 1));
    return { kind, variant: "colored", players, rounds: [roundOf(players)] };
  }
  const players = names.map((name) => {
    const p = kind === "final" ? { score: 0, wall: emptyWall() } : { score: 0, wall: emptyWall(), ...emptyRound(5) };
    if (name) p.name = name;
    return p;
  });
  return { kind, variant: "colored", players };
}

// Documents from the server use the writer's spacing ("B . . . ."); the page keeps cells
// and floors without spaces, which the loader reads the same.
export function normalise(doc) {
  const out = copy(doc);
  const tight = (s) => (typeof s === "string" ? s.replace(/\s+/g, "") : s);
  const board = (p) => {
    if (Array.isArray(p.wall)) p.wall = p.wall.map(tight);
    if (p.floor !== undefined) p.floor = tight(p.floor);
    if (p.claimed?.wall) p.claimed.wall = p.claimed.wall.map(tight);
  };
  if (out.kind === "game") out.rounds.forEach((r) => Object.values(r).forEach(board));
  else out.players.forEach(board);
  return out;
}

export const names = (doc, defaultName) =>
  doc.kind === "game" ? [...doc.players] : doc.players.map((p, i) => p.name ?? defaultName(i + 1));

/** The part of the document a board edits: the player, or its entry in the shown round. */
export function part(doc, shown, i) {
  return doc.kind === "game" ? doc.rounds[shown][doc.players[i]] : doc.players[i];
}

export function pathOf(doc, shown, i) {
  return doc.kind === "game" ? ["rounds", shown, doc.players[i]] : ["players", i];
}

/** A copy of the document with one board's part changed by `change(part)`. */
function withPart(doc, shown, i, change) {
  const out = copy(doc);
  change(part(out, shown, i), out);
  return out;
}

const withCell = (row, column, letter) => row.slice(0, column) + letter + row.slice(column + 1);

/** A tap on a wall cell: an empty cell gets `letter`, a tiled one is emptied. */
export function tapCell(doc, i, row, column, letter) {
  return withPart(doc, 0, i, (p) => {
    p.wall[row] = withCell(p.wall[row], column, p.wall[row][column] === "." ? letter : ".");
  });
}

/** Pattern line `row` holds `count` tiles of `color` (0: empty). */
export function setLine(doc, shown, i, row, color, count) {
  return withPart(doc, shown, i, (p) => {
    p.lines[row] = count > 0 ? color.repeat(count) : "";
  });
}

/** The grey wall's column for a pattern line (null: not chosen). */
export function setColumn(doc, shown, i, row, column) {
  return withPart(doc, shown, i, (p) => {
    p.columns ??= p.lines.map(() => null);
    p.columns[row] = column;
    if (p.columns.every((x) => x === null)) delete p.columns;
  });
}

const MARKER = "1";
const withoutMarker = (floor) => floor.replaceAll(MARKER, "");

/** The floor filled up to `slots` entries with tiles of `color` (what is on it stays). */
export function fillFloor(doc, shown, i, slots, color) {
  return withPart(doc, shown, i, (p) => {
    p.floor += color.repeat(Math.max(0, slots - p.floor.length));
  });
}

export const addToFloor = (doc, shown, i, item) =>
  withPart(doc, shown, i, (p) => {
    p.floor += item;
  });

export const removeFromFloor = (doc, shown, i, slot) =>
  withPart(doc, shown, i, (p) => {
    p.floor = p.floor.slice(0, slot) + p.floor.slice(slot + 1);
  });

/** The first-player marker on board i's floor, first (on: true) or off it. The table has
 * `markers` of them (R1.3): putting one on a floor takes it off the others' when all are out. */
export function setMarker(doc, shown, i, on, markers = 1) {
  const out = copy(doc);
  const floors = out.players.map((_, k) => part(out, shown, k));
  floors[i].floor = withoutMarker(floors[i].floor);
  if (on) {
    const holders = floors.filter((f) => f.floor.includes(MARKER));
    if (holders.length >= markers) holders.forEach((f) => (f.floor = withoutMarker(f.floor)));
    floors[i].floor = MARKER + floors[i].floor;
  }
  return out;
}

export const hasMarker = (floor) => floor.includes(MARKER);

/** A player's name (round and final documents; a game record renames with `rename`). */
export function setName(doc, i, name) {
  const out = copy(doc);
  if (name.trim()) out.players[i].name = name;
  else delete out.players[i].name;
  return out;
}

/** A game record's player renamed everywhere it is named; unchanged if the name is empty or taken. */
export function rename(doc, i, name) {
  const old = doc.players[i];
  if (!name.trim() || doc.players.includes(name)) return doc;
  const out = copy(doc);
  const swap = (n) => (n === old ? name : n);
  out.players[i] = name;
  out.rounds = out.rounds.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [swap(k), v])));
  if (out.claimed?.final && old in out.claimed.final) {
    out.claimed.final[name] = out.claimed.final[old];
    delete out.claimed.final[old];
  }
  if (out.claimed?.winner) out.claimed.winner = out.claimed.winner.map(swap);
  if (out.starts) out.starts = out.starts.map(swap);
  return out;
}

/** A number of a board (score) or a claim; undefined removes it (a claim) or gives 0 (a score). */
export function setScore(doc, i, value) {
  const out = copy(doc);
  out.players[i].score = value ?? 0;
  return out;
}

export function setClaim(doc, shown, i, field, value) {
  return withPart(doc, shown, i, (p) => {
    const c = p.claimed ?? {};
    if (value == null) delete c[field];
    else c[field] = value;
    if (Object.keys(c).length) p.claimed = c;
    else delete p.claimed;
  });
}

function withClaimed(doc, change) {
  const out = copy(doc);
  out.claimed ??= {};
  change(out.claimed);
  if (!Object.keys(out.claimed).length) delete out.claimed;
  return out;
}

/** A game record's claimed final score of a player. */
export const setFinalClaim = (doc, name, value) =>
  withClaimed(doc, (c) => {
    const finals = c.final ?? {};
    if (value == null) delete finals[name];
    else finals[name] = value;
    if (Object.keys(finals).length) c.final = finals;
    else delete c.final;
  });

export const toggleWinner = (doc, name) =>
  withClaimed(doc, (c) => {
    const winners = new Set(c.winner ?? []);
    if (winners.has(name)) winners.delete(name);
    else winners.add(name);
    if (winners.size) c.winner = [...winners];
    else delete c.winner;
  });

export function addPlayer(doc, defaultName, maxPlayers) {
  if (doc.players.length >= maxPlayers) return doc;
  const out = copy(doc);
  if (out.kind === "game") {
    let n = out.players.length + 1;
    while (out.players.includes(defaultName(n))) n++;
    const name = defaultName(n);
    out.players.push(name);
    out.rounds.forEach((r) => (r[name] = emptyRound(5)));
  } else {
    out.players.push(emptyDocument(out.kind, [undefined], defaultName).players[0]);
  }
  return out;
}

export function removePlayer(doc, i, minPlayers) {
  if (doc.players.length <= minPlayers) return doc;
  const out = copy(doc);
  const [name] = out.players.splice(i, 1);
  if (out.kind === "game") out.rounds.forEach((r) => delete r[name]);
  return out;
}

/** The document of another kind, keeping what the boards hold: names always; between a
 * round and the end of a game the scores and walls; a round's lines and floor, and every
 * claim, from `kept` (the last document of that kind on the page), when its players match. */
export function switchKind(doc, kind, kept, defaultName) {
  if (kind === doc.kind) return doc;
  const seats = names(doc, defaultName);
  const given = doc.kind === "game" ? seats : doc.players.map((p) => p.name);
  const out = kept && kept.players.length === seats.length ? copy(kept) : emptyDocument(kind, given, defaultName);
  if (kind === "game") {
    if (out.players.join() !== seats.join()) return emptyDocument(kind, given, defaultName);
    return out;
  }
  out.players.forEach((p, i) => {
    if (given[i]) p.name = given[i];
    else delete p.name;
    if (doc.kind !== "game") {
      p.score = doc.players[i].score;
      p.wall = [...doc.players[i].wall];
    }
  });
  return out;
}

export function toggleGrey(doc) {
  const out = copy(doc);
  out.variant = out.variant === "grey" ? "colored" : "grey";
  if (out.variant === "colored") {
    const boards = out.kind === "game" ? out.rounds.flatMap((r) => Object.values(r)) : out.players;
    boards.forEach((b) => delete b.columns);
  }
  return out;
}

export function addRound(doc) {
  const out = copy(doc);
  out.rounds.push(roundOf(out.players));
  return out;
}

export function removeRound(doc, shown) {
  if (doc.rounds.length <= 1) return doc;
  const out = copy(doc);
  out.rounds.splice(shown, 1);
  return out;
}

/** Whether nothing has been given yet: no tile, score, claim or name (what the page starts with). */
export function isEmpty(doc) {
  if (doc.claimed) return false;
  const boards = doc.kind === "game" ? doc.rounds.flatMap((r) => Object.values(r)) : doc.players;
  const bare = (b) =>
    !b.name && !b.score && !b.claimed && (b.wall ?? []).every((r) => !/[^.]/.test(r)) &&
    (b.lines ?? []).every((l) => !l) && !b.floor;
  return (doc.kind !== "game" || doc.rounds.length === 1) && boards.every(bare);
}

/** A whole number as typed: {value}, {value: undefined} when empty, {invalid: true} otherwise. */
export function parseWhole(text, signed = false) {
  const t = text.trim().replace(/[−–]/g, "-");
  if (!t) return { value: undefined };
  return (signed ? /^-?\d+$/ : /^\d+$/).test(t) ? { value: Number(t) } : { invalid: true };
}

/** Whole numbers separated by commas or spaces ("7, 5"). */
export function parseWholes(text) {
  const t = text.trim();
  if (!t) return { value: undefined };
  return /^\d+([\s,;、]+\d+)*$/.test(t) ? { value: t.split(/[\s,;、]+/).map(Number) } : { invalid: true };
}
