// Playing a deal from a page (the deal's page, a finished table's page, the home page's deal of the day):
// one table dealt it, started at once for a solo game, else opened in its lobby for the group to join.
import { post } from "./core/api.js";
import { t } from "./core/i18n.js";

export async function playOn(path, body, solo) {
  const res = await post(path, body);
  if (solo) await post(`/api/tables/${res.code}/start`, {});
  location.href = `/t/${res.code}`;
  return res;
}

// A deal's words come from its game's client module when it offers them (`words`: the module, loaded with
// core/games.js from the deal's "client"): dealTitle(d), dealResult(m) ("you won with 5 trees"),
// dealRow(r) ("Won, 5 trees"), dailyLabel(d); else they are said generically, by the scores.
export function dealTitle(d, words) {
  return (words && words.dealTitle && words.dealTitle(d)) || t("{game} for {n}", { game: d.title, n: d.players });
}

export function dealRow(r, words) {
  const own = words && words.dealRow && words.dealRow(r);
  if (own) return own;
  return r.scores && r.scores.length > 1 ? t("Scores {scores}", { scores: r.scores.join(" / ") }) : t("Score {score}", { score: r.score ?? "?" });
}

export const STANDARD_RULES = t("standard rules");

// The house rules in the page's language: each named by the game's module (its ruleWord(key)), else as its
// key, its _ as spaces.
export function rulesText(rules, words) {
  const word = (k) => (words && words.ruleWord && words.ruleWord(k)) || k.replace(/_/g, " ");
  const on = Object.entries(rules || {}).filter(([, v]) => v !== false).map(([k, v]) => (v === true ? word(k) : `${word(k)} ${v}`));
  return on.length ? on.join(", ") : STANDARD_RULES;
}

// What this browser did on a deal (the server's "mine": its own tables on it, the latest first), in one
// sentence beside "Play this deal": its best finished result, else the game it is playing or left.
function resultWords(m, words) {
  return (words && words.dealResult && words.dealResult(m)) || t("you scored {n}", { n: m.score ?? "?" });
}

export function mineText(mine, words) {
  if (!mine || !mine.length) return "";
  const done = mine.filter((m) => m.status === "finished");
  const playing = mine.find((m) => m.status === "lobby" || m.status === "playing");
  const parts = [];
  if (done.length) {
    const last = done[0];
    const rules = rulesText(last.house_rules, words);
    const p = { result: resultWords(last, words), table: rules === STANDARD_RULES ? last.code : `${last.code}, ${rules}` };
    parts.push(done.length > 1 ? t("You have played this deal {n} times: {result} (table {table}).", { n: done.length, ...p })
      : t("You have played this deal: {result} (table {table}).", p));
  } else if (!playing) {
    parts.push(t("You have played this deal, but left the game unfinished (table {code}).", { code: mine[0].code }));
  }
  if (playing) parts.push(t("You are playing it at table {code}.", { code: playing.code }));
  return `${parts.join(" ")} ${t("A browser plays each deal once: send the link to friends who have not.")}`;
}

// House rules ride in a deal's link (/deals/<id>?hidden_hands=true): the deal page plays them by default.
export function rulesQuery(rules) {
  const on = Object.entries(rules || {}).filter(([, v]) => v !== false && v != null);
  return on.length ? `?${new URLSearchParams(on.map(([k, v]) => [k, JSON.stringify(v)]))}` : "";
}

export function rulesOfQuery(search) {
  const out = {};
  for (const [k, v] of new URLSearchParams(search)) {
    if (!/^[a-z_]{1,40}$/.test(k) || k === "spoilers" || Object.keys(out).length >= 10) continue;
    try { out[k] = JSON.parse(v); } catch { out[k] = v.slice(0, 40); }
  }
  return out;
}
