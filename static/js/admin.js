// The admin page: log in once with the admin token (the server answers with an HttpOnly session cookie;
// the token is never kept by the page), browse every table with filters and paging, open one to see
// everything and replay it move by move. Log out deletes the session.
// One state object; handlers change it and call redraw(). Location: "#" the list, "#CODE" or "#CODE/N".
import { ApiError, api, get } from "./core/api.js";
import { h, onRedraw, redraw, state } from "./core/store.js";

const $ = (id) => document.getElementById(id);
const STATUS_WORD = { lobby: "lobby", playing: "playing", finished: "finished", abandoned: "abandoned" };
const MODULES = new Map();   // game name -> its client module (docs/CLIENT.md), loaded on first use
let GAMES = [];              // /api/games: each with its client module and stylesheet
let gamesLoaded = null;      // the promise of loadGames()

// The game's client module, which draws its own replays and words its own events.
async function gameModule(name) {
  await gamesLoaded;
  if (!MODULES.has(name)) {
    const g = GAMES.find((x) => x.name === name);
    if (!g || !g.client) return null;
    if (g.css && !document.querySelector(`link[href="${g.css}"]`)) {
      document.head.append(h("link", { rel: "stylesheet", href: g.css }));
    }
    MODULES.set(name, import(g.client).catch(() => null));
  }
  return MODULES.get(name);
}

Object.assign(state, {
  admin: false,             // logged in (the session cookie is valid)
  view: "login",            // login | list | detail
  filters: { game: "", status: "", player: "", limit: 50, offset: 0 },
  list: null, total: 0, listError: "", loading: false,
  code: null, detail: null, replay: null, seq: 0, cache: new Map(), modules: {},
});

// An older version kept the token in sessionStorage: forget it.
try { sessionStorage.removeItem("icehouse:admin-token"); } catch { /* private mode */ }

// ---- talking to /api/admin -------------------------------------------------------------------------
async function adminGet(path) {
  let res;
  try {
    res = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    throw new ApiError(0, "Cannot reach the server. Check your connection and try again.");
  }
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail : `The server said ${res.status}.`;
    if (res.status === 401 || res.status === 403) loggedOut(detail);
    throw new ApiError(res.status, detail);
  }
  return { data, total: Number(res.headers.get("X-Total-Count") || 0) };
}

function loggedOut(message) {
  state.admin = false;
  state.view = "login";
  $("login-error").textContent = message || "";
  redraw();
}

// ---- the list --------------------------------------------------------------------------------------
async function loadList() {
  const f = state.filters;
  const q = new URLSearchParams();
  for (const k of ["game", "status", "player"]) if (f[k]) q.set(k, f[k]);
  q.set("limit", f.limit);
  q.set("offset", f.offset);
  state.loading = true;
  redraw();
  try {
    const { data, total } = await adminGet(`/api/admin/tables?${q}`);
    state.list = data;
    state.total = total;
    state.listError = "";
  } catch (err) {
    state.listError = err.message;
  } finally {
    state.loading = false;
    redraw();
  }
}

function resultWords(r) {
  if (!r) return "";
  const who = r.outcome === "finished" && r.winners && r.winners.length ? ` (seat ${r.winners.join(", ")})` : "";
  return `${r.outcome}${r.reason ? ` · ${r.reason.replace(/_/g, " ")}` : ""}${who}`;
}
function when(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" });
}
function seatWords(s) { return s.name ? `${s.name}${s.bot ? " (bot)" : ""}` : "open seat"; }

function renderList() {
  const body = $("tables-body");
  const f = state.filters;
  const rows = state.list || [];
  $("list-status").textContent = state.listError || (state.loading ? "Loading…"
    : state.list && !rows.length ? "No table matches these filters." : "");
  $("list-status").classList.toggle("form-error", !!state.listError);
  const key = JSON.stringify(rows);
  if (body.dataset.key !== key) {
    body.dataset.key = key;
    body.replaceChildren(...rows.map((t) => h("tr", { "data-code": t.code },
      h("td", { "data-label": "Table" }, h("a", { href: `#${t.code}`, class: "code-link" }, t.code)),
      h("td", { "data-label": "Game" }, t.title || t.game),
      h("td", { "data-label": "Status" }, h("span", { class: `badge status-${t.status}` }, STATUS_WORD[t.status] || t.status)),
      h("td", { "data-label": "Players" }, t.seats.map(seatWords).join(", ")),
      h("td", { "data-label": "Moves", class: "num" }, String(t.seq)),
      h("td", { "data-label": "Result" }, resultWords(t.result) || null),
      h("td", { "data-label": "Updated" }, h("time", { datetime: t.updated_at }, when(t.updated_at))))));
  }
  const first = state.total ? f.offset + 1 : 0;
  const last = Math.min(f.offset + rows.length, state.total);
  $("page-info").textContent = `${first}–${last} of ${state.total}`;
  $("prev-page").disabled = f.offset <= 0;
  $("next-page").disabled = f.offset + f.limit >= state.total;
}

