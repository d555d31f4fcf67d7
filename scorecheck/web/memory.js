// What the page remembers: every change as a step that Undo takes back and Redo makes again,
// and the work itself in the browser's storage, so that a reload, Back or a phone asleep
// loses nothing. Pure but for `store` and `restore`, which take the storage to use.

export const STORAGE_KEY = "scorecheck:work";
const STEPS = 200; // changes Undo can take back

/** Undo and Redo over snapshots of the work (plain data, compared as JSON). */
export function steps() {
  return { done: [], undone: [] };
}

/** `before` becomes a step Undo can return to; whatever was undone cannot be redone any more. */
export function record(history, before, after) {
  if (JSON.stringify(before) === JSON.stringify(after)) return history;
  return { done: [...history.done.slice(1 - STEPS), before], undone: [] };
}

/** [history, work] after Undo (from `now`), or null when there is nothing to undo. */
export function undo(history, now) {
  if (!history.done.length) return null;
  const back = history.done[history.done.length - 1];
  return [{ done: history.done.slice(0, -1), undone: [...history.undone, now] }, back];
}

export function redo(history, now) {
  if (!history.undone.length) return null;
  const again = history.undone[history.undone.length - 1];
  return [{ done: [...history.done, now], undone: history.undone.slice(0, -1) }, again];
}

/** The work and its steps in `storage`; false when the browser refuses (private mode, full). */
export function store(storage, work, history) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ work, history }));
    return true;
  } catch {
    return false;
  }
}

/** What `store` kept, or null (nothing kept, or not readable as the page writes it). */
export function restore(storage) {
  try {
    const kept = JSON.parse(storage.getItem(STORAGE_KEY) ?? "null");
    return kept && Array.isArray(kept.work?.rounds) && kept.work.rounds.length ? kept : null;
  } catch {
    return null;
  }
}
