// One table on the admin page: its facts, seats, moves and chat, the replay (the shared viewer of
// core/replay.js, hidden information shown at every step), export to a file, and delete (confirmed).
// Location: "#CODE" or "#CODE/N" (the step shown).
import { api } from "./core/api.js";
import { createReplay, stepWords } from "./core/replay.js";
import { takenBack } from "./core/takeback_words.js";
import { chatWords, inviteWords } from "./core/say.js";
import { h, redraw, state } from "./core/store.js";
import { t, tn } from "./core/i18n.js";

const $ = (id) => document.getElementById(id);
let viewer = null;
let adminGet = null;
let gameModule = null;
let whenText = (iso) => iso || "";
let resultText = () => "";
let statusText = (s) => s;

// admin.js hands over what it shares: its fetch (logs out on 401), the game-module loader, the formatters
// (dates, results, a status in the page's language).
export function setup(deps) {
  ({ adminGet, gameModule, when: whenText, resultWords: resultText, statusWord: statusText } = deps);
  $("export-btn").addEventListener("click", exportTable);
  $("delete-btn").addEventListener("click", askDelete);
  $("delete-no").addEventListener("click", () => { $("delete-confirm").hidden = true; $("delete-btn").focus(); });
  $("delete-yes").addEventListener("click", deleteTable);
  $("d-moves").addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-seq]");
    if (b && viewer) viewer.goTo(Number(b.dataset.seq));
  });
}

export function closeTable() {
  if (viewer) { viewer.destroy(); viewer = null; }
  state.code = null;
}

export async function openTable(code, seq) {
  if (state.code === code && state.detail) {
    if (seq != null && viewer && seq !== viewer.seq) viewer.goTo(seq);
    return;
  }
  closeTable();
  Object.assign(state, { code, detail: null, replay: null, seq: 0, detailError: "" });
  $("delete-confirm").hidden = true;
  redraw();
  try {
    state.detail = (await adminGet(`/api/admin/tables/${encodeURIComponent(code)}`)).data;
  } catch (err) {
    state.detailError = err.message;
    redraw();
    return;
  }
  if (state.code !== code) return;
  const d = state.detail;
  const mod = gameModule(d.game).then((m) => { state.modules[d.game] = m; redraw(); return m; });
  viewer = createReplay($("admin-replay"), {
    of: d.seq, seq: seq == null ? d.seq : seq, ids: "r-", module: mod, names: seatName,
    extra: h("span", { id: "r-check", class: "badge" }),
    fetchStep: async (n) => (await adminGet(`/api/admin/tables/${encodeURIComponent(d.code)}/replay?seq=${n}`)).data,
    onStep(r) {
      if (!r || state.code !== d.code) return;
      state.replay = r;
      state.seq = r.seq;
      const hash = `#${d.code}/${r.seq}`;
      if (location.hash !== hash) history.replaceState(null, "", hash);
      $("admin-root").dataset.seq = String(r.seq);
      redraw();
    },
  });
  redraw();
}

function seatName(seat) {
  const s = state.detail && state.detail.seats.find((x) => x.seat === seat);
  return s && s.name ? s.name : t("Seat {n}", { n: seat + 1 });
}

export function renderDetail() {
  const d = state.detail;
  $("d-code").textContent = state.code ? t("table {code}", { code: state.code }) : "";
  $("export-btn").disabled = $("delete-btn").disabled = !d;
  if (!d) {
    $("d-title").textContent = state.detailError || t("Loading…");
    return;
  }
  $("d-title").textContent = d.title || d.game;
  renderFacts(d);
  renderSeats(d);
  renderMoves(d);
  renderChat(d);
  renderNotes(d);
  renderInvitations(d);
  renderCheck(d);
}

