// 3-High's board state (ui.js) on tables in play as the engine writes them (tests/js/fixtures/three-high.json
// "positions": the seat to play, another seat, a spectator; hidden hands; zero-square plays): each ui
// function's transition, with the listed moves and targets it reads.
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import * as UI from "../../../static/js/games/three_high/ui.js";
import { squareRefusal, turnHint } from "../../../static/js/games/three_high/words.js";
import { fx, position, acting, listed, movablePiece, squareWithSeveral } from "./three_high_plays.mjs";

test("the positions: the seat to play has legal moves and their targets; nobody else has any", () => {
  assert.ok(acting.length >= 4);
  for (const t of fx.positions) {
    assert.equal(t.legal_moves.length, t.move_targets.length);
    assert.equal(t.legal_moves.length > 0, t.you != null && t.to_act.includes(t.you), `${t.label} ${t.viewer}`);
  }
});

test("read: the top pyramid of each stack and where it stands", () => {
  for (const t of fx.positions) {
    const d = UI.read(t);
    for (const [sq, stack] of Object.entries(t.view.board)) assert.equal(d.topAt[stack.at(-1)], sq);
    for (const m of t.legal_moves) assert.ok(d.topAt[m.piece], `${m.piece} moves: it is on top`);
  }
  assert.deepEqual(UI.read(null).legal, []);
});

test("pickPiece: the squares marked are the listed targets of that pyramid, with the listed moves", () => {
  for (const t of acting) {
    const d = UI.read(t), ui = UI.create();
    const piece = movablePiece(t);
    assert.deepEqual(UI.pickPiece(ui, piece), { focus: { to: "dest" } });
    const dests = UI.destinations(d, ui);
    assert.deepEqual(dests, listed(t, piece));
    for (const moves of Object.values(dests)) for (const m of moves) assert.ok(t.legal_moves.includes(m), "the server's own dicts");
    assert.deepEqual(UI.pickPiece(ui, piece), { focus: { to: "movable" } }, "picked again: put back");
    assert.equal(ui.piece, null);
    assert.deepEqual(UI.destinations(d, ui), {});
  }
});

test("pickCard: a card first narrows the pyramids and squares to its plays; again, it goes back", () => {
  const t = position("pair"), d = UI.read(t), ui = UI.create();
  const card = t.legal_moves.at(-1).card;
  assert.deepEqual(UI.pickCard(ui, d, card), { focus: { to: "movable" } });
  const movable = new Set(UI.movesFor(d, ui.card, null).map((m) => m.piece));
  assert.deepEqual(movable, new Set(t.legal_moves.filter((m) => m.card === card).map((m) => m.piece)));
  const piece = [...movable][0];
  UI.pickPiece(ui, piece);
  for (const moves of Object.values(UI.destinations(d, ui))) assert.ok(moves.every((m) => m.card === card && m.piece === piece));
  // another card that cannot move this pyramid drops it
  const other = t.legal_moves.find((m) => m.card !== card && !t.legal_moves.some((n) => n.card === m.card && n.piece === piece));
  if (other) {
    assert.deepEqual(UI.pickCard(ui, d, other.card), { focus: { to: "movable" } });
    assert.equal(ui.piece, null);
  }
  UI.pickCard(ui, d, ui.card);
  assert.equal(ui.card, null);
});

test("pickSquare: one listed play is sent at once, the selection cleared", () => {
  for (const t of acting) {
    const d = UI.read(t), ui = UI.create();
    const piece = movablePiece(t);
    const [sq, moves] = Object.entries(listed(t, piece)).find(([, ms]) => ms.length === 1) || [];
    if (!sq) continue;
    assert.equal(UI.pickSquare(ui, d, d.topAt[piece]).focus.to, "dest", "a click on the pyramid picks it");
    assert.deepEqual(UI.pickSquare(ui, d, sq), { send: moves[0] });
    assert.deepEqual([ui.card, ui.piece, ui.choose], [null, null, null]);
  }
});

