// Home page: every game's card (a picture of a real position, drawn by the game's own module; players, length;
// Play solo, Play with bots, Invite friends), and the table for friends: pick a game, seats and house rules,
// type a name, create the table, share the link.
import { get, post, copyText, toast, savedName, saveName } from "./core/api.js";
import { h } from "./core/store.js";
import { playOn, dealTitle } from "./deal_play.js";
import { loadGame } from "./core/games.js";
import { drawThumb } from "./thumbs.js";
import { t, tn } from "./core/i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];
try { games = JSON.parse($("games-data").textContent || "[]"); } catch { games = []; }

function selectedGame() {
  const r = document.querySelector('input[name="game"]:checked');
  return games.find((g) => r && g.name === r.value) || null;
}

function renderSeats() {
  const g = selectedGame();
  const sel = $("players");
  const prev = Number(sel.value) || null;
  sel.replaceChildren();
  if (!g) return;
  for (let n = g.min_players; n <= g.max_players; n++) {
    sel.append(h("option", { value: n }, n === 1 ? t("1 (solo)") : String(n)));
  }
  const want = prev && prev >= g.min_players && prev <= g.max_players ? prev : Math.min(Math.max(2, g.min_players), g.max_players);
  sel.value = String(want);
  renderOptions();
}

// Options come from the engine's option specs; an option may depend on an earlier one (its choices and
// default follow that option's value: a board's size follows its shape). An option that means nothing at
// this seat count (its spec's min_players, e.g. hidden hands alone) is not offered.
function renderOptions() {
  const g = selectedGame();
  const box = $("options");
  const before = readOptions();
  box.replaceChildren();
  if (!g) return;
  const players = Number($("players").value);
  const specs = ((g.options && (g.options[$("players").value] || g.options[String(g.min_players)])) || [])
    .filter((s) => !(s.min_players > players));
  const chosen = {};
  for (const s of specs) {
    const id = `opt-${s.name}`;
    const dep = s.depends_on;
    const choices = dep ? (s.choices_by || {})[chosen[dep]] : s.choices;
    const fallback = dep ? (s.default_by || {})[chosen[dep]] : s.default;
    let value = s.name in before ? before[s.name] : fallback;
    if (Array.isArray(choices) && !choices.includes(value)) value = fallback;
    chosen[s.name] = value;
    if (s.type === "bool") {
      box.append(h("label", { class: "check", for: id },
        h("input", { type: "checkbox", id, "data-opt": s.name, "data-type": "bool", checked: !!value }),
        h("span", {}, t(s.label || s.name))));
    } else if (Array.isArray(choices) && choices.length) {
      const kind = typeof fallback === "number" ? "int" : "str";
      const sel = h("select", { id, "data-opt": s.name, "data-type": kind },
        ...choices.map((c) => h("option", { value: c, selected: c === value }, (s.choice_labels && s.choice_labels[c] && t(s.choice_labels[c])) || String(c))));
      if (specs.some((o) => o.depends_on === s.name)) sel.addEventListener("change", renderOptions);
      box.append(h("label", { class: "field", for: id }, t(s.label || s.name), sel));
    } else if (s.type === "int") {
      box.append(h("label", { class: "field", for: id }, t(s.label || s.name),
        h("input", { type: "number", id, "data-opt": s.name, "data-type": "int", value: value ?? "", min: s.min, max: s.max })));
    } else {
      box.append(h("label", { class: "field", for: id }, t(s.label || s.name),
        h("input", { id, "data-opt": s.name, "data-type": "str", value: value ?? "" })));
    }
  }
  if (!specs.length) box.append(h("p", { class: "hint" }, t("No house rules for this game.")));
}

function readOptions() {
  const out = {};
  for (const el of document.querySelectorAll("[data-opt]")) {
    const kind = el.dataset.type;
    out[el.dataset.opt] = kind === "bool" ? el.checked : kind === "int" ? Number(el.value) : el.value;
  }
  return out;
}

function showError(msg) {
  const el = $("create-error");
  el.textContent = msg;
  el.hidden = !msg;
}

async function create(ev) {
  ev.preventDefault();
  const g = selectedGame();
  const name = $("name").value.trim();
  if (!g) return showError(t("Pick a game first."));
  if (!name) { $("name").focus(); return showError(t("Type your name: it is how your friends will see you.")); }
  showError("");
  saveName(name);
  const btn = $("create-btn");
  btn.disabled = true;
  btn.textContent = t("Creating…");
  try {
    const players = Number($("players").value);
    if (players === 1) { await playSolo(g.name, name, readOptions()); return; }   // no one to invite: straight in
    const res = await post("/api/tables", { game: g.name, players, options: readOptions(), name });
    const path = `/t/${res.code}`;
    const url = res.url && /^https?:/.test(res.url) ? res.url : `${location.origin}${res.url || path}`;
    $("create-form").hidden = true;
    $("created").hidden = false;
    $("share-url").value = url;
    $("open-table").href = path;
    $("open-table").focus();
  } catch (err) {
    showError(err.message);
  } finally {
    btn.disabled = false;
    btn.textContent = t("Create the table");
  }
}

