// Martian Treasure Hunt in words, all of them: log lines, lost turns, the roll, the result, and every
// line, label and toast of the board, its panels and its replay. Past tense reads the same for "You" and
// for a name ("You took…", "Ann took…").
import { KINDS, KIND_MOVE, SIZE_WORD, COIN_WORD, SUITS, SIDE_WORD } from "./parts.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const name = (names, seat) => (names && seat != null ? names(seat) : seat != null ? `Seat ${seat + 1}` : "");

// "the 3 moves like a bishop"
export function rollWords(number, kind) {
  return `the ${COIN_WORD[number]} moves like a ${KINDS[kind]}`;
}

export function lostWords(ev) {
  return ev.why === "captured"
    ? `rolled the ${COIN_WORD[ev.number]}, but it has been captured`
    : `rolled the ${COIN_WORD[ev.number]} as a ${KINDS[ev.kind]}, with no ${KINDS[ev.kind]} move`;
}

// "Ann's" / "your"
export function possessive(names, seat) {
  const n = name(names, seat);
  return n === "You" ? "your" : `${n}'s`;
}

export function describeEvent(ev, names) {
  const who = name(names, ev.seat);
  switch (ev.type) {
    case "arranged":
      return Array.isArray(ev.order)
        ? `${who} arranged ${who === "You" ? "your" : "their"} coins: ${ev.order.join(" ")} along the home row`
        : `${who} arranged ${who === "You" ? "your" : "their"} coins (hidden until everyone has)`;
    case "reveal":
      return "Everyone has arranged: all the coins are turned face up";
    case "first":
      return `First to play, drawn by lot: ${who}`;
    case "roll":
      return null;   // the dice show it; the move or the lost turn says it in the log
    case "move":
      return `${who} rolled ${ev.coin} · ${KINDS[ev.kind]} and moved the ${COIN_WORD[ev.coin]} ${ev.from} → ${ev.to}${ev.left_home ? " (out of the home rows for good)" : ""}`;
    case "capture":
      if (ev.pyramid) return `${who} took a ${SIZE_WORD[ev.pyramid]} pyramid (+${ev.points})`;
      return `${who} captured ${possessive(names, ev.owner)} ${COIN_WORD[ev.coin]} coin (+${ev.points})`;
    case "turn_lost":
      return `${who} lost the turn: ${lostWords(ev)}`;
    case "end": {
      const winners = (ev.winners || []).map((s) => name(names, s));
      const head = ev.reason === "no_moves" ? "No coin could move any more" : "The last pyramid is taken";
      const best = ev.scores && ev.winners && ev.winners.length ? ev.scores[ev.winners[0]] : null;
      return `${head}: ${winners.join(" and ")} ${winners.length > 1 ? "share the win" : winners[0] === "You" ? "win" : "wins"}${best != null ? ` with ${plural(best, "point")}` : ""}`;
    }
    default:
      return ev.text ? `${who ? who + " " : ""}${ev.text}` : null;
  }
}

const STAR_ART = '<svg viewBox="0 0 140 80"><path d="M20 74 L40 40 L60 74 Z" fill="#b8432f"/><path d="M52 74 L68 48 L84 74 Z" fill="#e57f2d"/><path d="M80 74 L92 54 L104 74 Z" fill="#f3c13a"/><circle cx="118" cy="64" r="10" fill="#d62828"/><circle cx="118" cy="64" r="7" fill="none" stroke="#fff" stroke-width="1.5"/><circle cx="110" cy="20" r="9" fill="#f3c13a"/></svg>';

