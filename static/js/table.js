// The table page: lobby, seats, board, event log, chat, result. One state object, one redraw().
// It knows no game: the game's own module (docs/CLIENT.md), named by the page, draws the board, words the
// events and the result; this page only delegates.
import { state, redraw, onRedraw, h } from "./core/store.js";
import { get, post, toast, showError, copyText, saveName } from "./core/api.js";
import { Connection } from "./core/connection.js";
import { Mover } from "./core/moves.js";
import { setupReplay } from "./table_replay.js";
import * as notify from "./core/notify.js";
import { setupWebhook } from "./webhook.js";
import { setupPanels } from "./table_panels.js";
import { setupA11y } from "./table_a11y.js";
import { setupBanner } from "./table_banner.js";
import { setupLayout } from "./table_layout.js";
import { chatWords, reasonWords } from "./core/say.js";
import { t as tr } from "./core/i18n.js";

const root = document.getElementById("table-root");
const code = root.dataset.code;
const $ = (id) => document.getElementById(id);

Object.assign(state, {
  code,
  table: null,        // the server's table state, replaced whole by every server message
  me: null,           // my seat, or null when watching
  conn: "connecting",
  log: [],            // [{seq, seat, events}] in seq order
  notes: [],          // [{after: seq, text, kind}]: every notice shown, kept in the log
  chat: [],
  hinting: false,     // a hint is on its way
  resultClosed: false,
  watching: false,
  turnSeq: null,      // the seq we last chimed for
  game: null,         // the game's client module
  board: null,        // its board instance: {render, animate, destroy, hint?}
});

// Two people may type the same name: then the seat number tells them apart everywhere they appear.
const plainName = (seat) => {
  const seats = (state.table && state.table.seats) || [];
  const s = seats[seat];
  if (!s || !s.name) return tr("Seat {n}", { n: seat + 1 });
  const same = seats.filter((o) => o.name && o.name.trim().toLowerCase() === s.name.trim().toLowerCase()).length;
  return same > 1 ? tr("{name} (seat {n})", { name: s.name, n: seat + 1 }) : s.name;
};
const seatName = (seat) => (seat === state.me && state.table && state.table.seats && state.table.seats[seat] ? tr("You") : plainName(seat));

// ---------- server messages ----------
function applyTable(t) {
  const first = !state.table;
  const oldSeq = state.table ? state.table.seq : null;
  const newRematch = !first && t.rematch && !state.table.rematch;
  state.table = t;
  state.me = (t.you === undefined) ? state.me : t.you;
  a11y.opened(t.seq);   // what happened before the page opened is not announced
  conn.saw(t.seq);
  if (oldSeq !== t.seq) mover.moved();   // a move of mine in flight waits for its own step
  if (first || oldSeq !== t.seq) addStep(t.last);
  if (t.status === "playing") state.resultClosed = false;
  if (state.game) a11y.result(t);
  if (newRematch) {  // someone else made the rematch: offer it where everyone looks
    state.resultClosed = false;
    toast(tr("A rematch table is ready: press “Join the rematch”."));
  }
  checkTurn();
  ensureRenderer();
  redraw();
}

function addStep(step) {
  if (!step || typeof step.seq !== "number") return;
  const known = state.log.find((s) => s.seq === step.seq);
  if (known) {   // a live step carries no stand-in mark: the stored one (GET .../log) adds it
    if (step.stand_in && !known.stand_in) known.stand_in = step.stand_in;
    return;
  }
  state.log.push({ seq: step.seq, seat: step.seat, events: step.events || [], stand_in: step.stand_in || null });
  state.log.sort((a, b) => a.seq - b.seq);
  a11y.step(step);   // in the live region, for a screen reader
}

function checkTurn() {
  const t = state.table;
  const mine = t && t.status === "playing" && state.me != null && (t.to_act || []).includes(state.me);
  notify.setBadge(!!mine);
  if (mine && state.turnSeq !== t.seq) {
    state.turnSeq = t.seq;
    notify.yourTurn(tr("{title}: it's your turn.", { title: t.title || tr("Your table") }));
    showPanel();
  }
}

// My turn: the side column (scrolled down to the chat or the Nudge button, on a wide screen) shows the
// game's panel again (the hand), unless the player is typing there.
function showPanel() {
  const side = document.querySelector("#table-ui > .side");
  const active = document.activeElement;
  if (!side || !side.scrollTop || (active && side.contains(active) && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName))) return;
  side.scrollTo({ top: 0, behavior: "smooth" });
}

