// Turning Points in words, all of them: log lines, the result, the preview, and every line, label and
// toast of the board and its panels. "You" and a name read the same in the past tense ("You placed…",
// "Ann placed…").
import { WORD, COLOR_FILL } from "./parts.js";
import { t, tn } from "../../core/i18n.js";

export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const pieces = (n) => tn("{n} piece", "{n} pieces", n);
const points = (n) => tn("{n} point", "{n} points", n);
const YOU = t("You");
const isYou = (n) => n === "You" || n === YOU;
const nameOf = (names, seat) => (names && seat != null ? names(seat) : seat != null ? t("Seat {n}", { n: seat + 1 }) : "");
const andList = (list) => (list.length < 2 ? list.join("") : t("{list} and {last}", { list: list.slice(0, -1).join(", "), last: list[list.length - 1] }));
export const sideWord = (side) => WORD[side] || side;
// The pieces' colours, and "the red piece".
export const COLOR_NAME = { red: t("red"), yellow: t("yellow"), green: t("green"), blue: t("blue") };
const colorName = (c) => COLOR_NAME[c] || c;
const THE_PIECE = { red: t("the red piece"), yellow: t("the yellow piece"), green: t("the green piece"), blue: t("the blue piece") };
const thePiece = (c) => (c ? THE_PIECE[c] || c : t("a piece"));
// What follows "pointing": a compass point ("north"; French "nord", German "nach Norden"). The message
// carries a context ("heading|") that English drops.
const HEADING = {
  N: t("heading|north"), NE: t("heading|north-east"), E: t("heading|east"), SE: t("heading|south-east"),
  S: t("heading|south"), SW: t("heading|south-west"), W: t("heading|west"), NW: t("heading|north-west"),
};
export const heading = (dir) => (HEADING[dir] || dir).replace(/^heading\|/, "");
// The solitaire's sheet says its verdicts (app/games/turning_points/codec.py), shown in the reader's language.
export const verdictWords = (verdict) => t(verdict);

export function describeEvent(ev, names) {
  const who = nameOf(names, ev.seat);
  switch (ev.type) {
    case "place": {
      let toward = heading(ev.dir);
      if (ev.toward != null && !ev.color) toward = towardSeat(names, ev.toward, ev.seat);
      else if ("toward" in ev && !ev.color) toward = t("{dir} (at nobody)", { dir: toward });
      const p = { piece: thePiece(ev.color), toward };
      const placed = isYou(who) ? t("You placed {piece} pointing {toward}", p) : t("{name} placed {piece} pointing {toward}", { name: who, ...p });
      return `${placed}${ev.turned ? t(", turning {pieces}", { pieces: pieces(ev.turned) }) : t(", turning nothing")}`;
    }
    case "turn":
      return null;   // the board animates each turn; the place line counts them
    case "next":
      return t("Next from the bag: {color} (points {dir})", { color: colorName(ev.color), dir: heading(ev.dir) });
    case "end": {
      if (ev.verdict) return `${tn("The board is full: {n} piece points at you.", "The board is full: {n} pieces point at you.", ev.scores[0])} ${verdictWords(ev.verdict)}`;
      const winners = (ev.winners || []).map((s) => nameOf(names, s));
      const best = ev.scores && winners.length ? ev.scores[ev.winners[0]] : null;
      return t("The board is full: {line}", { line: winLine(winners, best) });
    }
    default:
      return ev.text ? `${who ? who + " " : ""}${ev.text}` : null;
  }
}

// "at you", "at Bob", "at your own side" / "at their own side" (`mover` placed the piece).
function towardSeat(names, seat, mover) {
  const at = nameOf(names, seat);
  if (seat === mover) return isYou(at) ? t("at your own side") : t("at their own side");
  return isYou(at) ? t("at you") : t("at {name}", { name: at });
}

function winLine(winners, best) {
  const p = { names: andList(winners), points: points(best) };
  if (winners.length > 1) return t("{names} share the win with {points}", p);
  return isYou(winners[0]) ? t("You win with {points}", p) : t("{names} wins with {points}", p);
}

// The preview of one placement, for the status line: "turns 3 pieces · You 4 → 5 · Bob 3 → 2".
export function previewWords(target, scoresNow, names) {
  if (!target) return "";
  const n = target.chain.length;
  const parts = [n ? t("turns {pieces}", { pieces: pieces(n) }) : t("turns nothing")];
  const after = target.scores || [];
  after.forEach((score, seat) => {
    const before = scoresNow[seat];
    if (before == null) return;
    parts.push(score === before ? `${names(seat)} ${score}` : `${names(seat)} ${before} → ${score}`);
  });
  return parts.join(" · ");
}

