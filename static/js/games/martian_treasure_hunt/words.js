// Martian Treasure Hunt in words: log lines, lost turns, the roll, the result. Past tense reads the same
// for "You" and for a name ("You took…", "Ann took…").
import { KINDS, SIZE_WORD, COIN_WORD } from "./parts.js";

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