// ---- one table ---------------------------------------------------------------------------------------
async function openTable(code, seq) {
  if (state.code !== code) {
    state.code = code;
    state.detail = null;
    state.replay = null;
    state.cache = new Map();
    state.detailError = "";
    redraw();
    try {
      state.detail = (await adminGet(`/api/admin/tables/${encodeURIComponent(code)}`)).data;
    } catch (err) {
      state.detailError = err.message;
      redraw();
      return;
    }
  }
  await goTo(seq == null ? state.detail.seq : seq);
}

let wanted = null;
async function goTo(seq) {
  const d = state.detail;
  if (!d) return;
  seq = Math.max(0, Math.min(d.seq, seq));
  state.seq = seq;
  wanted = seq;
  const hash = `#${d.code}/${seq}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
  redraw();
  let r = state.cache.get(seq);
  if (!r) {
    try {
      r = (await adminGet(`/api/admin/tables/${encodeURIComponent(d.code)}/replay?seq=${seq}`)).data;
    } catch (err) {
      state.detailError = err.message;
      redraw();
      return;
    }
    if (state.cache.size > 300) state.cache.clear();
    state.cache.set(seq, r);
  }
  if (wanted !== seq || state.code !== d.code) return;   // a newer step was asked for meanwhile
  state.replay = r;
  state.detailError = "";
  redraw();
  // fetch the neighbours ahead of time, so stepping feels instant
  for (const n of [seq + 1, seq - 1]) if (n >= 0 && n <= d.seq && !state.cache.has(n)) prefetch(d.code, n);
}
async function prefetch(code, n) {
  try {
    const r = (await adminGet(`/api/admin/tables/${encodeURIComponent(code)}/replay?seq=${n}`)).data;
    if (state.code === code) state.cache.set(n, r);
  } catch { /* shown when actually asked for */ }
}

function seatName(seat) {
  const s = state.detail && state.detail.seats.find((x) => x.seat === seat);
  return s && s.name ? s.name : `Seat ${seat}`;
}
function stepWords(step) {
  const mod = state.detail ? state.modules[state.detail.game] : null;
  if (mod && mod.describeEvent) {
    const lines = (step.events || []).map((e) => mod.describeEvent({ seat: step.seat, ...e }, seatName)).filter(Boolean);
    if (lines.length) return lines.join("; ");
  }
  const texts = (step.events || []).map((e) => e.text || e.type).filter(Boolean);
  return `${seatName(step.seat)} ${texts.join("; ") || JSON.stringify(step.move)}`;
}

function renderDetail() {
  const d = state.detail;
  $("d-code").textContent = state.code ? `table ${state.code}` : "";
  if (!d) {
    $("d-title").textContent = state.detailError || "Loading…";
    return;
  }
  $("d-title").textContent = d.title || d.game;
  renderFacts(d);
  renderSeats(d);
  renderMoves(d);
  renderChat(d);
  renderReplay(d);
}

function renderFacts(d) {
  const opts = Object.entries(d.options || {}).map(([k, v]) => `${k.replace(/_/g, " ")}: ${v}`).join(", ") || "none";
  const facts = [
    ["Status", d.status], ["Seats", String(d.players)], ["Moves", String(d.seq)],
    ["Result", resultWords(d.result) || "—"], ["Options", opts], ["Seed", String(d.seed)],
    ["Created", when(d.created_at)], ["Started", when(d.started_at) || "—"], ["Finished", when(d.finished_at) || "—"],
  ];
  const key = JSON.stringify([facts, d.rematch, d.rematch_of]);
  if ($("d-facts").dataset.key === key) return;
  $("d-facts").dataset.key = key;
  const link = (c) => h("a", { href: `#${c}` }, c);
  $("d-facts").replaceChildren(...facts.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]),
    ...(d.rematch_of ? [h("dt", {}, "Rematch of"), h("dd", {}, link(d.rematch_of))] : []),
    ...(d.rematch ? [h("dt", {}, "Rematch"), h("dd", {}, link(d.rematch))] : []));
}

