// Nim's client module, the interface the table page, the replays and the home page load (docs/CLIENT.md
// "The module interface"): the live board (board.js), its words (words.js), the board in words
// (describe.js), and the replay and the picture, which draw with draw.js in its view-only mode.
import { drawHeaps } from "./draw.js";

export { createBoard } from "./board.js";
export { describeEvent, endReason, headlines, resultText } from "./words.js";
export { describe } from "./describe.js";

// A full document, read-only (the admin's replay, the review room): its heaps, the step's stones as taken.
export function drawReplay(el, doc, ctx = {}) {
  const last = ctx.step && ctx.step.move && ctx.step.move.heap != null ? ctx.step.move : null;
  el.replaceChildren(drawHeaps(doc, { viewOnly: true, last }));
}

// The board of a view, view-only, for the home page's card and My tables.
export function drawThumb(view, ctx = {}) {
  if (!view || !view.heaps) return null;
  const last = ctx.last && ctx.last.move && ctx.last.move.heap != null ? ctx.last.move : null;
  return drawHeaps(view, { viewOnly: true, last });
}
