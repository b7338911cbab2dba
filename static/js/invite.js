// The page an invitation's link opens (/invite#<link>, docs/API.md "Invitations"): who invites you to what,
// the table's seats, until when; Accept (under the name you choose) takes your seat and opens the table,
// where you may choose how you are told of your turns; Decline tells whoever invited you. The secret after
// '#' never reaches the server with the page: it is sent in a POST body.
import { post, saveName, savedName } from "./core/api.js";
import { h } from "./core/store.js";
import { t } from "./core/i18n.js";

const box = document.getElementById("invite-body");
const link = decodeURIComponent(location.hash.replace(/^#/, ""));
const when = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function show(...children) {
  box.replaceChildren(...children);
}

function problem(text) {
  show(h("p", { class: "error", role: "alert" }, text), h("p", {}, h("a", { class: "btn", href: "/" }, t("New game"))));
}

function render(inv) {
  const title = document.getElementById("invite-title");
  title.textContent = inv.rematch
    ? t("{by} invites you to a rematch of {game}", { by: inv.by || "?", game: inv.title })
    : t("{by} invites you to play {game}", { by: inv.by || "?", game: inv.title });
  document.title = title.textContent;
  if (inv.state === "accepted" || inv.table_status !== "lobby") {
    show(h("p", {}, t("You accepted this invitation.")),
      h("p", {}, h("a", { class: "btn primary", href: `/t/${inv.code}` }, t("Go to the table"))));
    return;
  }
  const seats = h("ul", { class: "invite-seats", "aria-label": t("Players") }, ...inv.seats.map((s) =>
    h("li", {}, s.seat === inv.seat ? t("{name} (you)", { name: inv.name })
      : s.name ? (s.bot ? t("{name} (bot)", { name: s.name }) : s.name) : t("open seat"))));
  const name = h("input", { id: "invite-name", maxlength: "40", autocomplete: "nickname", required: true,
    value: inv.name || savedName() });
  const status = h("p", { id: "invite-status", role: "status", "aria-live": "polite", class: "hint" });
  const accept = h("button", { class: "btn primary big", type: "submit", id: "invite-accept" }, t("Accept"));
  const decline = h("button", { class: "btn", type: "button", id: "invite-decline", onclick: async () => {
    if (!confirm(t("Decline this invitation? {by} will see that you declined.", { by: inv.by || "?" }))) return;
    decline.disabled = accept.disabled = true;
    try {
      await post("/api/invitations/decline", { link });
    } catch (err) {
      status.textContent = err.message;
      decline.disabled = accept.disabled = false;
      return;
    }
    show(h("p", { role: "status" }, t("You declined. {by} will see it.", { by: inv.by || "?" })),
      h("p", {}, h("a", { class: "btn", href: "/" }, t("New game"))));
  } }, t("Decline"));
  const form = h("form", { class: "invite-form", onsubmit: async (ev) => {
    ev.preventDefault();
    accept.disabled = decline.disabled = true;
    try {
      const seated = await post("/api/invitations/accept", { link, name: name.value.trim() });
      saveName(name.value.trim());
      location.href = `/t/${seated.code}`;
    } catch (err) {
      status.textContent = err.message;
      accept.disabled = decline.disabled = false;
      name.focus();
    }
  } },
  h("label", { class: "field", for: "invite-name" }, t("Your name")), name,
  h("div", { class: "row" }, accept, decline), status);
  show(
    h("p", {}, t("Table {code}, {n} seats. The game starts when everyone invited has accepted.", { code: inv.code, n: inv.players })),
    seats,
    h("p", { class: "hint" }, t("This invitation waits until {when}.", { when: when(inv.expires_at) })),
    form,
    h("p", { class: "hint" }, t("Once seated, choose at the table how you are told of your turn (a chat room, ntfy, this browser).")));
  name.focus();
}

async function start() {
  if (!link) { problem(t("This page opens an invitation: open the whole link you were sent.")); return; }
  try {
    render(await post("/api/invitations/open", { link }));
  } catch (err) {
    problem(err.message);
  }
}

start();
