// 3-High in words: cards, pieces and squares, the log lines and toasts, the turn banner and what a click
// that does nothing says, the labels of the board, the hands and the "which card?" question, and the
// result dialog with its art. Pure functions, no page state.
import { SUITS, parseCard, parsePiece, starPath } from "./parts.js";
import { t, tn } from "../../core/i18n.js";

export const SIDES = { N: t("north"), E: t("east"), S: t("south"), W: t("west") };
const SUIT_WORD = { H: t("hearts"), D: t("diamonds"), C: t("clubs"), S: t("spades") };
const COLOR_WORD = { red: t("red"), orange: t("orange"), yellow: t("yellow"), green: t("green"), blue: t("blue") };

export function pieceWords(p) {
  const { color, size } = parsePiece(p);
  return `${COLOR_WORD[color] || color} ${size}`;
}
export function cardWords(c) {
  const { rank, suit } = parseCard(c);
  return t("{rank} of {suit}", { rank: rank === "A" ? t("ace") : rank, suit: SUIT_WORD[suit] || suit });
}
export function cardLabel(c) {
  const { rank, suit } = parseCard(c);
  return `${rank}${SUITS[suit] || suit}`;
}
// What a card does, in the words of its button.
export function cardDoes(c) {
  const { suit, value } = parseCard(c);
  return suit === "D" ? t("moves any pyramid {n}", { n: value }) : t("moves a pyramid {n} minus its size", { n: value });
}

// Event types the whole table hears about (a toast), not only as a log line.
export const headlines = ["tree", "tree_broken"];