export function resultText(result, ctx = {}) {
  const names = ctx.names || ((s) => `Seat ${s + 1}`);
  const scores = (result && result.scores) || [];
  const winners = (result && result.winners) || [];
  const me = ctx.me;
  const names2 = winners.map((s) => names(s));
  const best = winners.length ? scores[winners[0]] : null;
  const order = scores.map((score, seat) => ({ seat, score })).sort((a, b) => b.score - a.score || a.seat - b.seat);
  const table = order.map(({ seat, score }) => `${names(seat)} ${score}`).join(" · ");
  const why = result && result.reason === "no_moves"
    ? "No coin on the table could move any more, so the treasure was counted as it stood."
    : "The last pyramid has been captured.";
  let title, tone;
  if (me != null && winners.includes(me)) {
    title = winners.length > 1 ? "You share the win!" : "You win!";
    tone = "won";
  } else if (me != null) {
    title = winners.length > 1 ? `${names2.join(" and ")} share the win` : `${names2[0]} wins`;
    tone = "lost";
  } else {
    title = winners.length > 1 ? `${names2.join(" and ")} share the win` : `${names2[0]} wins`;
    tone = "neutral";
  }
  const banner = best == null ? "Game over." : winners.length > 1
    ? `Game over: ${names2.join(" and ")} share the win with ${plural(best, "point")}.`
    : `Game over: ${names2[0]} ${names2[0] === "You" ? "win" : "wins"} with ${plural(best, "point")}.`;
  return { title, text: `${why} Scores: ${table}.`, tone, art: STAR_ART, banner };
}

// ---- the board's words ----

const cap = (w) => w.charAt(0).toUpperCase() + w.slice(1);
export const lostLine = (names, ev) => `${name(names, ev.seat)} lost the turn: ${lostWords(ev)}.`;

export function boardLabel(seated, viewOnly = false, seq = null) {
  if (viewOnly) return `The board after move ${seq ?? "?"}`;
  return `The board, ${seated ? "your home rows at the bottom" : "the south player's home rows at the bottom"}. Squares are named x,y from the south-west corner.`;
}
// The name along a seat's home row: its name, suit and side; in a replay, whether it is still arranging.
export function armLabel(names, seat, side, { viewOnly = false, arranging = false } = {}) {
  if (viewOnly) return `${name(names, seat)} · ${SUITS[seat]}${arranging ? " (arranging)" : ""}`;
  return `${name(names, seat)} · ${SUITS[seat]} · ${SIDE_WORD[side]}`;
}

// What stands on a square, for its label: a pyramid, a coin (face up or down), a seat still arranging.
export const pyramidWords = (size) => `a ${SIZE_WORD[size]} pyramid (${plural(size, "point")})`;
export const coinOnBoard = (names, seat, value) => `${possessive(names, seat)} ${COIN_WORD[value]} coin (${SUITS[seat]})`;
export const coinFaceDown = (names, seat) => `${possessive(names, seat)} coin, face down until everyone has arranged`;
export const stillArranging = (names, seat) => `${name(names, seat)} is still arranging`;
export const myCoin = (value) => `your ${COIN_WORD[value]} coin`;
export const EMPTY = "empty";

// A square's label: where the rolled coin may go, the rolled coin, a home square being arranged, or
// what stands there.
export function squareLabel(role, { sq, words, dice, target, picked } = {}) {
  if (role === "dest") return `Move the ${COIN_WORD[dice.number]} to ${sq}${target && target.capture ? `, capturing ${words} (+${target.points})` : ""}`;
  if (role === "rolled") return `Your ${COIN_WORD[dice.number]} on ${sq}: it moves like a ${KINDS[dice.kind]}; pick a green square`;
  if (role === "home") return `${words} on ${sq}${picked ? " (picked: choose a coin to swap with)" : ""}`;
  return `${sq}: ${words}`;
}
export const captureMark = (points) => `+${points}`;

// Toasts: why a tap on the board does nothing now.
export const SAY = {
  placed: () => "Your coins are placed: the dice roll once everyone has arranged.",
  arrangeHere: () => "Arrange the coins on your own home row, at the bottom of the board.",
  pickGreen: (dice) => `The dice say ${rollWords(dice.number, dice.kind)}: pick one of the green squares.`,
  placeFailed: () => "Your coins could not be placed (the table kept changing): press “Place my coins” again.",
};

// The turn banner's hint. `touch`: a touch screen.
export function hintText({ pending, phase, mustArrange, others, dice, dests, touch }) {
  if (pending) return phase === "arrange" ? "Placing your coins…" : "Sending your move…";
  if (mustArrange) return `Arrange your coins along your home row, then press “Place my coins”${others ? ` (${others} other player${others > 1 ? "s" : ""} arranging too)` : ""}.`;
  if (phase === "play" && dice) {
    return `Your roll: ${rollWords(dice.number, dice.kind)}. ${touch ? "Tap" : "Click"} ${dests === 1 ? "the green square" : `one of the ${dests} green squares`} (or drag the coin there).`;
  }
  return "Your turn!";
}

