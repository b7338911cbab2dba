// Small SVG charts of our own (no library, nothing from a CDN): bars side by side, stacked bars, and
// lines over days. Each chart is a <figure> with its title, the SVG (role="img", labelled), a legend,
// and the numbers in a table under "Numbers" (for screen readers and for copying).
// A chart description is the one the games' stats hooks write (app/games/charts.py):
//   {title, kind: "bars"|"stacked"|"lines", labels: [x labels], series: [{name, values}], format, note?}
import { h } from "./store.js";
import { t, tn } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
// A narrower drawing on a phone, so its words stay readable once scaled to the screen.
const W = typeof window !== "undefined" && window.innerWidth < 560 ? 400 : 640;
const LEFT = 46, RIGHT = 12, TOP = 14, PLOT_H = 200;
let H = 260, BOTTOM = 46;   // set per chart: tilted labels need more room below
const LABEL_MAX = 18;      // characters of an x label; longer ones end in "…" (the numbers table has them whole)

function room(tiltedChars) {
  BOTTOM = tiltedChars ? 30 + Math.round(Math.min(tiltedChars, LABEL_MAX) * 3.7) : 46;
  H = TOP + PLOT_H + BOTTOM;
}

function svg(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null) el.setAttribute(k, String(v));
  if (text != null) el.textContent = text;
  return el;
}

export function formatValue(v, format) {
  if (v == null || Number.isNaN(v)) return "—";
  if (format === "percent") return `${Math.round(v * 10) / 10}%`;
  if (format === "number") return String(Math.round(v * 10) / 10);
  return String(Math.round(v));
}

// A round top for the axis, at or above `max`, cut in four equal round steps (whole steps for counts).
function niceTop(max, format) {
  if (format === "percent") return 100;
  if (max <= 0) return format === "count" ? 4 : 1;
  const step = max / 4;
  const p = 10 ** Math.floor(Math.log10(step));
  let nice = 10 * p;
  for (const m of [1, 2, 2.5, 5]) if (m * p >= step) { nice = m * p; break; }
  if (format === "count") nice = Math.max(1, Math.ceil(nice));
  return nice * 4;
}

function tickText(v, top, format) {
  if (format === "number" && top < 4) return String(Math.round(v * 100) / 100);
  return formatValue(v, format);
}

function axis(root, top, format) {
  const plotH = H - TOP - BOTTOM;
  for (let i = 0; i <= 4; i++) {
    const v = (top * i) / 4;
    const y = TOP + plotH - (plotH * i) / 4;
    root.append(svg("line", { x1: LEFT, x2: W - RIGHT, y1: y, y2: y, class: i ? "grid" : "base" }));
    root.append(svg("text", { x: LEFT - 6, y: y + 4, class: "tick", "text-anchor": "end" }, tickText(v, top, format)));
  }
}

function legend(series) {
  if (series.length < 2) return null;
  return h("ul", { class: "chart-legend" }, series.map((s, i) =>
    h("li", {}, h("span", { class: `swatch c${i % 6}`, "aria-hidden": "true" }), s.name)));
}

function numbers(chart) {
  return h("details", { class: "chart-numbers" }, h("summary", {}, t("Numbers")),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), chart.series.map((s) => h("th", { scope: "col" }, s.name)))),
      h("tbody", {}, chart.labels.map((label, i) => h("tr", {}, h("th", { scope: "row" }, label),
        chart.series.map((s) => h("td", {}, formatValue(s.values[i], chart.format))))))));
}

function label(root, x, text, many) {
  const short = String(text).length > LABEL_MAX ? `${String(text).slice(0, LABEL_MAX - 1)}…` : String(text);
  const tick = svg("text", { x, y: H - BOTTOM + 16, class: "xlabel", "text-anchor": many ? "end" : "middle",
    transform: many ? `rotate(-35 ${x} ${H - BOTTOM + 16})` : null }, short);
  root.append(tick);
}

