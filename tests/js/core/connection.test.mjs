// core/connection.js: the table socket's reconnects (back-off, close codes), its seq cursor (duplicates
// dropped, a gap asks for a sync once) and what it sends on open, on visibility and on its own.
import { document, fireWindow } from "../helpers/dom.mjs";
import { test, beforeEach, afterEach } from "node:test";
import assert from "node:assert/strict";
import { installClock } from "../helpers/clock.mjs";
import { Connection } from "../../../static/js/core/connection.js";

// A WebSocket the test drives: open(), message(obj) and drop(code) play the server's part.
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static made = [];
  constructor(url) {
    this.url = url;
    this.readyState = FakeSocket.CONNECTING;
    this.sent = [];
    this.closedWith = null;
    FakeSocket.made.push(this);
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close(code) { this.closedWith = code; this.readyState = FakeSocket.CLOSED; }
  open() { this.readyState = FakeSocket.OPEN; this.onopen(); }
  message(obj) { this.onmessage({ data: JSON.stringify(obj) }); }
  drop(code, reason = "") { this.readyState = FakeSocket.CLOSED; if (this.onclose) this.onclose({ code, reason }); }
}
globalThis.WebSocket = FakeSocket;

let clock, statuses, messages, randomSaved;
const conns = [];   // stopped after each test: their page listeners stay registered
const last = () => FakeSocket.made[FakeSocket.made.length - 1];
const downDelays = () => statuses.filter(([s]) => s === "down").map(([, d]) => d);

function connect(path = "/ws/tables/ABCD") {
  const conn = new Connection(path, {
    onMessage: (msg) => messages.push(msg),
    onStatus: (status, info) => statuses.push([status, info]),
  });
  conn.start();
  conns.push(conn);
  return conn;
}

beforeEach(() => {
  clock = installClock();
  FakeSocket.made = [];
  statuses = [];
  messages = [];
  randomSaved = Math.random;
  Math.random = () => 0.5;   // the jitter's middle: back-off delays come out exact
  document.hidden = false;
});
afterEach(() => {
  for (const conn of conns.splice(0)) conn.stop();
  clock.restore();
  Math.random = randomSaved;
});

test("it connects to the page's host with ws: and says connecting, then open", () => {
  connect();
  assert.equal(last().url, "ws://table.test/ws/tables/ABCD");
  assert.deepEqual(statuses, [["connecting", undefined]]);
  last().open();
  assert.deepEqual(statuses.at(-1), ["open", undefined]);
});

test("https pages use wss:", () => {
  const saved = location.protocol;
  location.protocol = "https:";
  try {
    connect("/ws/me");
    assert.equal(last().url, "wss://table.test/ws/me");
  } finally {
    location.protocol = saved;
  }
});

test("a dropped socket comes back with exponential back-off: 400 ms doubling up to 8 s", () => {
  connect();
  for (let i = 0; i < 7; i += 1) {
    last().drop(1006);
    clock.tick(60000);   // the reconnect falls due and opens a new socket that fails again
  }
  assert.deepEqual(downDelays(), [400, 800, 1600, 3200, 6400, 8000, 8000]);
  assert.equal(FakeSocket.made.length, 8);
  assert.equal(statuses.filter(([s]) => s === "reconnecting").length, 0, "never open yet: still connecting");
});

test("the back-off has ±25 % jitter", () => {
  connect();
  Math.random = () => 0;
  last().drop(1006);
  Math.random = () => 0.999999;
  clock.tick(1000);
  last().drop(1006);
  const [low, high] = downDelays();
  assert.equal(low, 300);    // 400 × 0.75
  assert.equal(high, 1000);  // 800 × 1.25 (rounded)
});

test("a socket that opened resets the back-off", () => {
  connect();
  last().drop(1006);
  clock.tick(400);
  last().drop(1006);
  clock.tick(800);
  last().open();
  last().drop(1006);
  assert.deepEqual(downDelays(), [400, 800, 400]);
  assert.deepEqual(statuses.at(-2), ["open", undefined]);
});

