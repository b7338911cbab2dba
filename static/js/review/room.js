// The review room of a finished table (/t/<code>/review): everyone here shows the step the leader shows
// (the host first; anyone may take the lead), points at the board for the others, may browse alone and
// come back, and plays what-ifs. The room's socket is /ws/review/<code> (docs/API.md "Review rooms");
// positions come from POST /api/tables/<code>/review/line. Browsing alone is the replay of the table page.
import { get, post, toast } from "../core/api.js";
import { h, onRedraw, redraw, state as S } from "../core/store.js";
import { attachPointer, showPointer } from "./pointer.js";
import { createScores } from "./scores.js";
import { createView, posKey, realPos } from "./view.js";
import { createWhatIfs } from "./whatif.js";
import { embeddedStart, setupNoSpoil } from "./nospoil.js";
import { t } from "../core/i18n.js";

const root = document.getElementById("review-root");
const code = root.dataset.code;
const $ = (id) => document.getElementById(id);
const CACHE_MAX = 300;
const MAX_BACKOFF_MS = 8000;
const noSpoil = setupNoSpoil(root, code);   // "Don't spoil" (review/nospoil.js): the page opens at the deal

Object.assign(S, { code, of: 0, mod: undefined, seats: [], you: null, host: null, room: null, mode: "follow",
  pos: realPos(0), data: new Map(), log: [], conn: "connecting", openedTurningPoint: false,
  reached: 0, seen: new Map(), revealed: !noSpoil });

// A seat's name, "You" for the viewer's own seat (the games' words then say "Your hand", "You played").
const names = (seat) => {
  if (S.you && S.you.seat === seat) return t("You");
  const s = S.seats.find((x) => x.seat === seat);
  return s && s.name ? s.name : t("Seat {n}", { n: seat + 1 });
};
const leads = () => !!(S.room && S.room.leader && S.you && S.room.leader.key === S.you.key);
const following = () => S.mode === "follow";

// -- positions -----------------------------------------------------------------------------------------
async function load(pos) {
  const key = posKey(pos);
  if (S.data.has(key)) return S.data.get(key);
  let data;
  try {
    data = await post(`/api/tables/${code}/review/line`, { ply: pos.ply, moves: pos.line.slice(0, pos.at) });
  } catch (err) {
    return { error: err.message };   // not cached: a refusal for a rate limit passes
  }
  if (S.data.size > CACHE_MAX) S.data.clear();
  S.data.set(key, data);
  return data;
}

function show(pos) {
  S.pos = pos;
  addressOf(pos);
  redraw();
  load(pos).then((data) => { reach(pos, data); if (posKey(S.pos) === posKey(pos)) { S.shown = data; S.shownKey = posKey(pos); redraw(); } });
}

// Spoiler-free: the furthest step the viewer has reached; the move list holds the steps up to there (from
// the positions loaded, never the whole log), and the end reveals the rest (the log, the bots' scores).
const hiding = () => !S.revealed;
function reach(pos, data) {
  if (S.revealed || pos.line.length || !data || data.error) return;
  if (data.step && pos.ply > 0) S.seen.set(pos.ply, data.step);
  if (pos.ply >= S.of) { reveal(); return; }
  if (pos.ply > S.reached) {
    for (let k = S.reached + 1; k < pos.ply; k++) {   // a link to a later step: the steps before it too
      if (!S.seen.has(k)) load(realPos(k)).then((d) => { if (d && d.step && !S.revealed) { S.seen.set(k, d.step); seenLog(); } });
    }
    S.reached = pos.ply;
  }
  seenLog();
}
function seenLog() {
  const log = [];
  for (let k = 1; k <= S.reached && S.seen.has(k); k++) log.push(S.seen.get(k));
  S.log = log;
  if (view) view.setLog(log);
  redraw();
}
function reveal() {
  S.revealed = true;
  S.reached = S.of;
  loadLog();
  startScores();
  redraw();
}

// go: a person moves. The leader moves the room; anyone else who moves browses alone from then on.
function go(pos) {
  if (following() && !leads()) setMode("alone", true);
  show(pos);
  if (following() && leads()) send({ type: "goto", pos });
}

function addressOf(pos) {
  const url = new URL(location.href);
  url.searchParams.delete("move");
  url.searchParams.delete("branch");
  if (pos.branch) url.searchParams.set("branch", pos.branch);
  else if (!pos.line.length) url.searchParams.set("move", String(pos.ply));
  if (url.href !== location.href) history.replaceState(null, "", url);
}

function setMode(mode, quiet) {
  if (S.mode === mode) return;
  S.mode = mode;
  send({ type: "alone", alone: mode === "alone" });
  if (mode === "follow" && S.room) show(S.room.pos);
  if (!quiet) toast(mode === "alone" ? t("You browse alone: the others do not follow you.") : t("You follow the leader again."));
  redraw();
}