// A solo game in one go: create the table, start it, open it. A deal with no legal play at all ends at
// once ("stuck"): deal again, a few times, rather than greet the player with a lost game.
async function playSolo(game, name, options = {}) {
  let code = null;
  for (let i = 0; i < 4; i++) {
    const res = await post("/api/tables", { game, players: 1, options, name });
    code = res.code;
    const table = await post(`/api/tables/${code}/start`, {});
    if (table.status === "playing") break;
  }
  location.href = `/t/${code}`;
}

// The solo player's name: the one this browser last used (saved here, or the name its identity cookie last
// sat down with, /api/me); with neither, the page asks once (#solo-name) and remembers the answer.
async function knownName() {
  const saved = savedName();
  if (saved) return saved;
  try {
    const me = await get("/api/me");
    if (me && me.name && me.name !== "Player") { saveName(me.name); return me.name; }   // "Player": the old stand-in
  } catch { /* no identity yet */ }
  return "";
}

// The cards' buttons: "Play solo" (a table of one, started) and "Play with bots" (two seats, the other a
// bot of the game's own, started). Both need the player's name: known, or asked once in a form that opens
// under the card that was pressed. `afterName` is what that form deals once a name is typed.
let afterName = null;

function askName(where, then) {
  afterName = then;
  const form = $("solo-name");
  if (where) where.after(form);
  form.hidden = false;
  $("solo-name-input").focus();
}

async function playBots(game, name) {
  const g = games.find((x) => x.name === game);
  const players = Math.min(Math.max(2, g ? g.min_players : 2), g ? g.max_players : 2);
  const res = await post("/api/tables", { game, players, name });
  for (let seat = 1; seat < players; seat++) await post(`/api/tables/${res.code}/bots`, { seat });
  await post(`/api/tables/${res.code}/start`, {});
  location.href = `/t/${res.code}`;
}

function playError(msg) {
  $("play-error").textContent = msg;
  $("play-error").hidden = !msg;
}

async function playClick(ev) {
  const btn = ev.currentTarget;
  const { game, play } = btn.dataset;
  const deal = (name) => (play === "bots" ? playBots(game, name) : playSolo(game, name));
  const label = btn.textContent;
  btn.disabled = true;
  btn.textContent = play === "bots" ? t("Seating the bots…") : t("Dealing…");
  playError("");
  try {
    const name = await knownName();
    if (!name) {   // ask once
      btn.disabled = false;
      btn.textContent = label;
      askName(btn.closest(".game-tile"), deal);
      return;
    }
    await deal(name);
  } catch (err) {
    playError(err.message);
    toast(err.message, "error");
    btn.disabled = false;
    btn.textContent = label;
  }
}

async function soloNamed(ev) {
  ev.preventDefault();
  const name = $("solo-name-input").value.trim();
  const error = $("solo-name-error");
  if (!name) { error.textContent = t("Type your name: it is how the game will call you."); error.hidden = false; return; }
  error.hidden = true;
  saveName(name);
  $("name").value = name;
  const btn = $("solo-name-go");
  btn.disabled = true;
  btn.textContent = t("Dealing…");
  try {
    if (afterName) await afterName(name);
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    btn.disabled = false;
    btn.textContent = t("Deal");
  }
}

// "Invite friends": the form below with that game chosen, its name field ready.
function invite(ev) {
  const game = ev.currentTarget.dataset.invite;
  const radio = document.querySelector(`input[name="game"][value="${CSS.escape(game)}"]`);
  if (!radio) return;
  ev.preventDefault();
  radio.checked = true;
  renderSeats();
  $("create-form").scrollIntoView({ behavior: "smooth", block: "start" });
  $("name").focus({ preventScroll: true });
}

// Each card's picture: a position the game's engine reached (the server's spectator view of it), drawn by
// the game's own module.
function drawCards() {
  let shown = {};
  try { shown = JSON.parse($("showcase-data").textContent || "{}"); } catch { shown = {}; }
  for (const box of document.querySelectorAll("[data-thumb]")) {
    const g = games.find((x) => x.name === box.dataset.thumb);
    const s = shown[box.dataset.thumb];
    if (!g || !s) continue;
    const names = (seat) => (s.names || [])[seat] || t("Seat {n}", { n: seat + 1 });
    drawThumb(box, g.client, s.view, { names, me: null, seq: s.seq, last: s.last,
      label: tn("{game}: a game between {names} after {n} move", "{game}: a game between {names} after {n} moves", s.seq,
        { game: g.title, names: (s.names || []).join(t(" and ")) }) });
  }
}

