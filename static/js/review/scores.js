// The bots' move scores in the review room (GET /api/tables/{code}/scores, docs/API.md): the progress while
// they are worked out ("Scoring move 12 of 27"), each move's mark (?!, ?, ??) for the move list, the current
// step's move in words, and the turning point the room opens on. Polls while the scores are queued or
// running; a 404, 409 or 403 (no scores for this table: a server without them, an abandoned game, a deal
// this browser still plays) shows nothing and stops.
//
//   const scores = createScores(el, { code, onChange });   // onChange(scores): new figures arrived
//   scores.markOf(seq) -> null | "?!" | "?" | "??";  scores.turningPoint -> seq | null;  scores.render(ply, names)
import { h } from "../core/store.js";
import { t } from "../core/i18n.js";

const POLL_MS = [1500, 3000, 5000, 8000];   // growing pauses between polls while the bots work
const MARK_WORDS = { "?!": t("dubious"), "?": t("a mistake"), "??": t("a blunder") };

function pct(x) {
  return x == null ? null : `${Math.round(x * 100)}%`;
}

export function createScores(el, { code, onChange, fetchJson }) {
  let data = null, gone = false, polls = 0, timer = null, destroyed = false;
  const bySeq = new Map();

  async function poll() {
    if (destroyed) return;
    try {
      const res = await (fetchJson || defaultFetch)(`/api/tables/${code}/scores`);
      if (res === null) { gone = true; data = null; el.hidden = true; return; }
      data = res;
      bySeq.clear();
      for (const m of data.moves || []) bySeq.set(m.seq, m);
      if (onChange) onChange(api);
    } catch {
      // the server is busy or away: try again later
    }
    if (!data || data.status === "queued" || data.status === "running") {
      timer = setTimeout(poll, POLL_MS[Math.min(polls++, POLL_MS.length - 1)]);
    }
  }

  function progress() {
    if (!data) return "";
    if (data.status === "queued") return t("The bots will score every move shortly…");
    if (data.status === "running") {
      return data.total ? t("Scoring move {n} of {total}…", { n: Math.min(data.done + 1, data.total), total: data.total }) : t("The bots are scoring the moves…");
    }
    if (data.status === "failed") return t("The bots could not score this game.");
    return data.turning_point != null ? t("Scored by the bots: the turning point was move {n}.", { n: data.turning_point })
      : t("Scored by the bots.");
  }

  function render(ply, names) {
    if (gone || destroyed) { el.hidden = true; return; }
    el.hidden = !data;
    if (!data) return;
    const m = ply > 0 ? bySeq.get(ply) : null;
    const lines = [];
    if (m) {
      const who = names ? names(m.seat) : t("Seat {n}", { n: m.seat + 1 });
      lines.push(h("p", { class: "scores-move", "data-seq": String(m.seq) },
        m.mark ? h("strong", { class: `mark mark-${markClass(m.mark)}`, title: MARK_WORDS[m.mark] }, `${m.mark} `) : null,
        t("Move {n} ({who}): {summary}", { n: m.seq, who, summary: m.summary || "" })));
      const chance = data.unit === "chance" && m.before != null && m.after != null ? t("Win chance {before} before, {after} after.", { before: pct(m.before), after: pct(m.after) }) : null;
      if (chance) lines.push(h("p", { class: "hint" }, chance));
      if (m.best_text) lines.push(h("p", { class: "hint" }, t("The bot's choice: {move}", { move: m.best_text })));
    }
    el.replaceChildren(h("h2", {}, t("The bots' view")),
      h("p", { class: "scores-progress", role: "status" }, progress()), ...lines);
  }

  const api = {
    get status() { return data ? data.status : null; },
    get turningPoint() { return data ? data.turning_point ?? null : null; },
    markOf(seq) { const m = bySeq.get(seq); return m ? m.mark : null; },
    render,
    destroy() { destroyed = true; clearTimeout(timer); },
  };
  poll();
  return api;
}

export function markClass(mark) {
  return { "?!": "dubious", "?": "mistake", "??": "blunder" }[mark] || "none";
}

async function defaultFetch(path) {
  const res = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (res.status === 404 || res.status === 409 || res.status === 403) return null;   // none: absent, abandoned, spoilers
  if (!res.ok) throw new Error(String(res.status));
  return res.json();
}
