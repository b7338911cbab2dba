// The replay viewer, shared by the table page (anyone, once the game has ended) and the admin page (any
// table, hidden information at every step). It knows no game: each step is drawn by the game's own
// module, `drawReplay(el, doc, ctx)` (docs/CLIENT.md), and worded by its `describeEvent`.
//
//   const viewer = createReplay(el, {
//     of,                 // how many moves the game has
//     seq,                // the step to open (default: the last)
//     fetchStep(seq),     // -> Promise of {seq, of, doc, view, step} (GET .../replay?seq=N)
//     module,             // the game's client module (or a promise of it)
//     names(seat),        // display names
//     ids: "r-",          // optional: ids for the controls (r-first, r-prev, r-slider, r-next, r-last, r-pos,
//                         //   r-step, r-board), for pages and tests that name them
//     extra,              // optional element shown beside the position (the admin's consistency badge)
//     onStep(r, viewer),  // optional: called when a step is drawn (or could not be fetched: r = null)
//     keys: true,         // ← → Home End on the whole page while the viewer is open
//   });
//   viewer.goTo(n); viewer.seq; viewer.destroy();
import { h } from "./store.js";
import { t, tn } from "./i18n.js";
import { isTakeback, takebackWords, TAKEN_BACK } from "./takeback_words.js";
import { drawBoardWords, labelBoard } from "./board_words.js";

let replays = 0;   // each replay on a page names its summary apart

const CACHE_MAX = 400;

export function stepWords(mod, step, names) {
  if (!step) return t("The position as dealt.");
  if (isTakeback(step)) return takebackWords(step, names);
  const words = eventWords(mod, step, names);
  return step.stand_in ? `${words} (${standInWords(step.stand_in)})` : words;
}

// A move the game's bot played for a seat whose time ran out: the stored move's mark.
export function standInWords(mark) {
  return t("played by the bot for {name}: time ran out", { name: mark.for || "?" });
}

function eventWords(mod, step, names) {
  const events = step.events || [];
  if (mod && mod.describeEvent) {
    const lines = events.map((e) => mod.describeEvent({ seat: step.seat, ...e }, names)).filter(Boolean);
    // one line per event, joined; a sentence's full stop gives way to the joining semicolon
    if (lines.length) return lines.map((l, i) => (i < lines.length - 1 ? l.replace(/\.$/, "") : l)).join("; ");
  }
  const texts = events.map((e) => e.text || e.type).filter(Boolean);
  return `${names(step.seat)} ${texts.join("; ") || JSON.stringify(step.move)}`;
}

function typing(el) {
  if (!el) return false;
  return (el.tagName === "INPUT" && el.type !== "range") || el.tagName === "TEXTAREA" || el.tagName === "SELECT"
    || el.isContentEditable;
}

