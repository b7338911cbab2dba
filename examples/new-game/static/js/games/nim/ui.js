// Nim's board state as one plain object (the heap picked) and the plain functions that change it, called by
// board.js's handlers and when a new table state arrives. A function that leads to a move returns it, one
// of the listed legal moves: the client never recomputes a rule.
export function create() {
  return { heap: null };
}

/** The heaps some listed move takes from. */
export function playableHeaps(legal) {
  return new Set((legal || []).map((move) => move.heap));
}

/** Pick `heap` (or unpick it): only a heap some legal move takes from. */
export function pick(ui, heap, legal) {
  ui.heap = playableHeaps(legal).has(heap) && ui.heap !== heap ? heap : null;
  return ui.heap;
}

/** The listed moves of the picked heap, by stones taken. */
export function takes(ui, legal) {
  return ui.heap == null ? [] : (legal || []).filter((move) => move.heap === ui.heap);
}

/** The listed move that takes `take` from the picked heap (or null); the pick is done with. */
export function choose(ui, take, legal) {
  const move = takes(ui, legal).find((m) => m.take === take) || null;
  ui.heap = null;
  return move;
}

/** A new table state: a pick it no longer allows is dropped. */
export function update(ui, legal) {
  if (ui.heap != null && !playableHeaps(legal).has(ui.heap)) ui.heap = null;
}
