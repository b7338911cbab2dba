// The Hint button's answer on the boards of Dash, Turning Points and Martian Treasure Hunt (issue 49): what
// each board keeps of the bot's suggestion and how the banner and the live region say it, on tables in play
// as the engines write them (tests/js/fixtures/<game>.json).
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture } from "../helpers/fixtures.mjs";
import * as DashUI from "../../../static/js/games/dash/ui.js";
import * as DashWords from "../../../static/js/games/dash/words.js";
import * as TPWords from "../../../static/js/games/turning_points/words.js";
import * as MTHWords from "../../../static/js/games/martian_treasure_hunt/words.js";

const dash = fixture("dash");
const position = (label, viewer = "acting") => dash.positions.find((p) => p.label === label && p.viewer === viewer);

test("Dash: a draw hint is kept for this table state only, and gives the Draw button the keyboard", () => {
  const t = position("draw");
  const ui = DashUI.create();
  assert.deepEqual(DashUI.showHint(ui, t, t.legal_moves[0], "the only move"), { focus: "draw" });
  assert.equal(DashUI.hintNow(ui, t).reason, "the only move");
  assert.equal(DashUI.hintNow(ui, { ...t, seq: t.seq + 1 }), null, "the table moved on");
  assert.equal(DashUI.hintNow(ui, position("answer")), null, "no draw listed there");
  const banner = DashWords.hintBanner(ui.hint, true);
  assert.match(banner, /^Hint: draw a card \(the only move\)\. Press “Draw a card” \(or D\)\.$/);
  assert.equal(DashWords.hintSaid(ui.hint), "Hint: draw a card (the only move)");
});

test("Dash: a dare's hint fills the dare box; a hint for a move the table does not list is dropped", () => {
  const t = position("write");
  const ui = DashUI.create();
  DashUI.newState(ui, t, t.you);
  assert.deepEqual(DashUI.showHint(ui, t, { action: "set_dare", text: "Hum a tune." }, "why"), { focus: "input" });
  assert.equal(ui.dare.draft, "Hum a tune.");
  assert.match(DashWords.hintBanner(ui.hint, false), /dare: “Hum a tune\.”/);
  const other = DashUI.create();
  assert.equal(DashUI.showHint(other, t, { action: "draw" }, "why"), null);
  assert.equal(other.hint, null);
  const answer = position("answer");
  assert.deepEqual(DashUI.showHint(DashUI.create(), answer, { action: "answer_dare", done: true }, "keeps"), { focus: "done" });
});

test("Turning Points and Martian Treasure Hunt: the hint in words, with the server's reason", () => {
  const tp = { move: { cell: "1,3", dir: "W" }, reason: "your score goes from 0 to 1" };
  assert.equal(TPWords.hintSaid(tp), "Hint: 1,3: pointing west (your score goes from 0 to 1)");
  assert.match(TPWords.hintBanner(tp, false), /Press Enter or “Place” to play it/);
  assert.match(TPWords.hintBanner(tp, true), /Tap the arrow again/);
  const play = { move: { to: "2,2" }, reason: "takes the small pyramid on 2,2: 1 point" };
  assert.equal(MTHWords.hintSaid(play), "Hint: the coin to 2,2 (takes the small pyramid on 2,2: 1 point)");
  assert.match(MTHWords.hintBanner(play, false), /square marked ★/);
  const order = { move: { order: [0, 1, 2, 3, 4, 5] }, reason: "" };
  assert.equal(MTHWords.hintSaid(order), "Hint: this order of your coins");
  assert.match(MTHWords.hintBanner(order, false), /Place my coins/);
});
