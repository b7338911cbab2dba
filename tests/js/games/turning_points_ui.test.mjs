// Turning Points' board state (static/js/games/turning_points/ui.js) and its chain frames (anim.js), on
// tables the engine really sends (tests/js/fixtures/turning-points.json "positions": a square game seen by
// the seat to act, the other seat and a spectator; a hexagon of three; a solitaire). Each function that
// changes the state is called as the board's handlers call it, and what it leaves and asks for is checked.
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, steps } from "../helpers/fixtures.mjs";
import { frame, turnFor } from "../../../static/js/games/turning_points/parts.js";
import {
  createUi, situation, optionsAt, openCells, pickedCell, chosenOption, pickCell, chooseDir, place, cancel, arrowKey,
  sent, resumed, stepComing, takeSteps, chainStarts, chainShows, chainEnds, skipChain,
} from "../../../static/js/games/turning_points/ui.js";
import { chainItems, framesOf } from "../../../static/js/games/turning_points/anim.js";

const fx = fixture("turning-points");
const position = (label, viewer = "acting") => fx.positions.find((p) => p.label === label && p.viewer === viewer);
// A listed cell whose moves include a chain, and one of its directions that starts it.
function chainedCell(table) {
  const i = table.move_targets.findIndex((t) => t.chain.length > 0);
  return { cell: table.legal_moves[i].cell, dir: table.legal_moves[i].dir, target: table.move_targets[i] };
}

test("situation: the listed moves by cell, each with its target; only the seat to act may play", () => {
  const t = position("square");
  const s = situation(createUi(), t);
  assert.ok(s.mine && s.myTurn);
  const listed = t.legal_moves.map((m, i) => [m.cell, m.dir, t.move_targets[i]]);
  const grouped = Object.entries(s.byCell).flatMap(([cell, options]) => options.map((o) => [cell, o.dir, o.target]));
  assert.deepEqual(grouped.sort(), listed.sort());
  for (const [cell, options] of Object.entries(s.byCell)) {
    assert.ok(!t.view.cells[cell], `${cell} is empty in the view`);
    for (const o of options) assert.deepEqual(o.move, { cell, dir: o.dir });
  }
  assert.deepEqual(openCells(s), Object.keys(s.byCell));
  for (const viewer of ["waiting", null]) {
    const other = situation(createUi(), position("square", viewer));
    assert.ok(!other.mine && !other.myTurn && openCells(other).length === 0, String(viewer));
  }
  assert.ok(!situation(createUi(), t, true).myTurn, "not while a move is on its way");
  const busy = createUi();
  chainStarts(busy);
  assert.ok(situation(busy, t).mine && !situation(busy, t).myTurn, "not while a chain plays");
});

test("pickCell: a cell, then a direction, then the listed move is sent unchanged", () => {
  const t = position("square");
  const ui = createUi();
  const s = situation(ui, t);
  const { cell, dir, target } = chainedCell(t);
  assert.deepEqual(pickCell(ui, s, cell), { focus: "arrow" });
  assert.equal(pickedCell(ui, s), cell);
  assert.equal(ui.dir, null, "four ways to point: none chosen yet");
  assert.equal(chosenOption(ui, s), null);
  assert.deepEqual(chooseDir(ui, s, dir), { focus: "arrow" });
  assert.deepEqual(chosenOption(ui, s).target, target, "the preview is the server's move_targets entry");
  const sent = chooseDir(ui, s, dir);   // the same arrow again places it
  assert.deepEqual(sent, { send: { cell, dir } });
  assert.ok(t.legal_moves.some((m) => m.cell === cell && m.dir === dir));
  assert.deepEqual([ui.cell, ui.dir, ui.focusCell], [null, null, cell]);
});

test("pickCell refuses what the table does not allow, with the reason", () => {
  const t = position("square");
  const taken = Object.keys(t.view.cells)[0];
  assert.deepEqual(pickCell(createUi(), situation(createUi(), t), taken), { say: "taken" });
  assert.deepEqual(pickCell(createUi(), situation(createUi(), t, true), "0,3", true), { say: "sending" });
  const busy = createUi();
  chainStarts(busy);
  assert.deepEqual(pickCell(busy, situation(busy, t), "0,3"), { say: "chain" });
  for (const viewer of ["waiting", null]) {
    const ui = createUi();
    assert.deepEqual(pickCell(ui, situation(ui, position("square", viewer)), "0,3"), { explain: true });
    assert.equal(ui.cell, null);
  }
});

