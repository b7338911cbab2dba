// Turning Points: the board's interactive state, one plain object, and the plain functions that change it.
// Only the board's event handlers (and the shell's messages: animate) call the functions that change it;
// render and draw.js only read it. Moves come from the server's legal_moves and move_targets alone: the
// player composes one of them (a cell, then a direction) and it is sent unchanged. No rule is decided here.
import { DIRS } from "./parts.js";

// The state of one board. `cell`/`dir`: the placement being composed. `focusCell`: the roving tab stop
// among the open cells. `resume`: the keyboard was on the board when the last move was placed (it gets
// the board back on the next turn). `before`: the table at rest before the steps now arriving ({seq,
// scores}), for the +/- of each score. `chain`: the steps waiting for their state and the one playing.
export function createUi() {
  return {
    cell: null, dir: null, focusCell: null, resume: false, before: null, hint: null,
    chain: { queue: [], frame: null, busy: false, skipping: false },
  };
}

// ---- reading the table (pure) ----

// What the table lets the viewer do: the legal moves by cell, each with its target (the chain it starts).
export function situation(ui, table, pending = false) {
  const view = (table && table.view) || null;
  const legal = table && Array.isArray(table.legal_moves) ? table.legal_moves : [];
  const targets = table && Array.isArray(table.move_targets) ? table.move_targets : [];
  const byCell = {};
  legal.forEach((move, i) => { (byCell[move.cell] = byCell[move.cell] || []).push({ dir: move.dir, move, target: targets[i] || null }); });
  const mine = !!table && table.status === "playing" && legal.length > 0;
  return { t: table, view, byCell, mine, myTurn: mine && !pending && !ui.chain.busy };
}

export const optionsAt = (s, cell) => (cell && s.byCell[cell]) || [];
// The cells a placement may go to now (none unless the viewer may act).
export const openCells = (s) => (s.myTurn ? Object.keys(s.byCell) : []);
// The picked cell, while it is still one the table allows (a new state may have taken it).
export const pickedCell = (ui, s) => (s.myTurn && ui.cell && optionsAt(s, ui.cell).length ? ui.cell : null);
// The listed move the player has composed ({dir, move, target}), or null.
export const chosenOption = (ui, s) => optionsAt(s, pickedCell(ui, s)).find((o) => o.dir === ui.dir) || null;
export const chosenDir = (ui, s) => (chosenOption(ui, s) ? ui.dir : null);

// The direction an arrow key asks for. Square boards: the way the key points on screen. Hex boards:
// up and down point that way; left and right turn the current choice one notch (anticlockwise/clockwise).
const KEY_ANGLE = { ArrowRight: 0, ArrowDown: 90, ArrowLeft: 180, ArrowUp: -90 };
const norm = (a) => ((a % 360) + 360) % 360;
export function dirForKey(key, fr, dirs, current) {
  const want = KEY_ANGLE[key];
  if (want == null || !dirs.length) return null;
  if (fr.shape === "hex" && (key === "ArrowLeft" || key === "ArrowRight")) {
    const order = DIRS.hex.filter((d) => dirs.includes(d));
    if (!current || !order.includes(current)) return order[0];
    const i = order.indexOf(current);
    return order[(i + (key === "ArrowRight" ? 1 : order.length - 1)) % order.length];
  }
  return DIRS[fr.shape].find((d) => norm(fr.angle(d)) === norm(want)) || null;
}

// The nearest cell of `names` from `from` in the screen direction of an arrow key.
export function cellForKey(key, fr, from, names) {
  const want = KEY_ANGLE[key];
  if (want == null || !fr.cells[from]) return null;
  const ux = Math.cos(want * Math.PI / 180), uy = Math.sin(want * Math.PI / 180);
  const a = fr.cells[from];
  let best = null, bestCost = Infinity;
  for (const n of names) {
    if (n === from) continue;
    const b = fr.cells[n];
    const dx = b.x - a.x, dy = b.y - a.y;
    const along = dx * ux + dy * uy, across = Math.abs(dx * uy - dy * ux);
    if (along < fr.cellSize * 0.3) continue;
    const cost = along + 2.2 * across;
    if (cost < bestCost) { best = n; bestCost = cost; }
  }
  return best;
}

// ---- composing a placement ----
// Each returns what the board must do next, or null: {send: move} (exactly a listed move), {say: reason}
// (a toast, worded by words.js SAY), {explain: true} (the shell's "why you cannot act"), {focus: "cell" |
// "arrow"} (where the keyboard goes once the change is drawn).