function renderFacts(d) {
  const opts = Object.entries(d.options || {}).map(([k, v]) => `${k.replace(/_/g, " ")}: ${v}`).join(", ") || t("none");
  const facts = [
    [t("Status"), statusText(d.status)], [t("Seats"), String(d.players)], [t("Moves"), String(d.seq)],
    [t("Result"), resultText(d.result, d.game) || "—"], [t("Options"), opts], [t("Seed"), String(d.seed)],
    [t("Created"), whenText(d.created_at)], [t("Started"), whenText(d.started_at) || "—"],
    [t("Last move"), whenText(d.last_move_at) || "—"], [t("Finished"), whenText(d.finished_at) || "—"],
    ...(d.imported ? [[t("Origin"), t("Imported from an exported file, with the times it was played at; not in the stats")]] : []),
  ];
  const key = JSON.stringify([facts, d.rematch, d.rematch_of]);
  if ($("d-facts").dataset.key === key) return;
  $("d-facts").dataset.key = key;
  const link = (c) => h("a", { href: `#${c}` }, c);
  $("d-facts").replaceChildren(...facts.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]),
    ...(d.rematch_of ? [h("dt", {}, t("Rematch of")), h("dd", {}, link(d.rematch_of))] : []),
    ...(d.rematch ? [h("dt", {}, t("Rematch")), h("dd", {}, link(d.rematch))] : []));
}

function renderSeats(d) {
  const toAct = state.replay && state.replay.doc ? state.replay.doc.to_act || [] : [];
  const key = JSON.stringify([d.seats, toAct]);
  if ($("d-seats").dataset.key === key) return;
  $("d-seats").dataset.key = key;
  $("d-seats").replaceChildren(...d.seats.map((s) => h("li", { class: toAct.includes(s.seat) ? "acting" : "" },
    h("span", { class: `dot${s.bot ? " bot" : ""}` }),
    h("span", { class: `name${s.name ? "" : " open"}` }, `${s.seat}. ${s.name || t("open seat")}`),
    s.bot ? h("span", { class: "tag" }, (s.bot_name ? t("bot {name}", { name: s.bot_name }) : t("bot"))) : null,
    s.player_id != null ? h("span", { class: "tag" }, t("player #{id}", { id: s.player_id })) : null,
    toAct.includes(s.seat) ? h("span", { class: "tag turn" }, t("to play")) : null)));
}

function renderMoves(d) {
  const list = $("d-moves");
  const mod = state.modules[d.game];
  const listKey = `${d.code}|${mod !== undefined}`;   // words come from the game's module
  if (list.dataset.key !== listKey) {
    list.dataset.key = listKey;
    const headlines = (mod && mod.headlines) || [];
    const items = [h("li", {}, h("button", { type: "button", class: "link", "data-seq": "0" }, `0. ${t("The deal")}`))];
    const gone = takenBack(d.moves);   // the steps a takeback took back, listed and marked
    for (const m of d.moves) {
      const head = (m.events || []).find((e) => headlines.includes(e.type));
      const cls = (m.events || []).some((e) => e.type === "end") ? "end" : head ? head.type : "";
      items.push(h("li", { class: gone.has(m.seq) ? `${cls} taken-back` : cls }, h("button", { type: "button", class: "link", "data-seq": String(m.seq) },
        `${m.seq}. ${stepWords(mod, m, seatName)}${gone.has(m.seq) ? ` ${t("(taken back)")}` : ""}`)));
    }
    list.replaceChildren(...items);
    if (!d.moves.length) list.append(h("li", { class: "note" }, t("No move yet.")));
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
    h("span", { class: "who" }, `${c.name}:`), chatWords(c), " ", h("time", { class: "muted", datetime: c.at }, whenText(c.at))))
    : [h("li", { class: "muted" }, t("No chat."))]));
}

// Every invitation to a seat of the table: who, where it stands, when it was made and answered (never a link:
// only its hash is kept).
function renderInvitations(d) {
  const el = $("d-invitations");
  const rows = d.invitations || [];
  const key = JSON.stringify(rows);
  if (!el || el.dataset.key === key) return;
  el.dataset.key = key;
  el.replaceChildren(...(rows.length ? rows.map((x) => h("li", { "data-state": x.state },
    h("span", { class: "who" }, `${t("Seat {n}", { n: x.seat + 1 })} · ${x.name}:`), " ",
    h("span", { class: `tag invite-${x.state}` }, inviteWords(x.state)), " ",
    x.rematch ? h("span", { class: "muted" }, t("(a rematch)")) : null, " ",
    h("span", { class: "muted" }, t("sent {when}", { when: whenText(x.created_at) })), " ",
    x.answered_at ? h("span", { class: "muted" }, t("answered {when}", { when: whenText(x.answered_at) }))
      : h("span", { class: "muted" }, t("until {when}", { when: whenText(x.expires_at) }))))
    : [h("li", { class: "muted" }, t("No invitations."))]));
}