test("1012 and 1001 (the instance is going away) come back at a random moment within 0.25-3 s", () => {
  for (const code of [1012, 1001]) {
    statuses = [];
    const conn = connect();
    last().open();
    last().drop(1006);   // an ordinary drop first: the back-off grows
    clock.tick(400);
    last().drop(code);
    Math.random = () => 0;
    const made = FakeSocket.made.length;
    assert.equal(downDelays().at(-1), Math.round(250 + 0.5 * 2750));
    clock.tick(1624);
    assert.equal(FakeSocket.made.length, made, "not before its moment");
    clock.tick(1);
    assert.equal(FakeSocket.made.length, made + 1);
    last().drop(1006);
    // the restart counted as a first attempt: the next drop waits 800 × 0.75, not 1600 × 0.75
    assert.equal(downDelays().at(-1), 600);
    Math.random = () => 0.5;
    conn.stop();
  }
});

test("1013 (the server's database is down) backs off like any drop", () => {
  connect();
  last().drop(1013);
  clock.tick(400);
  last().drop(1013);
  assert.deepEqual(downDelays(), [400, 800]);
});

test("4400-4499: the server refuses the table for good, with its reason, and no reconnect", () => {
  connect();
  last().open();
  last().drop(4404, "There is no table ABCD.");
  assert.deepEqual(statuses.at(-1), ["closed", "There is no table ABCD."]);
  clock.tick(60000);
  assert.equal(FakeSocket.made.length, 1);
  assert.deepEqual(clock.pending(), []);

  statuses = [];
  connect();
  last().drop(4499);
  assert.deepEqual(statuses.at(-1), ["closed", "The server closed the connection."]);
});

test("stop() closes with 1000 and does not come back", () => {
  const conn = connect();
  last().open();
  conn.stop();
  assert.equal(last().closedWith, 1000);
  last().drop(1000);
  clock.tick(60000);
  assert.equal(FakeSocket.made.length, 1);
  assert.equal(downDelays().length, 0);
});

test("a reconnect asks for the steps missed since the last seq it applied", () => {
  const conn = connect();
  last().open();
  last().message({ type: "state", seq: 7, state: { seq: 7 } });
  last().drop(1006);
  assert.deepEqual(statuses.at(-1), ["down", 400]);
  clock.tick(400);
  assert.equal(last().url, "ws://table.test/ws/tables/ABCD?since=7");
  assert.deepEqual(statuses.at(-1), ["reconnecting", undefined]);
  assert.equal(conn.syncing, true, "the catch-up is on its way: gaps are not reported again meanwhile");
});

test("a socket that never opened reconnects without ?since", () => {
  connect();
  last().drop(1006);
  clock.tick(400);
  assert.equal(last().url, "ws://table.test/ws/tables/ABCD");
});

test("updates: the next seq is applied, a duplicate is dropped, a gap asks for one sync", () => {
  const conn = connect();
  const ws = last();
  ws.open();
  ws.message({ type: "state", seq: 3 });
  assert.equal(conn.lastSeq, 3);
  ws.message({ type: "update", seq: 4 });
  assert.equal(conn.lastSeq, 4);
  ws.message({ type: "update", seq: 4 });   // already applied
  ws.message({ type: "update", seq: 2 });
  ws.message({ type: "update", seq: 6 });   // 5 went missing
  ws.message({ type: "update", seq: 7 });   // still missing: no second sync while one is on its way
  assert.deepEqual(messages.map((m) => [m.type, m.seq]), [["state", 3], ["update", 4]]);
  assert.deepEqual(ws.sent.filter((m) => m.type === "sync"), [{ type: "sync", since: 4 }]);
  assert.equal(conn.lastSeq, 4);
  ws.message({ type: "sync", state: { seq: 7 }, steps: [] });
  assert.equal(conn.syncing, false);
  assert.equal(conn.lastSeq, 7);
  ws.message({ type: "update", seq: 8 });
  assert.equal(conn.lastSeq, 8);
  assert.deepEqual(messages.map((m) => m.type), ["state", "update", "sync", "update"]);
});

