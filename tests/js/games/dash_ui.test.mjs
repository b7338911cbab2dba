// Dash's board state (ui.js) on tables in play as the engine writes them (tests/js/fixtures/dash.json
// "positions": a card to draw, a dare to write, a dare to answer, the race there and back; each seen by the
// seat to act, another seat and a spectator): each ui function's transition.
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture } from "../helpers/fixtures.mjs";
import * as UI from "../../../static/js/games/dash/ui.js";

const fx = fixture("dash");
const position = (label, viewer = "acting") => fx.positions.find((p) => p.label === label && p.viewer === viewer);
const fresh = (t) => { const ui = UI.create(); UI.newState(ui, t, t.you); return ui; };

test("the positions: a draw, a dare to write (by the others), a dare to answer (by the dared)", () => {
  assert.deepEqual(UI.actions(position("draw")), ["draw"]);
  assert.deepEqual(UI.actions(position("write")), ["set_dare"]);
  assert.deepEqual(UI.actions(position("answer")), ["answer_dare", "answer_dare"]);
  for (const t of fx.positions) if (t.viewer !== "acting") assert.deepEqual(t.legal_moves, []);
});

test("draw: the listed draw is sent, never while a move is on its way, never when none is listed", () => {
  const t = position("draw");
  assert.deepEqual(UI.draw(t, false), { send: t.legal_moves[0] });
  assert.ok(UI.draw(t, false).send === t.legal_moves[0], "the server's own dict");
  assert.equal(UI.draw(t, true), null);
  assert.equal(UI.draw(position("draw", "waiting"), false), null);
  assert.equal(UI.draw(position("answer"), false), null);
});

test("dareStage: who writes, who waits, who answers", () => {
  const stage = (label, viewer) => UI.dareStage(position(label, viewer), position(label, viewer).you).stage;
  assert.equal(stage("write", "acting"), "write");
  assert.equal(stage("write", "waiting"), "wait-write", "the dared seat waits for its dare");
  assert.equal(stage("write", null), "wait-write");
  assert.equal(stage("answer", "acting"), "answer");
  assert.equal(stage("answer", "waiting"), "wait-answer");
  assert.equal(stage("draw", "acting"), null);
  const t = position("write");
  assert.notEqual(UI.dareStage(t, 0).key, UI.dareStage(t, 2).key, "another viewer, another panel");
});

test("newState: a panel starts afresh for each dare and stage; the same state keeps the draft", () => {
  const t = position("write"), ui = UI.create();
  assert.equal(UI.newState(ui, t, t.you), null);
  assert.equal(ui.dare.stage, "write");
  UI.typeDare(ui, "Sing");
  assert.equal(UI.newState(ui, { ...t }, t.you), null);
  assert.equal(ui.dare.draft, "Sing");
  UI.newState(ui, position("draw"), 0);
  assert.deepEqual(ui.dare, { stage: null, key: null, draft: "", sent: null, confirming: false });
});

test("newState: a dare this page was writing that another writer's beat is said, with the setter", () => {
  const write = position("write"), answer = position("answer", "waiting");
  assert.equal(answer.you, write.you);
  const setter = answer.last.events.find((e) => e.type === "dare_set").seat;
  let ui = fresh(write);
  UI.typeDare(ui, "Hop on one foot");
  assert.deepEqual(UI.newState(ui, answer, answer.you), { say: { stood: setter } });
  assert.equal(ui.dare.stage, "wait-answer");
  ui = fresh(write);
  UI.typeDare(ui, answer.view.dare.text);
  UI.sendDare(ui, write, 200);
  assert.equal(UI.newState(ui, answer, answer.you), null, "its own dare stands: nothing to say");
  ui = fresh(write);
  assert.equal(UI.newState(ui, answer, answer.you), null, "nothing typed: nothing lost");
});

test("typing and sending a dare: one line, counted in characters, at most dare_max, the text trimmed", () => {
  const t = position("write"), ui = fresh(t);
  assert.deepEqual(UI.sendDare(ui, t, 200), { problem: "empty" });
  UI.typeDare(ui, "Sing\nloud\r\n");
  assert.equal(ui.dare.draft, "Sing loud ");
  UI.typeDare(ui, "😀".repeat(5));
  assert.deepEqual(UI.draftState(ui, 5), { n: 5, over: false, ok: true });
  assert.deepEqual(UI.draftState(ui, 4), { n: 5, over: true, ok: false });
  assert.deepEqual(UI.sendDare(ui, t, 4), { problem: "long" });
  UI.typeDare(ui, "  Sing a song  ");
  assert.deepEqual(UI.sendDare(ui, t, 200), { send: { action: "set_dare", text: "Sing a song" }, quietStale: true });
  assert.equal(ui.dare.sent, "Sing a song");
  UI.dareRefused(ui, { ok: false, code: "stale_seq" });
  assert.equal(ui.dare.sent, "Sing a song", "a race lost is no refusal of the text");
  UI.dareRefused(ui, { ok: false, code: "illegal_move" });
  assert.equal(ui.dare.sent, null);
  assert.equal(UI.sendDare(ui, position("write", "waiting"), 200), null, "no dare to set now");
  assert.deepEqual(UI.suggest(ui, t.view.dare_suggestions[0]), { focus: "input" });
  assert.equal(ui.dare.draft, t.view.dare_suggestions[0]);
});

test("answering: Done, or Refuse asked first and taken back; only when the table lists it", () => {
  const t = position("answer"), ui = fresh(t);
  assert.deepEqual(UI.askRefuse(ui), { focus: "confirm" });
  assert.equal(ui.dare.confirming, true);
  assert.deepEqual(UI.keepDare(ui), { focus: "done" });
  assert.equal(UI.keepDare(ui), null);
  UI.askRefuse(ui);
  assert.deepEqual(UI.answer(ui, t, false), { send: { action: "answer_dare", done: false } });
  assert.equal(ui.dare.confirming, false);
  assert.deepEqual(UI.answer(ui, t, true), { send: { action: "answer_dare", done: true } });
  assert.equal(UI.answer(ui, position("answer", "waiting"), true), null);
});

test("stepArrived keeps the step to play once its state is drawn", () => {
  const ui = UI.create(), step = position("draw").last;
  UI.stepArrived(ui, step);
  assert.equal(ui.step, step);
});
