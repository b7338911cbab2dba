// /me's invitations (docs/API.md "Invitations"): those this browser received (a rematch's, answered here with
// Accept or Decline; or accepted, waiting for the others) and those it sent, each invitee with where their
// answer stands. No link is ever listed: a link is shown once, to its inviter, at the table.
import { get, post, toast } from "./core/api.js";
import { h } from "./core/store.js";
import { t } from "./core/i18n.js";
import { inviteWords } from "./core/say.js";

const box = document.getElementById("me-invitations");
const when = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const said = (x) => inviteWords(x.state);

async function answer(x, accept) {
  try {
    const done = await post(`/api/me/invitations/${x.id}/${accept ? "accept" : "decline"}`, {});
    if (accept && done) { location.href = `/t/${done.code}`; return; }
    toast(t("You declined. {by} will see it.", { by: x.by || "?" }));
    load();
  } catch (err) {
    toast(err.message, "error");
  }
}

function received(list) {
  if (!list.length) return [];
  return [h("h2", { id: "me-invitations-title" }, t("Invitations for you")), h("ul", { class: "invite-list", id: "me-received" }, ...list.map((x) =>
    h("li", { "data-invitation": x.id },
      h("a", { href: `/t/${x.code}` }, x.rematch ? t("{by} invites you to a rematch of {game}", { by: x.by || "?", game: x.title })
        : t("{by} invites you to play {game}", { by: x.by || "?", game: x.title })), " ",
      h("span", { class: "tag" }, x.state === "accepted" ? t("accepted: waiting for the others") : said(x)),
      x.state === "pending" ? h("span", { class: "hint" }, " ", t("until {when}", { when: when(x.expires_at) })) : null,
      x.state === "pending" ? h("span", { class: "row" },
        h("button", { class: "btn small primary", type: "button", onclick: () => answer(x, true) }, t("Accept")),
        h("button", { class: "btn small", type: "button", onclick: () => answer(x, false) }, t("Decline"))) : null)))];
}

function sent(list, received) {
  if (!list.length) return [];
  const tables = new Map();
  for (const x of list) {
    if (!tables.has(x.code)) tables.set(x.code, []);
    tables.get(x.code).push(x);
  }
  return [h("h2", { id: received.length ? null : "me-invitations-title" }, t("Invitations you sent")), h("ul", { class: "invite-list", id: "me-sent" }, ...[...tables].map(([c, xs]) =>
    h("li", {}, h("a", { href: `/t/${c}` }, t("{game} at table {code}", { game: xs[0].title, code: c })), ": ",
      ...xs.flatMap((x, i) => [i ? ", " : "", h("span", { "data-invitation": x.id }, `${x.name} (${said(x)})`)]))))];
}

async function load() {
  let mine;
  try { mine = await get("/api/me/invitations"); } catch { return; }
  const parts = [...received(mine.received), ...sent(mine.sent, mine.received)];
  box.hidden = !parts.length;
  box.replaceChildren(...parts);
}

// Live: each time /me's socket sends the list (something changed at a table of this browser: a friend took
// an invited seat, a table started), the invitations are asked again, at most once a second.
let again = null;
function soon() {
  if (again) return;
  again = setTimeout(() => { again = null; load(); }, 1000);
}

if (box) {
  load();
  document.addEventListener("me-list", soon);
}
