// My tables: every table this browser sits at, the ones waiting for me first, each as a card: the board as my
// seat sees it (drawn by the game's own module, static/js/thumbs.js), the players, whose turn it is and how
// long ago the last move was (the exact time on hover). Live: a WebSocket (/ws/me) sends the list at once and
// again whenever one of these tables moves, on any server instance; no polling. The tab title counts the
// tables waiting for me ("(2) My tables"). The socket comes back after a drop with back-off (a server
// restart: within a few seconds, spread out).
import { h } from "./core/store.js";
import { drawThumb } from "./thumbs.js";

const box = document.getElementById("me-list");
let clients = {};
try { clients = JSON.parse(document.getElementById("clients-data").textContent || "{}"); } catch { clients = {}; }
const MAX_BACKOFF_MS = 15000;
let attempts = 0;
let lastWaiting = null;
let skew = 0;   // the server's clock minus this browser's, in ms (from the list's "now")

// "just now", "3 min ago", "2 h ago", "5 days ago"
function ago(iso, now = Date.now()) {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 45) return "just now";
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const hrs = Math.round(m / 60);
  if (hrs < 24) return `${hrs} h ago`;
  const d = Math.round(hrs / 24);
  return d === 1 ? "yesterday" : `${d} days ago`;
}

const exact = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function seatName(t, seat) {
  const p = t.players.find((x) => x.seat === seat);
  return p && p.name ? p.name : `Seat ${seat + 1}`;
}

// The badge: whose turn it is (mine or whose), or where the table stands.
function badge(t) {
  if (t.your_turn) return h("span", { class: "badge turn" }, "Your turn");
  if (t.status === "playing") {
    const who = t.to_act.map((s) => seatName(t, s));
    return h("span", { class: "badge waiting" }, who.length ? `${who.join(" and ")} to play` : "playing");
  }
  if (t.status === "lobby") return h("span", { class: "badge" }, "Waiting for players");
  if (t.status === "finished") {
    const result = (t.view && t.view.result) || {};
    if (result.outcome === "lost") return h("span", { class: "badge bad" }, "Lost");
    const won = t.players.length > 1 && (result.winners || []).includes(t.seat);
    const score = (result.scores || [])[t.seat];
    const words = (won ? "Won" : "Finished") + (score != null ? ` with ${score} point${score === 1 ? "" : "s"}` : "");
    return h("span", { class: won ? "badge good" : "badge" }, words);
  }
  return h("span", { class: "badge" }, t.status);
}

function players(t) {
  return h("div", { class: "me-players", role: "list", "aria-label": "Players" }, t.players.map((p) => {
    const acting = t.status === "playing" && t.to_act.includes(p.seat);
    const name = p.name || "open seat";
    return h("span", { role: "listitem", class: acting ? "acting" : "" },
      h("span", { class: "swatch", style: `background: var(--seat-${p.seat % 6})`, "aria-hidden": "true" }),
      h("span", { class: "who", title: name }, name),
      p.seat === t.seat ? h("span", { class: "tag" }, "you") : p.bot ? h("span", { class: "tag" }, "bot") : null,
      acting ? h("span", { class: "sr-only" }, "(to play)") : null);
  }));
}

function when(t) {
  const at = t.seq ? t.moved_at : t.updated_at;
  if (!at) return null;
  return h("div", { class: "me-when" }, h("span", {}, t.seq ? "Last move " : "Opened ",
    h("time", { datetime: at, title: exact(at), "data-ago": "1" }, ago(at, Date.now() + skew))),
    h("span", { class: "me-code", title: "The table's code" }, t.code));
}

function card(t) {
  const pic = h("span", { class: "thumb", "data-thumb": t.game });
  const li = h("li", { class: `me-table${t.your_turn ? " turn" : ""}`, "data-code": t.code },
    h("div", { class: "me-pic", "aria-hidden": t.view ? null : "true" }, pic),
    h("div", { class: "me-body" },
      h("div", { class: "me-game" }, h("a", { href: `/t/${t.code}` }, t.title || t.game)),
      h("div", { class: "me-status" }, badge(t)),
      players(t),
      when(t)));
  if (t.view) {
    const names = (seat) => (seat === t.seat ? "You" : seatName(t, seat));
    drawThumb(pic, clients[t.game], t.view, { names, me: t.seat, seq: t.seq,
      label: `${t.title}: the board as you see it${t.seq ? ` after move ${t.seq}` : ""}` });
  }
  return li;
}

function render(data) {
  const tables = (data && data.tables) || [];
  if (data && data.now) skew = Date.parse(data.now) - Date.now();
  const waiting = tables.filter((t) => t.your_turn).length;
  document.title = waiting ? `(${waiting}) My tables · Icehouse Table` : "My tables · Icehouse Table";
  box.dataset.waiting = String(waiting);   // for tests and curious people
  lastWaiting = waiting;
  if (!tables.length) {
    box.replaceChildren(h("p", { class: "me-empty" }, "You are not at any table yet. ", h("a", { href: "/" }, "Start one"), " or open a link a friend sent you."));
    return;
  }
  const order = { playing: 0, lobby: 1, finished: 2, abandoned: 3 };
  tables.sort((a, b) => (b.your_turn - a.your_turn) || ((order[a.status] ?? 4) - (order[b.status] ?? 4))
    || String(b.updated_at).localeCompare(String(a.updated_at)));
  const hello = data.name ? h("span", { class: "me-name" }, `Playing as ${data.name}.`) : null;
  const summary = h("span", { id: "me-waiting" },
    waiting ? `${waiting} table${waiting === 1 ? " is" : "s are"} waiting for you.` : "No table is waiting for you.");
  box.replaceChildren(h("p", { class: "me-summary" }, ...[hello, summary].filter(Boolean)),
    h("ul", { class: "me-list me-tables" }, tables.map(card)));
}

// The times say "3 min ago" of now, not of when the list came.
setInterval(() => {
  for (const el of box.querySelectorAll("time[data-ago]")) el.textContent = ago(el.getAttribute("datetime"), Date.now() + skew);
}, 30000);

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
