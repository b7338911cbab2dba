// Invitations on the table page (docs/API.md "Invitations"). In the lobby the host invites friends by name:
// each gets a secret link of their own, shown here once to copy and send (a new one may be asked for; the old
// one then opens nothing); the list says where each invitation stands (waiting, accepted, declined, expired)
// and "Start now with bots" starts without waiting. When the game is over, "Rematch as an invitation" sends
// the rematch to the other players (each told on their own channels, and on /me) and opens it here with their
// links. Known by the browser's identity cookie, as the page's other requests; redrawn when the seats change.
import { copyText, get, post, toast } from "./core/api.js";
import { h } from "./core/store.js";
import { t } from "./core/i18n.js";
import { inviteWords } from "./core/say.js";

const root = document.getElementById("table-root");
const code = root ? root.dataset.code : null;
const path = (p) => `/api/tables/${encodeURIComponent(code)}${p}`;
const KEPT = `icehouse:invite-links:${code}`;   // a rematch's links, carried from the old table's page once
const DAYS = [1, 2, 3, 7, 14];
const when = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
let fresh = [];   // links made on this page: shown until it is left
try { fresh = JSON.parse(sessionStorage.getItem(KEPT) || "[]"); sessionStorage.removeItem(KEPT); } catch { fresh = []; }

function panel() {
  let el = document.getElementById("invites");
  if (!el) {
    // Hidden until refresh() has given it its heading (an empty section named by a missing heading is an
    // ARIA error a screen reader would meet while the invitations load).
    el = h("section", { id: "invites", class: "invites", "aria-labelledby": "invites-title", hidden: true });
    const share = document.getElementById("share-box");
    if (share) share.after(el);
  }
  return el;
}

function linksBox() {
  if (!fresh.length) return null;
  return h("div", { class: "invite-links", id: "invite-links" },
    h("p", { class: "hint" }, t("Copy each link now and send it to its friend: it is shown only this once (you may ask for a new one).")),
    ...fresh.map((x) => {
      const link = new URL(x.link, location.origin).href;   // absolute, to send (the server's is when its public URL is set)
      const input = h("input", { readonly: true, value: link, "aria-label": t("Invitation link for {name}", { name: x.name }) });
      return h("div", { class: "share" }, h("span", { class: "invite-name" }, x.name), input,
        h("button", { class: "btn small", type: "button", "aria-label": t("Copy the link for {name}", { name: x.name }), onclick: () => copyText(link, input) }, t("Copy")));
    }));
}

function listBox(list, table, you) {
  if (!list.length) return null;
  const mayRenew = you === 0 || list.some((x) => x.inviter_seat === you);
  return h("ul", { class: "invite-list", id: "invite-list", "aria-label": t("Invitations") }, ...list.map((x) =>
    h("li", { "data-invitation": x.id, "data-state": x.state },
      h("span", { class: "invite-name" }, x.name), " ",
      h("span", { class: `tag invite-${x.state}` }, inviteWords(x.state)),
      x.state === "pending" ? h("span", { class: "hint" }, " ", t("until {when}", { when: when(x.expires_at) })) : null,
      (x.state === "pending" || x.state === "expired") && mayRenew && table.status === "lobby"
        ? [" ", h("button", { class: "link", type: "button", onclick: () => renew(x) }, t("New link for {name}", { name: x.name }))] : null)));
}

async function renew(x) {
  try {
    const made = await post(path(`/invitations/${x.id}/link`), {});
    fresh = fresh.filter((y) => y.id !== x.id).concat([made]);
    await refresh();
    toast(t("A new link for {name}: the old one opens nothing now.", { name: x.name }));
  } catch (err) {
    toast(err.message, "error");
  }
}

// The form is made once and kept across redraws: a friend joining while the host types names must not wipe
// what is typed, nor take the focus away.
let form = null;

function inviteForm(table) {
  const open = table.seats.filter((s) => !s.name).length;
  if (!open) return null;
  if (!form) form = makeForm();
  return form;
}