// Whether the replay agrees with the stored game (the engine replays every move from the initial doc).
// Every note on a move, with its author and whether it was written while the game was on (then private to
// its author until the end; the admin sees it all the same), each with Delete (confirmed; the review rooms
// of an ended table drop it at once).
function renderNotes(d) {
  const el = $("d-notes");
  const notes = d.notes || [];
  const key = JSON.stringify(notes);
  if (!el || el.dataset.key === key) return;
  el.dataset.key = key;
  el.replaceChildren(...(notes.length ? notes.map((n) => h("li", { "data-note": String(n.id) },
    h("span", { class: "who" }, `${t("Move {n}", { n: n.seq })} · ${n.name || seatName(n.seat)}:`), " ", n.text, " ",
    h("span", { class: "muted" }, [n.during ? t("(written during the game)") : "", n.edited_at ? t("(edited)") : ""].filter(Boolean).join(" ")),
    " ", h("time", { class: "muted", datetime: n.created_at }, whenText(n.created_at)), " ",
    h("button", { type: "button", class: "btn small danger", "data-delete-note": String(n.id),
      "aria-label": t("Delete the note by {name} on move {n}", { name: n.name || seatName(n.seat), n: n.seq }),
      onclick: () => deleteNote(d, n) }, t("Delete"))))
    : [h("li", { class: "muted" }, t("No notes."))]));
}

async function deleteNote(d, n) {
  const who = n.name || seatName(n.seat);
  if (!window.confirm(t("Delete the note by {name} on move {n}? This cannot be undone.", { name: who, n: n.seq }))) return;
  const status = $("d-notes-status");
  try {
    await api("DELETE", `/api/admin/tables/${encodeURIComponent(d.code)}/notes/${n.id}`);
  } catch (err) {
    if (status) status.textContent = err.message;
    return;
  }
  // the table's detail may have been fetched again meanwhile (it is refreshed while open): the one shown now
  const shown = state.detail;
  if (!shown || shown.code !== d.code) return;
  const notes = shown.notes || [];
  const at = notes.findIndex((x) => x.id === n.id);
  shown.notes = notes.filter((x) => x.id !== n.id);
  if (status) status.textContent = t("Note deleted.");
  renderNotes(shown);
  const next = $("d-notes").querySelectorAll("button[data-delete-note]")[Math.max(0, Math.min(at, shown.notes.length - 1))];
  (next || status || $("d-notes")).focus();
}

function renderCheck(d) {
  const check = $("r-check");
  if (!check) return;
  const r = state.replay;
  if (r && r.seq === d.seq) {
    check.textContent = r.consistent ? t("replay matches the stored game") : t("replay DIFFERS from the stored game");
    check.className = `badge ${r.consistent ? "good" : "bad"}`;
  } else if (r && !r.consistent) {
    check.textContent = t("replay differs");
    check.className = "badge bad";
  } else {
    check.textContent = "";
    check.className = "badge";
  }
  check.title = r ? (r.problems || []).join(" ") : "";
}

// ---- export and delete ---------------------------------------------------------------------------------
async function exportTable() {
  const d = state.detail;
  if (!d) return;
  try {
    const { data } = await adminGet(`/api/admin/tables/${encodeURIComponent(d.code)}/export`);
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" }));
    const a = h("a", { href: url, download: `icehouse-${d.code}.json`, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (err) {
    state.detailError = err.message;
    redraw();
  }
}

function askDelete() {
  const d = state.detail;
  if (!d) return;
  const who = d.seats.map((s) => s.name).filter(Boolean).join(", ") || t("nobody");
  $("delete-question").textContent = t("Delete table {code} ({game}, {status}, {moves}, seats: {who}) with its moves and chat? This cannot be undone.",
    { code: d.code, game: d.title || d.game, status: statusText(d.status), moves: tn("{n} move", "{n} moves", d.seq), who });
  $("delete-error").textContent = "";
  $("delete-confirm").hidden = false;
  $("delete-no").focus();
}

async function deleteTable() {
  const d = state.detail;
  if (!d) return;
  $("delete-yes").disabled = true;
  try {
    await api("DELETE", `/api/admin/tables/${encodeURIComponent(d.code)}`);
    $("delete-confirm").hidden = true;
    closeTable();
    state.deleted = d.code;
    location.hash = "";
  } catch (err) {
    $("delete-error").textContent = err.message;
  } finally {
    $("delete-yes").disabled = false;
  }
}
