// A finished table's page offers its deal: "Play this deal" (same game, seats, house rules and cards) and a
// short link to send to another group, with the results by deal. Asked of the server only once the game
// has ended (it answers 409 before): on load, and when the result box opens; a game whose deals are not
// shared (422) offers nothing. table.js is not touched.
import { get, copyText, toast, savedName } from "./core/api.js";
import { h } from "./core/store.js";
import { playOn } from "./deal_play.js";

const root = document.getElementById("table-root");
const code = root && root.dataset.code;
let shown = false;

async function offer() {
  if (shown || !code) return;
  let deal;
  try {
    const table = await get(`/api/tables/${code}`);
    if (table.status !== "finished" && table.status !== "abandoned") return;
    deal = await get(`/api/tables/${code}/deal`);
  } catch { return; }   // not a game whose deals are shared
  if (shown) return;
  shown = true;
  const link = `${location.origin}${deal.url}`;
  const play = h("button", { class: "btn primary small", type: "button", id: "deal-play" }, "Play this deal");
  play.addEventListener("click", async () => {
    play.disabled = true;
    try {
      await playOn(`/api/deals/${deal.id}/tables`, { name: savedName() || "Player", options: deal.house_rules },
        deal.players === 1);
    } catch (err) { toast(err.message, "error"); play.disabled = false; }
  });
  const copy = h("button", { class: "btn small", type: "button" }, "Copy link");
  const input = h("input", { readonly: true, value: link, "aria-label": "Link to this deal", id: "deal-link" });
  copy.addEventListener("click", async () => toast((await copyText(link, input)) ? "Link copied: send it to another group." : "Select the link and copy it."));
  const card = h("section", { class: "card deal-card", id: "deal-card" },
    h("h2", {}, "This deal"),
    h("p", { class: "hint" }, deal.played
      ? "You have played this deal. Send it to another group, or play it again: "
      : "Play the very same cards, or send them to another group: ",
      h("a", { href: deal.url, id: "deal-results" }, "results by deal")),
    h("div", { class: "share" }, input, copy),
    h("p", { class: "row" }, play));
  const side = document.querySelector(".side");
  if (side) side.prepend(card);
  const resultRow = document.querySelector("#result .row");
  if (resultRow) resultRow.append(h("a", { class: "btn", href: deal.url }, "Results by deal"));
}

const box = document.getElementById("result");
if (box) new MutationObserver(() => { if (!box.hidden) offer(); }).observe(box, { attributes: true, attributeFilter: ["hidden"] });
const ui = document.getElementById("table-ui");
if (ui) new MutationObserver(() => { if (!ui.hidden) offer(); }).observe(ui, { attributes: true, attributeFilter: ["hidden"] });
offer();