function makeForm() {
  const names = h("input", { id: "invite-names", maxlength: "300", autocomplete: "off", placeholder: t("e.g. Bea, Cid") });
  const days = h("select", { id: "invite-days" }, ...DAYS.map((d) => h("option", { value: String(d), selected: d === 7 ? true : null },
    d === 1 ? t("1 day") : t("{n} days", { n: d }))));
  const status = h("p", { class: "hint", role: "status", "aria-live": "polite", id: "invite-status" });
  return h("form", { class: "invite-form", id: "invite-form", onsubmit: async (ev) => {
    ev.preventDefault();
    const list = names.value.split(",").map((x) => x.trim()).filter(Boolean);
    if (!list.length) { status.textContent = t("Write at least one name."); names.focus(); return; }
    try {
      const made = await post(path("/invitations"), { names: list, days: Number(days.value) });
      fresh = fresh.concat(made);
      names.value = "";
      await refresh();
      const first = document.querySelector("#invite-links input");
      if (first) first.focus();
    } catch (err) {
      status.textContent = err.message;
      names.focus();
    }
  } },
  h("label", { class: "field", for: "invite-names" }, t("Names of the friends to invite (separated by commas)")), names,
  h("label", { class: "field", for: "invite-days" }, t("The invitation waits")), days,
  h("button", { class: "btn", type: "submit" }, t("Invite")), status);
}

async function refresh() {
  let table;
  try { table = await get(path("")); } catch { return; }
  const again = document.getElementById("rematch-invite-btn");
  if (again) again.hidden = table.you == null;
  const el = panel();
  if (table.status !== "lobby" || table.you == null) { el.replaceChildren(); el.hidden = true; return; }
  let list = [];
  try { list = await get(path("/invitations")); } catch { list = []; }
  const inviter = table.you === 0 || list.some((x) => x.inviter_seat === table.you);
  if (!inviter && !list.length) { el.hidden = true; return; }
  const waiting = table.seats.some((s) => s.invited || !s.name);
  const focused = el.contains(document.activeElement) ? document.activeElement : null;
  el.hidden = false;
  el.replaceChildren(...[
    h("h2", { id: "invites-title" }, t("Invite friends by name")),
    inviter ? h("p", { class: "hint" }, t("Each friend gets a link of their own; the table waits for their answers, days if need be, and starts when all have accepted.")) : null,
    table.you === 0 ? inviteForm(table) : null,
    inviter ? linksBox() : null,
    listBox(list, table, table.you),
    inviter && waiting && list.length ? h("button", { class: "btn", type: "button", id: "invite-start", onclick: async (ev) => {
      ev.target.disabled = true;
      try { await post(path("/invitations/start"), {}); } catch (err) { toast(err.message, "error"); ev.target.disabled = false; }
    } }, t("Start now with bots for the rest")) : null].filter((x) => x != null));
  if (focused && document.activeElement !== focused) refocus(el, focused);
}

// After a redraw, the focus goes back where it was: on the same element when it was kept (the form), else on
// the one drawn in its place (a link's box, found by its id or its label).
function refocus(el, was) {
  if (was.isConnected) { was.focus(); return; }
  const label = was.getAttribute("aria-label");
  const again = was.id ? el.querySelector(`#${CSS.escape(was.id)}`)
    : label ? el.querySelector(`[aria-label="${CSS.escape(label)}"]`) : null;
  if (again) again.focus();
}

function rematchButton() {
  const rematch = document.getElementById("rematch-btn");
  if (!rematch || document.getElementById("rematch-invite-btn")) return;
  const btn = h("button", { class: "btn", type: "button", id: "rematch-invite-btn", onclick: async () => {
    btn.disabled = true;
    try {
      const made = await post(path("/rematch/invitations"), {});
      try { sessionStorage.setItem(`icehouse:invite-links:${made.state.code}`, JSON.stringify(made.invitations)); } catch { /* private mode */ }
      location.href = `/t/${made.state.code}`;
    } catch (err) {
      toast(err.message, "error");
      btn.disabled = false;
    }
  } }, t("Rematch as an invitation"));
  rematch.after(btn);
}

let timer = null;
function soon() {
  clearTimeout(timer);
  timer = setTimeout(refresh, 250);
}

if (code) {
  rematchButton();
  const seats = document.getElementById("seats");
  if (seats) new MutationObserver(soon).observe(seats, { childList: true, subtree: true });
  refresh();
}