function renderSeats(d) {
  const toAct = state.replay && state.replay.doc ? state.replay.doc.to_act || [] : [];
  const key = JSON.stringify([d.seats, toAct]);
  if ($("d-seats").dataset.key === key) return;
  $("d-seats").dataset.key = key;
  $("d-seats").replaceChildren(...d.seats.map((s) => h("li", { class: toAct.includes(s.seat) ? "acting" : "" },
    h("span", { class: `dot${s.bot ? " bot" : ""}` }),
    h("span", { class: s.name ? "name" : "name open" }, `${s.seat}. ${s.name || "open seat"}`),
    s.bot ? h("span", { class: "tag" }, `bot ${s.bot_name || ""}`.trim()) : null,
    s.player_id != null ? h("span", { class: "tag" }, `player #${s.player_id}`) : null,
    toAct.includes(s.seat) ? h("span", { class: "tag turn" }, "to play") : null)));
}

function renderMoves(d) {
  const list = $("d-moves");
  const listKey = `${d.code}|${state.modules[d.game] !== undefined}`;   // words come from the game's module
  if (list.dataset.key !== listKey) {
    list.dataset.key = listKey;
    const items = [h("li", {}, h("button", { type: "button", class: "link", "data-seq": "0" }, "0. The deal"))];
    for (const m of d.moves) {
      const headlines = (state.modules[d.game] && state.modules[d.game].headlines) || [];
      const head = (m.events || []).find((e) => headlines.includes(e.type));
      const cls = (m.events || []).some((e) => e.type === "end") ? "end" : head ? head.type : "";
      items.push(h("li", { class: cls }, h("button", { type: "button", class: "link", "data-seq": String(m.seq) },
        `${m.seq}. ${stepWords(m)}`)));
    }
    list.replaceChildren(...items);
    if (!d.moves.length) list.append(h("li", { class: "note" }, "No move yet."));
  }
  for (const b of list.querySelectorAll("button[data-seq]")) {
    const on = Number(b.dataset.seq) === state.seq;
    b.parentElement.classList.toggle("current", on);
    if (on) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
  }
  const cur = list.querySelector("li.current");
  if (cur && list.dataset.scrolled !== String(state.seq)) {
    list.dataset.scrolled = String(state.seq);
    list.scrollTop = Math.max(0, cur.offsetTop - list.offsetTop - list.clientHeight / 2);
  }
}

function renderChat(d) {
  const key = JSON.stringify(d.chat);
  if ($("d-chat").dataset.key === key) return;
  $("d-chat").dataset.key = key;
  $("d-chat").replaceChildren(...(d.chat.length ? d.chat.map((c) => h("li", {},
    h("span", { class: "who" }, `${c.name}:`), c.text, " ", h("time", { class: "muted", datetime: c.at }, when(c.at))))
    : [h("li", { class: "muted" }, "No chat.")]));
}

function renderReplay(d) {
  const slider = $("r-slider");
  slider.max = String(d.seq);
  slider.value = String(state.seq);
  slider.setAttribute("aria-valuetext", `after ${state.seq} of ${d.seq} moves`);
  $("r-first").disabled = $("r-prev").disabled = state.seq <= 0;
  $("r-next").disabled = $("r-last").disabled = state.seq >= d.seq;
  $("r-pos").textContent = state.seq === 0 ? `The deal (move 0 of ${d.seq})` : `After move ${state.seq} of ${d.seq}`;
  const r = state.replay;
  const root = $("admin-root");
  root.dataset.seq = r ? String(r.seq) : "";
  const check = $("r-check");
  if (r && r.seq === d.seq) {
    check.textContent = r.consistent ? "replay matches the stored game" : "replay DIFFERS from the stored game";
    check.className = `badge ${r.consistent ? "good" : "bad"}`;
    check.title = (r.problems || []).join(" ");
  } else if (r && !r.consistent) {
    check.textContent = "replay differs";
    check.className = "badge bad";
    check.title = (r.problems || []).join(" ");
  } else {
    check.textContent = "";
    check.className = "badge";
  }
  $("r-step").textContent = state.detailError || (r && r.step ? stepWords(r.step) : r ? "The position as dealt." : "Loading…");
  if (!r || r.seq !== state.seq) return;
  const mod = state.modules[r.game];
  if (mod === undefined) {   // not loaded yet: load, then draw
    gameModule(r.game).then((m) => { state.modules[r.game] = m; redraw(); });
    return;
  }
  const key = `${d.code}/${r.seq}`;
  if ($("r-board").dataset.key === key) return;
  $("r-board").dataset.key = key;
  if (mod && mod.drawReplay) {
    mod.drawReplay($("r-board"), r.doc || {}, { seq: r.seq, step: r.step, view: r.view, names: seatName });
  } else {
    $("r-board").replaceChildren(h("pre", { class: "replay-text" }, r.text || JSON.stringify(r.doc, null, 2)));
  }
}

