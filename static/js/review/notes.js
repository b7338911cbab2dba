// Notes on a move in the replay (the review room, /t/<code>/review): the notes on the step shown, a "Note"
// button to write one as a player of the table, and Edit / Delete on one's own (docs/API.md "Notes on a
// move"). The move list marks the steps that have notes. It follows the page rather than driving it: the
// step shown is the board's data-ply (set by view.js once drawn), the move list is view.js's own, so only the
// steps listed there are marked (the "Don't spoil" switch lists only the steps reached). Live: a note written,
// edited or deleted by anyone (the admin too) comes on the room's socket (room.js hands it over as a
// "review-note" event) and shows at once, a note being typed here kept as it is.
import { api, get, post, toast } from "../core/api.js";
import { h } from "../core/store.js";
import { t, tn } from "../core/i18n.js";

const MAX = 500;
const root = document.getElementById("review-root");
const code = root ? root.dataset.code : null;
// Spoiler-free (review/nospoil.js): only the notes on the moves reached so far are asked for, and asked for
// again as the viewer goes further; the room's socket then says only that notes changed, not where.
const hiding = !!root && root.dataset.nospoil === "1";
let notes = [], you = null, ply = null, editing = null, open = false, status = "";
let reached = 0;   // spoiler-free: the furthest step shown so far
let box = null;

function section() {
  if (box) return box;
  const side = document.querySelector(".review-side");
  if (!side) return null;
  box = h("section", { class: "card review-notes", id: "review-notes", "aria-labelledby": "notes-title" });
  side.insertBefore(box, document.getElementById("review-moves"));
  return box;
}

async function load() {
  const upto = hiding ? reached : null;
  try {
    notes = await get(`/api/tables/${encodeURIComponent(code)}/notes${upto == null ? "" : `?upto=${upto}`}`);
  } catch {
    notes = [];
  }
  render();
  mark();
}

// The step shown: the board's, once drawn; a what-if's steps have no notes (they are the real game's).
function shownPly() {
  const board = document.getElementById("review-board");
  if (!board || board.dataset.ply == null) return null;
  return board.dataset.at && board.dataset.at !== "0" ? -1 : Number(board.dataset.ply);
}

function when(iso) {
  try { return new Date(iso).toLocaleString(document.documentElement.lang || undefined); } catch { return iso; }
}

function render(keepTyping = false) {
  const el = section();
  if (!el) return;
  const typing = document.getElementById("note-text");
  const kept = keepTyping && open && typing ? { value: typing.value, focused: document.activeElement === typing,
    start: typing.selectionStart, end: typing.selectionEnd } : null;
  const n = ply;
  const here = notes.filter((x) => x.seq === n);
  const title = n > 0 ? t("Notes on move {n}", { n }) : t("Notes");
  const items = here.map((x) => h("li", { "data-note": String(x.id), class: x.mine ? "mine" : null },
    h("strong", {}, x.mine ? t("You") : (x.name || t("Seat {n}", { n: x.seat + 1 }))), ": ",
    h("span", { class: "note-text" }, x.text), " ",
    h("span", { class: "hint" }, [x.during ? t("(written during the game)") : "", x.edited_at ? t("(edited)") : ""]
      .filter(Boolean).join(" ")), " ",
    h("time", { class: "muted", datetime: x.created_at }, when(x.created_at)),
    x.mine ? h("span", { class: "row note-actions" },
      h("button", { type: "button", class: "btn small", "data-edit": String(x.id),
        "aria-label": t("Edit your note on move {n}", { n }), onclick: () => { editing = x; open = true; render(); focusText(); } },
      t("Edit")),
      h("button", { type: "button", class: "btn small", "data-delete": String(x.id),
        "aria-label": t("Delete your note on move {n}", { n }), onclick: () => remove(x) }, t("Delete"))) : null));
  const parts = [h("h2", { id: "notes-title" }, title)];
  if (n === -1) parts.push(h("p", { class: "hint" }, t("Notes are on the real game's moves: go back to the real game to read them.")));
  else if (!(n > 0)) parts.push(h("p", { class: "hint" }, t("Go to a move to read its notes or write one.")));
  else {
    parts.push(items.length ? h("ul", { class: "note-list", id: "note-list" }, ...items)
      : h("p", { class: "hint", id: "note-none" }, t("No notes on this move.")));
    if (you != null && open) parts.push(form(n));
    else if (you != null) {
      parts.push(h("button", { type: "button", class: "btn small", id: "note-write",
        "aria-label": t("Write a note on move {n}", { n }), onclick: () => { editing = null; open = true; render(); focusText(); } },
      t("Note")));
    }
  }
  parts.push(h("p", { class: "hint", id: "note-status", role: "status", "aria-live": "polite" }, status));
  el.replaceChildren(...parts);
  const area = kept && document.getElementById("note-text");
  if (area) {
    area.value = kept.value;
    if (kept.focused) { area.focus(); area.setSelectionRange(kept.start, kept.end); }
  }
}

