// My tables: every table this browser sits at, the ones waiting for me first, each as a card: the board as my
// seat sees it (drawn by the game's own module, static/js/thumbs.js), the players, whose turn it is and how
// long ago the last move was (the exact time on hover). Live: a WebSocket (/ws/me) sends the list at once and
// again whenever one of these tables moves, on any server instance; no polling. The tab title counts the
// tables waiting for me ("(2) My tables"). The socket comes back after a drop with back-off (a server
// restart: within a few seconds, spread out).
import { h } from "./core/store.js";
import { drawThumb } from "./thumbs.js";
import { t, tn } from "./core/i18n.js";

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
  if (s < 45) return t("just now");
  const m = Math.round(s / 60);
  if (m < 60) return t("{n} min ago", { n: m });
  const hrs = Math.round(m / 60);
  if (hrs < 24) return t("{n} h ago", { n: hrs });
  const d = Math.round(hrs / 24);
  return d === 1 ? t("yesterday") : tn("{n} day ago", "{n} days ago", d);
}

// "Don't spoil" (the replay's switch, docs/API.md "Spoiler-free replays"): a finished table says "Finished"
// and opens on its spoiler-free replay; the server sends no board and no length of an ended table then.
const NO_SPOIL = document.body.dataset.nospoil === "1";

const exact = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function seatName(tb, seat) {
  const p = tb.players.find((x) => x.seat === seat);
  return p && p.name ? p.name : t("Seat {n}", { n: seat + 1 });
}

// The badge: whose turn it is (mine or whose), or where the table stands.
function badge(tb) {
  if (tb.your_turn) return h("span", { class: "badge turn" }, t("Your turn"));
  if (tb.status === "playing") {
    const who = tb.to_act.map((s) => seatName(tb, s));
    return h("span", { class: "badge waiting" }, who.length ? tn("{names} to play", "{names} to play", who.length, { names: who.join(t(" and ")) }) : t("playing"));
  }
  if (tb.status === "lobby") return h("span", { class: "badge" }, t("Waiting for players"));
  if (tb.status === "finished") {
    if (NO_SPOIL) return h("span", { class: "badge" }, t("Finished"));   // "Don't spoil": not who won, nor the score
    const result = (tb.view && tb.view.result) || {};
    if (result.outcome === "lost") return h("span", { class: "badge bad" }, t("Lost"));
    const won = tb.players.length > 1 && (result.winners || []).includes(tb.seat);
    const score = (result.scores || [])[tb.seat];
    const words = score == null ? (won ? t("Won") : t("Finished"))
      : won ? tn("Won with {n} point", "Won with {n} points", score) : tn("Finished with {n} point", "Finished with {n} points", score);
    return h("span", { class: won ? "badge good" : "badge" }, words);
  }
  return h("span", { class: "badge" }, tb.status);
}

function players(tb) {
  return h("div", { class: "me-players", role: "list", "aria-label": t("Players") }, tb.players.map((p) => {
    const acting = tb.status === "playing" && tb.to_act.includes(p.seat);
    const name = p.name || t("open seat");
    return h("span", { role: "listitem", class: acting ? "acting" : "" },
      h("span", { class: "swatch", style: `background: var(--seat-${p.seat % 6})`, "aria-hidden": "true" }),
      h("span", { class: "who", title: name }, name),
      p.seat === tb.seat ? h("span", { class: "tag" }, t("you")) : p.bot ? h("span", { class: "tag" }, t("bot")) : null,
      acting ? h("span", { class: "sr-only" }, t("(to play)")) : null);
  }));
}

function when(tb) {
  const moved = tb.seq !== 0;   // null: an ended table's length, which "Don't spoil" keeps out
  const at = moved ? tb.moved_at : tb.updated_at;
  if (!at) return null;
  return h("div", { class: "me-when" }, h("span", {}, moved ? t("Last move") : t("Opened"), " ",
    h("time", { datetime: at, title: exact(at), "data-ago": "1" }, ago(at, Date.now() + skew))),
    tb.deadline ? h("span", { class: "me-deadline" }, t("Deadline"), " ", h("time", { datetime: tb.deadline }, exact(tb.deadline))) : null,
    h("span", { class: "me-code", title: t("The table's code") }, tb.code));
}

function card(tb) {
  const pic = h("span", { class: "thumb", "data-thumb": tb.game });
  const li = h("li", { class: `me-table${tb.your_turn ? " turn" : ""}`, "data-code": tb.code },
    h("div", { class: "me-pic", "aria-hidden": tb.view ? null : "true" }, pic),
    h("div", { class: "me-body" },
      h("div", { class: "me-game" }, h("a", { href: NO_SPOIL && tb.status === "finished" ? `/t/${tb.code}/review` : `/t/${tb.code}` }, tb.title || tb.game)),
      h("div", { class: "me-status" }, badge(tb)),
      players(tb),
      when(tb)));
  if (tb.view) {
    const names = (seat) => (seat === tb.seat ? t("You") : seatName(tb, seat));
    drawThumb(pic, clients[tb.game], tb.view, { names, me: tb.seat, seq: tb.seq,
      label: tb.seq ? t("{game}: the board as you see it after move {n}", { game: tb.title, n: tb.seq })
        : t("{game}: the board as you see it", { game: tb.title }) });
  }
  return li;
}

function render(data) {
  const tables = (data && data.tables) || [];
  if (data && data.now) skew = Date.parse(data.now) - Date.now();
  const waiting = tables.filter((tb) => tb.your_turn).length;
  document.title = `${waiting ? `(${waiting}) ` : ""}${t("My tables")} · Icehouse Table`;
  box.dataset.waiting = String(waiting);   // for tests and curious people
  lastWaiting = waiting;
  if (!tables.length) {
    box.replaceChildren(h("p", { class: "me-empty" }, t("You are not at any table yet."), " ", h("a", { href: "/" }, t("Start one")),
      " ", t("or open a link a friend sent you.")));
    return;
  }
  const order = { playing: 0, lobby: 1, finished: 2, abandoned: 3 };
  tables.sort((a, b) => (b.your_turn - a.your_turn) || ((order[a.status] ?? 4) - (order[b.status] ?? 4))
    || String(b.updated_at).localeCompare(String(a.updated_at)));
  const hello = data.name ? h("span", { class: "me-name" }, t("Playing as {name}.", { name: data.name })) : null;
  const summary = h("span", { id: "me-waiting" },
    waiting ? tn("{n} table is waiting for you.", "{n} tables are waiting for you.", waiting) : t("No table is waiting for you."));
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
    if (msg.type === "me") {
      render(msg);
      document.dispatchEvent(new CustomEvent("me-list"));   // me_invitations.js asks again (a seat taken...)
    }
  };
  ws.onclose = () => {
    box.dataset.live = "0";
    if (lastWaiting === null) box.replaceChildren(h("p", { class: "muted" }, t("Connecting…")));
    const wait = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempts++) * (0.5 + Math.random() / 2);
    setTimeout(connect, wait);
  };
}

connect();
