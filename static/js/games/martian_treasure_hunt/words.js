// Martian Treasure Hunt in words, all of them: log lines, lost turns, the roll, the result, and every
// line, label and toast of the board, its panels and its replay. Past tense reads the same for "You" and
// for a name ("You took…", "Ann took…").
import { KINDS, KIND_MOVE, COIN_WORD } from "./parts.js";
import { t, tn } from "../../core/i18n.js";

const YOU = t("You");
const isYou = (n) => n === "You" || n === YOU;
const points = (n) => tn("{n} point", "{n} points", n);
const name = (names, seat) => (names && seat != null ? names(seat) : seat != null ? t("Seat {n}", { n: seat + 1 }) : "");
const andList = (list) => (list.length < 2 ? list.join("") : t("{list} and {last}", { list: list.slice(0, -1).join(", "), last: list[list.length - 1] }));
// The kinds with their article ("like a bishop"), the suits' and sides' names, the pyramids' sizes.
const KIND_A = [t("a pawn"), t("a rook"), t("a knight"), t("a bishop"), t("a queen"), t("a king")];
export const SUIT_NAME = [t("sun"), t("moon"), t("crown"), t("arms")];
const SIDE_NAME = { S: t("south"), N: t("north"), W: t("west"), E: t("east") };
const A_PYRAMID = { 1: t("a small pyramid"), 2: t("a medium pyramid"), 3: t("a large pyramid") };
// "the ace", "the 3": a coin by its value.
export const theCoin = (v) => (v === 0 ? t("the null") : v === 1 ? t("the ace") : t("the {n}", { n: v }));

// "the 3 moves like a bishop"
export function rollWords(number, kind) {
  return t("{coin} moves like {kind}", { coin: theCoin(number), kind: KIND_A[kind] });
}

export function lostWords(ev) {
  return ev.why === "captured"
    ? t("rolled {coin}, but it has been captured", { coin: theCoin(ev.number) })
    : t("rolled {coin} as {kind}, with no {move} move", { coin: theCoin(ev.number), kind: KIND_A[ev.kind], move: KINDS[ev.kind] });
}

// "Ann's 3 coin" / "your 3 coin"
const coinOf = (names, seat, value) => (isYou(name(names, seat)) ? t("your {coin} coin", { coin: COIN_WORD[value] })
  : t("{name}'s {coin} coin", { name: name(names, seat), coin: COIN_WORD[value] }));
// "Ann's" / "your" (the replay's and the dice's words)
export function possessive(names, seat) {
  const n = name(names, seat);
  return isYou(n) ? t("your") : t("{name}'s", { name: n });
}

export function describeEvent(ev, names) {
  const who = name(names, ev.seat);
  const you = isYou(who);
  switch (ev.type) {
    case "arranged":
      if (Array.isArray(ev.order)) {
        const order = ev.order.join(" ");
        return you ? t("You arranged your coins: {order} along the home row", { order }) : t("{name} arranged their coins: {order} along the home row", { name: who, order });
      }
      return you ? t("You arranged your coins (hidden until everyone has)") : t("{name} arranged their coins (hidden until everyone has)", { name: who });
    case "reveal":
      return t("Everyone has arranged: all the coins are turned face up");
    case "first":
      return t("First to play, drawn by lot: {name}", { name: who });
    case "roll":
      return null;   // the dice show it; the move or the lost turn says it in the log
    case "move": {
      const p = { coin: ev.coin, kind: KINDS[ev.kind], the: theCoin(ev.coin), from: ev.from, to: ev.to };
      const line = you ? t("You rolled {coin} · {kind} and moved {the} {from} → {to}", p) : t("{name} rolled {coin} · {kind} and moved {the} {from} → {to}", { name: who, ...p });
      return ev.left_home ? `${line} ${t("(out of the home rows for good)")}` : line;
    }
    case "capture":
      if (ev.pyramid) {
        const p = { pyramid: A_PYRAMID[ev.pyramid], points: ev.points };
        return you ? t("You took {pyramid} (+{points})", p) : t("{name} took {pyramid} (+{points})", { name: who, ...p });
      }
      return you ? t("You captured {coin} (+{points})", { coin: coinOf(names, ev.owner, ev.coin), points: ev.points })
        : t("{name} captured {coin} (+{points})", { name: who, coin: coinOf(names, ev.owner, ev.coin), points: ev.points });
    case "turn_lost":
      return you ? t("You lost the turn: {why}", { why: lostWords(ev) }) : t("{name} lost the turn: {why}", { name: who, why: lostWords(ev) });
    case "end": {
      const winners = (ev.winners || []).map((s) => name(names, s));
      const head = ev.reason === "no_moves" ? t("No coin could move any more") : t("The last pyramid is taken");
      const best = ev.scores && ev.winners && ev.winners.length ? ev.scores[ev.winners[0]] : null;
      return `${head}: ${winLine(winners, best)}`;
    }
    default:
      return ev.text ? `${who ? who + " " : ""}${ev.text}` : null;
  }
}