// ---- page switching ----------------------------------------------------------------------------------
function render() {
  $("admin-login").hidden = state.view !== "login";
  $("admin-browser").hidden = state.view !== "list";
  $("admin-detail").hidden = state.view !== "detail";
  $("admin-root").dataset.view = state.view;
  if (state.view === "list") renderList();
  if (state.view === "detail") renderDetail();
}
onRedraw(render);

function route() {
  if (!state.admin) { state.view = "login"; redraw(); return; }
  const m = /^#([A-Za-z0-9]{1,16})(?:\/(\d+))?$/.exec(location.hash);
  if (m) {
    state.view = "detail";
    document.title = `Admin · table ${m[1]} · Icehouse Table`;
    openTable(m[1], m[2] == null ? null : Number(m[2]));
  } else {
    state.view = "list";
    state.code = null;
    document.title = "Admin · Icehouse Table";
    loadList();   // fresh each time the list is shown: tables move on while one is open
  }
  redraw();
}

async function loadGames() {
  try {
    GAMES = await get("/api/games");
    const sel = $("f-game");
    sel.append(...GAMES.map((g) => h("option", { value: g.name }, g.title || g.name)));
  } catch { /* the filter still works with "any game" */ }
}

// ---- handlers --------------------------------------------------------------------------------------
$("admin-login-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const token = $("admin-token").value.trim();
  if (!token) return;
  $("login-error").textContent = "";
  try {
    await api("POST", "/api/admin/session", { token });
  } catch (err) {
    $("login-error").textContent = err.message;
    return;
  }
  $("admin-token").value = "";
  state.admin = true;
  state.list = null;
  route();
});
$("logout-btn").addEventListener("click", async () => {
  try { await api("DELETE", "/api/admin/session"); } catch { /* the cookie expires anyway */ }
  loggedOut("Logged out.");
});
$("filters").addEventListener("submit", (ev) => {
  ev.preventDefault();
  Object.assign(state.filters, {
    game: $("f-game").value, status: $("f-status").value, player: $("f-player").value.trim(),
    limit: Number($("f-limit").value), offset: 0,
  });
  loadList();
});
for (const id of ["f-game", "f-status", "f-limit"]) $(id).addEventListener("change", () => $("filters").requestSubmit());
$("prev-page").addEventListener("click", () => { state.filters.offset = Math.max(0, state.filters.offset - state.filters.limit); loadList(); });
$("next-page").addEventListener("click", () => { state.filters.offset += state.filters.limit; loadList(); });
$("back-btn").addEventListener("click", (ev) => { ev.preventDefault(); location.hash = ""; });

$("r-first").addEventListener("click", () => goTo(0));
$("r-prev").addEventListener("click", () => goTo(state.seq - 1));
$("r-next").addEventListener("click", () => goTo(state.seq + 1));
$("r-last").addEventListener("click", () => state.detail && goTo(state.detail.seq));
$("r-slider").addEventListener("input", (ev) => goTo(Number(ev.target.value)));
$("d-moves").addEventListener("click", (ev) => {
  const b = ev.target.closest("button[data-seq]");
  if (b) goTo(Number(b.dataset.seq));
});
document.addEventListener("keydown", (ev) => {
  if (state.view !== "detail" || !state.detail || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const el = document.activeElement;
  if (el && (el.tagName === "INPUT" && el.type !== "range" || el.tagName === "TEXTAREA" || el.tagName === "SELECT")) return;
  const go = { ArrowLeft: state.seq - 1, ArrowRight: state.seq + 1, Home: 0, End: state.detail.seq }[ev.key];
  if (go == null) return;
  ev.preventDefault();
  goTo(go);
});
window.addEventListener("hashchange", route);

// Logged in already (the session cookie of an earlier visit)? Quietly ask; the login form otherwise.
async function checkSession() {
  try {
    const res = await fetch("/api/admin/session", { credentials: "same-origin", headers: { Accept: "application/json" } });
    state.admin = res.ok;
  } catch { state.admin = false; }
}

gamesLoaded = loadGames();
checkSession().then(route);
