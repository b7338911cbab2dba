// Turning Points in words, all of them: log lines, the result, the preview, and every line, label and
// toast of the board and its panels. "You" and a name read the same in the past tense ("You placed…",
// "Ann placed…").
import { WORD, COLOR_FILL } from "./parts.js";

export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const nameOf = (names, seat) => (names && seat != null ? names(seat) : seat != null ? `Seat ${seat + 1}` : "");
export const sideWord = (side) => WORD[side] || side;

export function describeEvent(ev, names) {
  const who = nameOf(names, ev.seat);
  switch (ev.type) {
    case "place": {
      const piece = ev.color ? `the ${ev.color} piece` : "a piece";
      const turned = ev.turned ? `, turning ${plural(ev.turned, "piece")}` : ", turning nothing";
      let toward = sideWord(ev.dir);
      if (ev.toward != null && !ev.color) {
        const at = nameOf(names, ev.toward);
        if (ev.toward === ev.seat) toward = at === "You" ? "at your own side" : "at their own side";
        else toward = at === "You" ? "at you" : `at ${at}`;
      } else if ("toward" in ev && !ev.color) toward += " (at nobody)";
      return `${who} placed ${piece} pointing ${toward}${turned}`;
    }
    case "turn":
      return null;   // the board animates each turn; the place line counts them
    case "next":
      return `Next from the bag: ${ev.color} (points ${sideWord(ev.dir)})`;
    case "end": {
      if (ev.verdict) return `The board is full: ${plural(ev.scores[0], "piece")} point at you. ${ev.verdict}`;
      const winners = (ev.winners || []).map((s) => nameOf(names, s));
      const best = ev.scores && winners.length ? ev.scores[ev.winners[0]] : null;
      const verb = winners.length > 1 ? "share the win" : winners[0] === "You" ? "win" : "wins";
      return `The board is full: ${winners.join(" and ")} ${verb} with ${plural(best, "point")}`;
    }
    default:
      return ev.text ? `${who ? who + " " : ""}${ev.text}` : null;
  }
}