export const dieLabel = (kind, value) => (value == null ? `${kind} die: not rolled` : kind === "type" ? `type die: ${KINDS[value]}` : `number die: ${value}`);

export const pyramidsLeft = (n) => ["Pyramids left: ", String(n ?? "?"), " of 36"];

// The arrange bar above the board.
export const ARRANGE = {
  waiting: (n, who) => `Waiting for ${plural(n, "player")} to arrange: ${who}.`,
  who: (name, bot) => `${name}${bot ? " (bot)" : ""}`,
  placed: "Your coins are placed. Nobody sees another player's order until everyone has arranged.",
  how: "Arrange your six coins along your home row (at the bottom): drag a coin onto another to swap them, or tap two coins. Keyboard: Enter picks a coin, arrows move it.",
  howShort: "Tap two coins of your bottom row to swap them (or drag one onto another).",
  shuffle: "Shuffle", reset: "Default order", place: "Place my coins", placing: "Placing…",
  also: (who) => `Also arranging now: ${who}.`,
};

// The dice strip: its two lines, by what the dice show.
export function diceWords({ lobby, phase, shown, result, names, me }) {
  if (lobby) return ["The game has not started", "Once it starts, every player arranges their coins, then the dice roll."];
  if (phase === "arrange") return ["Arranging the coins", "The dice are rolled once every player has arranged."];
  if (!shown) return [result ? "The hunt is over" : "Waiting for the dice"];
  if (shown.rolling) return [`${names(shown.seat)} ${names(shown.seat) === "You" ? "roll" : "rolls"}…`];
  const whose = shown.seat === me ? "Your roll" : `${cap(possessive(names, shown.seat))} roll`;
  return [`${whose}: ${rollWords(shown.number, shown.kind)}`, shown.dead ? "No legal move: the turn is lost." : `A ${KINDS[shown.kind]} moves ${KIND_MOVE[shown.kind]}.`];
}

// Beside the board: each seat's treasure.
const SIZE_NAME = { 3: "large", 2: "medium", 1: "small" };
export const TREASURE = {
  title: "Treasure",
  points: (score) => (score === 1 ? " pt" : " pts"),
  stash: (bySize) => `stash: ${bySize.length ? bySize.map(([s, n]) => `${n} ${SIZE_NAME[s]}`).join(", ") : "empty"}`,
  noPyramids: "no pyramids yet",
  times: (n) => `×${n}`,
  prisoners: (names, prisoners) => `prisoners: ${prisoners.map((p) => `${names(p.seat)}'s ${COIN_WORD[p.coin]}`).join(", ")}`,
  coins: (phase, arranged, onBoard) => (phase === "arrange" ? (arranged ? "coins arranged" : "arranging…") : onBoard == null ? "" : `${plural(onBoard, "coin")} on the board`),
  immune: "last coin: immune", immuneTip: "A player's last coin cannot be captured",
};
export const LEGEND = {
  dest: "where the rolled coin may go", take: "a capture (+points)", rolled: "the rolled coin", last: "the last move",
  hint: "Pyramids score 1, 2 or 3 (their dots); a captured coin scores 2. A player's last coin cannot be captured. ",
  rules: "All the rules",
};

// The replay's lines under its board.
export const REPLAY = {
  none: "No board to draw.",
  dice: (dice, seat) => (dice ? `Dice: the ${COIN_WORD[dice.number]} moves like a ${KINDS[dice.kind]} (seat ${seat + 1})` : "Dice: not rolled"),
  pyramids: (n) => `Pyramids left: ${n}`,
  rolls: (n) => `Rolls so far: ${n ?? "?"}`,
  score: (names, seat, score, stash, prisoners) => ` ${names(seat)}: ${score} (stash ${stash.join(" ") || "empty"}; prisoners ${
    prisoners.map((p) => `${SUITS[p.seat]} ${p.coin}`).join(", ") || "none"})`,
};