test("pickSquare: several plays to one square ask which; choose sends the one picked; Esc steps back", () => {
  const t = position("pair"), d = UI.read(t), ui = UI.create();
  const { piece, sq, moves } = squareWithSeveral(t);
  UI.pickPiece(ui, piece);
  assert.deepEqual(UI.pickSquare(ui, d, sq), { focus: { to: "choice" } });
  assert.deepEqual(ui.choose, { to: sq, piece, moves });
  assert.deepEqual(UI.cancel(ui, d), { focus: { to: "dest", square: sq } }, "the question closes, the pyramid stays");
  assert.equal(ui.piece, piece);
  UI.pickSquare(ui, d, sq);
  assert.deepEqual(UI.choose(ui, moves.length - 1), { send: moves.at(-1) });
  assert.equal(ui.choose, null);
  assert.equal(UI.choose(ui, 0), null, "nothing asked: nothing sent");
  UI.pickCard(ui, d, moves[0].card);
  UI.pickPiece(ui, piece);
  assert.deepEqual(UI.cancel(ui, d), { focus: { to: "movable", square: d.topAt[piece] } });
  assert.deepEqual(UI.cancel(ui, d), { focus: { to: "card", card: moves[0].card } });
  assert.equal(UI.cancel(ui, d), null);
  assert.equal(UI.composing(ui), false);
});

test("autoCard: the card with the fewest plays is sent and the others kept; one card by two sides still asks", () => {
  const t = position("pair"), d = UI.read(t), ui = UI.create();
  const { piece, sq, moves } = squareWithSeveral(t);
  const uses = (c) => t.legal_moves.filter((m) => m.card === c).length;
  const best = [...new Set(moves.map((m) => m.card))].reduce((a, c) => (uses(c) < uses(a) ? c : a));
  UI.pickPiece(ui, piece);
  const effect = UI.pickSquare(ui, d, sq, true);
  assert.equal(effect.send.card, best);
  assert.deepEqual(effect.picked, { card: best, kept: [...new Set(moves.map((m) => m.card))].filter((c) => c !== best) });
  // zero-square plays: one card reaches the pyramid's own square by every side
  const z = position("zero"), dz = UI.read(z), uz = UI.create();
  const i = z.move_targets.findIndex((w) => w.from === w.to);
  const zero = z.legal_moves[i];
  UI.pickCard(uz, dz, zero.card);
  UI.pickPiece(uz, zero.piece);
  const sides = UI.destinations(dz, uz)[z.move_targets[i].to];
  assert.ok(sides.length > 1 && new Set(sides.map((m) => m.card)).size === 1);
  assert.equal(UI.leastUsedCard(dz, sides), null);
  assert.deepEqual(UI.pickSquare(uz, dz, z.move_targets[i].to, true), { focus: { to: "choice" } });
});

test("pickSquare on a pyramid no play moves does nothing; the refusal says why in a sentence", () => {
  const t = position("pair"), ui = UI.create();
  // the listed plays of one pyramid only: every other pyramid has none
  const piece = movablePiece(t);
  const keep = t.legal_moves.map((m) => m.piece === piece);
  const only = { ...t, legal_moves: t.legal_moves.filter((_, i) => keep[i]), move_targets: t.move_targets.filter((_, i) => keep[i]) };
  const d = UI.read(only);
  const stuck = Object.keys(t.view.board).find((sq) => UI.topOf(d, sq) !== piece);
  assert.equal(UI.pickSquare(ui, d, stuck), null);
  assert.equal(ui.piece, null);
  assert.match(squareRefusal(UI.refusal(d, ui, stuck)), /^No card in your hand can move the \w+ \d\.$/);
  UI.pickCard(ui, d, only.legal_moves[0].card);
  assert.match(squareRefusal(UI.refusal(d, ui, stuck)), /^\w+[♥♦♣♠] cannot move the \w+ \d: pick a pyramid in a yellow frame/);
  UI.pickPiece(ui, piece);
  const empty = ["a1", "a2", "h8", "h7", "d5", "e4"].find((sq) => !t.view.board[sq] && !UI.destinations(d, ui)[sq]);
  assert.match(squareRefusal(UI.refusal(d, ui, empty)), /cannot go to .* pick a marked square/);
});

