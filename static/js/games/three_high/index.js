// 3-High's client module, the interface the table page and the replays load (docs/CLIENT.md): the live
// board (board.js), the words of its events and its result (words.js), and the replay, which draws a
// document with the board's own drawing in its view-only mode (draw.js) beside every hand and the piles.
import { h } from "../../core/store.js";
import { drawBoard, drawStatus } from "./draw.js";
import { drawHands, drawPiles } from "./hands.js";

export { createBoard } from "./board.js";
export { headlines, describeEvent, resultText, endReason } from "./words.js";
export { describe } from "./describe.js";   // the board in words
export { dealTitle, dailyLabel, dealResult, dealRow, ruleWord } from "./deals.js";   // a shared deal's words

// el: where to draw; doc: the full document after move `ctx.seq` (every hand, the piles in order);
// ctx: {seq, step, view (the spectator's view of the doc), names(seat)}.
export function drawReplay(el, doc, ctx = {}) {
  const view = { board: doc.board || {}, draw_pile_count: (doc.draw_pile || []).length, ...(ctx.view || {}) };
  const names = ctx.names || ((s) => `Seat ${s + 1}`);
  const play = ctx.step ? (ctx.step.events || []).find((e) => e.type === "play") || null : null;
  const board = drawBoard({ view, seq: ctx.seq, last: ctx.step || null }, null, { viewOnly: true });
  el.replaceChildren(
    h("div", { class: "th-replay-board" },
      h("div", { class: "th-status" }, drawStatus(view, doc.options, play)),
      h("div", { class: "th-boardwrap" }, board)),
    h("div", { class: "th-replay-hidden" },
      h("div", { class: "hands" }, drawHands({ hands: doc.hands || [] }, { names, toAct: doc.to_act || [], viewOnly: true })),
      drawPiles(doc, play ? play.card : null)));
}

// A small picture of a position from a view, for the home page's cards and My tables: the board, view-only
// (no hand). ctx: {seq, last (the step that led here, marked)}.
export function drawThumb(view, ctx = {}) {
  return drawBoard({ view, seq: ctx.seq ?? null, last: ctx.last || null }, null, { viewOnly: true });
}
