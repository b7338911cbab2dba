// 3-High's board state while a player composes a play, as one plain object, and the plain functions that
// change it (called by board.js's event handlers and when the shell brings a step or a new table state).
// Nothing here draws, and nothing decides legality: every play comes from the table's legal_moves, every
// destination from its move_targets. A function that leads somewhere returns what the page should do:
//   {send: move}               send exactly this listed move (picked: {card, kept} when the page chose it)
//   {focus: {to, square?, card?}}   move the keyboard focus ("dest", "movable", "card", "choice")
// and null when the board only needs drawing again.
//
// The object:
//   card, piece     the card and the pyramid picked (a card first narrows the pyramids to its plays)
//   choose          {to, piece, moves}: several listed plays take the pyramid to `to`; which one?
//   hint            {move, reason, seq, to}: the bot's suggestion, until the table moves on
//   drag            {sq, x0, y0, moved, piece, at}: a press on a pyramid, then its drag
//   swallowClick    the click a browser fires at the end of a drag is no click of the player's
//   anim            {seq, piece, from, to, tree}: the last play, to glide once its state is drawn
//   seq             the table state the selection was made in
export function create() {
  return { card: null, piece: null, choose: null, hint: null, drag: null, swallowClick: false, anim: null, seq: null };
}

// ---- reading a table state (no rules: moves come from legal_moves, squares from move_targets) ----
export function read(t) {
  const view = (t && t.view) || {};
  const boardMap = view.board || {};
  const legal = t && Array.isArray(t.legal_moves) ? t.legal_moves : [];
  const targets = t && Array.isArray(t.move_targets) ? t.move_targets : [];   // parallel to legal
  const topAt = {};   // piece -> square, for pieces on top of a stack
  for (const [sq, stack] of Object.entries(boardMap)) if (stack.length) topAt[stack[stack.length - 1]] = sq;
  return { t, view, boardMap, legal, targets, topAt };
}

export const movesFor = (d, card, piece) => d.legal.filter((m) => (card == null || m.card === card) && (piece == null || m.piece === piece));
export const topOf = (d, sq) => (d.boardMap[sq] || []).slice(-1)[0];
export const canMove = (d, ui, piece) => !!piece && movesFor(d, ui.card, piece).length > 0;
export const composing = (ui) => !!(ui.card || ui.piece || ui.choose);

// Where the picked pyramid may go: square -> the listed moves that take it there (with the picked card
// only, when one was picked first).
export function destinations(d, ui) {
  const out = {};
  if (!ui.piece) return out;
  d.legal.forEach((m, i) => {
    if (m.piece !== ui.piece || (ui.card && m.card !== ui.card)) return;
    const to = d.targets[i] && d.targets[i].to;
    if (to) (out[to] = out[to] || []).push(m);
  });
  return out;
}

// Is `sq`, a destination reached by `moves`, the square the hint marks?
export function hinted(ui, sq, moves) {
  const h = ui.hint;
  return !!h && h.to === sq && ui.piece === h.move.piece && moves.some((m) => m.card === h.move.card && m.side === h.move.side);
}

// Of the cards that lead there, the one with the fewest plays in the whole list (the first in hand order
// on a tie): the listed moves decide, no rule is recomputed. null when one card leads there by several sides.
export function leastUsedCard(d, moves) {
  const uses = (c) => d.legal.filter((m) => m.card === c).length;
  const cards = [...new Set(moves.map((m) => m.card))];
  if (cards.length < 2) return null;
  const best = cards.reduce((a, c) => (uses(c) < uses(a) ? c : a));
  const mine = moves.filter((m) => m.card === best);
  return mine.length === 1 ? mine[0] : null;
}

// What a click on `sq` that leads nowhere is about (words.squareRefusal says it).
export function refusal(d, ui, sq) {
  const stack = d.boardMap[sq] || [];
  return { sq, piece: ui.piece, card: ui.card, top: topOf(d, sq), stacked: stack.length > 1 };
}

// ---- the shell's messages ----
// A new table state replaces everything: drop what no longer fits it (the question, a hint of an older
// state, a card or pyramid that has no listed play now).
export function newState(ui, d) {
  if (!d.t || ui.seq === d.t.seq) return;
  ui.seq = d.t.seq;
  ui.choose = null;
  if (ui.hint && ui.hint.seq !== d.t.seq) ui.hint = null;
  if (ui.card && !movesFor(d, ui.card, null).length) ui.card = null;
  if (ui.piece && !movesFor(d, ui.card, ui.piece).length) ui.piece = null;
}

