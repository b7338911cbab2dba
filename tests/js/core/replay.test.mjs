// core/replay.js's stepWords: the line under a replay's board, from the game's describeEvent over a
// step's events (real steps from the engines: tests/js/fixtures).
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { stepWords } from "../../../static/js/core/replay.js";
import * as dash from "../../../static/js/games/dash/words.js";
import * as turningPoints from "../../../static/js/games/turning_points/words.js";
import { fixture, steps, namesFor } from "../helpers/fixtures.mjs";

const names = namesFor(null);

test("before any move: the position as dealt", () => {
  assert.equal(stepWords(dash, null, names), "The position as dealt.");
});

test("each event's line, joined by semicolons; only the last keeps its full stop", () => {
  const { step } = [...steps(fixture("dash"))].find(({ step: s }) => s.events.length >= 2
    && s.events.every((e) => e.type !== "dare_set"));
  const lines = step.events.map((e) => dash.describeEvent({ seat: step.seat, ...e }, names));
  const words = stepWords(dash, step, names);
  assert.equal(words, lines.map((l, i) => (i < lines.length - 1 ? l.replace(/\.$/, "") : l)).join("; "));
  assert.equal(words.split("; ").length, lines.length);
  assert.ok(words.endsWith("."));
});

test("events the game leaves out of the log (null) are left out of the line", () => {
  const { step } = [...steps(fixture("turning-points"))].find(({ step: s }) => s.events.some((e) => e.type === "turn"));
  const words = stepWords(turningPoints, step, names);
  const placed = step.events.find((e) => e.type === "place");
  assert.equal(words.split("; ")[0], turningPoints.describeEvent({ seat: step.seat, ...placed }, names));
  assert.ok(!words.includes("turned from"), "one line for the chain, not one per turn");
});

test("a game without describeEvent: the name and the events' own text", () => {
  const step = { seat: 1, move: { x: 1 }, events: [{ type: "draw", text: "drew a card" }, { type: "pass" }] };
  assert.equal(stepWords({}, step, names), "Bea drew a card; pass");
  assert.equal(stepWords(null, { seat: 0, move: { x: 1 }, events: [] }, names), 'Ann {"x":1}');
});

test("a module whose describeEvent says nothing for every event falls back to the events' text", () => {
  const mod = { describeEvent: () => null };
  assert.equal(stepWords(mod, { seat: 2, events: [{ type: "roll", text: "rolled 3" }] }, names), "Cal rolled 3");
});