test("newState: a new table state drops the question, an old hint and a card or pyramid with no play", () => {
  const t = position("pair"), d = UI.read(t), ui = UI.create();
  UI.newState(ui, d);
  const { piece, sq } = squareWithSeveral(t);
  UI.pickPiece(ui, piece);
  UI.pickSquare(ui, d, sq);
  UI.newState(ui, d);
  assert.ok(ui.choose, "the same state: nothing dropped");
  const later = UI.read({ ...t, seq: t.seq + 1, legal_moves: t.legal_moves.filter((m) => m.piece !== piece) });
  UI.newState(ui, later);
  assert.deepEqual([ui.choose, ui.piece, ui.seq], [null, null, t.seq + 1]);
  UI.pickCard(ui, later, later.legal[0].card);
  UI.newState(ui, UI.read({ ...t, seq: t.seq + 2, legal_moves: [] }));
  assert.equal(ui.card, null, "no play left for the card (the other seat's turn)");
});

test("showHint: the hinted card and pyramid are picked and the hint knows its square; it lasts one state", () => {
  const t = position("solo"), d = UI.read(t), ui = UI.create();
  const i = Math.floor(t.legal_moves.length / 2);
  const move = { ...t.legal_moves[i] };
  assert.deepEqual(UI.showHint(ui, d, move, "it builds"), { focus: { to: "dest" } });
  assert.deepEqual([ui.card, ui.piece, ui.hint.to, ui.hint.reason], [move.card, move.piece, t.move_targets[i].to, "it builds"]);
  assert.ok(UI.hinted(ui, ui.hint.to, UI.destinations(d, ui)[ui.hint.to]));
  assert.match(turnHint(ui, false, false), /^Hint: .* Play it on the square marked ★\.$/);
  assert.equal(UI.showHint(ui, d, { card: "9X", side: "N", piece: "red1" }), null, "not a listed move");
  UI.newState(ui, UI.read({ ...t, seq: t.seq + 1 }));
  assert.equal(ui.hint, null);
});

test("drag: a press that travels picks the pyramid; a drop on a marked square plays, elsewhere keeps it", () => {
  const t = position("solo"), d = UI.read(t), ui = UI.create();
  const piece = movablePiece(t), from = d.topAt[piece];
  const [to, moves] = Object.entries(listed(t, piece))[0];
  UI.press(ui, from, 10, 10);
  assert.equal(UI.dragStart(ui, d), true);
  assert.equal(ui.piece, piece);
  UI.dragTo(ui, { x: 100, y: 120 });
  assert.deepEqual(ui.drag.at, { x: 100, y: 120 });
  assert.equal(UI.drop(ui, d, null), null, "dropped off the board");
  assert.equal(ui.piece, piece);
  assert.equal(UI.swallow(ui), true, "the click that ends a drag is swallowed, once");
  assert.equal(UI.swallow(ui), false);
  UI.press(ui, from, 0, 0);
  UI.dragStart(ui, d);
  const effect = UI.drop(ui, d, to);
  assert.ok(moves.length > 1 ? effect.focus.to === "choice" : effect.send === moves[0]);
  const stuck = Object.keys(t.view.board).find((sq) => !UI.canMove(d, UI.create(), UI.topOf(d, sq)));
  UI.press(ui, stuck, 0, 0);
  assert.equal(UI.dragStart(ui, d), false);
  assert.equal(ui.drag, null);
  UI.press(ui, from, 0, 0);
  assert.equal(UI.drop(ui, d, to), null, "a press that did not travel is a click");
});

test("stepArrived: a step's play is kept to glide, with the tree it completes", () => {
  const ui = UI.create();
  const tree = fx.scenarios.find((s) => s.scenario === "tree").last;
  UI.stepArrived(ui, tree);
  const play = tree.events.find((e) => e.type === "play");
  assert.deepEqual(ui.anim, { seq: tree.seq, piece: play.piece, from: play.from, to: play.to, tree: "d4" });
});
