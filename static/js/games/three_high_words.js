// 3-High in words and pictures: event lines for the log and toasts, the result dialog with its art.
import { starPath } from "./three_high_parts.js";

// Event types the whole table hears about (a toast), not only as a log line.
export const headlines = ["tree", "tree_broken"];

// Event text in words, "Ann played 8♦ north: red 3 d2→d7". names(seat): "You" for the viewer.
export function describeEvent(ev, names) {
  const actorName = ev.seat != null && names ? names(ev.seat) : null;
  let text = ev.text || ev.type;
  if (actorName === "You") text = text.replace(/^(draws|finds|leaves|completes|plays|has|is)\b/, (w) => YOU_VERB[w]);
  return actorName ? `${actorName} ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
}
const YOU_VERB = { draws: "draw", finds: "find", leaves: "leave", completes: "complete", plays: "play", has: "have", is: "are" };

// The result dialog: ctx = {names(seat), me, seats, view, last, players}.
export function resultText(result, ctx = {}) {
  const won = result && result.outcome === "won";
  const words = resultWordsBare(result, ctx);
  const trees = ctx.view && typeof ctx.view.trees === "number" ? ctx.view.trees : null;
  if (result && !won && trees != null) words.text += ` The team had built ${trees} of the 5 trees.`;
  return { ...words, tone: won ? "won" : "lost", art: won ? TREES_ART : LOST_ART,
    banner: won ? "Game over: the team won!" : "Game over: the team lost." };
}

// The seat that could not play: the one after the last player (the first seat if nobody played).
function stuckSeat(result, ctx) {
  if (result.seat != null) return result.seat;
  const last = ctx.last && typeof ctx.last.seat === "number" ? ctx.last.seat : null;
  return last != null && ctx.players ? (last + 1) % ctx.players : null;
}

function resultWordsBare(result, ctx) {
  const reason = result && result.reason;
  if (result && result.outcome === "won") {
    return { title: "All five trees are standing!", text: "The team wins. Well played." };
  }
  if (reason === "stuck") {
    const seat = stuckSeat(result, ctx);
    const who = seat != null && ctx.names ? ctx.names(seat) : null;
    return { title: "The team is stuck", text: `${who ? who + " had" : "The player to act had"} no legal play left, so the team loses.` };
  }
  if (reason === "out_of_cards") {
    return { title: "Out of cards", text: "A card had to be drawn but the draw pile was empty, so the team loses." };
  }
  return { title: "Game over", text: reason ? `Reason: ${reason}.` : "" };
}

// The result dialog's art: the same lit-and-shaded pyramids as the board. Won: the five trees standing
// in a row under a little burst of stars; lost: an unfinished tree with its small pyramid toppled.
const FILLS = ["#d62828", "#f58a07", "#f7d02c", "#2a9d3f", "#1d63c7"];
const pyr = (cx, base, w, ht, fill, turn = 0) => `<g${turn ? ` transform="rotate(${turn} ${cx} ${base})"` : ""}>`
  + `<path d="M${cx - w / 2} ${base} L${cx} ${base - ht} L${cx + w / 2} ${base} Z" fill="${fill}"/>`
  + `<path d="M${cx + w * 0.06} ${base} L${cx} ${base - ht} L${cx + w / 2} ${base} Z" fill="rgba(0,0,0,.24)"/>`
  + `<path d="M${cx - 1} ${base - ht + 3} L${cx - w * 0.3} ${base - 1.5}" stroke="rgba(255,255,255,.5)" stroke-width="1.2" stroke-linecap="round"/>`
  + `<path d="M${cx - w / 2} ${base} L${cx} ${base - ht} L${cx + w / 2} ${base} Z" fill="none" stroke="rgba(0,0,0,.5)" stroke-width=".8" stroke-linejoin="round"/></g>`;
const treeArt = (cx, ground, fill, small = true) => `<ellipse cx="${cx + 1}" cy="${ground + 1}" rx="16" ry="2.6" fill="rgba(60,40,10,.25)"/>`
  + pyr(cx, ground, 28, 40, fill) + pyr(cx, ground - 14, 21, 31, fill) + (small ? pyr(cx, ground - 28, 14, 21, fill) : "");
const star = (cx, cy, r, fill) => `<path d="${starPath(cx, cy, r, r * 0.45)}" fill="${fill}" stroke="#7a5a00" stroke-width=".6"/>`;
const GROUND = `<rect x="2" y="85" width="176" height="7" rx="3.5" fill="#e7dcc3"/>`;
const TREES_ART = `<svg viewBox="0 14 180 80">${GROUND}`
  + FILLS.map((c, i) => treeArt(22 + i * 34, 86, c)).join("")
  + [[8, 30, 5], [40, 22, 4], [90, 24, 6], [136, 21, 4], [172, 30, 5]].map(([x, y, r]) => star(x, y, r, "#f2b705")).join("")
  + `</svg>`;
const LOST_ART = `<svg viewBox="0 14 180 80">${GROUND}`
  + treeArt(74, 86, FILLS[4], false)
  + pyr(116, 79, 14, 21, FILLS[4], 68)
  + `<path d="M92 48 q12 -10 22 8" stroke="#8a7a5a" stroke-width="1.5" fill="none" stroke-dasharray="3 3"/>`
  + `</svg>`;
