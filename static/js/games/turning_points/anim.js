// The chain, step by step: after every move the board shows the position before it, the new piece
// dropping in, then each turn in order (the piece that points, the piece that turns), so every player
// and spectator can follow which pieces turned and why. Frames are built from the step's own events and
// the view that follows it (turn events carry the direction a piece turned from), never from a rule.
// The frames are plain data (chainItems, framesOf); playChain shows them one after another in ui.chain.
import { chainStarts, chainShows, chainEnds } from "./ui.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const reduced = () => !!window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// The cells before `step`, given the cells after it: undo its turns (last first), lift the placed piece.
export function undoStep(cells, step) {
  const out = {};
  for (const [cell, piece] of Object.entries(cells)) out[cell] = { ...piece };
  const events = step.events || [];
  const turns = events.filter((e) => e.type === "turn");
  for (let i = turns.length - 1; i >= 0; i--) if (out[turns[i].cell]) out[turns[i].cell].dir = turns[i].from;
  const place = events.find((e) => e.type === "place");
  if (place) delete out[place.cell];
  return out;
}

// The steps `run` (leading straight to `table`) as items to play: each with the cells before it and the
// scores before it. A long absence plays only the last few.
export function chainItems(run, table, scoresBefore) {
  let cells = table.view.cells || {};
  const before = [];
  for (let i = run.length - 1; i >= 0; i--) { cells = undoStep(cells, run[i]); before.unshift(cells); }
  const scoresOf = (step) => (step.events.find((e) => e.type === "place") || {}).scores;
  return run.slice(-6).map((step) => {
    const i = run.indexOf(step);
    return { step, cells: before[i], scores: (i > 0 && scoresOf(run[i - 1])) || scoresBefore || null };
  });
}

// The frames of one item, each with how long it stays (ms at a human pace). A frame: {cells, placed, by,
// turning, turn, index (-1 before the drop, 0 the drop, n the n-th turn), total, dropping, step, seat,
// scores (before the step, then after it once its chain is done), done}.
export function framesOf({ step, cells: start, scores }) {
  const place = step.events.find((e) => e.type === "place");
  const turns = step.events.filter((e) => e.type === "turn");
  const cells = {};
  for (const [cell, piece] of Object.entries(start)) cells[cell] = { ...piece };
  const base = { step, placed: place.cell, total: turns.length, seat: place.seat ?? step.seat, scores };
  const out = [{ frame: { ...base, cells: { ...cells }, index: -1, dropping: false }, wait: 260 }];
  cells[place.cell] = { dir: place.dir, ...(place.color ? { color: place.color } : {}) };
  out.push({ frame: { ...base, cells: { ...cells }, index: 0, dropping: true }, wait: 560 });
  const each = Math.max(70, Math.min(430, 2600 / Math.max(1, turns.length)));
  turns.forEach((turn, i) => {
    cells[turn.cell] = { ...cells[turn.cell], dir: turn.dir };
    out.push({ frame: { ...base, cells: { ...cells }, index: i + 1, by: turn.by, turning: turn.cell, turn }, wait: each });
  });
  const last = out[out.length - 1].frame;
  out.push({ frame: { ...last, scores: place.scores || scores, done: true }, wait: turns.length ? 420 : 200 });
  return out;
}

// 1 = a human pace; faster when steps pile up, when the viewer must act, or with reduced motion.
function pace(ui, left, urgent) {
  if (ui.chain.skipping) return 0;
  if (reduced()) return 0.15;
  if (urgent()) return 0.6;
  return left >= 2 ? 0.4 : left === 1 ? 0.65 : 1;
}

// Show each frame of `items` in ui.chain, calling paint() after each; alive(): the board is still on the
// page; urgent(): the viewer must act now (hurry). Resolves when the chain has played (or was skipped).
export async function playChain(ui, items, { paint, alive, urgent = () => false }) {
  chainStarts(ui);
  for (let k = 0; k < items.length && alive(); k++) {
    const left = items.length - 1 - k;
    for (const { frame, wait } of framesOf(items[k])) {
      if (!alive()) break;
      chainShows(ui, frame);
      paint();
      await sleep(wait * pace(ui, left, urgent));
    }
  }
  chainEnds(ui);
  if (alive()) paint();
}
