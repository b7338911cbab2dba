// Martian Treasure Hunt's board state (static/js/games/martian_treasure_hunt/ui.js), the sending of an
// arrangement (arrange.js) and the dice's animation (anim.js), on tables the engine really sends
// (tests/js/fixtures/martian-treasure-hunt.json "positions": arranging, seen by the seat that must
// arrange, a seat that has, a spectator; a roll to play, seen by the seat to move, another, a spectator).
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, namesFor } from "../helpers/fixtures.mjs";
import { installClock } from "../helpers/clock.mjs";
import { frame } from "../../../static/js/games/martian_treasure_hunt/parts.js";
import {
  createUi, situation, arrangeKey, shownOrder, pickedHome, listedOrder, arranging, pickHome, swapHomes, nudgeHome, setOrder,
  unpick, kept, sendBegins, sendTried, sendWaits, sendEnds, stepComing, nextStep,
} from "../../../static/js/games/martian_treasure_hunt/ui.js";
import { readingOrder, screenOrder, sendOrder } from "../../../static/js/games/martian_treasure_hunt/arrange.js";
import { playSteps } from "../../../static/js/games/martian_treasure_hunt/anim.js";

const fx = fixture("martian-treasure-hunt");
const position = (label, viewer = "acting") => fx.positions.find((p) => p.label === label && p.viewer === viewer);
const frameOf = (t) => frame(t.view.board, t.you != null ? t.view.sides[t.you] : "S");
const flush = () => new Promise((resolve) => setImmediate(resolve));

test("situation while arranging: only the seat still to arrange arranges; nobody moves a coin", () => {
  const t = position("arrange");
  const mine = situation(t, t.you);
  assert.ok(mine.mustArrange && !mine.myTurn);
  assert.deepEqual(mine.dests, {});
  assert.equal(t.legal_moves.length, 720, "every order of the six coins is listed");
  for (const viewer of ["waiting", null]) {
    const other = position("arrange", viewer);
    const s = situation(other, other.you);
    assert.ok(!s.mustArrange && !s.myTurn, String(viewer));
  }
  assert.ok(position("arrange", "waiting").view.arranged[position("arrange", "waiting").you], "that seat has arranged");
});

test("situation at a roll: the listed squares with their targets, the rolled coin, for the seat to move only", () => {
  const t = position("play");
  const s = situation(t, t.you);
  assert.ok(s.myTurn && !s.mustArrange);
  assert.deepEqual(Object.keys(s.dests).sort(), t.legal_moves.map((m) => m.to).sort());
  for (const [sq, { move, target }] of Object.entries(s.dests)) {
    assert.deepEqual(move, { to: sq });
    assert.equal(target.to, sq);
    assert.equal(target.from, s.rolled, "every listed move starts from the rolled coin");
  }
  assert.equal(s.rolled, t.view.coins[t.you][String(t.view.dice.number)]);
  assert.ok(!situation(t, t.you, true).myTurn, "not while a move is on its way");
  for (const viewer of ["waiting", null]) {
    const other = position("play", viewer);
    const o = situation(other, other.you);
    assert.ok(!o.myTurn && Object.keys(o.dests).length === 0);
    assert.equal(o.rolled, s.rolled, "everyone sees which coin the dice name");
  }
});

test("arranging: begun from the row as shown, kept per table and seat; the order shown follows it", () => {
  const t = position("arrange");
  const ui = createUi();
  const key = arrangeKey("abc", t.you);
  const start = readingOrder(t.view, t.you, frameOf(t));
  assert.deepEqual(shownOrder(ui, key, start), start, "untouched: the row as it starts");
  assert.equal(pickedHome(ui, key), null);
  const arr = arranging(ui, key, start, JSON.stringify(start));
  assert.equal(arranging(ui, key, [5, 4, 3, 2, 1, 0]), arr, "the same arrangement until the table or seat changes");
  assert.notEqual(arr.order, start, "a copy: the start is never changed");
  assert.notEqual(arranging(ui, arrangeKey("other", t.you), start), arr);
});