const ART_PIECE = (x, y, a, c) => `<g transform="translate(${x} ${y}) rotate(${a})"><path d="M16 0 L-12 -9 L-12 9 Z" fill="${c}" stroke="rgba(0,0,0,.45)"/><path d="M16 0 L-12 9 L-10 0 Z" fill="rgba(0,0,0,.22)"/></g>`;
const WIN_ART = `<svg viewBox="0 0 140 80">${[0, 1, 2, 3, 4].map((i) => ART_PIECE(18 + i * 26, 40, 90, ["#d62828", "#1d63c7", "#2a9d3f", "#b8860b", "#7b3fb0"][i])).join("")}<path d="M6 70 H134" stroke="#1f2430" stroke-width="3"/></svg>`;
const SOLO_ART = (score) => `<svg viewBox="0 0 140 80">${[...Array(8)].map((_, i) => ART_PIECE(14 + (i % 4) * 37, i < 4 ? 22 : 50, i < Math.round(score / 2) ? 90 : [-90, 0, 180][i % 3], Object.values(COLOR_FILL)[i % 4])).join("")}<path d="M4 74 H136" stroke="#2a9d3f" stroke-width="4"/></svg>`;

// Why the game ended, in a few words (the review room's "The game is over: board full."), by the engine's reason.
export function endReason(result) {
  return { board_full: t("board full") }[result && result.reason] || null;
}

// The result dialog: ctx = {names(seat), me, seats, view, last, players}.
export function resultText(result, ctx = {}) {
  const names = ctx.names || ((s) => t("Seat {n}", { n: s + 1 }));
  const scores = (result && result.scores) || [];
  const winners = (result && result.winners) || [];
  if (result && result.verdict) {
    const score = scores[0] || 0;
    const cells = ctx.view && ctx.view.cells ? Object.keys(ctx.view.cells).length : 16;
    return {
      title: verdictWords(result.verdict),
      text: `${tn("The board is full: {n} piece of {cells} points toward you (south).", "The board is full: {n} pieces of {cells} point toward you (south).", score, { cells })} `
        + t("The sheet's scale: 0–3 wrong side of the table, 4–7 not even trying, 8–11 not bad, 12–15 excellent, 16 you cheated."),
      tone: score >= 12 ? "won" : score >= 8 ? "neutral" : "lost",
      art: SOLO_ART(score),
      banner: `${t("Game over: {points}.", { points: points(score) })} ${verdictWords(result.verdict)}`,
    };
  }
  const me = ctx.me;
  const who = winners.map((s) => names(s));
  const best = winners.length ? scores[winners[0]] : null;
  const table = scores.map((score, seat) => ({ seat, score })).sort((a, b) => b.score - a.score || a.seat - b.seat)
    .map(({ seat, score }) => `${names(seat)} ${score}`).join(" · ");
  let title, tone;
  if (me != null && winners.includes(me)) { title = winners.length > 1 ? t("You share the win!") : t("You win!"); tone = "won"; }
  else { title = winners.length > 1 ? t("{names} share the win", { names: andList(who) }) : t("{name} wins", { name: who[0] }); tone = me != null ? "lost" : "neutral"; }
  const banner = best == null ? t("Game over.") : t("Game over: {line}.", { line: winLine(who, best) });
  return { title, text: t("The board is full. Pieces pointing at each player: {table}.", { table }), tone, art: WIN_ART, banner };
}

// ---- the board's words ----

export const cap = (w) => w.charAt(0).toUpperCase() + w.slice(1);

// Where a side is on screen, in words ("at the top", "lower left").
const PLACES = { 0: t("on the right"), 90: t("at the bottom"), 180: t("on the left"), 270: t("at the top"), 30: t("lower right"),
  150: t("lower left"), 210: t("upper left"), 330: t("upper right") };
export function screenPlace(angle) {
  const a = ((Math.round(angle) % 360) + 360) % 360;
  return PLACES[a] || "";
}

// Who a direction points at: "at you", "at Bob", "at your own side", or the compass and "(at nobody)".
// `mover`: the seat that placed the piece (its own side reads "its own side").
export function towardWords(view, dir, names, mover = null) {
  const seat = view.solitaire ? -1 : view.sides.indexOf(dir);
  if (seat < 0) return view.solitaire ? heading(dir) : t("{dir} (at nobody)", { dir: heading(dir) });
  return towardSeat(names, seat, mover);
}

