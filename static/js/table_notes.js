// The table page's notes: under "What happened", a seated player notes their own last move (docs/API.md "Notes
// on a move"). Written while the game is on, a note is the author's alone until the game ends; the replay
// (/t/<code>/review) shows every note beside its move once the game is over, and writes notes on any move.
// Known by the browser's identity cookie, as the page's other requests.
import { get, post, toast } from "./core/api.js";
import { h } from "./core/store.js";
import { t } from "./core/i18n.js";

const MAX = 500;
const root = document.getElementById("table-root");
const code = root ? root.dataset.code : null;
const path = (p) => `/api/tables/${encodeURIComponent(code)}${p}`;

function setup(you) {
  const log = document.getElementById("log");
  if (!log) return;
  const status = h("p", { class: "hint", id: "note-status", role: "status", "aria-live": "polite" });
  const area = h("textarea", { id: "note-text", maxlength: String(MAX), rows: "2", class: "note-input" });
  const label = h("label", { for: "note-text" }, t("A note on your last move"));
  let seq = null;
  const form = h("form", { class: "note-form", id: "note-form", hidden: true, onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      await post(path(`/moves/${seq}/notes`), { text: area.value });
    } catch (err) {
      status.textContent = err.message;
      toast(err.message, "error");
      area.focus();
      return;
    }
    status.textContent = t("Note written on move {n}: yours alone until the game ends.", { n: seq });
    form.hidden = true;
    area.value = "";
    button.focus();
  } }, label, area,
  h("span", { class: "row" },
    h("button", { type: "submit", class: "btn small primary", id: "note-save" }, t("Save the note")),
    h("button", { type: "button", class: "btn small", onclick: () => { form.hidden = true; button.focus(); } }, t("Cancel"))));
  const button = h("button", { type: "button", class: "btn small", id: "note-last", onclick: async () => {
    let steps = [];
    try {
      steps = (await get(path("/log"))).steps || [];
    } catch (err) {
      status.textContent = err.message;
      return;
    }
    const mine = steps.filter((s) => s.seat === you);
    if (!mine.length) { status.textContent = t("You have not moved yet: there is no move of yours to note."); return; }
    seq = mine[mine.length - 1].seq;
    label.textContent = t("A note on your move {n}", { n: seq });
    form.hidden = false;
    status.textContent = "";
    area.focus();
  } }, t("Note my last move"));
  log.after(h("div", { class: "table-notes" }, button, form, status));
}

async function start() {
  if (!code) return;
  try {
    const table = await get(path(""));
    if (table.you == null) return;
    setup(table.you);
  } catch {
    /* the table page says what went wrong */
  }
}

start();