export function createReplay(el, opts) {
  const of = Math.max(0, opts.of | 0);
  const id = (name) => (opts.ids ? `${opts.ids}${name}` : null);
  const cache = new Map();
  let seq = Math.max(0, Math.min(of, opts.seq == null ? of : opts.seq));
  let wanted = seq, drawn = null, mod, destroyed = false, error = "";   // mod: undefined until loaded
  const summaryId = `replay-summary-${++replays}`;

  const btn = (name, label, text, go) => h("button", { class: "btn small", type: "button", id: id(name),
    "aria-label": label, title: label, "data-go": name, onclick: () => goTo(go()) }, text);
  const first = btn("first", t("First: the deal, before any move"), "|◀", () => 0);
  const prev = btn("prev", t("Previous move"), "◀", () => seq - 1);
  const next = btn("next", t("Next move"), "▶", () => seq + 1);
  const last = btn("last", t("Last: the end of the game"), "▶|", () => of);
  const slider = h("input", { type: "range", min: "0", max: String(of), value: String(seq), step: "1", id: id("slider"),
    class: "replay-slider", "aria-label": t("Move number"), oninput: (ev) => goTo(Number(ev.target.value)) });
  const pos = h("strong", { id: id("pos"), class: "replay-where" });
  const words = h("p", { class: "replay-step", id: id("step"), "aria-live": "polite" });
  const board = h("div", { class: "replay-board", id: id("board") });
  const root = h("section", { class: "replay", "aria-label": t("Replay"), "data-seq": "" },
    h("div", { class: "card replay-controls" },
      h("div", { class: "row replay-buttons" }, first, prev, slider, next, last),
      h("p", { class: "replay-pos" }, pos, opts.extra || null),
      words,
      h("p", { class: "hint replay-keys" }, t("Keys: ← → step, Home / End jump to the start or the end."))),
    board);
  el.replaceChildren(root);

  Promise.resolve(opts.module).then((m) => { mod = m || null; drawn = null; render(); }).catch(() => { mod = null; render(); });

  async function load(n) {
    if (cache.has(n)) return cache.get(n);
    const r = await opts.fetchStep(n);
    if (cache.size > CACHE_MAX) cache.clear();
    cache.set(n, r);
    return r;
  }

  async function goTo(n) {
    if (destroyed || Number.isNaN(n)) return;
    seq = Math.max(0, Math.min(of, n));
    wanted = seq;
    render();
    let r;
    try {
      r = await load(seq);
    } catch (err) {
      if (wanted !== seq) return;
      error = err && err.message ? err.message : t("This step could not be loaded.");
      render();
      if (opts.onStep) opts.onStep(null, api);
      return;
    }
    if (destroyed || wanted !== r.seq) return;   // a newer step was asked for meanwhile
    error = "";
    render();
    if (opts.onStep) opts.onStep(r, api);
    for (const k of [seq + 1, seq - 1]) {   // the neighbours ahead of time, so stepping feels instant
      if (k >= 0 && k <= of && !cache.has(k)) load(k).catch(() => {});
    }
  }

  function render() {
    if (destroyed) return;
    slider.value = String(seq);
    slider.setAttribute("aria-valuetext", seq === 0 ? tn("the deal, before any of {n} move", "the deal, before any of {n} moves", of) : t("after move {n} of {of}", { n: seq, of }));
    first.disabled = prev.disabled = seq <= 0;
    next.disabled = last.disabled = seq >= of;
    pos.textContent = seq === 0 ? t("The deal (move 0 of {of})", { of }) : t("After move {n} of {of}", { n: seq, of });
    const r = cache.get(seq);
    const gone = r && r.step && (r.taken_back || []).includes(r.step.seq) ? ` (${TAKEN_BACK()})` : "";   // a step taken back
    words.textContent = error || (r ? stepWords(mod, r.step, opts.names) + gone : t("Loading…"));
    words.classList.toggle("form-error", !!error);
    if (!r || mod === undefined) return;
    const key = String(seq);
    if (drawn === key) return;
    drawn = key;
    root.dataset.seq = String(seq);
    if (mod && mod.drawReplay) {
      mod.drawReplay(board, r.doc || {}, { seq: r.seq, step: r.step, view: r.view, names: opts.names });
      if (mod.describe && r.view) describeStep(r.view);   // the position in words, for a screen reader
    } else {
      board.replaceChildren(h("pre", { class: "replay-text" }, r.text || JSON.stringify(r.doc, null, 2)));
    }
  }

  function describeStep(view) {
    const box = h("div", { class: "sr-only" });
    board.append(box);
    const toAct = view.to_act || [];
    const names = opts.names || ((seat) => t("Seat {n}", { n: seat + 1 }));
    const d = drawBoardWords(box, mod.describe, { view, status: "replay", to_act: toAct },
      { me: null, names, toAct, status: "replay", legal: [], targets: [], seats: [], pending: false, ui: null }, summaryId);
    if (d) labelBoard(board.querySelector("svg"), d.summary || "", summaryId);
  }

  function onKey(ev) {
    if (destroyed || ev.altKey || ev.ctrlKey || ev.metaKey || typing(document.activeElement)) return;
    if (!root.isConnected || root.closest("[hidden]")) return;
    const go = { ArrowLeft: seq - 1, ArrowRight: seq + 1, Home: 0, End: of }[ev.key];
    if (go == null) return;
    ev.preventDefault();
    goTo(go);
  }
  if (opts.keys !== false) document.addEventListener("keydown", onKey);

  const api = {
    goTo,
    get seq() { return seq; },
    get of() { return of; },
    focus() { slider.focus(); },
    destroy() {
      destroyed = true;
      document.removeEventListener("keydown", onKey);
      el.replaceChildren();
    },
  };
  goTo(seq);
  return api;
}
