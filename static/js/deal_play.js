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

export function dealTitle(d) {
  if (d.game === "three-high") return d.players === 1 ? t("3-High solo") : t("3-High for {n}", { n: d.players });
  if (d.game === "turning-points" && d.players === 1) return t("Turning Points solitaire");
  return t("{game} for {n}", { game: d.title, n: d.players });
}

export function rulesText(rules) {
  const on = Object.entries(rules || {}).filter(([, v]) => v !== false).map(([k, v]) => (v === true ? k : `${k} ${v}`));
  return on.length ? on.join(", ").replace(/_/g, " ") : "standard rules";
}

// What this browser did on a deal (the server's "mine": its own tables on it, the latest first), in one
// sentence beside "Play this deal": its best finished result, else the game it is playing or left.
function resultWords(m) {
  if ("trees" in m) return `${m.outcome === "won" ? "won" : "lost"} with ${m.trees ?? "?"} tree${m.trees === 1 ? "" : "s"}`;
  return `scored ${m.score ?? "?"}`;
}

export function mineText(mine) {
  if (!mine || !mine.length) return "";
  const done = mine.filter((m) => m.status === "finished");
  const playing = mine.find((m) => m.status === "lobby" || m.status === "playing");
  const parts = [];
  if (done.length) {
    const last = done[0];
    parts.push(`You have played this deal${done.length > 1 ? ` ${done.length} times` : ""}: you ${resultWords(last)} (table ${last.code}${rulesText(last.house_rules) === "standard rules" ? "" : `, ${rulesText(last.house_rules)}`}).`);
  } else if (!playing) {
    parts.push(`You have played this deal, but left the game unfinished (table ${mine[0].code}).`);
  }
  if (playing) parts.push(`You are playing it at table ${playing.code}.`);
  return `${parts.join(" ")} You may play it again: a new table, outside the deal of the day.`;
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