// "Ann and Bob share the win with 7 points", "You win with 5 points", "Ann wins"
function winLine(winners, best) {
  const p = { names: andList(winners), points: best != null ? points(best) : "" };
  if (winners.length > 1) return best != null ? t("{names} share the win with {points}", p) : t("{names} share the win", p);
  if (isYou(winners[0])) return best != null ? t("You win with {points}", p) : t("You win");
  return best != null ? t("{names} wins with {points}", p) : t("{names} wins", p);
}

const STAR_ART = '<svg viewBox="0 0 140 80"><path d="M20 74 L40 40 L60 74 Z" fill="#b8432f"/><path d="M52 74 L68 48 L84 74 Z" fill="#e57f2d"/><path d="M80 74 L92 54 L104 74 Z" fill="#f3c13a"/><circle cx="118" cy="64" r="10" fill="#d62828"/><circle cx="118" cy="64" r="7" fill="none" stroke="#fff" stroke-width="1.5"/><circle cx="110" cy="20" r="9" fill="#f3c13a"/></svg>';

// Why the game ended, in a few words (the review room's "The game is over: no moves."), by the engine's reason.
export function endReason(result) {
  return { pyramids_captured: t("pyramids captured"), no_moves: t("no moves") }[result && result.reason] || null;
}

export function resultText(result, ctx = {}) {
  const names = ctx.names || ((s) => t("Seat {n}", { n: s + 1 }));
  const scores = (result && result.scores) || [];
  const winners = (result && result.winners) || [];
  const me = ctx.me;
  const names2 = winners.map((s) => names(s));
  const best = winners.length ? scores[winners[0]] : null;
  const order = scores.map((score, seat) => ({ seat, score })).sort((a, b) => b.score - a.score || a.seat - b.seat);
  const table = order.map(({ seat, score }) => `${names(seat)} ${score}`).join(" · ");
  const why = result && result.reason === "no_moves"
    ? t("No coin on the table could move any more, so the treasure was counted as it stood.")
    : t("The last pyramid has been captured.");
  let title, tone;
  if (me != null && winners.includes(me)) {
    title = winners.length > 1 ? t("You share the win!") : t("You win!");
    tone = "won";
  } else {
    title = winners.length > 1 ? t("{names} share the win", { names: andList(names2) }) : t("{name} wins", { name: names2[0] });
    tone = me != null ? "lost" : "neutral";
  }
  const banner = best == null ? t("Game over.") : t("Game over: {line}.", { line: winLine(names2, best) });
  return { title, text: `${why} ${t("Scores: {table}.", { table })}`, tone, art: STAR_ART, banner };
}

// ---- the board's words ----

const cap = (w) => w.charAt(0).toUpperCase() + w.slice(1);
export const lostLine = (names, ev) => `${describeEvent({ ...ev, type: "turn_lost" }, names)}.`;

export function boardLabel(seated, viewOnly = false, seq = null) {
  if (viewOnly) return t("The board after move {n}", { n: seq ?? "?" });
  return seated ? t("The board, your home rows at the bottom. Squares are named x,y from the south-west corner.")
    : t("The board, the south player's home rows at the bottom. Squares are named x,y from the south-west corner.");
}
// The name along a seat's home row: its name, suit and side; in a replay, whether it is still arranging.
export function armLabel(names, seat, side, { viewOnly = false, arranging = false } = {}) {
  if (viewOnly) return `${name(names, seat)} · ${SUIT_NAME[seat]}${arranging ? ` ${t("(arranging)")}` : ""}`;
  return `${name(names, seat)} · ${SUIT_NAME[seat]} · ${SIDE_NAME[side]}`;
}

