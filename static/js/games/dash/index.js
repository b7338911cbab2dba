// Dash's client module, the interface the table page and the replays load (docs/CLIENT.md): the live
// board (board.js), the words of its events and its result (words.js), and the replay, which draws a
// document with the board's own drawing in its view-only mode (draw.js) beside the document's record.
import { h } from "../../core/store.js";
import { drawBoard, drawRecord } from "./draw.js";
import * as words from "./words.js";

export { createBoard } from "./board.js";
export { describeEvent, resultText, endReason, ruleWord } from "./words.js";
export { describe } from "./describe.js";   // the board in words

// Event types the whole table hears about (a toast), not only as a log line.
export const headlines = ["dare_set", "dare_refused", "turn_skipped", "swap"];
export const chatFirst = true;   // dares are social: the chat sits beside the board

// el: where to draw; doc: the full document after move `ctx.seq` (the deck in order); ctx: {seq, step,
// view (the spectator's view of the doc), names(seat)}. The pyramids carry seat numbers.
export function drawReplay(el, doc, ctx = {}) {
  const names = ctx.names || ((s) => `Seat ${s + 1}`);
  const view = { positions: doc.positions || [], legs: doc.legs || [], skip: doc.skip || [], ...(ctx.view || {}) };
  const board = drawBoard(view, { title: words.replayTitle(ctx.seq), checker: "dash-checker-replay", viewOnly: true, names, last: ctx.step });
  el.replaceChildren(h("div", { class: "dash dash-replay" },
    h("div", { class: "dash-boardwrap" }, board),
    h("div", { class: "dash-table" }, drawRecord(doc, names))));
}

// A small picture of a position from a view, for the home page's cards and My tables: the board, view-only.
// ctx: {names(seat), last (the step that led here, marked), id (unique on the page)}.
export function drawThumb(view, ctx = {}) {
  return drawBoard(view, { viewOnly: true, checker: `dash-checker-${ctx.id || "thumb"}`, names: ctx.names, last: ctx.last || null });
}
