// Turning Points: the game's client module (docs/CLIENT.md), the interface the shell and the replays load.
// board.js is the live board, draw.js draws it (for the board and, view-only, for the replay), ui.js holds
// the board's state and the functions that change it, words.js says everything in words.
import { h } from "../../core/store.js";
import { seatVar, COLOR_FILL } from "./parts.js";
import { frameFor, drawBoard } from "./draw.js";
import { BAG } from "./words.js";

export { createBoard } from "./board.js";
export { describeEvent, resultText, endReason } from "./words.js";
export { describe, speakEvent } from "./describe.js";   // the board in words, the live region
export { dealTitle, ruleWord } from "./deals.js";   // the solitaire's deal, its rules' names

// Nothing is toasted: every move's chain plays on the board and is counted in the log.
export const headlines = [];

let replays = 0;

// A complete document, read-only (docs/CLIENT.md drawReplay): the board with its pieces and the seats'
// sides, the move that led here with its chain numbered, and in solitaire the whole bag in order (the
// document has it; players only ever see the next piece). ctx: {seq, step, view, names(seat)}.
export function drawReplay(el, doc, ctx = {}) {
  const names = ctx.names || ((s) => `Seat ${s + 1}`);
  const view = { ...doc, scores: (ctx.view || doc).scores || [] };
  const { fr } = frameFor(view, null);
  const board = drawBoard({ view, fr, id: `tpr${++replays}`, names, colorOf: seatVar, cells: doc.cells || {}, scores: view.scores,
    acting: [], frame: null, last: ctx.step || null, seq: ctx.seq, me: null, viewOnly: true });
  const extra = [];
  const solo = doc.solitaire;
  if (solo) {
    const bag = solo.bag || [];
    extra.push(h("p", { class: "hint tp-replay-bag" }, BAG.replay,
      ...(bag.length ? bag.map((c, i) => h("span", { class: `tp-chip${i === 0 ? " next" : ""}`, style: `background: ${COLOR_FILL[c]}` }, c)) : [BAG.none])));
  }
  el.replaceChildren(h("div", { class: "tp tp-replay" }, h("div", { class: "tp-boardwrap" }, board), ...extra));
}

// A small picture of a position from a view, for the home page's cards and My tables: the board, view-only,
// the viewer's side at the bottom. ctx: {names(seat), me (the viewer's seat or null), seq, last}.
export function drawThumb(view, ctx = {}) {
  const names = ctx.names || ((s) => `Seat ${s + 1}`);
  const me = ctx.me ?? null;
  const { fr } = frameFor(view, me);
  return drawBoard({ view, fr, id: `tpt${++replays}`, names, colorOf: seatVar, cells: view.cells || {}, scores: view.scores || [],
    acting: [], frame: null, last: ctx.last || null, seq: ctx.seq ?? null, me, viewOnly: true });
}