function onMessage(msg) {
  switch (msg.type) {
    case "state": {
      const { type, ...t } = msg;
      applyTable(t);
      break;
    }
    case "update": {
      const step = { seq: msg.seq, seat: msg.seat, move: msg.move, events: msg.events || [] };
      addStep(step);
      const takeback = step.events.some((e) => e.type === "takeback");   // no move to animate: the board is redrawn
      if (!takeback && state.board && state.board.animate && (!state.table || msg.seq > state.table.seq)) state.board.animate(step);
      mover.settle(step);   // before applyTable: my own step ends the wait (state.pending) it redraws
      applyTable(msg.state);
      // The game's headline events are told to everyone, not only logged.
      const headlines = (state.game && state.game.headlines) || [];
      for (const e of step.events.filter((ev) => headlines.includes(ev.type))) {
        const line = panels.stepLines({ seat: msg.seat, events: [e] })[0];
        if (line) toast(line.text, "info", 4000);
      }
      break;
    }
    case "sync":   // the steps we missed (we asked, or the server saw we were behind) and the fresh state
      for (const s of msg.steps || []) addStep(s);
      if (msg.state) {
        for (const s of (msg.steps || []).concat(msg.state.last || [])) mover.settle(s);
        applyTable(msg.state);
      }
      break;
    case "chat_history":
      state.chat = (msg.messages || []).slice();
      redraw();
      break;
    case "chat":
      state.chat.push(msg);
      if (msg.kind === "pace" && state.table) state.notes.push({ after: state.table.seq, text: chatWords(msg), kind: "pace" });   // the pace's lines in the log too
      if (state.chat.length > 300) state.chat.shift();
      redraw();
      break;
    case "presence":
      if (state.table) {
        const on = new Set(msg.connected || []);
        state.table = { ...state.table, seats: state.table.seats.map((s) => ({ ...s, connected: s.bot || on.has(s.seat) })), spectators: msg.spectators ?? state.table.spectators };
        redraw();
      }
      break;
    case "delivery":   // how this seat's last turn message went on one channel (webhook.js shows it)
      renderWebhook.delivered(msg);
      break;
    case "your_turn":
      checkTurn();
      break;
    case "error": {
      const quiet = mover.refused(msg);   // quiet: the move is sent again, or its game resends it
      if (msg.code === "stale_seq") conn.requestSync();   // someone played first: catch up (the only error that needs it)
      if (!quiet) toast(msg.detail || (msg.code === "stale_seq" ? tr("Someone played first.") : tr("The server refused that.")), "error", 6000);
      redraw();
      break;
    }
    default:
      break;
  }
}

const conn = new Connection(`/ws/tables/${encodeURIComponent(code)}`, {
  onMessage,
  onStatus(status, info) {
    state.conn = status;
    if (status === "closed" && info) toast(info, "error");
    redraw();
  },
});

// ---------- actions ----------
// The move in flight and its retries live in core/moves.js; the boards read state.pending.
const mover = new Mover({
  conn, post, path: `/api/tables/${code}/moves`, table: () => state.table, me: () => state.me,
  applied: applyTable, animate: (step) => state.board && state.board.animate && state.board.animate(step),
  refresh, redraw, toast, showError, say,
});
Object.defineProperty(state, "pending", { get: () => mover.pending, enumerable: true });
const sendMove = (move, options) => mover.send(move, options);

async function join(name) {
  saveName(name);
  try {
    await post(`/api/tables/${code}/join`, { name });
    const t = await get(`/api/tables/${code}`);
    applyTable(t);
    conn.restart();  // the socket now knows us by our cookie
  } catch (err) {
    showError(err);
  }
}

// Seats asked for a bot and not yet answered: a double click must not ask twice for the same seat, but the
// host may fill the next seat at once (a page-wide guard dropped that click without a word).
const addingBot = new Set();
// The levels of the game's bot as bot names ("<game>:<level>"), strongest (the default) first
// (app.bots.LEVELS); none: the game's bot has one level.
const botLevels = (root.dataset.botLevels || "").split(" ").filter(Boolean);
async function addBot(seat, bot) {
  if (addingBot.has(seat)) return;
  addingBot.add(seat);
  const body = bot && botLevels.includes(bot) ? { seat, bot } : { seat };
  try {
    const t = await post(`/api/tables/${code}/bots`, body);
    // The socket brings every seat taken, in order; its answer could be older than a seat filled since.
    if (state.conn !== "open") applyTable(t);
  } catch (err) { showError(err); }
  finally { addingBot.delete(seat); }
}

