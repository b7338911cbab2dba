// /deals/<id>: a deal, a button to play it, and its results under the spoiler rule (docs/API.md "Deals").
import { get, post, copyText, toast, savedName, saveName } from "./core/api.js";
import { h } from "./core/store.js";
import { playOn, dealTitle, rulesText, mineText, rulesQuery, rulesOfQuery } from "./deal_play.js";

const $ = (id) => document.getElementById(id);
const id = $("deal-root").dataset.deal;
const asked = rulesOfQuery(location.search);   // the house rules the link was sent with: played by default
let rules = null;   // the house rules "Play this deal" sends: the link's (of the game's own), as ticked here
let deal = null;

// The game's house rules for this deal, ticked as the link says (anything else in the link is ignored).
function renderRules(specs) {
  const known = specs.filter((s) => s.type === "bool");
  rules = Object.fromEntries(known.filter((s) => s.name in asked).map((s) => [s.name, asked[s.name] === true]));
  const link = () => { $("deal-link").value = `${location.origin}/deals/${deal.id}${rulesQuery(rules)}`; };
  $("deal-rules").replaceChildren(h("legend", {}, "House rules (results are ranked apart by them)"),
    ...known.map((s) => {
      const box = h("input", { type: "checkbox", id: `rule-${s.name}`, checked: s.name in rules ? rules[s.name] : !!s.default });
      box.addEventListener("change", () => { rules[s.name] = box.checked; link(); });
      return h("label", { class: "check", for: `rule-${s.name}` }, box, h("span", {}, s.label || s.name));
    }));
  $("deal-rules").hidden = !known.length;
  link();
}

function resultText(r) {
  if ("trees" in r) return `${r.outcome === "won" ? "Won" : "Lost"}, ${r.trees ?? "?"} tree${r.trees === 1 ? "" : "s"}`;
  return r.scores && r.scores.length > 1 ? `Scores ${r.scores.join(" / ")}` : `Score ${r.score ?? "?"}`;
}

// The bot's yardstick on the deal (docs/API.md "Deals": "bot"), shown with the results it is one of.
function botText(b) {
  if (b.status === "failed") return "";
  if (b.status !== "done" || b.wins === undefined) return `The bot is playing this deal: ${b.plays} of ${b.of} games so far.`;
  if (b.mean_score !== undefined) return `The bot scores ${b.result ? b.result.score : b.mean_score} on this deal.`;
  const own = b.result ? ` Its own game: ${resultText(b.result)}.` : "";
  return `The bot wins this deal ${b.wins} time${b.wins === 1 ? "" : "s"} in ${b.plays}.${own}`;
}

function renderResults(d) {
  const box = $("deal-variants");
  box.replaceChildren();
  $("deal-why").hidden = d.revealed;
  $("deal-why").textContent = d.why || "";
  $("spoilers-btn").hidden = d.revealed || !!(d.why || "").match(/admin/);
  if (!d.revealed) return;
  if (d.bot && botText(d.bot)) box.append(h("p", { class: "hint deal-bot" }, botText(d.bot)));
  if (!d.variants.length) box.append(h("p", { class: "hint" }, "Nobody has finished this deal yet."));
  for (const v of d.variants) {
    box.append(h("h3", {}, `House rules: ${rulesText(v.house_rules)}`));
    const rows = v.results.map((r) => h("tr", { class: r.yours ? "yours" : "" },
      h("td", {}, String(r.rank)),
      h("td", {}, h("a", { href: r.url }, r.code)),
      h("td", {}, r.seats.join(", ")),
      h("td", { class: "deal-result" }, resultText(r)),
      h("td", {}, String(r.moves)), h("td", {}, String(r.hints)),
      h("td", {}, new Date(r.finished_at).toLocaleDateString()),
      h("td", {}, h("a", { href: r.replay }, "Replay"))));
    box.append(h("table", { class: "deal-table" },
      h("thead", {}, h("tr", {}, ...["#", "Table", "Players", "Result", "Moves", "Hints", "Date", ""].map((x) => h("th", {}, x)))),
      h("tbody", {}, ...rows)));
  }
}

async function load() {
  try {
    deal = await get(`/api/deals/${id}`);
  } catch (err) {
    $("deal-title").textContent = "No such deal";
    $("deal-about").textContent = err.message;
    return;
  }
  $("deal-title").textContent = `${dealTitle(deal)}: deal ${deal.id}`;
  const when = deal.kind === "daily" ? `the deal of the day for ${deal.day} (UTC)` : "a deal shared from a finished game";
  $("deal-about").textContent = `${when}; ${deal.plays} table${deal.plays === 1 ? "" : "s"} finished it.`;
  $("deal-play").hidden = false;
  $("deal-play-note").textContent = mineText(deal.mine);
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
  toast((await copyText($("deal-link").value, $("deal-link"))) ? "Link copied." : "Select the link and copy it.");
});
load();