test("picking the picked cell again: places the chosen move, or lets the cell go", () => {
  const t = position("square");
  const ui = createUi();
  const s = situation(ui, t);
  const [cell] = Object.keys(s.byCell);
  pickCell(ui, s, cell);
  assert.deepEqual(pickCell(ui, s, cell), { focus: "cell" });
  assert.deepEqual([ui.cell, ui.dir, ui.focusCell], [null, null, cell]);
  pickCell(ui, s, cell);
  chooseDir(ui, s, optionsAt(s, cell)[0].dir);
  assert.deepEqual(pickCell(ui, s, cell), { send: optionsAt(s, cell)[0].move });
});

test("a solitaire cell has one way to point: picking it chooses it, a second tap places it", () => {
  const t = position("solitaire");
  const ui = createUi();
  const s = situation(ui, t);
  const [cell] = Object.keys(s.byCell);
  pickCell(ui, s, cell);
  assert.equal(ui.dir, t.view.solitaire.forced);
  const fr = frame(t.view.board.shape, t.view.board.size, 0);
  const key = Object.entries({ ArrowUp: "N", ArrowDown: "S", ArrowLeft: "W", ArrowRight: "E" }).find(([, d]) => d !== ui.dir)[0];
  assert.deepEqual(arrowKey(ui, s, key, fr, cell), { say: "forced", dir: t.view.solitaire.forced });
  assert.deepEqual(place(ui, s), { send: { cell, dir: t.view.solitaire.forced } });
  assert.deepEqual([ui.cell, ui.dir, ui.focusCell], [null, null, cell]);
  sent(ui, true);
  assert.equal(ui.resume, true, "the keyboard was on the board: it gets it back next turn");
  resumed(ui);
  assert.equal(ui.resume, false);
});

test("chooseDir and place do nothing for a direction or a move the table did not list", () => {
  const t = position("solitaire");
  const ui = createUi();
  const s = situation(ui, t);
  assert.equal(chooseDir(ui, s, "N"), null, "no cell picked");
  const [cell] = Object.keys(s.byCell);
  pickCell(ui, s, cell);
  const other = ["N", "E", "S", "W"].find((d) => d !== t.view.solitaire.forced);
  assert.equal(chooseDir(ui, s, other), null);
  assert.equal(ui.dir, t.view.solitaire.forced);
  const none = createUi();
  assert.equal(place(none, situation(none, t)), null);
});

test("cancel lets the picked cell go and keeps the keyboard there", () => {
  const t = position("hex");
  const ui = createUi();
  const s = situation(ui, t);
  assert.equal(cancel(ui), null);
  const [cell] = Object.keys(s.byCell);
  pickCell(ui, s, cell);
  assert.deepEqual(cancel(ui), { focus: "cell" });
  assert.deepEqual([ui.cell, ui.dir, ui.focusCell], [null, null, cell]);
});

test("arrow keys: turn the picked cell's direction the way the key points, or move among the open cells", () => {
  const t = position("square");
  const ui = createUi();
  const s = situation(ui, t);
  const fr = frame("square", 4, turnFor(t.view.sides[t.you]));   // seat 1 sits north: the board is turned
  const [cell] = Object.keys(s.byCell);
  pickCell(ui, s, cell);
  assert.deepEqual(arrowKey(ui, s, "ArrowDown", fr, cell), { focus: "arrow" });
  assert.equal(ui.dir, "N", "down is the viewer's own side, north");
  arrowKey(ui, s, "ArrowUp", fr, cell);
  assert.equal(ui.dir, "S");
  cancel(ui);
  assert.deepEqual(arrowKey(ui, s, "ArrowLeft", fr, "1,0"), { focus: "cell" });
  assert.ok(openCells(s).includes(ui.focusCell));
  assert.ok(fr.cells[ui.focusCell].x < fr.cells["1,0"].x, "left on screen");
  assert.equal(arrowKey(ui, s, "Enter", fr, "1,0"), null);
});