// A note's news from the room's socket: {"op": "write" | "edit", "note"} or {"op": "drop", "id", "seq"}.
function heard(msg) {
  if (!msg || !notes) return;
  if (msg.op === "changed") { load(); return; }   // spoiler-free: ask again, up to the step reached
  if (msg.op === "drop") {
    if (!notes.some((x) => x.id === msg.id)) return;
    notes = notes.filter((x) => x.id !== msg.id);
    if (editing && editing.id === msg.id) { editing = null; open = false; }
    if (msg.seq === ply) status = t("A note on this move was deleted.");
  } else if (msg.note) {
    const x = msg.note;
    const had = notes.findIndex((y) => y.id === x.id);
    if (had >= 0) notes[had] = x;
    else {
      notes.push(x);
      notes.sort((a, b) => (a.seq - b.seq) || (a.id - b.id));
    }
    if (x.seq === ply && !x.mine) {
      const who = x.name || t("Seat {n}", { n: x.seat + 1 });
      status = had >= 0 ? t("{name} edited a note on this move.", { name: who }) : t("{name} wrote a note on this move.", { name: who });
    }
  }
  render(true);
  mark();
}

function form(n) {
  const area = h("textarea", { id: "note-text", maxlength: String(MAX), rows: "3", class: "note-input" });
  area.value = editing ? editing.text : "";
  return h("form", { class: "note-form", onsubmit: (ev) => { ev.preventDefault(); save(n, area.value); } },
    h("label", { for: "note-text" }, editing ? t("Your note on move {n}", { n }) : t("A note on move {n}", { n })),
    area,
    h("p", { class: "hint" }, t("At most {max} characters. Written while the game is on, a note is yours alone until the game ends.", { max: MAX })),
    h("span", { class: "row" },
      h("button", { type: "submit", class: "btn small primary", id: "note-save" }, t("Save the note")),
      h("button", { type: "button", class: "btn small", id: "note-cancel",
        onclick: () => { open = false; editing = null; render(); } }, t("Cancel"))));
}

function focusText() {
  const area = document.getElementById("note-text");
  if (area) area.focus();
}

async function save(n, text) {
  try {
    if (editing) await api("PATCH", `/api/tables/${encodeURIComponent(code)}/notes/${editing.id}`, { text });
    else await post(`/api/tables/${encodeURIComponent(code)}/moves/${n}/notes`, { text });
  } catch (err) {
    toast(err.message, "error");
    status = err.message;
    render();
    focusText();
    return;
  }
  status = editing ? t("Note saved.") : t("Note written.");
  open = false;
  editing = null;
  await load();
  const write = document.getElementById("note-write");
  if (write) write.focus();
}

async function remove(x) {
  try {
    await api("DELETE", `/api/tables/${encodeURIComponent(code)}/notes/${x.id}`);
  } catch (err) {
    toast(err.message, "error");
    return;
  }
  status = t("Note deleted.");
  await load();
}

// The move list: each listed step with notes says how many (view.js redraws the list; marked again then).
function mark() {
  const list = document.getElementById("review-movelist");
  if (!list) return;
  const counts = new Map();
  for (const x of notes) counts.set(x.seq, (counts.get(x.seq) || 0) + 1);
  for (const li of list.querySelectorAll("li[data-seq]")) {
    const n = counts.get(Number(li.dataset.seq)) || 0;
    const button = li.querySelector("button") || li;
    let span = button.querySelector(".note-count");
    if (!n) { if (span) span.remove(); continue; }
    const words = tn("{n} note", "{n} notes", n);
    if (span && span.dataset.n === String(n)) continue;
    if (!span) { span = h("span", { class: "note-count" }); button.append(span); }
    span.dataset.n = String(n);
    span.replaceChildren(h("span", { "aria-hidden": "true" }, ` ✎${n}`), h("span", { class: "sr-only" }, ` (${words})`));
  }
}

async function start() {
  if (!code) return;
  reached = hiding ? Math.max(0, shownPly() || 0) : 0;
  const embedded = document.getElementById("review-start");   // spoiler-free: the page's start, not the state
  try {
    const table = embedded ? JSON.parse(embedded.textContent) : await get(`/api/tables/${encodeURIComponent(code)}`);
    if (table.status !== "finished" && table.status !== "abandoned") return;
    you = embedded ? "?" : table.you ?? null;   // spoiler-free, whether this is a player is the server's to say
  } catch {
    return;
  }
  await load();
  document.addEventListener("review-note", (ev) => heard(ev.detail));
  const board = document.getElementById("review-board");
  if (board) {
    new MutationObserver(() => {
      const now = shownPly();
      if (now !== ply) { ply = now; open = false; editing = null; status = ""; render(); }
      if (hiding && now > reached) { reached = now; load(); }   // further than before: its notes now
    }).observe(board, { attributes: true, attributeFilter: ["data-ply", "data-at"] });
  }
  const moves = document.getElementById("review-moves");
  if (moves) new MutationObserver(mark).observe(moves, { childList: true, subtree: true });
  ply = shownPly();
  if (hiding && ply > reached) { reached = ply; await load(); }
  render();
  mark();
}

start();