// The preview of one placement, for the status line: "turns 3 pieces · You 4 → 5 · Bob 3 → 2".
export function previewWords(target, scoresNow, names) {
  if (!target) return "";
  const n = target.chain.length;
  const parts = [n ? `turns ${plural(n, "piece")}` : "turns nothing"];
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

// The result dialog: ctx = {names(seat), me, seats, view, last, players}.
export function resultText(result, ctx = {}) {
  const names = ctx.names || ((s) => `Seat ${s + 1}`);
  const scores = (result && result.scores) || [];
  const winners = (result && result.winners) || [];
  if (result && result.verdict) {
    const score = scores[0] || 0;
    const cells = ctx.view && ctx.view.cells ? Object.keys(ctx.view.cells).length : 16;
    return {
      title: result.verdict,
      text: `The board is full: ${plural(score, "piece")} of ${cells} point toward you (south). `
        + "The sheet's scale: 0–3 wrong side of the table, 4–7 not even trying, 8–11 not bad, 12–15 excellent, 16 you cheated.",
      tone: score >= 12 ? "won" : score >= 8 ? "neutral" : "lost",
      art: SOLO_ART(score),
      banner: `Game over: ${plural(score, "point")}. ${result.verdict}`,
    };
  }
  const me = ctx.me;
  const who = winners.map((s) => names(s));
  const best = winners.length ? scores[winners[0]] : null;
  const table = scores.map((score, seat) => ({ seat, score })).sort((a, b) => b.score - a.score || a.seat - b.seat)
    .map(({ seat, score }) => `${names(seat)} ${score}`).join(" · ");
  let title, tone;
  if (me != null && winners.includes(me)) { title = winners.length > 1 ? "You share the win!" : "You win!"; tone = "won"; }
  else { title = winners.length > 1 ? `${who.join(" and ")} share the win` : `${who[0]} wins`; tone = me != null ? "lost" : "neutral"; }
  const banner = best == null ? "Game over." : winners.length > 1
    ? `Game over: ${who.join(" and ")} share the win with ${plural(best, "point")}.`
    : `Game over: ${who[0]} ${who[0] === "You" ? "win" : "wins"} with ${plural(best, "point")}.`;
  return { title, text: `The board is full. Pieces pointing at each player: ${table}.`, tone, art: WIN_ART, banner };
}

// ---- the board's words ----

export const cap = (w) => w.charAt(0).toUpperCase() + w.slice(1);

// Where a side is on screen, in words ("at the top", "lower left").
export function screenPlace(angle) {
  const a = ((Math.round(angle) % 360) + 360) % 360;
  return { 0: "on the right", 90: "at the bottom", 180: "on the left", 270: "at the top", 30: "lower right",
    150: "lower left", 210: "upper left", 330: "upper right" }[a] || "";
}

// Who a direction points at: "at you", "at Bob", "at your own side", or the compass and "(at nobody)".
// `mover`: the seat that placed the piece (its own side reads "its own side").
export function towardWords(view, dir, names, mover = null) {
  const seat = view.solitaire ? -1 : view.sides.indexOf(dir);
  if (seat < 0) return view.solitaire ? WORD[dir] : `${WORD[dir]} (at nobody)`;
  const n = names(seat);
  if (seat === mover) return n === "You" ? "at your own side" : "at their own side";
  return n === "You" ? "at you" : `at ${n}`;
}

export function boardLabel(view, seated, viewOnly = false, seq = null) {
  const { shape, size } = view.board;
  const board = shape === "square" ? `${size}×${size} square` : `hexagonal (side ${size})`;
  if (viewOnly) return `The ${board} board${seq != null ? ` after move ${seq}` : ""}, south at the bottom.`;
  return `The ${board} board, ${seated && !view.solitaire ? "your side at the bottom" : "south at the bottom"}. Arrow keys move between empty cells.`;
}

// A side's tag on the board: the seat's short name and score, the solitaire edge's colour, or the compass.
export const COMPASS = { N: "N", NE: "NE", E: "E", SE: "SE", S: "S", SW: "SW", W: "W", NW: "NW" };
export function sideTag(seat, edge, dir, name, score) {
  if (seat >= 0) return `${shortName(name)} ${score ?? 0}`;
  return edge || COMPASS[dir] || dir;
}
export function sideTip(seat, edge, dir, name, score) {
  if (seat >= 0) return `${name}: the ${WORD[dir]} side, ${plural(score ?? 0, "piece")} pointing this way`;
  return edge ? `The ${edge} edge (${WORD[dir]}): ${edge} pieces point this way` : `The ${WORD[dir]} side: nobody sits here`;
}

// Short name for a tag on the board ("Alexandrina" -> "Alexandr…").
export function shortName(name, max = 9) {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

export const whereWords = (row, place) => `row ${row}, place ${place} from the left`;

// A cell as a screen reader and a tooltip tell it. `open`: a placement may go there; `picked`: it is the
// picked cell. `at`: the name of the seat the piece points at, if any.
export function cellLabel(piece, at, where, { open = false, picked = false } = {}) {
  const label = piece
    ? `${piece.color ? `${piece.color} piece` : "Piece"} pointing ${WORD[piece.dir]}${at ? `, at ${at}` : ""} (${where})`
    : `Empty cell (${where})`;
  if (!open) return label;
  return picked ? `${label}: picked, now choose its direction` : `${label}: place a piece here`;
}
export const pieceTip = (cell, piece) => `${cell}: pointing ${WORD[piece.dir]}${piece.color ? ` (${piece.color})` : ""}`;

export const arrowLabel = (toward, on) => (on ? `Place it pointing ${toward}` : `Point it ${toward} (preview the chain)`);
export const arrowTip = (toward) => `Point ${toward}`;

// The line above the board: the chain as it plays (frame), or the last move.
export function caption(frame, last, view, names) {
  if (frame) {
    const place = frame.step.events.find((e) => e.type === "place");
    const piece = place.color ? `the ${place.color} piece` : "a piece";
    const head = `${names(frame.seat)} placed ${piece} pointing ${towardWords(view, place.dir, names, frame.seat)}`;
    if (frame.index === 0 && !frame.total) return `${head}: it points at no piece, so nothing turns.`;
    if (frame.index <= 0) return `${head}.`;
    return `${head} · turn ${frame.index} of ${frame.total}: the piece it reaches turns one notch clockwise, to face ${WORD[frame.turn.dir]}.`;
  }
  const place = last && (last.events || []).find((e) => e.type === "place");
  if (!place) return "";
  const mover = place.seat ?? last.seat;
  return `Last move: ${names(mover)} placed ${place.color ? `the ${place.color} piece` : "a piece"} pointing ${towardWords(view, place.dir, names, mover)}${
    place.turned ? `, turning ${plural(place.turned, "piece")} (numbered in order)` : ""}.`;
}

export const LABELS = { skip: "Skip", replayLast: "Replay the last move", back: "Back", place: "Place", direction: "Direction" };
export const dirTitle = (dir) => `Point ${WORD[dir]}`;

// Toasts (ui.js answers with these reasons).
export const SAY = {
  sending: () => "Your move is on its way to the server…",
  chain: () => "Wait for the chain to finish (or press Skip).",
  taken: () => "That cell is taken: pick an empty one.",
  forced: (effect) => `This piece must point ${WORD[effect.dir]}: press Enter to place it.`,
};

// The turn banner's hint. `touch`: a touch screen (no keys to name).
export function hintText({ pending, busy, picked, option, dir, view, names, touch }) {
  if (pending) return "Sending your move…";
  if (busy) return "Your turn: watch the chain play out (or press Skip).";
  const solo = view && view.solitaire;
  if (!picked) {
    if (solo && solo.bag && solo.bag[0]) return `Your turn: pick an empty cell for the ${solo.bag[0]} piece (it points ${WORD[solo.forced]}).`;
    return touch ? "Your turn: tap an empty cell." : "Your turn: pick an empty cell (or use the arrow keys and Enter).";
  }
  if (!option) return touch ? "Now tap an arrow for the way it points, or Back to pick another cell."
    : "Now pick the way it points: click an arrow (or use the arrow keys). Esc: pick another cell.";
  const words = previewWords(option.target, view.scores, names);
  return `Pointing ${towardWords(view, dir, names)}: ${words}. ${touch ? "Tap the arrow again" : "Click the arrow again, press Enter"} or “Place” to play it.`;
}

// The bar under the board.
export const padHint = (solitaire) => (solitaire
  ? "Pick an empty cell for the next piece: its direction is set by its colour."
  : "Pick an empty cell, then the way the piece points.");
export const padPreview = (toward, target, scoresNow, names) => (toward && target
  ? `Pointing ${toward}: ${previewWords(target, scoresNow, names)}.`
  : "Pick a direction to see the chain it starts.");
export const placeLabel = (toward) => (toward ? `Place it pointing ${toward}` : LABELS.place);

// Beside the board: the scores, the bag, the legend.
export const scoresTitle = (solo) => (solo ? "Your score" : "Scores");
export const scoreSide = (solo, side, place) => (solo ? "sits at the south edge" : `${cap(WORD[side])} side, ${place}`);
export const signed = (n) => `${n > 0 ? "+" : ""}${n}`;
export const deltaLabel = (n) => `${signed(n)} on the last move`;
export const pointsLabel = (name, n) => `${name}: ${plural(n, "point")}`;
export const scoresHint = (solo) => (solo ? "One point for each piece pointing toward you (south)." : "One point for each piece pointing toward your side.");
export const BAG = {
  title: "The bag", empty: "The bag is empty",
  next: (color) => `Next: ${color}`,
  points: (color, dir) => `points ${WORD[dir]}, toward the ${color} edge`,
  count: (n) => (n > 1 ? `${plural(n - 1, "more piece")} in the bag` : "This is the last piece"),
  colors: "Pieces still to come, by colour (the next one included)",
  color: (color, n) => `${color} ${n ?? "?"}`,
  edges: (edges) => `Edges: ${edges.map(([side, c]) => `${c} ${WORD[side]}`).join(", ")}. Each piece points toward the edge of its own colour.`,
  replay: "Bag, next first (hidden from the player): ", none: "empty",
};
export const legendLines = (solo, nobody) => [
  solo ? "Each piece keeps its colour and points toward the edge of that colour." : "Each piece takes the colour of the player it points at.",
  nobody ? "Grey pieces point at a side where nobody sits." : null,
  "Numbers show the order in which pieces turned."].filter(Boolean);
export const RULES_LINK = "All the rules";