async function start() {
  $("start-btn").disabled = true;
  try { applyTable(await post(`/api/tables/${code}/start`, {})); } catch (err) { showError(err); }
  $("start-btn").disabled = false;
}

async function refresh() {
  try { applyTable(await get(`/api/tables/${code}`)); } catch (err) { showError(err); }
}

async function rematch() {
  const t = state.table;
  if (t.rematch) { location.href = `/t/${t.rematch}`; return; }
  $("rematch-btn").disabled = true;
  try {
    const nt = await post(`/api/tables/${code}/rematch`, {});
    location.href = `/t/${nt.code}`;
  } catch (err) {
    showError(err);
    $("rematch-btn").disabled = false;
  }
}

function sendChat(text) {
  if (conn.send({ type: "chat", text })) return;
  post(`/api/tables/${code}/chat`, { text }).then((m) => { state.chat.push(m); redraw(); }).catch(showError);
}

// One sentence when a click cannot do anything (not repeated while it is still on screen).
let lastSaid = { text: "", at: 0 };
function say(text, kind = "info") {
  const now = Date.now();
  if (text === lastSaid.text && now - lastSaid.at < 3000) return;
  lastSaid = { text, at: now };
  toast(text, kind, 3500);
}

// ---------- the game's module ----------
// Seat colours: the same palette everywhere (seat list, board sides, scores); CSS has --seat-0 … --seat-5.
const seatColor = (seat) => `var(--seat-${seat % 6})`;
let loading = false;
async function ensureRenderer() {
  const t = state.table;
  if (state.board || loading || !t) return;
  const area = $("board-area");
  loading = true;
  try {
    state.game = await import(root.dataset.client);
    if (state.game.chatFirst) {   // a social game (dares): the chat sits right under the game's own panel
      const chat = document.querySelector(".chat-card");
      $("game-side").after(chat);
    }
    state.board = state.game.createBoard(area, {
      state, redraw, sendMove, seatName, seatColor, sideRoot: $("game-side"), actionRoot: $("action-bar"), say, explainWait: banner.explainWait,
    });
  } catch (err) {
    area.replaceChildren(h("p", { class: "card" }, tr("The board could not be loaded: reload the page to try again.")));
    throw err;
  } finally {
    loading = false;
  }
  redraw();
}

// The result in the game's own words: {title, text, tone, art, banner}.
function resultWords(t) {
  const ctx = { names: seatName, me: state.me, seats: t.seats, view: t.view, last: t.last, players: t.players };
  const fallback = { title: tr("Game over"), text: "", tone: "neutral", art: "" };
  const words = state.game && state.game.resultText ? state.game.resultText(t.result, ctx) : fallback;
  const forfeit = t.result && t.result.outcome === "forfeit" ? { text: `${reasonWords(t.result)}.` } : {};   // the pace: a seat forfeited
  return { ...fallback, ...words, ...forfeit };
}

// ---------- the replay, once the game has ended (table_replay.js) ----------
const replay = setupReplay({ root, code, state, seatName, say, redraw });
const panels = setupPanels({ code, plainName, seatName, addBot, botLevels, resultWords });
const a11y = setupA11y({ state, seatName, logLines: (step) => panels.stepLines(step), resultWords });
const banner = setupBanner({ code, state, redraw, seatName, resultWords, replay, say });   // table_banner.js
const layout = setupLayout({ state, redraw });   // table_layout.js

// ---------- rendering ----------
const renderWebhook = setupWebhook(code);
let notifyAsk = false;   // the browser may still be asked for notification permission
const STATUS_TEXT = { connecting: tr("Connecting…"), open: tr("Live"), reconnecting: tr("Reconnecting…"), down: tr("Connection lost, retrying…"), closed: tr("Disconnected") };

