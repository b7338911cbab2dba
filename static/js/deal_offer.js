// A table's deal, on the table's page. Before anything else: a table dealt the very cards this browser is
// playing at another table is hidden (the server answers 403 "spoilers"): a card says so and offers to show
// it anyway. Once the game is finished (not abandoned): the "This deal" card, with "Play this deal" (same
// game, seats, house rules and cards; not to a browser that has played the deal: it says its result) and
// a short link to send to another group, with the results by deal. The deal is asked of the server only
// once the game is finished (it answers 409 before); a game whose deals are not shared (422) offers
// nothing. table.js is not touched.
import { get, post, copyText, toast, savedName, saveName } from "./core/api.js";
import { h } from "./core/store.js";
import { playOn, mineText, rulesQuery } from "./deal_play.js";
import { loadGame } from "./core/games.js";
import { t } from "./core/i18n.js";

const root = document.getElementById("table-root");
const code = root && root.dataset.code;
let shown = false;

function spoilerWall(err) {
  if (document.getElementById("spoiler-card")) return;
  const show = h("button", { class: "btn primary", type: "button", id: "spoilers-show" }, t("Show it anyway (spoilers)"));
  show.addEventListener("click", async () => {
    show.disabled = true;
    try { await post(`/api/tables/${code}/spoilers`, {}); location.reload(); } catch (e) { toast(e.message, "error"); show.disabled = false; }
  });
  const card = h("section", { class: "card narrow center", id: "spoiler-card", role: "alert" },
    h("h1", {}, t("Spoilers ahead")),
    h("p", {}, err.message),
    h("p", { class: "row center" }, show, h("a", { class: "btn", href: "/me" }, t("My tables"))));
  root.prepend(card);
  const ui = document.getElementById("table-ui");
  if (ui) ui.hidden = true;
}

// "Play this deal" needs a name: the one this browser last used, else asked here (as the lobby asks).
function nameForm(then) {
  const input = h("input", { id: "deal-name-input", maxlength: "40", autocomplete: "nickname", placeholder: t("e.g. Ann"), required: true });
  const form = h("form", { class: "row", id: "deal-name", novalidate: true },
    h("label", { class: "field" }, t("Your name"), input),
    h("button", { class: "btn primary small", type: "submit" }, t("Deal")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) { toast(t("Type your name: it is how the game will call you."), "error"); input.focus(); return; }
    saveName(name);
    then(name);
  });
  return [form, input];
}

async function offer() {
  if (shown || !code) return;
  let deal;
  try {
    const table = await get(`/api/tables/${code}`);
    if (table.status !== "finished") return;
    deal = await get(`/api/tables/${code}/deal`);
  } catch (err) {
    if (err.code === "spoilers") spoilerWall(err);
    return;   // else not a game whose deals are shared
  }
  const words = await loadGame(deal.client);
  if (shown) return;
  shown = true;
  const page = `${deal.url}${rulesQuery(deal.house_rules)}`;   // the deal's page plays this table's house rules
  const link = `${location.origin}${page}`;
  const play = h("button", { class: "btn primary small", type: "button", id: "deal-play" }, t("Play this deal"));
  const dealTo = async (name) => {
    play.disabled = true;
    try {
      await playOn(`/api/deals/${deal.id}/tables`, { name, options: deal.house_rules }, deal.players === 1);
    } catch (err) { toast(err.message, "error"); play.disabled = false; }
  };
  const [form, input] = nameForm(dealTo);
  form.hidden = true;
  play.addEventListener("click", () => {
    const name = savedName();
    if (name) { dealTo(name); return; }
    form.hidden = false;
    input.focus();
  });
  const copy = h("button", { class: "btn small", type: "button" }, t("Copy link"));
  const field = h("input", { readonly: true, value: link, "aria-label": t("Link to this deal"), id: "deal-link" });
  copy.addEventListener("click", async () => toast((await copyText(link, field)) ? t("Link copied: send it to another group.") : t("Select the link and copy it.")));
  const card = h("section", { class: "card deal-card", id: "deal-card" },
    h("h2", {}, t("This deal")),
    deal.played ? h("p", { id: "deal-mine" }, mineText(deal.mine, words)) : null,
    h("p", { class: "hint" }, deal.played
      ? `${t("Send it to another group, or see how everyone did:")} `
      : `${t("Play the very same deal, or send it to another group:")} `,
      h("a", { href: page, id: "deal-results" }, t("results by deal"))),
    h("div", { class: "share" }, field, copy),
    deal.played ? null : h("p", { class: "row" }, play), form);   // a browser plays a deal once
  const side = document.querySelector(".side");
  if (side) side.prepend(card);
  const resultRow = document.querySelector("#result .row");
  if (resultRow) resultRow.append(h("a", { class: "btn", href: page }, t("Results by deal")));
}

const box = document.getElementById("result");
if (box) new MutationObserver(() => { if (!box.hidden) offer(); }).observe(box, { attributes: true, attributeFilter: ["hidden"] });
const ui = document.getElementById("table-ui");
if (ui) new MutationObserver(() => { if (!ui.hidden) offer(); }).observe(ui, { attributes: true, attributeFilter: ["hidden"] });
offer();
