// The admin's statistics page: GET /api/admin/stats (optionally from/to dates), drawn as SVG charts of
// our own (core/charts.js). It knows no game: each game's own figures arrive as chart descriptions
// ("charts" in its figures, written by its Game.stats hook) and are drawn as they are.
// The range lives in the address (?from=&to=) so a view can be shared with another admin.
import { drawChart, formatValue } from "./core/charts.js";
import { h } from "./core/store.js";

const $ = (id) => document.getElementById(id);
const root = $("stats-root");

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
  $("stats-status").textContent = "Counting…";
  let res;
  try {
    res = await fetch(`/api/admin/stats?${q}`, { credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    $("stats-status").textContent = "Cannot reach the server. Check your connection and try again.";
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
    $("stats-status").textContent = (data && data.detail) || `The server said ${res.status}.`;
    root.dataset.state = "error";
    return;
  }
  $("stats-status").textContent = from || to
    ? `Tables created ${from ? `from ${from}` : ""}${from && to ? " " : ""}${to ? `to ${to}` : ""}.` : "Every table so far.";
  render(data);
  root.dataset.state = "ready";
}

function days(seconds) {
  if (!seconds) return "";
  const d = seconds / 86400;
  return d >= 1 ? `${Math.round(d * 10) / 10} days` : `${Math.round(seconds / 3600 * 10) / 10} hours`;
}

function render(data) {
  const t = data.totals;
  const idle = days(data.abandon_after_seconds);
  const card = (label, value, note) => h("div", { class: "card stat", "data-stat": label },
    h("span", { class: "stat-value" }, String(value)), h("span", { class: "stat-label" }, label),
    note ? h("span", { class: "hint" }, note) : null);
  $("stats-totals").replaceChildren(card("tables", t.tables), card("finished", t.finished),
    card("playing", t.playing), card("in the lobby", t.lobby),
    card("abandoned", t.abandoned, idle ? `nobody moved for ${idle} (the housekeeping sweep)` : null),
    card("imported", t.imported || 0, "games played elsewhere and imported: counted in none of these figures"));

  const names = Object.keys(data.games);
  const games = names.map((n) => data.games[n]);
  const titles = games.map((g) => g.title);
  const overview = [
    { title: "Tables by game and status", kind: "stacked", labels: titles, format: "count",
      series: ["finished", "playing", "lobby", "abandoned"].map((s) => ({ name: s, values: games.map((g) => g[s]) })) },
    { title: "Average moves of a finished game", kind: "bars", labels: titles, format: "number",
      series: [{ name: "moves", values: games.map((g) => g.avg_moves) }] },
    { title: "Average minutes of a finished game", kind: "bars", labels: titles, format: "number",
      series: [{ name: "minutes", values: games.map((g) => g.avg_minutes) }] },
  ];
  $("stats-overview").replaceChildren(...overview.map(drawChart));

  $("stats-games").replaceChildren(...names.map((name) => {
    const g = data.games[name];
    const series = data.days[name] || [];
    const daily = { title: "Tables started, finished and abandoned per day (UTC)", kind: "lines", format: "count",
      labels: series.map((d) => d.day),
      series: ["started", "finished", "abandoned"].map((k) => ({ name: k, values: series.map((d) => d[k]) })) };
    const own = (g.figures && g.figures.charts) || [];
    return h("section", { class: "card stats-game", "data-game": name, "aria-label": g.title },
      h("h2", {}, g.title),
      h("p", { class: "hint" }, `${g.tables} table${g.tables === 1 ? "" : "s"}: ${g.finished} finished, `
        + `${g.abandoned} abandoned, ${g.playing} playing, ${g.lobby} in the lobby. A finished game takes `
        + `${formatValue(g.avg_moves, "number")} moves and ${formatValue(g.avg_minutes, "number")} minutes on average.`
        + (g.imported ? ` Not counted: ${g.imported} imported table${g.imported === 1 ? "" : "s"}.` : "")),
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
for (const b of document.querySelectorAll(".range-quick button")) {
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
