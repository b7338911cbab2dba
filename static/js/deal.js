// /deals/<id>: a deal, a button to play it, and its results under the spoiler rule (docs/API.md "Deals").
import { get, post, copyText, toast, savedName, saveName } from "./core/api.js";
import { h } from "./core/store.js";
import { playOn, dealTitle, dealRow, rulesText, mineText, rulesQuery, rulesOfQuery } from "./deal_play.js";
import { loadGame } from "./core/games.js";
import { t, tn } from "./core/i18n.js";

const $ = (id) => document.getElementById(id);
const id = $("deal-root").dataset.deal;
const asked = rulesOfQuery(location.search);   // the house rules the link was sent with: played by default
let rules = null;   // the house rules "Play this deal" sends: the link's (of the game's own), as ticked here
let deal = null;
let words = null;   // the deal's game module: its words for the deal (deal_play.js)

// The game's house rules for this deal, ticked as the link says (anything else in the link is ignored).
function renderRules(specs) {
  const known = specs.filter((s) => s.type === "bool");
  rules = Object.fromEntries(known.filter((s) => s.name in asked).map((s) => [s.name, asked[s.name] === true]));
  const link = () => { $("deal-link").value = `${location.origin}/deals/${deal.id}${rulesQuery(rules)}`; };
  $("deal-rules").replaceChildren(h("legend", {}, t("House rules (results are ranked apart by them)")),
    ...known.map((s) => {
      const box = h("input", { type: "checkbox", id: `rule-${s.name}`, checked: s.name in rules ? rules[s.name] : !!s.default });
      box.addEventListener("change", () => { rules[s.name] = box.checked; link(); });
      return h("label", { class: "check", for: `rule-${s.name}` }, box, h("span", {}, t(s.label || s.name)));
    }));
  $("deal-rules").hidden = !known.length;
  link();
}

function resultText(r) {
  return dealRow(r, words);
}

// The bot's yardstick on the deal (docs/API.md "Deals": "bot"), shown with the results it is one of.
function botText(b) {
  if (b.status === "failed") return "";
  if (b.status !== "done" || b.wins === undefined) return t("The bot is playing this deal: {n} of {of} games so far.", { n: b.plays, of: b.of });
  if (b.mean_score !== undefined) return t("The bot scores {score} on this deal.", { score: b.result ? b.result.score : b.mean_score });
  const own = b.result ? ` ${t("Its own game: {result}.", { result: resultText(b.result) })}` : "";
  return tn("The bot wins this deal {n} time in {plays}.", "The bot wins this deal {n} times in {plays}.", b.wins, { plays: b.plays }) + own;
}

// "Don't spoil" (the replay's switch, docs/API.md "Spoiler-free replays"): each table says "Finished", not how
// (the server sends the tables as they finished, unranked, without another table's result or length).
const NO_SPOIL = document.body.dataset.nospoil === "1";
const hide = (r) => NO_SPOIL && !r.yours;   // your own game you know

// Why the results stay closed, by the server's why_code (its "why" is the same sentence in the page's language).
const WHY = {
  hidden: () => t("An admin has hidden the results of this deal."),
  playing: () => t("You are playing this deal: its results open when your game ends (or choose to see them now: they give the deal away)."),
  unfinished: () => t("Finish this deal to see how everyone did, or choose to see the results anyway (they give the deal away)."),
};

function renderResults(d) {
  const box = $("deal-variants");
  box.replaceChildren();
  $("deal-why").hidden = d.revealed;
  $("deal-why").textContent = (WHY[d.why_code] && WHY[d.why_code]()) || d.why || "";
  $("spoilers-btn").hidden = d.revealed || d.why_code === "hidden";
  if (!d.revealed) return;
  if (d.bot && botText(d.bot)) box.append(h("p", { class: "hint deal-bot" }, botText(d.bot)));
  if (!d.variants.length) box.append(h("p", { class: "hint" }, t("Nobody has finished this deal yet.")));
  for (const v of d.variants) {
    box.append(h("h3", {}, t("House rules: {rules}", { rules: rulesText(v.house_rules, words) })));
    const rows = v.results.map((r) => h("tr", { class: r.yours ? "yours" : "" },
      h("td", {}, hide(r) || r.rank == null ? "" : String(r.rank)),
      h("td", {}, h("a", { href: hide(r) ? `/t/${r.code}/review` : r.url }, r.code)),
      h("td", {}, r.seats.join(", ")),
      h("td", { class: "deal-result" }, hide(r) ? t("Finished") : resultText(r)),
      h("td", {}, hide(r) ? "" : String(r.moves)), h("td", {}, hide(r) ? "" : String(r.hints)),
      h("td", {}, new Date(r.finished_at).toLocaleDateString()),
      h("td", {}, h("a", { href: hide(r) ? `/t/${r.code}/review` : r.replay }, t("Replay")))));
    box.append(h("table", { class: "deal-table" },
      h("thead", {}, h("tr", {}, ...["#", t("Table"), t("Players"), t("Result"), t("Moves"), t("Hints"), t("Date"), ""].map((x) => h("th", {}, x)))),
      h("tbody", {}, ...rows)));
  }
}

async function load() {
  try {
    deal = await get(`/api/deals/${id}`);
  } catch (err) {
    $("deal-title").textContent = t("No such deal");
    $("deal-about").textContent = err.message;
    return;
  }
  words = await loadGame(deal.client);
  $("deal-title").textContent = t("{title}: deal {id}", { title: dealTitle(deal, words), id: deal.id });
  $("deal-about").textContent = deal.kind === "daily"
    ? tn("The deal of the day for {day} (UTC); {n} table finished it.", "The deal of the day for {day} (UTC); {n} tables finished it.", deal.plays, { day: deal.day })
    : tn("A deal shared from a finished game; {n} table finished it.", "A deal shared from a finished game; {n} tables finished it.", deal.plays);
  $("deal-play").hidden = false;
  $("deal-play-btn").hidden = deal.played;   // a browser plays a deal once (the server refuses a second table)
  $("deal-play-note").textContent = mineText(deal.mine, words);
  if (rules === null) renderRules(deal.house_rule_options || []);
  renderResults(deal);
}

async function play(name) {
  saveName(name);
  try {
    await playOn(`/api/deals/${id}/tables`, { name, options: rules }, deal.players === 1);
  } catch (err) {
    $("deal-error").textContent = err.message;
    $("deal-error").hidden = false;
  }
}

$("deal-play-btn").addEventListener("click", () => {
  const name = savedName();
  if (name) play(name); else { $("deal-name").hidden = false; $("deal-name-input").focus(); }
});
$("deal-name").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const name = $("deal-name-input").value.trim();
  if (name) play(name);
});
$("spoilers-btn").addEventListener("click", async () => {   // remembered by this browser: the replays open too
  try { await post(`/api/deals/${id}/spoilers`, {}); } catch (err) { toast(err.message, "error"); return; }
  load();
});
$("deal-copy").addEventListener("click", async () => {
  toast((await copyText($("deal-link").value, $("deal-link"))) ? t("Link copied.") : t("Select the link and copy it."));
});
load();