// What stands on a square, for its label: a pyramid, a coin (face up or down), a seat still arranging.
export const pyramidWords = (size) => `${A_PYRAMID[size]} (${points(size)})`;
export const coinOnBoard = (names, seat, value) => `${coinOf(names, seat, value)} (${SUIT_NAME[seat]})`;
export const coinFaceDown = (names, seat) => (isYou(name(names, seat)) ? t("your coin, face down until everyone has arranged")
  : t("{name}'s coin, face down until everyone has arranged", { name: name(names, seat) }));
export const stillArranging = (names, seat) => t("{name} is still arranging", { name: name(names, seat) });
export const myCoin = (value) => t("your {coin} coin", { coin: COIN_WORD[value] });
export const EMPTY = t("empty");

// A square's label: where the rolled coin may go, the rolled coin, a home square being arranged, or
// what stands there.
export function squareLabel(role, { sq, words, dice, target, picked } = {}) {
  if (role === "dest") {
    const p = { coin: theCoin(dice.number), sq };
    return target && target.capture ? t("Move {coin} to {sq}, capturing {what} (+{points})", { ...p, what: words, points: target.points }) : t("Move {coin} to {sq}", p);
  }
  if (role === "rolled") return t("Your {coin} on {sq}: it moves like {kind}; pick a green square", { coin: COIN_WORD[dice.number], sq, kind: KIND_A[dice.kind] });
  if (role === "home") return picked ? t("{what} on {sq} (picked: choose a coin to swap with)", { what: words, sq }) : t("{what} on {sq}", { what: words, sq });
  return `${sq}: ${words}`;
}
export const captureMark = (points) => `+${points}`;

// Toasts: why a tap on the board does nothing now.
export const SAY = {
  placed: () => t("Your coins are placed: the dice roll once everyone has arranged."),
  arrangeHere: () => t("Arrange the coins on your own home row, at the bottom of the board."),
  pickGreen: (dice) => t("The dice say {roll}: pick one of the green squares.", { roll: rollWords(dice.number, dice.kind) }),
  placeFailed: () => t("Your coins could not be placed (the table kept changing): press “Place my coins” again."),
};

// The turn banner's hint. `touch`: a touch screen.
// The bot's suggestion (the Hint button): the move and, in brackets, the server's reason in the reader's language.
export function hintWords(hint) {
  const m = hint.move;
  const play = Array.isArray(m.order) ? t("this order of your coins") : t("the coin to {sq}", { sq: m.to });
  return `${play}${hint.reason ? ` (${hint.reason})` : ""}`;
}
export const hintSaid = (hint) => t("Hint: {hint}", { hint: hintWords(hint) });
export function hintBanner(hint, touch) {
  if (Array.isArray(hint.move.order)) return t("Hint: {hint}. It is laid on your home row: press “Place my coins” to keep it.", { hint: hintWords(hint) });
  return touch ? t("Hint: {hint}. Tap the square marked ★ to play it.", { hint: hintWords(hint) })
    : t("Hint: {hint}. Click the square marked ★ (or press Enter on it) to play it.", { hint: hintWords(hint) });
}

export function hintText({ pending, phase, mustArrange, others, dice, dests, touch }) {
  if (pending) return phase === "arrange" ? t("Placing your coins…") : t("Sending your move…");
  if (mustArrange) {
    return others ? tn("Arrange your coins along your home row, then press “Place my coins” ({n} other player arranging too).",
      "Arrange your coins along your home row, then press “Place my coins” ({n} other players arranging too).", others)
      : t("Arrange your coins along your home row, then press “Place my coins”.");
  }
  if (phase === "play" && dice) {
    const roll = rollWords(dice.number, dice.kind);
    if (touch) return tn("Your roll: {roll}. Tap the green square (or drag the coin there).", "Your roll: {roll}. Tap one of the {n} green squares (or drag the coin there).", dests, { roll });
    return tn("Your roll: {roll}. Click the green square (or drag the coin there).", "Your roll: {roll}. Click one of the {n} green squares (or drag the coin there).", dests, { roll });
  }
  return t("Your turn!");
}

export const dieLabel = (kind, value) => (value == null ? (kind === "type" ? t("type die: not rolled") : t("number die: not rolled"))
  : kind === "type" ? t("type die: {kind}", { kind: KINDS[value] }) : t("number die: {n}", { n: value }));

