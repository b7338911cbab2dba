// The review room's view of one position: the replay's controls (first, previous, next, last, the slider,
// ← → Home End), the step in words, the board drawn by the game's own view-only drawReplay (docs/CLIENT.md),
// and the real game's move list with the bots' marks. A position is {ply, line, at, branch, name}: `ply`
// real moves, then the first `at` moves of the what-if `line`.
import { h } from "../core/store.js";
import { stepWords } from "../core/replay.js";
import { takenBack, TAKEN_BACK } from "../core/takeback_words.js";
import { markClass } from "./scores.js";
import { t } from "../core/i18n.js";
import { endWords } from "../core/say.js";
import { drawBoardWords, labelBoard } from "../core/board_words.js";

export function posKey(pos) {   // a short key of a position (pointers carry it)
  const line = JSON.stringify(pos.line.slice(0, pos.at));
  let hash = 2166136261;
  for (let i = 0; i < line.length; i++) hash = Math.imul(hash ^ line.charCodeAt(i), 16777619) >>> 0;
  return pos.at ? `${pos.ply}+${pos.at}:${hash.toString(36)}` : String(pos.ply);
}

export function realPos(ply) {
  return { ply, line: [], at: 0, branch: null, name: null };
}

function typing(el) {
  return !!el && ((el.tagName === "INPUT" && el.type !== "range") || el.tagName === "TEXTAREA" || el.isContentEditable);
}