test("a sync that never comes stops holding gaps back after 5 s", () => {
  const conn = connect();
  const ws = last();
  ws.open();
  ws.message({ type: "state", seq: 1 });
  ws.message({ type: "update", seq: 3 });
  clock.tick(4999);
  ws.message({ type: "update", seq: 3 });
  assert.equal(ws.sent.filter((m) => m.type === "sync").length, 1);
  clock.tick(1);
  assert.equal(conn.syncing, false);
  ws.message({ type: "update", seq: 3 });
  assert.equal(ws.sent.filter((m) => m.type === "sync").length, 2);
});

test("messages that are not JSON are ignored; other types pass through untouched", () => {
  connect();
  last().open();
  last().onmessage({ data: "not json" });
  last().message({ type: "chat", text: "hi" });
  last().message({ type: "error", code: "stale_seq" });
  assert.deepEqual(messages.map((m) => m.type), ["chat", "error"]);
});

test("send() only while open, and says whether it went", () => {
  const conn = connect();
  assert.equal(conn.send({ type: "move", seq: 1, move: {} }), false);
  last().open();
  assert.equal(conn.send({ type: "move", seq: 1, move: { cell: "0,0" } }), true);
  assert.deepEqual(last().sent, [{ type: "move", seq: 1, move: { cell: "0,0" } }]);
  last().send = () => { throw new Error("gone"); };
  assert.equal(conn.send({ type: "ping" }), false);
});

test("it pings every 25 s while open, and stops when the socket drops", () => {
  connect();
  last().open();
  clock.tick(50000);
  assert.equal(last().sent.filter((m) => m.type === "ping").length, 2);
  const ws = last();
  ws.drop(1006);
  clock.tick(400);
  clock.tick(50000);
  assert.equal(ws.sent.filter((m) => m.type === "ping").length, 2);
});

test("a page opened hidden says so on every new socket; visibility changes are sent", () => {
  document.hidden = true;
  connect();
  last().open();
  assert.deepEqual(last().sent, [{ type: "visibility", visible: false }]);
  document.hidden = false;
  document.fire("visibilitychange");
  assert.deepEqual(last().sent.at(-1), { type: "visibility", visible: true });
});

test("shown again while down, or back online: it reconnects at once", () => {
  connect();
  last().drop(1006);
  last().drop(1006);   // a stale second close of the same socket changes nothing
  assert.equal(FakeSocket.made.length, 1);
  document.fire("visibilitychange");
  assert.equal(FakeSocket.made.length, 2, "shown and not open: reconnect now, not after the back-off");
  last().drop(1006);
  fireWindow("online");
  assert.equal(FakeSocket.made.length, 3);
  fireWindow("online");   // connecting already: no second socket
  assert.equal(FakeSocket.made.length, 3);
});

test("restart() (a new identity after joining) replaces the socket at once, without a back-off", () => {
  const conn = connect();
  const old = last();
  old.open();
  conn.restart();
  assert.equal(old.closedWith, 1000);
  assert.equal(old.onclose, null, "the old socket's close does not schedule a reconnect");
  assert.equal(FakeSocket.made.length, 2);
  assert.equal(conn.attempts, 0);
});

test("a WebSocket constructor that throws is retried with back-off", () => {
  const Real = globalThis.WebSocket;
  globalThis.WebSocket = class extends FakeSocket { constructor() { throw new Error("blocked"); } };
  try {
    connect();
    assert.deepEqual(downDelays(), [400]);
  } finally {
    globalThis.WebSocket = Real;
  }
});

test("saw: a table state that came another way (REST) moves the seq cursor forward, never back", () => {
  const conn = connect();
  conn.saw(7);
  assert.equal(conn.lastSeq, 7);
  conn.saw(3);
  conn.saw(undefined);
  assert.equal(conn.lastSeq, 7);
});
