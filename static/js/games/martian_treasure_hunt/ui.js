// Martian Treasure Hunt: the board's interactive state, one plain object, and the plain functions that
// change it. Only the board's event handlers (and the shell's messages: animate) call the functions that
// change it; render and draw.js only read it. Moves come from the server's legal_moves and move_targets
// alone: a destination of the rolled coin, or one of the listed orders of the home row. No rule here.

// The state of one board. `arr`: the order being arranged on the home row ({key: table and seat, order:
// the coin on each home square, picked: the home index picked to swap, tries and retrySeq: the sending
// of it, saved: the order kept in the browser's storage}). `anim`: the steps the shell announced and
// what the dice show while they roll ({queue, busy, dice, note, glide}). `hint`: the bot's suggestion the
// player asked for ({move, reason, seq}), shown while the table is still at that seq.
export function createUi() {
  return { arr: null, hint: null, anim: { queue: [], busy: false, dice: null, note: null, glide: null } };
}

// ---- reading the table (pure) ----

// What the table lets the viewer do: arrange (every seat at once), or move the rolled coin to one of the
// listed squares (dests: square -> {move, target}). `rolled`: the square of the coin the dice name.
export function situation(table, me, pending = false) {
  const view = (table && table.view) || {};
  const legal = table && Array.isArray(table.legal_moves) ? table.legal_moves : [];
  const targets = table && Array.isArray(table.move_targets) ? table.move_targets : [];
  const acting = table && table.status === "playing" ? table.to_act || [] : [];
  const mustArrange = view.phase === "arrange" && me != null && acting.includes(me) && legal.length > 0;
  const dests = {};
  if (view.phase === "play") legal.forEach((m, i) => { if (m.to) dests[m.to] = { move: m, target: targets[i] || null }; });
  const myTurn = view.phase === "play" && legal.length > 0 && !pending;
  const rolled = view.dice && acting.length === 1 && view.coins && view.coins[acting[0]]
    ? view.coins[acting[0]][String(view.dice.number)] : null;
  return { t: table, view, me, legal, acting, mustArrange, dests, myTurn, rolled };
}

export const arrangeKey = (code, me) => `${code}|${me}`;
// The order shown on the home row: the one being arranged, else `start` (the kept draft or the reading order).
export const shownOrder = (ui, key, start) => (ui.arr && ui.arr.key === key ? ui.arr.order : start);
export const pickedHome = (ui, key) => (ui.arr && ui.arr.key === key ? ui.arr.picked : null);
// The listed move whose order is `order`, or undefined: only a listed move is ever sent.
export const listedOrder = (legal, order) => legal.find((m) => Array.isArray(m.order) && m.order.every((v, i) => v === order[i]));

// ---- arranging ----

// The arrangement for `key`, begun from `start` (with `saved`: the text of a draft already kept).
export function arranging(ui, key, start, saved = null) {
  if (!ui.arr || ui.arr.key !== key) ui.arr = { key, order: [...start], picked: null, retrySeq: null, tries: 0, saved };
  return ui.arr;
}

export function swap(arr, i, j) {
  if (i === j || i == null || j == null) return;
  [arr.order[i], arr.order[j]] = [arr.order[j], arr.order[i]];
}

// A home square tapped (or Enter): pick it, let it go, or swap it with the one picked. Returns the home
// index the keyboard stays on.
export function pickHome(arr, index) {
  if (arr.picked == null) arr.picked = index;
  else if (arr.picked === index) arr.picked = null;
  else { swap(arr, arr.picked, index); arr.picked = null; }
  return index;
}

// A coin dragged onto another, or moved by an arrow key: the two swap.
export function swapHomes(arr, i, j) {
  swap(arr, i, j);
  arr.picked = null;
}

// An arrow key on home index `i`: swap it with its neighbour on screen (`seen`: the home indices left to
// right as the viewer sees them, `step`: -1 left, +1 right). Returns the index it moved to, or null.
export function nudgeHome(arr, i, seen, step) {
  const k = seen.indexOf(i) + step;
  if (k < 0 || k >= seen.length) return null;
  swapHomes(arr, i, seen[k]);
  return seen[k];
}

export function setOrder(arr, order) {
  arr.order = [...order];
  arr.picked = null;
}

export function unpick(arr) { if (arr) arr.picked = null; }
export function kept(arr, text) { arr.saved = text; }

// Sending the order: begun, one try, refused and waiting for the table to move on, done.
export function sendBegins(arr) { Object.assign(arr, { picked: null, tries: 0 }); }
export function sendTried(arr) { arr.tries += 1; }
export function sendWaits(arr, seq) { arr.retrySeq = seq; }
export function sendEnds(arr) { Object.assign(arr, { retrySeq: null, tries: 0 }); }

// ---- the steps' animations (anim.js drives them) ----

// A step announced by the shell. A long absence skips ahead: only the last six are played.
export function stepComing(ui, step) {
  if (!step || !Array.isArray(step.events)) return;
  const q = ui.anim.queue;
  q.push(step);
  if (q.length > 6) q.splice(0, q.length - 6);
}
export function animStarts(ui) { ui.anim.busy = true; }
export const nextStep = (ui) => ui.anim.queue.shift();
// The moved coin glides to its square once the state that put it there is drawn (the board does it).
export function glides(ui, glide) { ui.anim.glide = glide; }
export function diceShow(ui, dice, note = null) { Object.assign(ui.anim, { dice, note }); }
export function animEnds(ui) { Object.assign(ui.anim, { busy: false, dice: null, note: null }); }
export function dropSteps(ui) { ui.anim.queue = []; }