// Today's deals (the same cards for every table on the server today): each shared game's seat counts, named
// by the game's own module. A deal this browser has played is not dealt again: the line says so and
// links its results.
let daily = [];
const dailyWords = new Map();   // deal id -> its game's module (its words for the deal)

function dailyChosen() {
  return daily.find((d) => d.id === $("daily-pick").value) || null;
}

function renderDaily() {
  const d = dailyChosen();
  if (!d) return;
  const note = $("daily-note");
  const words = dailyWords.get(d.id);
  $("daily-btn").textContent = (words && words.dailyLabel && words.dailyLabel(d)) || t("Today's {deal}", { deal: dealTitle(d, words) });
  $("daily-btn").disabled = d.played;
  note.replaceChildren(d.played
    ? h("span", {}, t("You have played this one today:"), " ", h("a", { href: d.url, id: "daily-results" }, t("see how everyone did")), ".")
    : (d.players === 1 ? t("The same deal for everyone today: compare how you did.") : t("Dealt to your table; send the link to your group.")));
}

async function playDaily(name) {
  const d = dailyChosen();
  await playOn("/api/deals/today/tables", { game: d.game, players: d.players, name }, d.players === 1);
}

async function dailyClick(ev) {
  const btn = ev.currentTarget;
  btn.disabled = true;
  try {
    const name = await knownName();
    if (!name) {
      btn.disabled = false;
      askName($("daily"), playDaily);
      return;
    }
    await playDaily(name);
  } catch (err) {
    showError(err.message);
    toast(err.message, "error");
    btn.disabled = false;
  }
}

async function loadDaily() {
  try { daily = (await get("/api/deals/today")).deals || []; } catch { return; }
  if (!daily.length) return;
  for (const d of daily) dailyWords.set(d.id, await loadGame(d.client));
  $("daily-pick").replaceChildren(...daily.map((d) => h("option", { value: d.id }, dealTitle(d, dailyWords.get(d.id)))));
  $("daily").hidden = false;
  renderDaily();
}

async function init() {
  if (!games.length) {
    try {
      const list = await get("/api/games");
      games = list.map((g) => ({ ...g, pitch: g.pitch || "", options: { [String(g.min_players)]: g.option_specs || [] } }));
      const box = $("game-list");
      box.replaceChildren(...games.map((g, i) => h("label", { class: "game-card" },
        h("input", { type: "radio", name: "game", value: g.name, checked: i === 0 }),
        h("span", { class: "game-title" }, g.title),
        h("span", { class: "game-players" }, t("{low}–{high} players", { low: g.min_players, high: g.max_players })),
        h("span", { class: "game-pitch" }, t(g.pitch)))));
    } catch (err) {
      showError(err.message);
    }
  }
  // A link may name the game to start (a rules page's "Start a … table": /?game=dash).
  const asked = (new URLSearchParams(location.search).get("game") || "").trim().toLowerCase().replace(/_/g, "-");
  const wanted = asked && [...document.querySelectorAll('input[name="game"]:not(:disabled)')].find((r) => r.value === asked);
  if (wanted) wanted.checked = true;
  if (!document.querySelector('input[name="game"]:checked')) {
    const first = document.querySelector('input[name="game"]:not(:disabled)');
    if (first) first.checked = true;
  }
  $("name").value = savedName();
  renderSeats();
  document.querySelectorAll('input[name="game"]').forEach((r) => r.addEventListener("change", renderSeats));
  $("players").addEventListener("change", () => { $("options").replaceChildren(); renderOptions(); });
  $("create-form").addEventListener("submit", create);
  document.querySelectorAll("[data-play]").forEach((b) => b.addEventListener("click", playClick));
  document.querySelectorAll("[data-invite]").forEach((a) => a.addEventListener("click", invite));
  $("solo-name-cancel").addEventListener("click", () => { $("solo-name").hidden = true; afterName = null; });
  drawCards();
  if ($("daily")) {
    $("daily-btn").addEventListener("click", dailyClick);
    $("daily-pick").addEventListener("change", renderDaily);
    loadDaily();
  }
  if ($("solo-name")) $("solo-name").addEventListener("submit", soloNamed);
  if (!$("name").value) knownName().then((n) => { if (n && !$("name").value) $("name").value = n; });
  $("copy-btn").addEventListener("click", async () => {
    const ok = await copyText($("share-url").value, $("share-url"));
    toast(ok ? t("Link copied. Paste it to your friends.") : t("Select the link and copy it."));
  });
}

init();
