// The admin page: log in once with the admin token (the server answers with an HttpOnly session cookie;
// the token is never kept by the page), browse every table with filters, a date range, sorting and
// paging, import an exported game, open one table (admin_table.js: everything, its replay, export,
// delete). Log out deletes the session. Statistics live on /admin/stats (admin_stats.js).
// One state object; handlers change it and call redraw(). Location: "#" the list, "#CODE" or "#CODE/N".
import { ApiError, api, get } from "./core/api.js";
import { h, onRedraw, redraw, state } from "./core/store.js";
import { t, tn } from "./core/i18n.js";
import { endWords } from "./core/say.js";
import { closeTable, openTable, renderDetail, setup as setupTable } from "./admin_table.js";

const $ = (id) => document.getElementById(id);
const STATUS_WORD = { lobby: t("status|lobby"), playing: t("status|playing"), finished: t("status|finished"), abandoned: t("status|abandoned") };
const statusWord = (s) => (STATUS_WORD[s] || s).replace(/^status\|/, "");
const MODULES = new Map();   // game name -> its client module (docs/CLIENT.md), loaded on first use
let GAMES = [];              // /api/games: each with its client module and stylesheet
let gamesLoaded = null;      // the promise of loadGames()
const READY = new Map();     // game name -> its client module once loaded (null: it failed), for the list's words

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
  filters: { game: "", status: "", player: "", date: "created", from: "", to: "", sort: "last_move",
    order: "desc", limit: 50, offset: 0 },
  list: null, total: 0, listError: "", loading: false,
  code: null, detail: null, replay: null, seq: 0, modules: {}, deleted: null,
});

// An older version kept the token in sessionStorage: forget it.
try { sessionStorage.removeItem("icehouse:admin-token"); } catch { /* private mode */ }

// ---- talking to /api/admin -------------------------------------------------------------------------
async function adminGet(path) {
  let res;
  try {
    res = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    throw new ApiError(0, t("Cannot reach the server. Check your connection and try again."));
  }
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail : t("The server said {status}.", { status: res.status });
    if (res.status === 401 || res.status === 403) loggedOut(detail);
    throw new ApiError(res.status, detail, data && data.code);
  }
  return { data, total: Number(res.headers.get("X-Total-Count") || 0) };
}

function loggedOut(message) {
  state.admin = false;
  state.view = "login";
  closeTable();
  $("login-error").textContent = message || "";
  redraw();
}

// ---- the list --------------------------------------------------------------------------------------
let listAsked = 0;  // the list shown is the answer to the latest request, whatever order the answers come in

async function loadList() {
  const mine = ++listAsked;
  const f = state.filters;
  const q = new URLSearchParams();
  for (const k of ["game", "status", "player", "from", "to"]) if (f[k]) q.set(k, f[k]);
  if (f.from || f.to) q.set("date", f.date);
  q.set("sort", f.sort);
  q.set("order", f.order);
  q.set("limit", f.limit);
  q.set("offset", f.offset);
  state.loading = true;
  redraw();
  try {
    const { data, total } = await adminGet(`/api/admin/tables?${q}`);
    if (mine !== listAsked) return;
    state.list = data;
    state.total = total;
    state.listError = "";
  } catch (err) {
    if (mine !== listAsked) return;
    state.listError = err.message;
  } finally {
    if (mine === listAsked) {
      state.loading = false;
      redraw();
    }
  }
}

// The result in the reader's words: why it ended in the game's own (its module's endReason, loaded with the
// games' list), a forfeit's reason in the pace's (core/say.js endWords).
function resultWords(r, game) {
  if (!r) return "";
  const who = r.outcome === "finished" && r.winners && r.winners.length
    ? ` ${tn("(seat {list})", "(seats {list})", r.winners.length, { list: r.winners.join(", ") })}` : "";
  const why = r.reason ? endWords(r, READY.get(game)) : "";
  return `${statusWord(r.outcome)}${why ? ` · ${why}` : ""}${who}`;
}
function when(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" });
}
function seatWords(s) { return s.name ? (s.bot ? t("{name} (bot)", { name: s.name }) : s.name) : t("open seat"); }
const stamp = (iso) => (iso ? h("time", { datetime: iso }, when(iso)) : null);