// -- the socket ----------------------------------------------------------------------------------------
let ws = null, attempts = 0;
function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/review/${code}${root.dataset.nospoil === "1" ? "?nospoil=1" : ""}`);
  ws.onopen = () => { attempts = 0; S.conn = "connected"; redraw(); };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    for (const waiting of keeping.values()) waiting.reject(new Error(t("The review room is not connected: try again in a moment.")));
    keeping.clear();
    S.conn = "reconnecting";
    redraw();
    if (ev.code >= 4400 && ev.code < 4500) { S.conn = "closed"; redraw(); return; }
    const wait = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempts++) * (0.75 + Math.random() / 2);
    setTimeout(connect, wait);
  };
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

// Keeping a what-if goes through the room's socket (the room's members keep them): the answer carries our ref.
const keeping = new Map();
let keepRef = 0;
function keepWhatIf(body) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    return Promise.reject(new Error(t("The review room is not connected: try again in a moment.")));
  }
  const ref = `k${++keepRef}`;
  return new Promise((resolve, reject) => {
    keeping.set(ref, { resolve, reject });
    send({ type: "keep", ref, ...body });
  });
}

function onMessage(msg) {
  if (msg.type === "welcome") {
    S.you = msg.you;
    S.host = msg.host;
    if (view && S.log.length) view.setLog(S.log);   // the move list too: "You played…"
    redraw();   // the board again, now that it knows which seat is "You"
    if (S.mode === "alone") send({ type: "alone", alone: true });
  } else if (msg.type === "room") {
    S.room = msg;
    if (S.bringing && leads()) {
      const pos = S.bringing;
      S.bringing = null;
      go(pos);
    } else if (following()) {
      show(roomPos(msg));
    }
    openOnTurningPoint();
    redraw();
  } else if (msg.type === "point") {
    if (msg.point && msg.point.at === posKey(S.pos)) {
      showPointer($("review-board"), msg.point, msg.by ? msg.by.name : "", !!(S.you && msg.by && msg.by.key === S.you.key));
    }
  } else if (msg.type === "kept") {
    const waiting = msg.ref ? keeping.get(msg.ref) : null;
    if (waiting) { keeping.delete(msg.ref); waiting.resolve(msg.branch); }
    else if (whatifs) whatifs.reload();   // someone in the room kept one
  } else if (msg.type === "note") {   // a note written, edited or deleted: review/notes.js shows it
    document.dispatchEvent(new CustomEvent("review-note", { detail: msg }));
  } else if (msg.type === "error") {
    const waiting = msg.ref ? keeping.get(msg.ref) : null;
    if (waiting) { keeping.delete(msg.ref); waiting.reject(new Error(msg.detail || t("The room refused that."))); }
    else toast(msg.detail || t("The room refused that."), "error");
  }
}

// The room opens on the bots' turning point when they know it and nobody has moved the room yet: its leader
// takes the room there; while the leader is away (or the room has none), each follower is shown it.
function openOnTurningPoint() {
  const tp = scores ? scores.turningPoint : null;
  if (tp == null || S.openedTurningPoint || !S.room) return;
  S.openedTurningPoint = true;
  if (S.mode === "alone" && !S.explicit) show(realPos(tp));
  else if (following() && leads() && S.room.rev === 0) go(realPos(tp));
  else if (following() && S.room.rev === 0) show(realPos(tp));
}

// Where a follower looks: the room's step, or the turning point while nobody has moved the room.
function roomPos(room) {
  const tp = scores ? scores.turningPoint : null;
  return room.rev === 0 && tp != null && !leads() ? realPos(tp) : room.pos;
}

// -- the page ------------------------------------------------------------------------------------------
let view = null, whatifs = null, scores = null;

function renderLead() {
  const el = $("review-lead");
  const r = S.room;
  if (!r) { el.replaceChildren(h("p", {}, t("Joining the room…"))); return; }
  const here = new Set(r.members.map((m) => m.key));
  const leader = r.leader;
  const text = !leader ? t("Nobody leads yet: take the lead to show everyone a step.")
    : leads() ? t("You lead: everyone following sees what you show.")
      : here.has(leader.key) ? t("{name} leads.", { name: leader.name }) : t("{name} leads (not here now).", { name: leader.name });
  const buttons = [];
  if (!leads()) buttons.push(h("button", { class: "btn small primary", type: "button", id: "take-lead", onclick: () => {
    if (S.mode === "alone") {   // the room comes to the step this person was looking at, once they lead
      S.bringing = S.pos;
      S.mode = "follow";
      send({ type: "alone", alone: false });
    }
    send({ type: "lead" });
  } }, t("Take the lead")));
  if (following() && !leads()) buttons.push(h("button", { class: "btn small", type: "button", id: "go-alone",
    onclick: () => setMode("alone") }, t("Browse alone")));
  if (!following()) buttons.push(h("button", { class: "btn small", type: "button", id: "rejoin",
    onclick: () => setMode("follow") }, leader ? (leads() ? t("Follow the room") : t("Follow {name}", { name: leader.name })) : t("Back to the room")));
  const people = r.members.map((m) => `${m.name}${S.you && m.key === S.you.key ? ` ${t("(you)")}` : ""}${m.alone ? t(", browsing alone") : ""}`);
  el.replaceChildren(
    h("p", { class: "review-leader", id: "review-leader", "data-leader": leader ? leader.name : "" },
      h("strong", {}, S.mode === "alone" ? `${t("You browse alone.")} ` : ""), text),
    h("div", { class: "row" }, ...buttons),
    h("p", { class: "hint", id: "review-members" }, t("Here: {people}", { people: people.join(" · ") || t("nobody") })));
  root.dataset.mode = S.mode;
  root.dataset.leads = leads() ? "1" : "";
}

function render() {
  if (!view) return;
  const data = S.shownKey === posKey(S.pos) ? S.shown : null;
  renderLead();
  view.render(S.pos, data);
  whatifs.render(S.pos, data);
  if (scores) scores.render(S.pos.line.length ? 0 : S.pos.ply, names);
  $("review-conn").textContent = S.conn === "connected" ? "" : S.conn === "closed" ? t("Closed") : t("Connecting…");
}

function loadLog() {
  get(`/api/tables/${code}/log`).then((log) => { S.log = log.steps || []; view.setLog(S.log); redraw(); }).catch(() => {});
}

function startScores() {
  if (scores) return;
  $("review-scores").hidden = false;
  scores = createScores($("review-scores"), { code, onChange: () => { openOnTurningPoint(); redraw(); } });
}

async function start() {
  let table;
  try {   // spoiler-free, the server's embedded start (the table's state carries its result)
    table = (noSpoil && embeddedStart()) || await get(`/api/tables/${code}`);
  } catch (err) {
    $("review-closed").hidden = false;
    $("review-closed-why").textContent = err.message;
    return;
  }
  if (table.status !== "finished" && table.status !== "abandoned") {
    $("review-closed").hidden = false;
    return;
  }
  S.of = table.seq;
  S.seats = table.seats || [];
  $("review-ui").hidden = false;
  import(root.dataset.client).then((m) => {
    S.mod = m;
    S.data.clear();
    if (view && S.log.length) view.setLog(S.log);   // the move list in the game's own words, once it has them
    show(S.pos);
  }).catch(() => { S.mod = null; redraw(); });
  get("/api/games").then((games) => {
    const g = games.find((x) => x.name === table.game);
    $("review-title").textContent = t("Review: {game}", { game: g ? g.title : table.game });
  }).catch(() => {});
  const ctx = { of: S.of, nospoil: hiding, mod: () => S.mod, names, viewer: () => (S.you ? S.you.seat : null), current: () => S.pos, go, markOf: (seq) => (scores ? scores.markOf(seq) : null) };
  view = createView({ controls: $("review-controls"), board: $("review-board"), moves: $("review-moves") }, ctx);
  whatifs = createWhatIfs({ whatif: $("review-whatif"), branches: $("review-branches") }, {
    ...ctx, code, redraw,
    open: (pos) => go(pos),
    keep: keepWhatIf,
    canPlay: () => S.mode === "alone" || leads(),
    why: () => t("Only the leader plays what-ifs for the room: take the lead, or browse alone to try your own."),
    seated: () => !!(S.you && S.you.seat != null),
    realNext: (ply) => { const s = S.log[ply]; return s ? { seat: s.seat, move: s.move } : null; },
  });
  if (S.revealed) startScores();
  else $("review-scores").hidden = true;
  attachPointer($("review-board"), {
    enabled: () => S.mode === "follow",
    onPoint: (p) => send({ type: "point", ...p, at: posKey(S.pos) }),
  });
  if (S.revealed) loadLog();
  await openFromAddress();
  connect();
}

// ?branch=<id> or ?move=N: that step, browsing alone (the link was for this person); else follow the room.
async function openFromAddress() {
  const q = new URLSearchParams(location.search);
  const branch = q.get("branch"), move = q.get("move");
  if (branch && /^[a-z2-7]{1,16}$/.test(branch)) {
    try {
      const b = await get(`/api/tables/${code}/review/branches/${branch}`);
      S.mode = "alone";
      S.explicit = true;
      show({ ply: b.ply, line: b.moves, at: b.moves.length, branch: b.id, name: b.name });
      toast(t("The what-if “{name}”, by {author}. Follow the room when you are ready.", { name: b.name, author: b.author }), "info", 6000);
    } catch (err) {
      toast(err.message, "error");
    }
  } else if (move != null && /^\d{1,9}$/.test(move)) {
    S.mode = "alone";
    S.explicit = true;
    show(realPos(Math.min(Number(move), S.of)));
  } else if (noSpoil) {   // spoiler-free: at the deal, browsing alone (the room may be at the end)
    S.mode = "alone";
    S.explicit = true;
    show(realPos(0));
  } else {
    show(realPos(S.of));
  }
}

onRedraw(render);
start();
