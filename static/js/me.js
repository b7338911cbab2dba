// My tables: every table this browser sits at, the ones waiting for me first. Live: a WebSocket (/ws/me)
// sends the list at once and again whenever one of these tables moves, on any server instance; no polling.
// The tab title counts the tables waiting for me ("(2) My tables"). The socket comes back after a drop
// with back-off (a server restart: within a few seconds, spread out).
import { h } from "./core/store.js";

const box = document.getElementById("me-list");
const STATUS = { lobby: "waiting for players", playing: "playing", finished: "finished", abandoned: "abandoned" };
const MAX_BACKOFF_MS = 15000;
let attempts = 0;
let lastWaiting = null;

function render(data) {
  const tables = (data && data.tables) || [];
  const waiting = tables.filter((t) => t.your_turn).length;
  document.title = waiting ? `(${waiting}) My tables · Icehouse Table` : "My tables · Icehouse Table";
  box.dataset.waiting = String(waiting);   // for tests and curious people
  if (!tables.length) {
    box.replaceChildren(h("p", {}, "You are not at any table yet. ", h("a", { href: "/" }, "Start one"), " or open a link a friend sent you."));
    return;
  }
  tables.sort((a, b) => (b.your_turn - a.your_turn) || String(b.updated_at).localeCompare(String(a.updated_at)));
  const hello = data.name ? h("p", {}, `Playing as ${data.name}.`) : null;
  const summary = h("p", { class: "hint", id: "me-waiting" },
    waiting ? `${waiting} table${waiting === 1 ? " is" : "s are"} waiting for you.` : "No table is waiting for you.");
  box.replaceChildren(...[hello, summary, h("ul", { class: "me-list" }, tables.map((t) => h("li", { "data-code": t.code },
    h("a", { href: `/t/${t.code}` }, `${t.title || t.game} · ${t.code}`),
    t.your_turn ? h("span", { class: "badge turn" }, "Your turn") : h("span", { class: "badge" }, STATUS[t.status] || t.status))))].filter(Boolean));
  lastWaiting = waiting;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/me`);
  ws.onopen = () => { attempts = 0; box.dataset.live = "1"; };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    if (msg.type === "me") render(msg);
  };
  ws.onclose = () => {
    box.dataset.live = "0";
    if (lastWaiting === null) box.replaceChildren(h("p", { class: "muted" }, "Connecting…"));
    const wait = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempts++) * (0.5 + Math.random() / 2);
    setTimeout(connect, wait);
  };
}

connect();