// A step is coming: its play glides once the state after it is drawn.
export function stepArrived(ui, step) {
  const play = (step.events || []).find((e) => e.type === "play");
  const tree = (step.events || []).find((e) => e.type === "tree");
  if (play && play.from && play.to) ui.anim = { seq: step.seq, piece: play.piece, from: play.from, to: play.to, tree: tree ? tree.square : null };
}

// The bot's suggestion: its card and pyramid picked, so its destination is marked ★.
export function showHint(ui, d, move, reason) {
  const i = d.legal.findIndex((m) => m.card === move.card && m.side === move.side && m.piece === move.piece);
  if (i < 0 || !d.t) return null;
  const to = d.targets[i] && d.targets[i].to;
  ui.hint = { move: d.legal[i], reason: reason || "", seq: d.t.seq, to };
  Object.assign(ui, { card: move.card, piece: move.piece, choose: null });
  return { focus: { to: "dest" } };
}

// ---- the player's actions ----
export function pickCard(ui, d, card) {
  ui.card = ui.card === card ? null : card;
  ui.choose = null;
  if (ui.piece && ui.card && !movesFor(d, ui.card, ui.piece).length) ui.piece = null;
  return ui.piece ? { focus: { to: "dest" } } : ui.card ? { focus: { to: "movable" } } : null;
}

export function pickPiece(ui, piece) {
  ui.piece = ui.piece === piece ? null : piece;
  ui.choose = null;
  return { focus: { to: ui.piece ? "dest" : "movable" } };
}

// A click (or Enter) on a square: play to it when it is marked, else pick its top pyramid if it can move.
export function pickSquare(ui, d, sq, autoCard) {
  const dests = destinations(d, ui);
  if (ui.piece && dests[sq]) return playTo(ui, d, sq, dests[sq], autoCard);
  const top = topOf(d, sq);
  return canMove(d, ui, top) ? pickPiece(ui, top) : null;
}

// The pyramid goes to `sq`: one listed move plays at once; several ask which card (unless the player chose
// to let the page pick the card with the fewest other plays: autoCard).
export function playTo(ui, d, sq, moves, autoCard) {
  if (moves.length === 1) return send(ui, moves[0]);
  const picked = autoCard ? leastUsedCard(d, moves) : null;
  if (picked) {
    const kept = [...new Set(moves.map((m) => m.card))].filter((c) => c !== picked.card);
    return { ...send(ui, picked), picked: { card: picked.card, kept } };
  }
  ui.choose = { to: sq, piece: ui.piece, moves };
  return { focus: { to: "choice" } };
}

// One of the plays the question offers.
export function choose(ui, i) {
  const m = ui.choose && ui.choose.moves[i];
  return m ? send(ui, m) : null;
}

function send(ui, move) {
  Object.assign(ui, { card: null, piece: null, choose: null });
  return { send: move };
}

// Esc steps back one stage and leaves focus on the thing that was picked, so Enter picks it again.
export function cancel(ui, d) {
  if (ui.choose) {
    const square = ui.choose.to;
    ui.choose = null;
    return { focus: { to: "dest", square } };
  }
  if (ui.piece) {
    const square = d.topAt[ui.piece] || null;
    ui.piece = null;
    return { focus: { to: "movable", square } };
  }
  const card = ui.card;
  ui.card = null;
  return card ? { focus: { to: "card", card } } : null;
}

// ---- dragging: press on a pyramid that can move, drag, drop on a marked square ----
export function press(ui, sq, x, y) {
  ui.drag = { sq, x0: x, y0: y, moved: false, piece: null, at: null };
}

// The pointer left the press by more than a little: the pyramid is picked and follows the pointer.
// false when it cannot move (the press is forgotten).
export function dragStart(ui, d) {
  const top = ui.drag && topOf(d, ui.drag.sq);
  if (!canMove(d, ui, top)) { ui.drag = null; return false; }
  Object.assign(ui.drag, { moved: true, piece: top });
  Object.assign(ui, { piece: top, choose: null });
  return true;
}

export function dragTo(ui, at) {
  if (ui.drag && ui.drag.moved && at) ui.drag.at = at;
}

// The pointer is up over `sq` (null: off the board). A press that did not travel is an ordinary click.
export function drop(ui, d, sq, autoCard) {
  const moved = !!(ui.drag && ui.drag.moved);
  ui.drag = null;
  if (!moved) return null;
  ui.swallowClick = true;
  const dests = destinations(d, ui);
  return sq && dests[sq] ? playTo(ui, d, sq, dests[sq], autoCard) : null;   // elsewhere: it stays picked
}

export function dragCancel(ui) { ui.drag = null; }

// The click that ends a drag: true (and forgotten) once.
export function swallow(ui) {
  const was = ui.swallowClick;
  ui.swallowClick = false;
  return was;
}
