// The admin's statistics page: GET /api/admin/stats (optionally from/to dates), drawn as SVG charts of
// our own (core/charts.js). It knows no game: each game's own figures arrive as chart descriptions
// ("charts" in its figures, written by its Game.stats hook) and are drawn as they are.
// The range lives in the address (?from=&to=) so a view can be shared with another admin.
import { drawChart, formatValue } from "./core/charts.js";
import { h } from "./core/store.js";
import { t, tn } from "./core/i18n.js";

const $ = (id) => document.getElementById(id);
const root = $("stats-root");
// The tables' states as the totals, the charts' series and their legends name them.
const STATUS = { tables: t("stats|tables"), finished: t("stats|finished"), playing: t("stats|playing"), lobby: t("stats|in the lobby"),
  abandoned: t("stats|abandoned"), started: t("stats|started") };
for (const k of Object.keys(STATUS)) STATUS[k] = STATUS[k].replace(/^stats\|/, "");

function params() {
  const q = new URLSearchParams(location.search);
  return { from: q.get("from") || "", to: q.get("to") || "" };
}

async function load() {
  const { from, to } = params();
  $("s-from").value = from;
  $("s-to").value = to;
  const q = new URLSearchParams();
  if (from) q.set("from", from);
  if (to) q.set("to", to);
  root.dataset.state = "loading";
  $("stats-status").textContent = t("Counting…");
  let res;
  try {
    res = await fetch(`/api/admin/stats?${q}`, { credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    $("stats-status").textContent = t("Cannot reach the server. Check your connection and try again.");
    root.dataset.state = "error";
    return;
  }
  const data = await res.json().catch(() => null);
  if (res.status === 401 || res.status === 403) {
    $("stats-login").hidden = false;
    $("stats-range").hidden = true;
    $("stats-status").textContent = data && data.detail ? data.detail : "";
    root.dataset.state = "login";
    return;
  }
  $("stats-range").hidden = false;
  if (!res.ok) {
    $("stats-status").textContent = (data && data.detail) || t("The server said {status}.", { status: res.status });
    root.dataset.state = "error";
    return;
  }
  $("stats-status").textContent = from && to ? t("Tables created from {from} to {to}.", { from, to })
    : from ? t("Tables created from {from}.", { from }) : to ? t("Tables created up to {to}.", { to }) : t("Every table so far.");
  render(data);
  root.dataset.state = "ready";
}

function days(seconds) {
  if (!seconds) return "";
  const d = seconds / 86400;
  const n = d >= 1 ? Math.round(d * 10) / 10 : Math.round(seconds / 3600 * 10) / 10;
  return d >= 1 ? tn("{n} day", "{n} days", n) : tn("{n} hour", "{n} hours", n);
}

function render(data) {
  const tot = data.totals;
  const idle = days(data.abandon_after_seconds);
  const card = (key, label, value, note) => h("div", { class: "card stat", "data-stat": key },
    h("span", { class: "stat-value" }, String(value)), h("span", { class: "stat-label" }, label),
    note ? h("span", { class: "hint" }, note) : null);
  $("stats-totals").replaceChildren(card("tables", STATUS.tables, tot.tables), card("finished", STATUS.finished, tot.finished),
    card("playing", STATUS.playing, tot.playing), card("lobby", STATUS.lobby, tot.lobby),
    card("abandoned", STATUS.abandoned, tot.abandoned, idle ? t("nobody moved for {time} (the housekeeping sweep)", { time: idle }) : null),
    card("imported", t("imported"), tot.imported || 0, t("games played elsewhere and imported: counted in none of these figures")));

  const names = Object.keys(data.games);
  const games = names.map((n) => data.games[n]);
  const titles = games.map((g) => g.title);
  const overview = [
    { title: t("Tables by game and status"), kind: "stacked", labels: titles, format: "count",
      series: ["finished", "playing", "lobby", "abandoned"].map((s) => ({ name: STATUS[s], values: games.map((g) => g[s]) })) },
    { title: t("Average moves of a finished game"), kind: "bars", labels: titles, format: "number",
      series: [{ name: t("moves"), values: games.map((g) => g.avg_moves) }] },
    { title: t("Average minutes of a finished game"), kind: "bars", labels: titles, format: "number",
      series: [{ name: t("minutes"), values: games.map((g) => g.avg_minutes) }] },
  ];
  $("stats-overview").replaceChildren(...overview.map(drawChart));

  $("stats-games").replaceChildren(...names.map((name) => {
    const g = data.games[name];
    const series = data.days[name] || [];
    const daily = { title: t("Tables started, finished and abandoned per day (UTC)"), kind: "lines", format: "count",
      labels: series.map((d) => d.day),
      series: ["started", "finished", "abandoned"].map((k) => ({ name: STATUS[k], values: series.map((d) => d[k]) })) };
    const own = (g.figures && g.figures.charts) || [];
    return h("section", { class: "card stats-game", "data-game": name, "aria-label": g.title },
      h("h2", {}, g.title),
      h("p", { class: "hint" }, [
        tn("{n} table: {finished} finished, {abandoned} abandoned, {playing} playing, {lobby} in the lobby.",
          "{n} tables: {finished} finished, {abandoned} abandoned, {playing} playing, {lobby} in the lobby.", g.tables,
          { finished: g.finished, abandoned: g.abandoned, playing: g.playing, lobby: g.lobby }),
        t("A finished game takes {moves} moves and {minutes} minutes on average.",
          { moves: formatValue(g.avg_moves, "number"), minutes: formatValue(g.avg_minutes, "number") }),
        g.imported ? tn("Not counted: {n} imported table.", "Not counted: {n} imported tables.", g.imported) : "",
      ].filter(Boolean).join(" ")),
      g.figures && g.figures.error ? h("p", { class: "form-error" }, g.figures.error) : null,
      h("div", { class: "stats-grid" }, drawChart(daily), ...own.map(drawChart)));
  }));
}

function iso(d) { return d.toISOString().slice(0, 10); }

$("stats-range").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const q = new URLSearchParams();
  if ($("s-from").value) q.set("from", $("s-from").value);
  if ($("s-to").value) q.set("to", $("s-to").value);
  history.pushState(null, "", `/admin/stats${q.toString() ? `?${q}` : ""}`);
  load();
});
for (const b of document.querySelectorAll("#stats-range button[data-days]")) {
  b.addEventListener("click", () => {
    const n = Number(b.dataset.days);
    const today = new Date();
    $("s-from").value = n ? iso(new Date(today.getTime() - (n - 1) * 86400000)) : "";
    $("s-to").value = n ? iso(today) : "";
    $("stats-range").requestSubmit();
  });
}
window.addEventListener("popstate", load);
load();