// els: {controls, board, moves}; ctx: {of, go(pos), current(), names(seat), markOf(seq)}
export function createView(els, ctx) {
  const btn = (name, label, text, to) => h("button", { class: "btn small", type: "button", "data-go": name,
    "aria-label": label, title: label, onclick: () => ctx.go(to(ctx.current())) }, text);
  const first = btn("first", t("First: the deal"), "|◀", () => realPos(0));
  const prev = btn("prev", t("Previous move"), "◀", (p) => (p.at > 0 ? { ...p, at: p.at - 1 } : realPos(Math.max(0, p.ply - 1))));
  const next = btn("next", t("Next move"), "▶", (p) => (p.line.length ? { ...p, at: Math.min(p.line.length, p.at + 1) }
    : realPos(Math.min(ctx.of, p.ply + 1))));
  const last = btn("last", t("Last: the end of the game"), "▶|", () => realPos(ctx.of));
  const slider = h("input", { type: "range", min: "0", max: String(ctx.of), step: "1", class: "replay-slider",
    "aria-label": t("Move number"), oninput: (ev) => ctx.go(realPos(Number(ev.target.value))) });
  const where = h("strong", { class: "replay-where", id: "review-where" });
  const words = h("p", { class: "replay-step", id: "review-step", "aria-live": "polite" });
  const outcome = h("p", { class: "review-outcome", id: "review-outcome" });
  const back = h("button", { class: "btn small", type: "button", id: "review-back", hidden: true,
    onclick: () => ctx.go(realPos(ctx.current().ply)) }, t("Back to the real game"));
  els.controls.replaceChildren(h("div", { class: "row replay-buttons" }, first, prev, slider, next, last),
    h("p", { class: "replay-pos" }, where, " ", back), words, outcome,
    h("p", { class: "hint replay-keys" }, t("Keys: ← → step, Home / End. Tap the board to point at something.")));
  const list = h("ol", { class: "review-movelist", id: "review-movelist" });
  els.moves.replaceChildren(h("h2", { id: "moves-title" }, t("Moves")), list);

  document.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || typing(document.activeElement)) return;
    const button = { ArrowLeft: prev, ArrowRight: next, Home: first, End: last }[ev.key];
    if (!button || button.disabled) return;
    ev.preventDefault();
    button.click();
  });

  let drawnKey = null, steps = [];

  function setLog(logSteps) {
    steps = logSteps;
    const gone = takenBack(steps);   // taken back: listed, marked
    list.replaceChildren(...steps.map((s) => h("li", { "data-seq": String(s.seq), class: gone.has(s.seq) ? "taken-back" : null },
      h("button", { type: "button", class: "linkish", onclick: () => ctx.go(realPos(s.seq)) },
        h("span", { class: "mark" }), `${s.seq}. ${stepWords(ctx.mod(), s, ctx.names)}${gone.has(s.seq) ? ` (${TAKEN_BACK()})` : ""}`))));
  }

  function render(pos, data) {
    const inLine = pos.line.length > 0;
    slider.value = String(pos.ply);
    first.disabled = !inLine && pos.ply <= 0;
    prev.disabled = inLine ? false : pos.ply <= 0;
    next.disabled = inLine ? pos.at >= pos.line.length : pos.ply >= ctx.of;
    last.disabled = !inLine && pos.ply >= ctx.of;
    back.hidden = !inLine;
    const hiding = !!(ctx.nospoil && ctx.nospoil());   // spoiler-free: nothing tells the game's length
    slider.hidden = hiding;
    where.textContent = hiding && !inLine ? (pos.ply === 0 ? t("The deal") : t("After move {n}", { n: pos.ply }))
      : inLine
      ? (pos.name ? t("What-if “{name}” from move {ply}: {at} of {n} moves", { name: pos.name, ply: pos.ply, at: pos.at, n: pos.line.length })
        : t("What-if from move {ply}: {at} of {n} moves", { ply: pos.ply, at: pos.at, n: pos.line.length }))
      : (pos.ply === 0 ? t("The deal (move 0 of {of})", { of: ctx.of }) : t("After move {n} of {of}", { n: pos.ply, of: ctx.of }));
    words.textContent = data ? (data.error || stepWords(ctx.mod(), data.step, ctx.names)) : t("Loading…");
    words.classList.toggle("form-error", !!(data && data.error));
    outcome.textContent = data && data.result && !data.error ? outcomeWords(data, inLine, ctx.mod()) : "";
    outcome.dataset.outcome = data && data.result ? data.result.outcome : "";
    for (const li of list.children) {
      const seq = Number(li.dataset.seq);
      li.classList.toggle("current", !inLine && seq === pos.ply);
      const mark = ctx.markOf(seq);
      const span = li.querySelector(".mark");
      span.textContent = mark ? `${mark} ` : "";
      span.className = `mark mark-${markClass(mark)}`;
    }
    const mod = ctx.mod();
    if (!data || data.error || mod === undefined) return;   // (the game's module still loading)
    const key = `${posKey(pos)} ${ctx.viewer ? ctx.viewer() : ""}`;   // drawn again once the viewer's seat is known
    if (drawnKey === key) return;
    drawnKey = key;
    els.board.dataset.pos = posKey(pos);
    els.board.dataset.ply = String(pos.ply);
    els.board.dataset.at = String(pos.at);
    if (mod && mod.drawReplay) {
      mod.drawReplay(els.board, data.doc || {}, { seq: pos.ply + pos.at, step: data.step, view: data.view, names: ctx.names });
    }
    if (mod && mod.describe && data.view) describeStep(mod, data.view);
    const cur = list.querySelector("li.current");   // in view in the list, without scrolling the page
    if (cur && !inLine && (cur.offsetTop < list.scrollTop || cur.offsetTop + cur.offsetHeight > list.scrollTop + list.clientHeight)) {
      list.scrollTop = cur.offsetTop - list.clientHeight / 2;
    }
  }

  // The position in words for a screen reader, under the board (core/board_words.js).
  function describeStep(mod, view) {
    const box = h("div", { class: "sr-only" });
    els.board.append(box);
    const toAct = view.to_act || [];
    const tab = { view, status: "replay", to_act: toAct };
    const d = drawBoardWords(box, mod.describe, tab, { me: (ctx.viewer && ctx.viewer()) ?? null, names: ctx.names, toAct,
      status: "replay", legal: [], targets: [], seats: [], pending: false, ui: null }, "review-board-summary");
    if (d) labelBoard(els.board.querySelector("svg"), d.summary || "", "review-board-summary");
  }

  return { render, setLog };
}


function outcomeWords(data, inLine, mod) {
  const r = data.result;
  const how = { won: inLine ? t("This what-if is won") : t("The game is won"), lost: inLine ? t("This what-if is lost") : t("The game is lost") }[r.outcome]
    || (inLine ? t("This what-if is over") : t("The game is over"));
  const real = inLine && data.real_result && data.real_result.outcome !== r.outcome
    ? ` ${{ won: t("(the real game was won)"), lost: t("(the real game was lost)") }[data.real_result.outcome] || t("(the real game was over)")}` : "";
  return `${how}: ${endWords(r, mod)}${real}.`;
}