test("tapping home squares: pick one, tap it again to let go, tap another to swap the two", () => {
  const arr = arranging(createUi(), "k", [0, 1, 2, 3, 4, 5]);
  assert.equal(pickHome(arr, 1), 1);
  assert.equal(arr.picked, 1);
  pickHome(arr, 1);
  assert.equal(arr.picked, null);
  pickHome(arr, 1);
  pickHome(arr, 4);
  assert.deepEqual([arr.order, arr.picked], [[0, 4, 2, 3, 1, 5], null]);
  pickHome(arr, 0);
  unpick(arr);
  assert.equal(arr.picked, null, "Esc");
  swapHomes(arr, 0, 5);
  assert.deepEqual(arr.order, [5, 4, 2, 3, 1, 0]);
  setOrder(arr, [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(arr.order, [0, 1, 2, 3, 4, 5]);
  kept(arr, "[0,1,2,3,4,5]");
  assert.equal(arr.saved, "[0,1,2,3,4,5]");
});

test("arrow keys move a coin along the row as the viewer sees it, and stop at its ends", () => {
  const t = position("arrange");
  const seen = screenOrder(t.view, t.you, frameOf(t));
  const arr = arranging(createUi(), "k", readingOrder(t.view, t.you, frameOf(t)));
  const left = seen[0];
  assert.equal(nudgeHome(arr, left, seen, -1), null, "nothing left of the leftmost");
  assert.equal(nudgeHome(arr, left, seen, 1), seen[1]);
  assert.deepEqual(seen.map((i) => arr.order[i]), [1, 0, 2, 3, 4, 5], "the coin read first moved one place right");
});

test("only a listed order is ever sent: listedOrder finds the server's own dict", () => {
  const t = position("arrange");
  const order = [3, 1, 4, 0, 5, 2];
  const move = listedOrder(t.legal_moves, order);
  assert.ok(t.legal_moves.includes(move));
  assert.deepEqual(move, { order });
  assert.equal(listedOrder(t.legal_moves, [0, 0, 1, 2, 3, 4]), undefined);
  assert.equal(listedOrder(position("arrange", "waiting").legal_moves, order), undefined);
});

test("sending an order: the listed move; refused because the table moved on, sent again once it has", async () => {
  const t = position("arrange");
  const state = { table: t, pending: false };
  const arr = arranging(createUi(), "k", [2, 0, 1, 5, 4, 3]);
  arr.picked = 3;
  const sent = [];
  const ctx = {
    async sendMove(move, options) {
      sent.push([move, options]);
      if (sent.length === 1) {   // someone else arranged first: the page catches up a moment later
        setTimeout(() => { state.table = { ...t, seq: t.seq + 1 }; }, 150);
        return { ok: false, code: "stale_seq" };
      }
      return { ok: true };
    },
    say() { throw new Error("nothing to say"); }, redraw() {},
  };
  const placed = await sendOrder(ctx, state, arr, { still: () => true, gone: () => false });
  assert.equal(placed, true);
  assert.equal(sent.length, 2);
  for (const [move, options] of sent) {
    assert.ok(t.legal_moves.includes(move), "the server's own dict");
    assert.deepEqual(options, { quietStale: true });
  }
  assert.deepEqual([arr.picked, arr.tries, arr.retrySeq], [null, 0, null]);
});

test("an order refused six times is given up, with a sentence; a refusal for good is not retried", async () => {
  const t = position("arrange");
  const state = { table: t, pending: false };
  const arr = arranging(createUi(), "k", [0, 1, 2, 3, 4, 5]);
  const said = [];
  let tries = 0;
  const ctx = {
    async sendMove() { tries += 1; state.table = { ...state.table, seq: state.table.seq + 1 }; return { ok: false, code: "stale_seq" }; },
    say: (text) => said.push(text), redraw() {},
  };
  assert.equal(await sendOrder(ctx, state, arr, { still: () => true, gone: () => false }), false);
  assert.equal(tries, 6);
  assert.match(said[0], /could not be placed/);
  let once = 0;
  const refused = { async sendMove() { once += 1; return { ok: false, code: "illegal_move" }; }, say() {}, redraw() {} };
  assert.equal(await sendOrder(refused, { table: t, pending: false }, arr, { still: () => true, gone: () => false }), false);
  assert.equal(once, 1);
});

test("the sending's own marks: begun, tried, waiting for a newer seq, done", () => {
  const arr = arranging(createUi(), "k", [0, 1, 2, 3, 4, 5]);
  arr.picked = 2;
  sendBegins(arr);
  sendTried(arr);
  sendTried(arr);
  sendWaits(arr, 7);
  assert.deepEqual([arr.picked, arr.tries, arr.retrySeq], [null, 2, 7]);
  sendEnds(arr);
  assert.deepEqual([arr.tries, arr.retrySeq], [0, null]);
});

test("the steps the shell announces: at most the last six wait; each roll shows, lands, and a lost turn is told", async () => {
  const ui = createUi();
  for (let seq = 1; seq <= 8; seq++) stepComing(ui, { seq, events: [] });
  stepComing(ui, null);
  assert.deepEqual(ui.anim.queue.map((s) => s.seq), [3, 4, 5, 6, 7, 8]);
  assert.equal(nextStep(ui).seq, 3);
  ui.anim.queue = [];
  const clock = installClock();
  try {
    const t = position("play");
    const step = { seq: t.seq, seat: 1, events: [...t.last.events,
      { type: "roll", seat: 0, number: 2, kind: 1 }, { type: "turn_lost", seat: 0, number: 2, kind: 1, why: "no_move" }] };
    stepComing(ui, step);
    const shown = [];
    const done = playSteps(ui, { paint: () => shown.push(ui.anim.dice && { ...ui.anim.dice, note: ui.anim.note }), names: namesFor(null) });
    assert.ok(ui.anim.busy);
    assert.deepEqual(ui.anim.glide, { coin: "1-4", from: "0,4", to: "1,3", seq: t.seq }, "the last step's coin glides");
    for (let ms = 0; ms < 5000; ms += 50) { clock.tick(50); await flush(); }
    await done;
    assert.deepEqual(shown.filter(Boolean).map((d) => [d.seat, d.rolling, !!d.dead]), [[2, true, false], [2, false, false], [0, true, false], [0, false, true]]);
    assert.match(shown.filter(Boolean).at(-1).note, /^Ann lost the turn: rolled the 2 as a rook/);
    assert.deepEqual([ui.anim.busy, ui.anim.dice, ui.anim.note], [false, null, null]);
  } finally {
    clock.restore();
  }
});