// Event text in words, "Ann played 8♦ north: red 3 d2→d7", worded here from the event's fields (the
// engine's English `text` only for an event this client does not know). names(seat): "You" for the viewer,
// whose lines have their own sentences.
const YOU = t("You");
const THE_TREE = { red: t("the red tree"), orange: t("the orange tree"), yellow: t("the yellow tree"), green: t("the green tree"), blue: t("the blue tree") };
export function describeEvent(ev, names) {
  const name = ev.seat != null && names ? names(ev.seat) : null;
  const you = name === "You" || name === YOU;
  const said = (mine, theirs, nobody) => (name == null ? nobody : you ? mine : theirs);
  switch (ev.type) {
    case "play": {
      const p = { name, card: cardLabel(ev.card), side: SIDES[ev.side], piece: pieceWords(ev.piece), from: ev.from, to: ev.to };
      if (ev.from === ev.to) {
        return said(t("You played {card} {side}: {piece} stays on {from}", p), t("{name} played {card} {side}: {piece} stays on {from}", p),
          t("Played {card} {side}: {piece} stays on {from}", p));
      }
      return said(t("You played {card} {side}: {piece} {from}→{to}", p), t("{name} played {card} {side}: {piece} {from}→{to}", p),
        t("Played {card} {side}: {piece} {from}→{to}", p));
    }
    case "tree": case "tree_broken": {
      const p = { name, tree: THE_TREE[ev.color] || ev.color, sq: ev.square, n: ev.trees };
      if (ev.type === "tree") {
        return said(t("You completed {tree} on {sq} ({n} of 5)", p), t("{name} completed {tree} on {sq} ({n} of 5)", p), t("Completed {tree} on {sq} ({n} of 5)", p));
      }
      return said(t("You broke {tree} on {sq} ({n} of 5)", p), t("{name} broke {tree} on {sq} ({n} of 5)", p), t("Broke {tree} on {sq} ({n} of 5)", p));
    }
    case "no_draw":
      return said(t("You draw no card after completing a tree"), t("{name} draws no card after completing a tree", { name }), t("Draws no card after completing a tree"));
    case "draw":
      if (ev.card) return said(t("You drew {card}", { card: cardLabel(ev.card) }), t("{name} drew {card}", { name, card: cardLabel(ev.card) }), t("Drew {card}", { card: cardLabel(ev.card) }));
      return said(t("You drew a card"), t("{name} drew a card", { name }), t("Drew a card"));
    case "end": {
      const end = {
        trees: [t("You completed the fifth tree: the team wins"), t("{name} completed the fifth tree: the team wins", { name }), t("Completed the fifth tree: the team wins")],
        out_of_cards: [t("You found the draw pile empty: the team loses (out of cards)"), t("{name} found the draw pile empty: the team loses (out of cards)", { name }),
          t("Found the draw pile empty: the team loses (out of cards)")],
        stuck: [t("You left no legal play for the next turn: the team loses (stuck)"), t("{name} left no legal play for the next turn: the team loses (stuck)", { name }),
          t("Left no legal play for the next turn: the team loses (stuck)")],
      }[ev.reason];
      if (end) return said(...end);
      break;
    }
    default:
      break;
  }
  let text = ev.text || ev.type;
  if (you) text = text.replace(/^(draws|finds|leaves|completes|plays|has|is)\b/, (w) => YOU_VERB[w]);
  return name ? `${name} ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
}
const YOU_VERB = { draws: "draw", finds: "find", leaves: "leave", completes: "complete", plays: "play", has: "have", is: "are" };

// ---- the board ----
export const BOARD_LABEL = t("The board: columns a to h from west to east, rows 1 to 8 from south to north");
export const replayBoardLabel = (seq) => t("The board after move {n}", { n: seq });
export const sideName = (side) => SIDES[side].toUpperCase();

// A square as its tooltip and screen reader say it when it is no target.
export function squareWords(sq, stack, tree) {
  if (!stack.length) return sq;
  const pieces = stack.map(pieceWords).join(", ");
  return tree ? t("{sq}: {pieces} (bottom to top), a finished tree", { sq, pieces }) : t("{sq}: {pieces} (bottom to top)", { sq, pieces });
}
export const movableLabel = (piece, sq) => t("Move {piece} on {sq}", { piece: pieceWords(piece), sq });
export const pickedLabel = (piece, sq) => t("{piece} on {sq} (picked; Enter to put it back)", { piece: pieceWords(piece), sq });

// A marked square: its short label (the cards that lead there) and its full label.
export function destText(moves, hinted) {
  const cards = [...new Set(moves.map((m) => m.card))];
  return `${hinted ? "★ " : ""}${cards.length > 2 ? tn("{n} card", "{n} cards", cards.length) : cards.map(cardLabel).join(" ")}`;
}
export function destLabel(piece, sq, moves, hinted) {
  const cards = new Set(moves.map((m) => m.card));
  const plays = moves.map((m) => `${cardLabel(m.card)} ${SIDES[m.side]}`).join(", ");
  const how = moves.length === 1
    ? t("with {card} ({side})", { card: cardWords(moves[0].card), side: SIDES[moves[0].side] })
    : cards.size > 1 ? t("with a choice of cards: {plays}", { plays }) : t("with a choice of sides: {plays}", { plays });
  return `${t("Move {piece} to {sq}", { piece: pieceWords(piece), sq })} ${how}${hinted ? ` ${t("(the hint)")}` : ""}`;
}

// ---- "Which card?" ----
export function chooseTitle(choose, sides) {
  const what = { piece: pieceWords(choose.piece), sq: choose.to };
  return sides ? t("Which side? The {piece} to {sq} with", what) : t("Which card? The {piece} to {sq} with", what);
}
export const otherPlays = (n) => (n ? tn("{n} other play", "{n} other plays", n) : t("no other play"));
export const choiceLabel = (m, others) => t("{card}, played to the {side} side ({others} with this card)",
  { card: cardWords(m.card), side: SIDES[m.side], others: otherPlays(others) });
export const CHOOSE = { dialog: t("Which card?"), cancel: t("Cancel (Esc)"), uses: t("What this card could do instead") };

// ---- the status line ----
export const STATUS = {
  treesLabel: (trees) => t("Trees: {n} of 5", { n: trees }), trees: (trees) => t("{n} of 5", { n: trees }),
  treesWord: ` ${t("trees")}`, pile: `${t("Draw pile:")} `, cards: (n) => ` ${tn("card", "cards", n ?? 2)}`,
  houseRule: t("House rule"), zero: t("Zero-square plays allowed"), hidden: t("Hidden hands"),
  lastMove: (play) => t("Blue frames: {from} → {to}", { from: play.from, to: play.to }),
};

// ---- hands and piles ----
export const handTitle = (name) => (name === "You" || name === t("You") ? t("Your hand") : t("{name}'s hand", { name }));
export const HANDS = {
  toPlay: t("to play"), none: t("no cards"), hidden: t("hidden"), empty: t("empty"),
  hiddenCount: (n) => tn("{n} hidden card", "{n} hidden cards", n),
  dead: t("no legal play with this card"), deadTitle: t("No legal play with this card"),
  pickFirst: (c) => t("{card}: {does} (optional: pick it first to see only its plays)", { card: cardLabel(c), does: cardDoes(c) }),
  pileLabel: t("Draw pile, next card first"), pile: (n) => t("Draw pile ({n}), next card first", { n }),
  discardLabel: t("Discard pile"),
  discard: (n, used) => (used ? t("Discard ({n}): {card} just played", { n, card: cardLabel(used) }) : t("Discard ({n})", { n })),
};
export const cardButtonLabel = (c, ok) => `${cardWords(c)}: ${ok ? cardDoes(c) : HANDS.dead}`;

// ---- the help box beside the hands ----
export const HELP = {
  summary: t("How to play a card · settings"),
  text: `${t("Pick a pyramid, then one of the marked squares: the card shown on the square is played. A card moves a pyramid (card value − pyramid size) squares toward its side, or away if that is negative; diamonds ♦ ignore the size. Build five trees (3, 2, 1 of one colour) to win. Dots on a pyramid give its size.")} `,
  rules: t("All the rules"),
  letters: ` ${t("Letters on the pyramids (R O Y G B) for colour-blind play")}`,
  autoCard: ` ${t("When several cards take a pyramid to the same square, don't ask: play the card with the fewest other plays (keep the most useful ones)")}`,
};

// ---- the turn banner, hints, and what the page says ----
export function hintWords(hint) {
  const m = hint.move;
  const p = { card: cardLabel(m.card), side: SIDES[m.side], piece: pieceWords(m.piece), sq: hint.to };
  const play = hint.to ? t("{card} {side}: the {piece} to {sq}", p) : t("{card} {side}: the {piece}", p);
  return `${play}${hint.reason ? ` (${hint.reason})` : ""}`;   // the bot's reason is the server's English
}
export const hintSaid = (hint) => t("Hint: {hint}", { hint: hintWords(hint) });

// The banner on the viewer's turn: what to do next. touch: a coarse pointer (a phone).
export function turnHint(ui, pending, touch) {
  if (pending) return t("Sending your play…");
  if (ui.hint && ui.card === ui.hint.move.card && ui.piece === ui.hint.move.piece) {
    return t("Hint: {hint}. Play it on the square marked ★.", { hint: hintWords(ui.hint) });
  }
  if (ui.choose) return t("Several plays take the {piece} to {sq}: pick one.", { piece: pieceWords(ui.choose.piece), sq: ui.choose.to });
  if (ui.piece) {
    const what = { piece: pieceWords(ui.piece), card: ui.card ? cardLabel(ui.card) : "" };
    if (touch) return ui.card ? t("Tap a marked square to move the {piece} with {card} (tap it again to put it back).", what)
      : t("Tap a marked square to move the {piece} (tap it again to put it back).", what);
    return ui.card ? t("Click a marked square to move the {piece} with {card} (Esc: back).", what)
      : t("Click a marked square to move the {piece} (Esc: back).", what);
  }
  if (ui.card) {
    return touch ? t("{card} picked: now tap a pyramid in a yellow frame.", { card: cardLabel(ui.card) })
      : t("{card} picked: now click a pyramid in a yellow frame.", { card: cardLabel(ui.card) });
  }
  return touch ? t("Your turn: tap a pyramid, then a marked square.") : t("Your turn: click or drag a pyramid, then a marked square.");
}

// The page played the card with the fewest other plays (the "don't ask" setting).
export function autoPicked(picked) {
  return t("Played {card}, the card with the fewest other plays (kept {kept}).",
    { card: cardLabel(picked.card), kept: picked.kept.map(cardLabel).join(", ") });
}

// A click on a square that does nothing, in one sentence: {sq, piece, card} of the selection, the top
// pyramid of the square and whether it stands on others. null when there is nothing to say.
export function squareRefusal({ sq, piece, card, top, stacked }) {
  if (piece && !top) {
    return card ? t("The {piece} cannot go to {sq} with {card}: pick a marked square (Esc: back).", { piece: pieceWords(piece), sq, card: cardLabel(card) })
      : t("The {piece} cannot go to {sq} with any card in your hand: pick a marked square (Esc: back).", { piece: pieceWords(piece), sq });
  }
  if (top && card) return t("{card} cannot move the {piece}: pick a pyramid in a yellow frame, or another card.", { card: cardLabel(card), piece: pieceWords(top) });
  if (top) {
    return stacked ? t("No card in your hand can move the {piece} (only the top pyramid of a stack moves).", { piece: pieceWords(top) })
      : t("No card in your hand can move the {piece}.", { piece: pieceWords(top) });
  }
  return null;
}

// Why the game ended, in a few words (the review room's "The game is won: trees."), by the engine's reason.
export function endReason(result) {
  return { trees: t("trees"), out_of_cards: t("out of cards"), stuck: t("stuck") }[result && result.reason] || null;
}

// ---- the result dialog: ctx = {names(seat), me, seats, view, last, players} ----
export function resultText(result, ctx = {}) {
  const won = result && result.outcome === "won";
  const words = resultWordsBare(result, ctx);
  const trees = ctx.view && typeof ctx.view.trees === "number" ? ctx.view.trees : null;
  if (result && !won && trees != null) words.text += ` ${t("The team had built {n} of the 5 trees.", { n: trees })}`;
  return { ...words, tone: won ? "won" : "lost", art: won ? TREES_ART : LOST_ART,
    banner: won ? t("Game over: the team won!") : t("Game over: the team lost.") };
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
    return { title: t("All five trees are standing!"), text: t("The team wins. Well played.") };
  }
  if (reason === "stuck") {
    const seat = stuckSeat(result, ctx);
    const who = seat != null && ctx.names ? ctx.names(seat) : null;
    return { title: t("The team is stuck"), text: who ? t("{who} had no legal play left, so the team loses.", { who })
      : t("The player to act had no legal play left, so the team loses.") };
  }
  if (reason === "out_of_cards") {
    return { title: t("Out of cards"), text: t("A card had to be drawn but the draw pile was empty, so the team loses.") };
  }
  return { title: t("Game over"), text: reason ? t("Reason: {reason}.", { reason }) : "" };
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