function render() {
  const t = state.table;
  if (!t) return;
  $("table-ui").hidden = false;
  root.dataset.seq = t.seq;              // for tests and curious people
  root.dataset.status = t.status;
  root.dataset.conn = state.conn;
  const title = t.title || t.game;
  $("game-title").textContent = title;
  notify.setBaseTitle(`${title} · ${tr("table {code}", { code })}`);
  const connEl = $("conn");
  connEl.textContent = STATUS_TEXT[state.conn] || state.conn;
  connEl.className = `conn ${state.conn === "open" ? "" : (state.conn === "down" || state.conn === "closed") ? "down" : "wait"}`;

  banner.render(t);
  $("game-side").hidden = t.status === "lobby" || replay.isOpen;   // the replay draws every hand itself
  document.querySelector(".table-grid").classList.toggle("lobby-mode", t.status === "lobby");   // no hands to show before the game starts
  panels.render(t);
  $("notify-btn").hidden = !(notifyAsk && state.me != null && t.status !== "finished" && t.status !== "abandoned");
  renderWebhook(t, state.me);
  if (state.board) state.board.render(state);
  a11y.render(t);
  layout.fit();
}

onRedraw(render);

// ---------- wiring ----------
function wire() {
  $("join-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const name = $("join-name").value.trim();
    if (!name) { toast(tr("Type a name first."), "error"); $("join-name").focus(); return; }
    join(name);
  });
  $("join-name").addEventListener("input", (ev) => { ev.target.dataset.touched = "1"; });
  $("watch-btn").addEventListener("click", () => { state.watching = true; redraw(); });
  $("start-btn").addEventListener("click", start);
  $("copy-btn").addEventListener("click", async () => {
    const ok = await copyText($("share-url").value, $("share-url"));
    toast(ok ? tr("Link copied. Paste it to your friends.") : tr("Select the link and copy it."));
  });
  $("chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    if (!text) return;
    sendChat(text);
    input.value = "";
  });
  $("rematch-btn").addEventListener("click", rematch);
  // Closing the result leaves focus on the banner's button that brings it back (not lost on <body>).
  const closeResult = () => {
    state.resultClosed = true;
    redraw();
    requestAnimationFrame(() => requestAnimationFrame(() => { const b = $("turn-banner").querySelector("button"); if (b) b.focus(); }));
  };
  $("result-close").addEventListener("click", closeResult);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && !$("result").hidden) closeResult();
    if (ev.key === "Tab" && !$("result").hidden) {   // the result is a modal dialog: Tab stays inside it
      const items = [...$("result").querySelectorAll("button:not([hidden]):not([disabled]), a[href]")];
      if (!items.length) return;
      const i = items.indexOf(document.activeElement);
      const next = ev.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : (i < 0 || i === items.length - 1 ? 0 : i + 1);
      ev.preventDefault();
      items[next].focus();
    }
  });
  const sound = $("sound-btn");
  const showSound = () => {
    const on = notify.soundOn();
    sound.textContent = on ? tr("Sound on") : tr("Sound off");
    sound.setAttribute("aria-pressed", on ? "true" : "false");
    sound.title = on ? tr("A chime when it is your turn: click to switch it off") : tr("No chime: click to switch the sound on");
  };
  sound.addEventListener("click", () => { notify.setSound(!notify.soundOn()); showSound(); });
  showSound();
  const nb = $("notify-btn");
  notifyAsk = notify.canAskPermission();
  nb.hidden = true;   // render() shows it to seated players only
  nb.addEventListener("click", async () => { await notify.askPermission(); notifyAsk = false; redraw(); });
  window.addEventListener("focus", () => checkTurn());
  // A name cut short with an ellipsis (its whole self in its title, on hover) is shown whole on a tap:
  // the shell's own (.seats .name, .name-cut) and any a game's panel marks with data-cut.
  document.addEventListener("click", (ev) => {
    const el = ev.target.closest && ev.target.closest(".seats .name, .name-cut, [data-cut]");
    if (el && el.scrollWidth > el.clientWidth + 1) el.classList.add("whole");
    else if (el && el.classList.contains("whole")) el.classList.remove("whole");
  });
}

async function loadLog() {
  try {
    const data = await get(`/api/tables/${code}/log`);
    const steps = Array.isArray(data) ? data : (data && (data.moves || data.steps || data.log)) || [];
    for (const s of steps) addStep(s);
    redraw();
  } catch { /* the log is a nicety: the board still works */ }
}

async function main() {
  layout.noticesInLayout();
  wire();
  let t;
  try {
    t = await get(`/api/tables/${code}`);
  } catch (err) {
    if (err.status === 404) { $("missing").hidden = false; return; }
    showError(err);
    $("missing").hidden = true;
  }
  if (t) {
    applyTable(t);
    loadLog();
    replay.fromAddress(t);
  }
  conn.start();
}

main();
