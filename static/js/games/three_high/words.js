// 3-High in words: cards, pieces and squares, the log lines and toasts, the turn banner and what a click
// that does nothing says, the labels of the board, the hands and the "which card?" question, and the
// result dialog with its art. Pure functions, no page state.
import { SUITS, parseCard, parsePiece, starPath } from "./parts.js";

export const SIDES = { N: "north", E: "east", S: "south", W: "west" };
const SUIT_WORD = { H: "hearts", D: "diamonds", C: "clubs", S: "spades" };

export function pieceWords(p) {
  const { color, size } = parsePiece(p);
  return `${color} ${size}`;
}
export function cardWords(c) {
  const { rank, suit } = parseCard(c);
  return `${rank === "A" ? "ace" : rank} of ${SUIT_WORD[suit] || suit}`;
}
export function cardLabel(c) {
  const { rank, suit } = parseCard(c);
  return `${rank}${SUITS[suit] || suit}`;
}
// What a card does, in the words of its button.
export function cardDoes(c) {
  const { suit, value } = parseCard(c);
  return suit === "D" ? `moves any pyramid ${value}` : `moves a pyramid ${value} minus its size`;
}

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

// ---- the board ----
export const BOARD_LABEL = "The board: columns a to h from west to east, rows 1 to 8 from south to north";
export const replayBoardLabel = (seq) => `The board after move ${seq}`;
export const sideName = (side) => SIDES[side].toUpperCase();

// A square as its tooltip and screen reader say it when it is no target.
export function squareWords(sq, stack, tree) {
  return stack.length ? `${sq}: ${stack.map(pieceWords).join(", ")} (bottom to top)${tree ? ", a finished tree" : ""}` : sq;
}
export const movableLabel = (piece, sq) => `Move ${pieceWords(piece)} on ${sq}`;
export const pickedLabel = (piece, sq) => `${pieceWords(piece)} on ${sq} (picked; Enter to put it back)`;

// A marked square: its short label (the cards that lead there) and its full label.
export function destText(moves, hinted) {
  const cards = [...new Set(moves.map((m) => m.card))];
  return `${hinted ? "★ " : ""}${cards.length > 2 ? `${cards.length} cards` : cards.map(cardLabel).join(" ")}`;
}
export function destLabel(piece, sq, moves, hinted) {
  const cards = new Set(moves.map((m) => m.card));
  const how = moves.length === 1
    ? `with ${cardWords(moves[0].card)} (${SIDES[moves[0].side]})`
    : `with ${cards.size > 1 ? "a choice of cards" : "a choice of sides"}: ${moves.map((m) => `${cardLabel(m.card)} ${SIDES[m.side]}`).join(", ")}`;
  return `Move ${pieceWords(piece)} to ${sq} ${how}${hinted ? " (the hint)" : ""}`;
}

// ---- "Which card?" ----
export function chooseTitle(choose, sides) {
  return `${sides ? "Which side?" : "Which card?"} The ${pieceWords(choose.piece)} to ${choose.to} with`;
}
export const otherPlays = (n) => (n ? `${n} other play${n === 1 ? "" : "s"}` : "no other play");
export const choiceLabel = (m, others) => `${cardWords(m.card)}, played to the ${SIDES[m.side]} side (${otherPlays(others)} with this card)`;
export const CHOOSE = { dialog: "Which card?", cancel: "Cancel (Esc)", uses: "What this card could do instead" };

// ---- the status line ----
export const STATUS = {
  treesLabel: (trees) => `Trees: ${trees} of 5`, trees: (trees) => `${trees} of 5`, treesWord: " trees",
  pile: "Draw pile: ", cards: (n) => (n === 1 ? " card" : " cards"), houseRule: "House rule",
  zero: "Zero-square plays allowed", hidden: "Hidden hands",
  lastMove: (play) => `Blue frames: ${play.from} → ${play.to}`,
};