export function boardLabel(view, seated, viewOnly = false, seq = null) {
  const { shape, size } = view.board;
  const board = shape === "square" ? t("{size}×{size} square", { size }) : t("hexagonal (side {size})", { size });
  if (viewOnly) return seq != null ? t("The {board} board after move {n}, south at the bottom.", { board, n: seq }) : t("The {board} board, south at the bottom.", { board });
  return seated && !view.solitaire ? t("The {board} board, your side at the bottom. Arrow keys move between empty cells.", { board })
    : t("The {board} board, south at the bottom. Arrow keys move between empty cells.", { board });
}

// A side's tag on the board: the seat's short name and score, the solitaire edge's colour, or the compass.
export const COMPASS = { N: t("N"), NE: t("NE"), E: t("E"), SE: t("SE"), S: t("S"), SW: t("SW"), W: t("W"), NW: t("NW") };
export function sideTag(seat, edge, dir, name, score) {
  if (seat >= 0) return `${shortName(name)} ${score ?? 0}`;
  return edge ? colorName(edge) : COMPASS[dir] || dir;
}
export function sideTip(seat, edge, dir, name, score) {
  if (seat >= 0) return tn("{name}: the {dir} side, {n} piece pointing this way", "{name}: the {dir} side, {n} pieces pointing this way", score ?? 0, { name, dir: WORD[dir] });
  return edge ? t("The {color} edge ({dir}): {color} pieces point this way", { color: colorName(edge), dir: WORD[dir] }) : t("The {dir} side: nobody sits here", { dir: WORD[dir] });
}