test("a pick the table no longer lists is read as no pick (a new state took the cell)", () => {
  const t = position("square");
  const ui = createUi();
  const s = situation(ui, t);
  ui.cell = Object.keys(t.view.cells)[0];
  ui.dir = "N";
  assert.equal(pickedCell(ui, s), null);
  assert.equal(chosenOption(ui, s), null);
  assert.equal(pickedCell(ui, situation(ui, position("square", "waiting"))), null);
});

test("the steps the shell announces wait for their state; the scores at rest are kept for the +/-", () => {
  const t = position("square");
  const ui = createUi();
  const step = { seq: t.seq + 1, seat: t.you, events: [{ type: "place", cell: "0,3", dir: "N", seat: t.you, scores: [1, 2] }] };
  stepComing(ui, t, { seq: t.seq + 1, events: [{ type: "chat" }] });
  assert.equal(ui.chain.queue.length, 0, "no placement, no chain");
  stepComing(ui, t, step);
  stepComing(ui, t, step);
  assert.deepEqual(ui.chain.queue, [step], "once");
  assert.deepEqual(ui.before, { seq: t.seq, scores: t.view.scores });
  assert.deepEqual(takeSteps(ui, t), [], "its state has not arrived");
  const after = { ...t, seq: t.seq + 1 };
  assert.deepEqual(takeSteps(ui, after), [step]);
  assert.deepEqual(ui.chain.queue, []);
  chainStarts(ui);
  stepComing(ui, after, { ...step, seq: t.seq + 2 });
  assert.deepEqual(ui.before, { seq: t.seq, scores: t.view.scores }, "counted from the last rest, not mid-chain");
  assert.deepEqual(takeSteps(ui, { ...t, seq: t.seq + 2 }), [], "one chain at a time");
  chainShows(ui, { index: 0 });
  skipChain(ui);
  assert.ok(ui.chain.skipping);
  chainEnds(ui);
  assert.deepEqual([ui.chain.busy, ui.chain.frame, ui.chain.skipping], [false, null, false]);
  assert.equal(takeSteps(ui, { ...t, seq: t.seq + 2 }).length, 1);
});

test("takeSteps keeps only the steps that lead straight to the state", () => {
  const t = position("square");
  const ui = createUi();
  const place = (seq) => ({ seq, events: [{ type: "place", cell: "0,3", dir: "N" }] });
  for (const seq of [t.seq - 3, t.seq - 1, t.seq, t.seq + 1]) stepComing(ui, null, place(seq));
  assert.deepEqual(takeSteps(ui, t).map((s) => s.seq), [t.seq - 1, t.seq]);
  assert.deepEqual(ui.chain.queue.map((s) => s.seq), [t.seq + 1], "a later step waits for its own state");
});

test("chain frames: the cells before the step, the drop, each turn in order, the cells after it", () => {
  let checked = 0;
  for (const { step } of steps(fx)) {
    const [item] = chainItems([step], { seq: step.seq, view: { cells: step.cells_after } }, [0, 0]);
    assert.deepEqual(item.cells, step.cells_before);
    const frames = framesOf(item);
    const turns = step.events.filter((e) => e.type === "turn");
    assert.equal(frames.length, turns.length + 3);
    assert.deepEqual(frames[0].frame.cells, step.cells_before);
    assert.equal(frames[0].frame.index, -1);
    assert.ok(frames[1].frame.dropping && frames[1].frame.placed === step.events[0].cell);
    turns.forEach((turn, i) => {
      const f = frames[i + 2].frame;
      assert.deepEqual([f.index, f.turning, f.by, f.cells[turn.cell].dir], [i + 1, turn.cell, turn.by, turn.dir]);
    });
    const last = frames[frames.length - 1].frame;
    assert.ok(last.done);
    assert.deepEqual(last.cells, step.cells_after);
    assert.deepEqual(last.scores, step.events[0].scores, "the scores after the chain are the place event's");
    assert.ok(frames.every((f) => f.wait > 0));
    checked += 1;
  }
  assert.ok(checked >= 10);
});
