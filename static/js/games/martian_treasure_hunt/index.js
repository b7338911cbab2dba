// Martian Treasure Hunt: the game's client module (docs/CLIENT.md), the interface the shell and the
// replays load. board.js is the live board, draw.js draws it (for the board and, view-only, for the
// replay), ui.js holds the board's state and the functions that change it, words.js says everything.
import { h } from "../../core/store.js";
import { seatVar } from "./parts.js";
import { frameFor, drawBoard } from "./draw.js";
import { describeEvent, REPLAY } from "./words.js";

export { createBoard } from "./board.js";
export { describeEvent, resultText, endReason } from "./words.js";
export { describe, speakEvent } from "./describe.js";   // the board in words, the live region

// Nothing is toasted: lost turns have their own note under the dice, and every capture is in the log.
export const headlines = [];

// A complete document, read-only (docs/CLIENT.md drawReplay): every arrangement, even one still hidden
// from the players, with the last move framed, the dice and the treasure. ctx: {seq, step, view, names}.
export function drawReplay(el, doc, ctx = {}) {
  const names = ctx.names || ((s) => `Seat ${s + 1}`);
  const spectator = ctx.view || {};
  if (!spectator.board) { el.replaceChildren(h("p", { class: "hint" }, REPLAY.none)); return; }
  const view = { ...spectator, pyramids: doc.pyramids || {}, coins: doc.coins || spectator.coins };
  const { fr } = frameFor(view, null);
  const lastMove = ctx.step ? (ctx.step.events || []).find((e) => e.type === "move") : null;
  const board = drawBoard({ view, fr, me: null, names, colorOf: seatVar, viewOnly: true, seq: ctx.seq ?? null,
    mustArrange: false, order: null, picked: null, lastMove: lastMove || null, rolled: null, myTurn: false, dests: {} });
  const scores = (spectator.scores || []).map((score, seat) => h("li", {},
    h("span", { class: "swatch", style: `background: ${seatVar(seat)}` }),
    REPLAY.score(names, seat, score, (doc.stash || [])[seat] || [], (doc.prisoners || [])[seat] || [])));
  const lines = ctx.step ? (ctx.step.events || []).map((e) => describeEvent({ seat: ctx.step.seat, ...e }, names)).filter(Boolean) : [];
  el.replaceChildren(h("div", { class: "mth mth-replay" },
    h("div", { class: "mth-top" }, h("span", { class: "pill" }, REPLAY.dice(doc.dice, (doc.to_act || [])[0])),
      h("span", { class: "pill" }, REPLAY.pyramids(Object.keys(doc.pyramids || {}).length)), h("span", { class: "pill" }, REPLAY.rolls(doc.rolls))),
    h("div", { class: "mth-boardwrap" }, board),
    lines.length ? h("ul", { class: "mth-replay-step" }, lines.map((l) => h("li", {}, l))) : null,
    h("ol", { class: "mth-replay-scores" }, scores)));
}

// A small picture of a position from a view, for the home page's cards and My tables: the board, view-only,
// the viewer's home rows at the bottom, a row it may not see face down. ctx: {names(seat), me, seq, last}.
export function drawThumb(view, ctx = {}) {
  if (!view || !view.board) return null;
  const me = ctx.me ?? null;
  const { fr } = frameFor(view, me);
  const move = ctx.last ? (ctx.last.events || []).find((e) => e.type === "move") : null;
  return drawBoard({ view, fr, me, names: ctx.names || ((s) => `Seat ${s + 1}`), colorOf: seatVar, viewOnly: true, seq: ctx.seq ?? null,
    mustArrange: false, order: null, picked: null, lastMove: move && view.phase === "play" ? move : null, rolled: null, myTurn: false, dests: {} });
}