export const pyramidsLeft = (n) => [`${t("Pyramids left:")} `, String(n ?? "?"), ` ${t("of 36")}`];

// The arrange bar above the board.
export const ARRANGE = {
  waiting: (n, who) => tn("Waiting for {n} player to arrange: {who}.", "Waiting for {n} players to arrange: {who}.", n, { who }),
  who: (name, bot) => (bot ? t("{name} (bot)", { name }) : name),
  placed: t("Your coins are placed. Nobody sees another player's order until everyone has arranged."),
  how: t("Arrange your six coins along your home row (at the bottom): drag a coin onto another to swap them, or tap two coins. Keyboard: Enter picks a coin, arrows move it."),
  howShort: t("Tap two coins of your bottom row to swap them (or drag one onto another)."),
  shuffle: t("Shuffle"), reset: t("Default order"), place: t("Place my coins"), placing: t("Placing…"),
  also: (who) => t("Also arranging now: {who}.", { who }),
};

// The dice strip: its two lines, by what the dice show.
export function diceWords({ lobby, phase, shown, result, names, me }) {
  if (lobby) return [t("The game has not started"), t("Once it starts, every player arranges their coins, then the dice roll.")];
  if (phase === "arrange") return [t("Arranging the coins"), t("The dice are rolled once every player has arranged.")];
  if (!shown) return [result ? t("The hunt is over") : t("Waiting for the dice")];
  if (shown.rolling) return [isYou(names(shown.seat)) ? t("You roll…") : t("{name} rolls…", { name: names(shown.seat) })];
  const roll = rollWords(shown.number, shown.kind);
  const whose = shown.seat === me || isYou(names(shown.seat)) ? t("Your roll: {roll}", { roll }) : t("{name}'s roll: {roll}", { name: names(shown.seat), roll });
  return [whose, shown.dead ? t("No legal move: the turn is lost.") : t("{kind} moves {how}.", { kind: cap(KIND_A[shown.kind]), how: KIND_MOVE[shown.kind] })];
}

// Beside the board: each seat's treasure.
const SIZE_NAME = { 3: t("large"), 2: t("medium"), 1: t("small") };
export const TREASURE = {
  title: t("Treasure"),
  points: (score) => ` ${tn("pt", "pts", score)}`,
  stash: (bySize) => t("stash: {what}", { what: bySize.length ? bySize.map(([s, n]) => `${n} ${SIZE_NAME[s]}`).join(", ") : t("empty") }),
  noPyramids: t("no pyramids yet"),
  times: (n) => `×${n}`,
  prisoners: (names, prisoners) => t("prisoners: {list}", { list: prisoners.map((p) => coinOf(names, p.seat, p.coin)).join(", ") }),
  coins: (phase, arranged, onBoard) => (phase === "arrange" ? (arranged ? t("coins arranged") : t("arranging…")) : onBoard == null ? ""
    : tn("{n} coin on the board", "{n} coins on the board", onBoard)),
  immune: t("last coin: immune"), immuneTip: t("A player's last coin cannot be captured"),
};
export const LEGEND = {
  dest: t("where the rolled coin may go"), take: t("a capture (+points)"), rolled: t("the rolled coin"), last: t("the last move"),
  hint: `${t("Pyramids score 1, 2 or 3 (their dots); a captured coin scores 2. A player's last coin cannot be captured.")} `,
  rules: t("All the rules"),
};

// The replay's lines under its board.
export const REPLAY = {
  none: t("No board to draw."),
  dice: (dice, seat) => (dice ? t("Dice: {roll} (seat {n})", { roll: rollWords(dice.number, dice.kind), n: seat + 1 }) : t("Dice: not rolled")),
  pyramids: (n) => t("Pyramids left: {n}", { n }),
  rolls: (n) => t("Rolls so far: {n}", { n: n ?? "?" }),
  score: (names, seat, score, stash, prisoners) => ` ${t("{name}: {score} (stash {stash}; prisoners {prisoners})", { name: names(seat), score,
    stash: stash.join(" ") || t("empty"), prisoners: prisoners.map((p) => `${SUIT_NAME[p.seat]} ${p.coin}`).join(", ") || t("none") })}`,
};