function renderList() {
  const body = $("tables-body");
  const f = state.filters;
  const rows = state.list || [];
  const note = state.deleted ? t("Table {code} was deleted.", { code: state.deleted }) : "";
  $("list-status").textContent = state.listError || (state.loading ? t("Loading…")
    : state.list && !rows.length ? t("No table matches these filters.") : note);
  $("list-status").classList.toggle("form-error", !!state.listError);
  const key = JSON.stringify([READY.size, rows]);  // drawn again once the games' modules have come
  if (body.dataset.key !== key) {
    body.dataset.key = key;
    body.replaceChildren(...rows.map((tb) => h("tr", { "data-code": tb.code },
      h("td", { "data-label": t("Table") }, h("a", { href: `#${tb.code}`, class: "code-link" }, tb.code)),
      h("td", { "data-label": t("Game") }, tb.title || tb.game),
      h("td", { "data-label": t("Status") }, h("span", { class: "badges" },
        h("span", { class: `badge status-${tb.status}` }, statusWord(tb.status)),
        tb.imported ? h("span", { class: "badge imported", title: t("Played elsewhere and imported: not in the stats") }, t("imported")) : null)),
      h("td", { "data-label": t("Players") }, tb.seats.map(seatWords).join(", ")),
      h("td", { "data-label": t("Moves"), class: "num" }, String(tb.seq)),
      h("td", { "data-label": t("Result") }, resultWords(tb.result, tb.game) || null),
      h("td", { "data-label": t("Created") }, stamp(tb.created_at)),
      h("td", { "data-label": t("Last move") }, stamp(tb.last_move_at)))));
  }
  const first = state.total ? f.offset + 1 : 0;
  const last = Math.min(f.offset + rows.length, state.total);
  $("page-info").textContent = t("{first}–{last} of {total}", { first, last, total: state.total });
  const newestFirst = f.order === "desc";
  $("prev-page").textContent = newestFirst ? t("← Newer") : t("← Older");
  $("next-page").textContent = newestFirst ? t("Older →") : t("Newer →");
  $("prev-page").disabled = f.offset <= 0;
  $("next-page").disabled = f.offset + f.limit >= state.total;
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
    state.deleted = null;
    document.title = `${t("Admin · table {code}", { code: m[1] })} · Icehouse Table`;
    openTable(m[1], m[2] == null ? null : Number(m[2]));
  } else {
    state.view = "list";
    closeTable();
    $("admin-root").dataset.seq = "";
    document.title = `${t("Admin")} · Icehouse Table`;
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
  // Each game's module words its own results in the list: loaded once, then the list is drawn again.
  Promise.all(GAMES.map(async (g) => READY.set(g.name, await gameModule(g.name)))).then(() => redraw());
}

// ---- handlers --------------------------------------------------------------------------------------
// A closed admin area (no token set on the server) has no login form: nothing could log in.
if ($("admin-login-form")) $("admin-login-form").addEventListener("submit", async (ev) => {
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
  loggedOut(t("Logged out."));
});
$("filters").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const [sort, order] = $("f-sort").value.split(":");
  Object.assign(state.filters, {
    game: $("f-game").value, status: $("f-status").value, player: $("f-player").value.trim(),
    date: $("f-date").value, from: $("f-from").value, to: $("f-to").value, sort, order: order || "desc",
    limit: Number($("f-limit").value), offset: 0,
  });
  state.deleted = null;
  loadList();
});
for (const id of ["f-game", "f-status", "f-limit", "f-sort", "f-date", "f-from", "f-to"]) {
  $(id).addEventListener("change", () => $("filters").requestSubmit());
}
$("prev-page").addEventListener("click", () => { state.filters.offset = Math.max(0, state.filters.offset - state.filters.limit); loadList(); });
$("next-page").addEventListener("click", () => { state.filters.offset += state.filters.limit; loadList(); });
$("back-btn").addEventListener("click", (ev) => { ev.preventDefault(); location.hash = ""; });

$("import-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const file = $("import-file").files[0];
  const status = $("import-status");
  if (!file) return;
  status.classList.remove("form-error");
  status.textContent = t("Replaying the file's moves…");
  let res, data = null;
  try {
    res = await fetch("/api/admin/import", { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" }, body: await file.text() });
    data = await res.json().catch(() => null);
  } catch {
    status.textContent = t("Cannot reach the server. Check your connection and try again.");
    status.classList.add("form-error");
    return;
  }
  if (!res.ok) {
    if (res.status === 401) loggedOut(data && data.detail);
    status.textContent = (data && data.detail) || t("The server said {status}.", { status: res.status });
    status.classList.add("form-error");
    return;
  }
  status.textContent = t("Imported as table {code}.", { code: data.code });
  $("import-file").value = "";
  location.hash = data.code;
});

window.addEventListener("hashchange", route);

// Logged in already (the session cookie of an earlier visit)? Quietly ask; the login form otherwise.
async function checkSession() {
  try {
    const res = await fetch("/api/admin/session", { credentials: "same-origin", headers: { Accept: "application/json" } });
    state.admin = res.ok;
  } catch { state.admin = false; }
}

setupTable({ adminGet, gameModule, when, resultWords, statusWord });
gamesLoaded = loadGames();
checkSession().then(route);
