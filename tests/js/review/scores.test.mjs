// The review room's display of the bots' scores (static/js/review/scores.js) on GET /api/tables/{code}/scores
// answers shaped as docs/API.md says: progress while they are worked out, each move's mark, the step's move,
// the turning point; polling stops once they are done, failed or absent (404).
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { installClock } from "../helpers/clock.mjs";
import { createScores, markClass } from "../../../static/js/review/scores.js";

const move = (seq, mark, summary) => ({ seq, seat: 0, cost: mark ? 0.2 : 0, mark, summary, before: 0.6, after: 0.4,
  best: null, best_text: mark ? "8♦ north: red 3 d2→d7" : null });

function server(answers) {
  const asked = [];
  return { asked, fetchJson: async (path) => { asked.push(path); return answers.length > 1 ? answers.shift() : answers[0]; } };
}

const settle = () => new Promise((r) => setImmediate(r));

test("progress while running, then marks, the step's move and the turning point; polling stops when done", async () => {
  const clock = installClock();
  try {
    const el = document.createElement("section");
    const srv = server([
      { status: "running", done: 11, total: 27, turning_point: null, moves: [] },
      { status: "done", done: 27, total: 27, turning_point: 12, unit: "chance", moves: [move(11, null, "fine"), move(12, "??", "lets the green tree go")] },
    ]);
    let changes = 0;
    const scores = createScores(el, { code: "abc", fetchJson: srv.fetchJson, onChange: () => { changes++; } });
    await settle();
    scores.render(3, (s) => `Seat ${s}`);
    assert.match(el.textContent, /Scoring move 12 of 27/);
    assert.equal(scores.turningPoint, null);
    clock.tick(1500);
    await settle();
    assert.equal(scores.status, "done");
    assert.equal(scores.turningPoint, 12);
    assert.equal(scores.markOf(12), "??");
    assert.equal(scores.markOf(11), null);
    scores.render(12, (s) => (s === 0 ? "Ann" : "?"));
    assert.match(el.textContent, /turning point was move 12/);
    assert.match(el.textContent, /Move 12 \(Ann\): lets the green tree go/);
    assert.match(el.textContent, /Win chance 60% before, 40% after/);
    assert.match(el.textContent, /The bot's choice: 8♦ north/);
    assert.equal(changes, 2);
    clock.tick(60000);
    await settle();
    assert.equal(srv.asked.length, 2);   // done: no more polls
    assert.deepEqual(srv.asked, ["/api/tables/abc/scores", "/api/tables/abc/scores"]);
  } finally {
    clock.restore();
  }
});

test("no scores (404) shows nothing and asks no more", async () => {
  const clock = installClock();
  try {
    const el = document.createElement("section");
    const srv = server([null]);
    const scores = createScores(el, { code: "abc", fetchJson: srv.fetchJson });
    await settle();
    scores.render(1);
    assert.equal(el.hidden, true);
    clock.tick(60000);
    await settle();
    assert.equal(srv.asked.length, 1);
    assert.equal(scores.markOf(1), null);
  } finally {
    clock.restore();
  }
});

test("marks are named for their styles", () => {
  assert.deepEqual(["?!", "?", "??", null].map(markClass), ["dubious", "mistake", "blunder", "none"]);
});