// Short name for a tag on the board ("Alexandrina" -> "Alexandr…").
export function shortName(name, max = 9) {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

export const whereWords = (row, place) => t("row {row}, place {place} from the left", { row, place });

// A cell as a screen reader and a tooltip tell it. `open`: a placement may go there; `picked`: it is the
// picked cell. `at`: the name of the seat the piece points at, if any.
export function cellLabel(piece, at, where, { open = false, picked = false } = {}) {
  let label;
  if (!piece) label = t("Empty cell ({where})", { where });
  else {
    const p = { color: colorName(piece.color), dir: heading(piece.dir), at, where };
    if (piece.color) label = at ? t("{color} piece pointing {dir}, at {at} ({where})", p) : t("{color} piece pointing {dir} ({where})", p);
    else label = at ? t("Piece pointing {dir}, at {at} ({where})", p) : t("Piece pointing {dir} ({where})", p);
  }
  if (!open) return label;
  return picked ? t("{label}: picked, now choose its direction", { label }) : t("{label}: place a piece here", { label });
}
export const pieceTip = (cell, piece) => (piece.color ? t("{cell}: pointing {dir} ({color})", { cell, dir: heading(piece.dir), color: colorName(piece.color) })
  : t("{cell}: pointing {dir}", { cell, dir: heading(piece.dir) }));

export const arrowLabel = (toward, on) => (on ? t("Place it pointing {toward}", { toward }) : t("Point it {toward} (preview the chain)", { toward }));
export const arrowTip = (toward) => t("Point {toward}", { toward });

// The line above the board: the chain as it plays (frame), or the last move.
export function caption(frame, last, view, names) {
  if (frame) {
    const place = frame.step.events.find((e) => e.type === "place");
    const p = { piece: thePiece(place.color), toward: towardWords(view, place.dir, names, frame.seat) };
    const mover = names(frame.seat);
    const head = isYou(mover) ? t("You placed {piece} pointing {toward}", p) : t("{name} placed {piece} pointing {toward}", { name: mover, ...p });
    if (frame.index === 0 && !frame.total) return t("{head}: it points at no piece, so nothing turns.", { head });
    if (frame.index <= 0) return `${head}.`;
    return t("{head} · turn {i} of {total}: the piece it reaches turns one notch clockwise, to face {dir}.", { head, i: frame.index, total: frame.total, dir: WORD[frame.turn.dir] });
  }
  const place = last && (last.events || []).find((e) => e.type === "place");
  if (!place) return "";
  const mover = place.seat ?? last.seat;
  const p = { name: names(mover), piece: thePiece(place.color), toward: towardWords(view, place.dir, names, mover) };
  return place.turned ? tn("Last move: {name} placed {piece} pointing {toward}, turning {n} piece (numbered in order).",
    "Last move: {name} placed {piece} pointing {toward}, turning {n} pieces (numbered in order).", place.turned, p)
    : t("Last move: {name} placed {piece} pointing {toward}.", p);
}

export const LABELS = { skip: t("Skip"), replayLast: t("Replay the last move"), back: t("Back"), place: t("Place"), direction: t("Direction") };
export const dirTitle = (dir) => t("Point {toward}", { toward: heading(dir) });

// Toasts (ui.js answers with these reasons).
export const SAY = {
  sending: () => t("Your move is on its way to the server…"),
  chain: () => t("Wait for the chain to finish (or press Skip)."),
  taken: () => t("That cell is taken: pick an empty one."),
  forced: (effect) => t("This piece must point {dir}: press Enter to place it.", { dir: heading(effect.dir) }),
};

// The turn banner's hint. `touch`: a touch screen (no keys to name).
// The bot's suggestion (the Hint button): the placement and, in brackets, the server's reason in the reader's language.
export function hintWords(hint) {
  const m = hint.move;
  const play = t("{cell}: pointing {dir}", { cell: m.cell, dir: heading(m.dir) });
  return `${play}${hint.reason ? ` (${hint.reason})` : ""}`;
}
export const hintSaid = (hint) => t("Hint: {hint}", { hint: hintWords(hint) });
export const hintBanner = (hint, touch) => (touch ? t("Hint: {hint}. Tap the arrow again or “Place” to play it.", { hint: hintWords(hint) })
  : t("Hint: {hint}. Press Enter or “Place” to play it, or pick another cell.", { hint: hintWords(hint) }));

export function hintText({ pending, busy, picked, option, dir, view, names, touch }) {
  if (pending) return t("Sending your move…");
  if (busy) return t("Your turn: watch the chain play out (or press Skip).");
  const solo = view && view.solitaire;
  if (!picked) {
    if (solo && solo.bag && solo.bag[0]) return t("Your turn: pick an empty cell for {piece} (it points {dir}).", { piece: thePiece(solo.bag[0]), dir: heading(solo.forced) });
    return touch ? t("Your turn: tap an empty cell.") : t("Your turn: pick an empty cell (or use the arrow keys and Enter).");
  }
  if (!option) return touch ? t("Now tap an arrow for the way it points, or Back to pick another cell.")
    : t("Now pick the way it points: click an arrow (or use the arrow keys). Esc: pick another cell.");
  const p = { toward: towardWords(view, dir, names), words: previewWords(option.target, view.scores, names) };
  return touch ? t("Pointing {toward}: {words}. Tap the arrow again or “Place” to play it.", p)
    : t("Pointing {toward}: {words}. Click the arrow again, press Enter or “Place” to play it.", p);
}

// The bar under the board.
export const padHint = (solitaire) => (solitaire
  ? t("Pick an empty cell for the next piece: its direction is set by its colour.")
  : t("Pick an empty cell, then the way the piece points."));
export const padPreview = (toward, target, scoresNow, names) => (toward && target
  ? t("Pointing {toward}: {words}.", { toward, words: previewWords(target, scoresNow, names) })
  : t("Pick a direction to see the chain it starts."));
export const placeLabel = (toward) => (toward ? t("Place it pointing {toward}", { toward }) : LABELS.place);

// Beside the board: the scores, the bag, the legend.
export const scoresTitle = (solo) => (solo ? t("Your score") : t("Scores"));
export const scoreSide = (solo, side, place) => (solo ? t("sits at the south edge") : t("{dir} side, {place}", { dir: cap(WORD[side]), place }));
export const signed = (n) => `${n > 0 ? "+" : ""}${n}`;
export const deltaLabel = (n) => t("{n} on the last move", { n: signed(n) });
export const pointsLabel = (name, n) => `${name}: ${points(n)}`;
export const scoresHint = (solo) => (solo ? t("One point for each piece pointing toward you (south).") : t("One point for each piece pointing toward your side."));
export const BAG = {
  title: t("The bag"), empty: t("The bag is empty"),
  next: (color) => t("Next: {color}", { color: colorName(color) }),
  points: (color, dir) => t("points {dir}, toward the {color} edge", { dir: heading(dir), color: colorName(color) }),
  count: (n) => (n > 1 ? tn("{n} more piece in the bag", "{n} more pieces in the bag", n - 1) : t("This is the last piece")),
  colors: t("Pieces still to come, by colour (the next one included)"),
  color: (color, n) => `${colorName(color)} ${n ?? "?"}`,
  edges: (edges) => t("Edges: {list}. Each piece points toward the edge of its own colour.", { list: edges.map(([side, c]) => `${colorName(c)} ${WORD[side]}`).join(", ") }),
  replay: `${t("Bag, next first (hidden from the player):")} `, none: t("empty"),
};
export const legendLines = (solo, nobody) => [
  solo ? t("Each piece keeps its colour and points toward the edge of that colour.") : t("Each piece takes the colour of the player it points at."),
  nobody ? t("Grey pieces point at a side where nobody sits.") : null,
  t("Numbers show the order in which pieces turned.")].filter(Boolean);
export const RULES_LINK = t("All the rules");
