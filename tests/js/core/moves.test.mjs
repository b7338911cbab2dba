// core/moves.js: the table page's move in flight. Sent by the socket it waits for its own step (or a
// refusal); by REST when the socket is down; sent again with the same seq after a pause when the server
// could not save it, until the table moves on or about 45 s have passed; never two at once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Mover, ownStep, causeOf, RETRY_MS, ANSWER_MS } from "../../../static/js/core/moves.js";

// The page around a Mover: a table at seq 4 for seat 1, a socket that is up unless told otherwise, a REST
// post the test answers, and a clock whose sleeps and timers the test runs by hand.
function page({ socketUp = true, post = null } = {}) {
  const log = { sent: [], posted: [], toasts: [], errors: [], said: [], syncs: 0, refreshed: 0, applied: [],
                animated: [], redraws: 0, removed: [] };
  const table = { seq: 4 };
  const timers = [];
  const sleeps = [];
  const io = {
    conn: { send: (msg) => { if (!socketUp) return false; log.sent.push(msg); return true; },
            requestSync: () => { log.syncs += 1; } },
    post: post || (async (path, body) => { log.posted.push([path, body]); return { seq: body.seq + 1, last: { seq: body.seq + 1 } }; }),
    path: "/api/tables/ABCD/moves",
    table: () => table,
    me: () => 1,
    applied: (t) => { log.applied.push(t); table.seq = t.seq; },
    animate: (step) => log.animated.push(step),
    refresh: () => { log.refreshed += 1; },
    redraw: () => { log.redraws += 1; },
    toast: (text, kind, ms) => { const el = { text, kind, ms, remove: () => log.removed.push(text) }; log.toasts.push(el); return el; },
    showError: (err) => log.errors.push(err),
    say: (text) => log.said.push(text),
  };
  const clock = {
    sleep: (ms) => new Promise((resolve) => sleeps.push({ ms, resolve })),
    setTimeout: (fn, ms) => timers.push({ fn, ms }),
    random: () => 0.5,   // no jitter: RETRY_MS exactly
  };
  const mover = new Mover(io, clock);
  return { mover, io, log, table, timers, sleeps };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const move = { card: "5H", side: "N", piece: 2 };

test("ownStep: my seat, the next seq, my move where the step shows it (hidden fields match anything)", () => {
  const entry = { seq: 4, move };
  assert.equal(ownStep({ seq: 5, seat: 1, move }, entry, 1), true);
  assert.equal(ownStep({ seq: 5, seat: 1, move: { card: null, side: "N", piece: 2 } }, entry, 1), true);
  assert.equal(ownStep({ seq: 5, seat: 1, move: null }, entry, 1), true);
  assert.equal(ownStep({ seq: 5, seat: 0, move }, entry, 1), false);           // another seat's move at that seq
  assert.equal(ownStep({ seq: 6, seat: 1, move }, entry, 1), false);           // not the step after it
  assert.equal(ownStep({ seq: 5, seat: 1, move: { ...move, side: "S" } }, entry, 1), false);
});

test("causeOf: no answer or a proxy's 5xx is the network; the server's own code otherwise", () => {
  assert.equal(causeOf({ status: 0, code: undefined }), "network");
  assert.equal(causeOf({ status: 502, code: "http" }), "network");
  assert.equal(causeOf({ status: 503, code: "unavailable" }), "unavailable");
  assert.equal(causeOf({ status: 409, code: "stale_seq" }), "stale_seq");
});

test("a socket move is pending until its own step comes back, then settles ok", async () => {
  const { mover, log } = page();
  const answer = mover.send(move);
  assert.deepEqual(log.sent, [{ type: "move", seq: 4, move }]);
  assert.equal(mover.pending, true);
  mover.settle({ seq: 5, seat: 0, move: {} });   // someone else's step: still waiting
  assert.equal(mover.pending, true);
  mover.settle({ seq: 5, seat: 1, move });
  assert.deepEqual(await answer, { ok: true });
  mover.moved();   // the state that came with it
  assert.equal(mover.pending, false);
});

test("only one move at a time: a second one is refused with a sentence, not sent", async () => {
  const { mover, log } = page();
  mover.send(move);
  assert.deepEqual(await mover.send(move), { ok: false, code: "pending" });
  assert.equal(log.sent.length, 1);
  assert.equal(log.said.length, 1);
});

test("a refusal settles the move with the server's code; a stale_seq is quiet when the game asked", async () => {
  const { mover } = page();
  let answer = mover.send(move);
  assert.equal(mover.refused({ code: "illegal_move", detail: "No." }), false);   // shown
  assert.deepEqual(await answer, { ok: false, code: "illegal_move", detail: "No." });
  assert.equal(mover.pending, false);
  answer = mover.send(move, { quietStale: true });
  assert.equal(mover.refused({ code: "stale_seq", detail: "Someone played first." }), true);
  assert.equal((await answer).code, "stale_seq");
  assert.equal(mover.refused({ code: "not_your_turn" }), false);   // nothing in flight: the page shows it
});

test("no answer in time: the board is unstuck, a sync is asked, and the move is sent again", async () => {
  const { mover, log, timers, sleeps } = page();
  const answer = mover.send(move);
  assert.equal(timers.length, 1);
  assert.equal(timers[0].ms, ANSWER_MS);
  timers[0].fn();
  assert.equal(log.syncs, 1);
  await flush();
  assert.equal(sleeps.length, 1);   // "timeout" is retryable: a pause, then the same move at the same seq
  assert.equal(sleeps[0].ms, RETRY_MS[0]);
  assert.equal(log.toasts[0].kind, "info");
  sleeps[0].resolve();
  await flush();
  assert.deepEqual(log.sent[1], { type: "move", seq: 4, move });
  mover.settle({ seq: 5, seat: 1, move });
  assert.deepEqual(await answer, { ok: true });
});

test("a server that cannot save: retried with back-off until the table moves on, then a quiet stale_seq", async () => {
  const { mover, log, table, sleeps } = page();
  const answer = mover.send(move);
  assert.equal(mover.refused({ code: "unavailable", detail: "down" }), true);   // quiet: it is sent again
  await flush();
  assert.equal(sleeps[0].ms, RETRY_MS[0]);
  table.seq = 5;   // it was saved after all (or someone else moved): stop
  sleeps[0].resolve();
  assert.deepEqual(await answer, { ok: false, code: "stale_seq" });
  assert.equal(log.sent.length, 1);
});

test("retries give up after the last pause and tell the player", async () => {
  const { mover, log, sleeps } = page();
  const answer = mover.send(move);
  for (let i = 0; i <= RETRY_MS.length; i += 1) {
    mover.refused({ code: "unavailable" });
    await flush();
    if (i < RETRY_MS.length) {
      assert.equal(sleeps[i].ms, RETRY_MS[i]);
      sleeps[i].resolve();
      await flush();
    }
  }
  assert.deepEqual(await answer, { ok: false, code: "unavailable", detail: undefined });
  assert.equal(log.sent.length, RETRY_MS.length + 1);
  assert.equal(log.toasts.at(-1).kind, "error");
  assert.ok(log.removed.length >= 1);   // the "sent again in a moment" notice went away
});

test("with the socket down the move goes by REST, its answer is applied and animated", async () => {
  const { mover, log } = page({ socketUp: false });
  assert.deepEqual(await mover.send(move), { ok: true });
  assert.deepEqual(log.posted, [["/api/tables/ABCD/moves", { seq: 4, move }]]);
  assert.equal(log.applied[0].seq, 5);
  assert.equal(log.animated[0].seq, 5);
  assert.equal(mover.pending, false);
});

test("a REST refusal is shown and settles; a stale one refreshes the table", async () => {
  const refuse = (status, code) => async () => { throw Object.assign(new Error(`${code}!`), { status, code }); };
  let p = page({ socketUp: false, post: refuse(422, "illegal_move") });
  assert.deepEqual(await p.mover.send(move), { ok: false, code: "illegal_move", detail: "illegal_move!" });
  assert.equal(p.log.errors.length, 1);
  p = page({ socketUp: false, post: refuse(409, "stale_seq") });
  assert.equal((await p.mover.send(move, { quietStale: true })).code, "stale_seq");
  assert.equal(p.log.refreshed, 1);
  assert.equal(p.log.errors.length, 0);   // quiet: the game resends it
});