export function pickCell(ui, s, cell, pending = false) {
  if (!s.mine) return { explain: true };
  if (!s.myTurn) return { say: pending ? "sending" : "chain" };
  const options = optionsAt(s, cell);
  if (!options.length) return { say: "taken" };
  if (pickedCell(ui, s) === cell) {
    if (chosenOption(ui, s)) return place(ui, s);
    Object.assign(ui, { cell: null, dir: null, focusCell: cell });
    return { focus: "cell" };
  }
  ui.cell = cell;
  ui.focusCell = cell;
  if (options.length === 1) ui.dir = options[0].dir;
  else if (!options.some((o) => o.dir === ui.dir)) ui.dir = null;
  return { focus: "arrow" };
}

export function chooseDir(ui, s, dir) {
  const cell = pickedCell(ui, s);
  if (!cell || !optionsAt(s, cell).some((o) => o.dir === dir)) return null;
  if (ui.dir === dir) return place(ui, s);
  ui.dir = dir;
  return { focus: "arrow" };
}

export function place(ui, s) {
  const option = chosenOption(ui, s);
  if (!s.myTurn || !option) return null;
  Object.assign(ui, { focusCell: ui.cell, cell: null, dir: null });
  return { send: option.move };
}

export function cancel(ui) {
  if (!ui.cell) return null;
  Object.assign(ui, { focusCell: ui.cell, cell: null, dir: null });
  return { focus: "cell" };
}

// An arrow key: with a cell picked it turns the direction, else it moves the roving cell. `from`: the
// cell the keyboard is on.
export function arrowKey(ui, s, key, fr, from) {
  const cell = pickedCell(ui, s);
  if (cell) {
    const dirs = optionsAt(s, cell).map((o) => o.dir);
    const dir = dirForKey(key, fr, dirs, ui.dir);
    if (dir && dirs.includes(dir)) { ui.dir = dir; return { focus: "arrow" }; }
    return dirs.length === 1 ? { say: "forced", dir: dirs[0] } : null;
  }
  const next = cellForKey(key, fr, from || ui.focusCell, Object.keys(s.byCell));
  if (!next) return null;
  ui.focusCell = next;
  return { focus: "cell" };
}

// A move was sent: `keyboard` says whether the keyboard was on the board (it gets it back next turn).
export function sent(ui, keyboard) { ui.resume = !!keyboard; }
// The board gave the keyboard back on the viewer's new turn.
export function resumed(ui) { ui.resume = false; }

// ---- the chain of each step, played on the board (anim.js drives it) ----

// A step announced by the shell, before the state that follows it. `table`: the table shown until then;
// when nothing is playing or waiting, its scores are the ones the +/- of the coming steps count from.
export function stepComing(ui, table, step) {
  if (!step || !Array.isArray(step.events) || !step.events.some((e) => e.type === "place")) return;
  const chain = ui.chain;
  if (chain.queue.some((s) => s.seq === step.seq)) return;
  if (!chain.busy && !chain.queue.length && table && table.view && table.seq < step.seq) {
    ui.before = { seq: table.seq, scores: table.view.scores };
  }
  chain.queue.push(step);
}

// The queued steps that lead straight to `table` (the only ones its cells can be rebuilt from), taken
// off the queue; the rest that it has passed are dropped. [] while a chain plays.
export function takeSteps(ui, table) {
  const chain = ui.chain;
  if (chain.busy || !chain.queue.length || !table || !table.view) return [];
  const ready = chain.queue.filter((s) => s.seq <= table.seq).sort((a, b) => a.seq - b.seq);
  chain.queue = chain.queue.filter((s) => s.seq > table.seq);
  const run = [];
  let want = table.seq;
  for (let i = ready.length - 1; i >= 0 && ready[i].seq === want; i--, want--) run.unshift(ready[i]);
  return run;
}

export function chainStarts(ui) { Object.assign(ui.chain, { busy: true, skipping: false }); }
export function chainShows(ui, frame) { ui.chain.frame = frame; }
export function chainEnds(ui) { Object.assign(ui.chain, { frame: null, busy: false, skipping: false }); }
export function skipChain(ui) { if (ui.chain.busy) ui.chain.skipping = true; }
export function dropChain(ui) { ui.chain.queue = []; }
