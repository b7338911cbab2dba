// Playing a deal from a page (the deal's page, a finished table's page, the home page's deal of the day):
// one table dealt it, started at once for a solo game, else opened in its lobby for the group to join.
import { post } from "./core/api.js";

export async function playOn(path, body, solo) {
  const res = await post(path, body);
  if (solo) await post(`/api/tables/${res.code}/start`, {});
  location.href = `/t/${res.code}`;
  return res;
}

export function dealTitle(d) {
  if (d.game === "three-high") return d.players === 1 ? "3-High solo" : `3-High for ${d.players}`;
  if (d.game === "turning-points" && d.players === 1) return "Turning Points solitaire";
  return `${d.title} for ${d.players}`;
}

export function rulesText(rules) {
  const on = Object.entries(rules || {}).filter(([, v]) => v !== false).map(([k, v]) => (v === true ? k : `${k} ${v}`));
  return on.length ? on.join(", ").replace(/_/g, " ") : "standard rules";
}