function bars(chart) {
  const stacked = chart.kind === "stacked";
  const n = chart.labels.length;
  const slot = (W - LEFT - RIGHT) / Math.max(1, n);
  const longest = Math.max(...chart.labels.map((l) => String(l).length));
  const tilt = n > 8 || Math.min(longest, LABEL_MAX) * 6.2 > slot;   // labels that would meet
  room(tilt ? longest : 0);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart-svg", role: "img",
    "aria-label": t("{title}: a bar chart (numbers below)", { title: chart.title }) });
  const totals = chart.labels.map((_, i) => chart.series.reduce((a, s) => a + (s.values[i] || 0), 0));
  const max = stacked ? Math.max(0, ...totals) : Math.max(0, ...chart.series.flatMap((s) => s.values.map((v) => v || 0)));
  const top = niceTop(max, chart.format);
  axis(root, top, chart.format);
  const plotH = H - TOP - BOTTOM;
  const groupW = Math.min(slot * 0.75, 36 * (stacked ? 1 : chart.series.length));
  const barW = stacked ? groupW : groupW / Math.max(1, chart.series.length);
  const y = (v) => TOP + plotH - (plotH * Math.min(v, top)) / top;
  chart.labels.forEach((lab, i) => {
    const x0 = LEFT + slot * i + (slot - groupW) / 2;
    let base = 0;
    chart.series.forEach((s, j) => {
      const v = s.values[i];
      if (v == null) return;
      const x = stacked ? x0 : x0 + j * barW;
      const lo = stacked ? base : 0, hi = lo + v;
      const rect = svg("rect", { x: x + 1, width: Math.max(1, barW - 2), y: y(hi), height: Math.max(0, y(lo) - y(hi)),
        class: `bar c${j % 6}` });
      rect.append(svg("title", {}, `${lab}, ${s.name}: ${formatValue(v, chart.format)}`));
      root.append(rect);
      if (!stacked && barW >= 16) {
        root.append(svg("text", { x: x + barW / 2, y: y(hi) - 3, class: "value", "text-anchor": "middle" }, formatValue(v, chart.format)));
      }
      base = hi;
    });
    if (stacked && totals[i] > 0) {
      root.append(svg("text", { x: x0 + groupW / 2, y: y(totals[i]) - 3, class: "value", "text-anchor": "middle" },
        formatValue(totals[i], chart.format)));
    }
    label(root, LEFT + slot * (i + 0.5), lab, tilt);
  });
  return root;
}

function lines(chart) {
  room(0);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart-svg", role: "img",
    "aria-label": tn("{title}: a line chart over {n} day (numbers below)", "{title}: a line chart over {n} days (numbers below)", chart.labels.length, { title: chart.title }) });
  const n = chart.labels.length;
  const max = Math.max(0, ...chart.series.flatMap((s) => s.values.map((v) => v || 0)));
  const top = niceTop(max, chart.format);
  axis(root, top, chart.format);
  const plotW = W - LEFT - RIGHT, plotH = H - TOP - BOTTOM;
  const x = (i) => LEFT + (n <= 1 ? plotW / 2 : (plotW * i) / (n - 1));
  const y = (v) => TOP + plotH - (plotH * Math.min(v || 0, top)) / top;
  chart.series.forEach((s, j) => {
    const pts = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    root.append(svg("polyline", { points: pts, class: `line c${j % 6}` }));
    if (n <= 62) s.values.forEach((v, i) => {
      if (!v) return;
      const dot = svg("circle", { cx: x(i), cy: y(v), r: 3, class: `dot c${j % 6}` });
      dot.append(svg("title", {}, `${chart.labels[i]}, ${s.name}: ${formatValue(v, chart.format)}`));
      root.append(dot);
    });
  });
  const every = Math.max(1, Math.ceil(n / 8));
  chart.labels.forEach((lab, i) => { if (i % every === 0 || i === n - 1 && n < 8) label(root, x(i), lab, false); });
  return root;
}

// The figure for one chart description; an empty chart says so instead of drawing nothing.
export function drawChart(chart) {
  // nothing to draw: no label, no number at all, or counts that are all zero
  const empty = !chart.labels.length || chart.series.every((s) => s.values.every((v) => v == null))
    || chart.format === "count" && chart.series.every((s) => s.values.every((v) => !v));
  const body = empty ? h("p", { class: "hint" }, t("Nothing to count yet."))
    : chart.kind === "lines" ? lines(chart) : bars(chart);
  return h("figure", { class: "chart", "data-kind": chart.kind, "data-title": chart.title },
    h("figcaption", {}, chart.title), body, empty ? null : legend(chart.series),
    chart.note ? h("p", { class: "hint" }, chart.note) : null, empty ? null : numbers(chart));
}