// ---- hands and piles ----
export const handTitle = (name) => (name === "You" ? "Your hand" : `${name}'s hand`);
export const HANDS = {
  toPlay: "to play", none: "no cards", hidden: "hidden", empty: "empty",
  hiddenCount: (n) => `${n} hidden card${n === 1 ? "" : "s"}`,
  dead: "no legal play with this card", deadTitle: "No legal play with this card",
  pickFirst: (c) => `${cardLabel(c)}: ${cardDoes(c)} (optional: pick it first to see only its plays)`,
  pileLabel: "Draw pile, next card first", pile: (n) => `Draw pile (${n}), next card first`,
  discardLabel: "Discard pile", discard: (n, used) => `Discard (${n})${used ? `: ${cardLabel(used)} just played` : ""}`,
};
export const cardButtonLabel = (c, ok) => `${cardWords(c)}: ${ok ? cardDoes(c) : HANDS.dead}`;

// ---- the help box beside the hands ----
export const HELP = {
  summary: "How to play a card · settings",
  text: "Pick a pyramid, then one of the marked squares: the card shown on the square is played. "
    + "A card moves a pyramid (card value − pyramid size) squares toward its side, or away if that is negative; "
    + "diamonds ♦ ignore the size. Build five trees (3, 2, 1 of one colour) to win. "
    + "Dots on a pyramid give its size. ",
  rules: "All the rules",
  letters: " Letters on the pyramids (R O Y G B) for colour-blind play",
  autoCard: " When several cards take a pyramid to the same square, don't ask: play the card with the fewest other plays (keep the most useful ones)",
};

// ---- the turn banner, hints, and what the page says ----
export function hintWords(hint) {
  const m = hint.move;
  const where = hint.to ? ` to ${hint.to}` : "";
  return `${cardLabel(m.card)} ${SIDES[m.side]}: the ${pieceWords(m.piece)}${where}${hint.reason ? ` (${hint.reason})` : ""}`;
}
export const hintSaid = (hint) => `Hint: ${hintWords(hint)}`;

// The banner on the viewer's turn: what to do next. touch: a coarse pointer (a phone).
export function turnHint(ui, pending, touch) {
  if (pending) return "Sending your play…";
  if (ui.hint && ui.card === ui.hint.move.card && ui.piece === ui.hint.move.piece) {
    return `Hint: ${hintWords(ui.hint)}. Play it on the square marked ★.`;
  }
  const tap = touch ? "Tap" : "Click";
  if (ui.choose) return `Several plays take the ${pieceWords(ui.choose.piece)} to ${ui.choose.to}: pick one.`;
  if (ui.piece) {
    return `${tap} a marked square to move the ${pieceWords(ui.piece)}${ui.card ? ` with ${cardLabel(ui.card)}` : ""} (${touch ? "tap it again to put it back" : "Esc: back"}).`;
  }
  if (ui.card) return `${cardLabel(ui.card)} picked: now ${tap.toLowerCase()} a pyramid in a yellow frame.`;
  return `Your turn: ${touch ? "tap" : "click or drag"} a pyramid, then a marked square.`;
}

// The page played the card with the fewest other plays (the "don't ask" setting).
export function autoPicked(picked) {
  return `Played ${cardLabel(picked.card)}, the card with the fewest other plays (kept ${picked.kept.map(cardLabel).join(", ")}).`;
}

// A click on a square that does nothing, in one sentence: {sq, piece, card} of the selection, the top
// pyramid of the square and whether it stands on others. null when there is nothing to say.
export function squareRefusal({ sq, piece, card, top, stacked }) {
  if (piece && !top) return `The ${pieceWords(piece)} cannot go to ${sq}${card ? ` with ${cardLabel(card)}` : " with any card in your hand"}: pick a marked square (Esc: back).`;
  if (top && card) return `${cardLabel(card)} cannot move the ${pieceWords(top)}: pick a pyramid in a yellow frame, or another card.`;
  if (top) return `No card in your hand can move the ${pieceWords(top)}${stacked ? " (only the top pyramid of a stack moves)" : ""}.`;
  return null;
}

// ---- the result dialog: ctx = {names(seat), me, seats, view, last, players} ----
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
