// Turning Points in words: log lines, the result, the preview. "You" and a name read the same in the
// past tense ("You placed…", "Ann placed…").
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
