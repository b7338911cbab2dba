// Dash in words: cards, spaces, log lines and the result. Pure functions, no page state.

export const COLOR_NAMES = ["red", "orange", "yellow", "green", "blue"];

// What each card is called and what it does (on the way out; `back` = on the way back, there_and_back).
const CARD_INFO = {
  F2: { name: "Forward 2", does: "Move 2 spaces forward." },
  F3: { name: "Forward 3", does: "Move 3 spaces forward." },
  B2: { name: "Back 2", does: "Move 2 spaces back." },
  B3: { name: "Back 3", does: "Move 3 spaces back." },
  PIC: { name: "Next picture", does: "Move forward to the next picture, and follow it." },
  SWAP: { name: "Swap", does: "Swap places with the leader." },
  START: { name: "Back to Start", does: "Go back to Start." },
  DARE: { name: "Dare!", does: "The other players set you a dare." },
};

export function cardName(card) {
  if (COLOR_NAMES.includes(card)) return card.charAt(0).toUpperCase() + card.slice(1);
  return (CARD_INFO[card] || { name: String(card) }).name;
}

export function cardDoes(card, back = false) {
  if (COLOR_NAMES.includes(card)) {
    return back ? `Move back toward Start, to the next ${card} space.` : `Move to the next ${card} space.`;
  }
  if (card === "START" && back) return "Go home to Start: that wins!";
  if (back && card === "PIC") return "Move toward Start to the next picture, and follow it.";
  return (CARD_INFO[card] || { does: "" }).does;
}

// "a blue card", "a “Back 2” card", "a dare card"
export function cardWords(card) {
  if (COLOR_NAMES.includes(card)) return `${/^[aeiou]/.test(card) ? "an" : "a"} ${card} card`;
  if (card === "DARE") return "a dare card";
  return `a “${cardName(card)}” card`;
}

export function spaceWords(space) {
  if (space === 0) return "Start";
  if (space === 63) return "Finish";
  return `space ${space}`;
}

const PICTURE_NAMES = { tree: "tree", star: "star", moon: "moon", sun: "sun", rocket: "rocket", snowflake: "snowflake" };

// Log lines with names, in the past tense so that "You" and "Ann" read the same. Returns null for
// nothing worth a line. names(seat): the display name ("You" for the viewer).
export function describeEvent(ev, names) {
  const who = (seat) => (seat != null && names ? names(seat) : `Seat ${Number(seat) + 1}`);
  const you = ev.seat != null && names && names(ev.seat) === "You";
  const whom = (seat) => (who(seat) === "You" ? "you" : who(seat));   // the viewer, mid-sentence
  switch (ev.type) {
    case "draw": return `${who(ev.seat)} drew ${cardWords(ev.card)}.`;
    case "move": return `${who(ev.seat)} moved from ${spaceWords(ev.from)} to ${spaceWords(ev.to)}.`;
    case "stay": return `${who(ev.seat)} stayed on ${spaceWords(ev.at)}${ev.card === "PIC" ? " (no picture ahead)" : ""}.`;
    case "picture":
      return `${who(ev.seat)} landed on the ${PICTURE_NAMES[ev.picture] || ev.picture} and jumped ${ev.to > ev.from ? "up" : "down"} to ${spaceWords(ev.to)}.`;
    case "swap": return `${who(ev.seat)} swapped places with ${whom(ev.with)} (the leader): ${spaceWords(ev.from)} ↔ ${spaceWords(ev.to)}.`;
    case "lead": return `${who(ev.seat)} ${you ? "are" : "is"} in the lead, so the swap did nothing.`;
    case "turn_round": return `${who(ev.seat)} reached Finish and turned round: now back to Start!`;
    case "reshuffle": return `The deck ran out: the ${ev.count} discards were shuffled into a new deck.`;
    case "dare": return `${who(ev.seat)} drew a dare! The other players write it: the first one sent stands.`;
    case "dare_set": return `${who(ev.seat)} dared ${whom(ev.dared)}: “${ev.dare}”`;
    case "dare_done": return `${who(ev.seat)} did the dare.`;
    case "dare_refused": return `${who(ev.seat)} refused the dare and will miss ${you ? "your" : "their"} next turn.`;
    case "turn_skipped": return `${who(ev.seat)} ${you ? "miss" : "misses"} this turn (refused a dare).`;
    case "end":
      return ev.reason === "back_to_start"
        ? `${who(ev.seat)} made it there and back first: ${you ? "you win" : "the winner"}!`
        : `${who(ev.seat)} reached Finish first: ${you ? "you win" : "the winner"}!`;
    default: {
      const text = ev.text || ev.type;
      return ev.seat != null ? `${who(ev.seat)} ${text}` : text;
    }
  }
}

// The result dialog: ctx = {names(seat), me, seats, view, last, players}.
export function resultText(result, ctx = {}) {
  const winner = result && result.winners && result.winners.length ? result.winners[0] : null;
  const names = ctx.names || ((s) => `Seat ${s + 1}`);
  const how = result && result.reason === "back_to_start" ? "made it to Finish and back to Start first" : "reached Finish first";
  if (winner == null) return { title: "Game over", text: "", tone: "neutral" };
  if (ctx.me === winner) {
    return { title: "You win the race!", text: `You ${how}. Well dashed!`, tone: "won", art: winArt(true),
      banner: "Game over: you won the race!" };
  }
  const name = names(winner);
  const seated = ctx.me != null;
  return {
    title: `${name} wins the race`,
    text: `${name} ${how}.${seated ? " Better luck with the cards next time!" : ""}`,
    tone: seated ? "lost" : "neutral",
    art: winArt(false),
    banner: `Game over: ${name} won the race.`,
  };
}

function winArt(mine) {
  const flag = Array.from({ length: 12 }, (_, i) => {
    const x = 84 + (i % 4) * 8, y = 10 + Math.floor(i / 4) * 8;
    return (i + Math.floor(i / 4)) % 2 ? "" : `<rect x="${x}" y="${y}" width="8" height="8" fill="#1f2430"/>`;
  }).join("");
  return `<svg viewBox="0 0 140 80"><rect x="82" y="8" width="36" height="28" fill="#fff" stroke="#1f2430"/>${flag}`
    + `<line x1="82" y1="8" x2="82" y2="76" stroke="#1f2430" stroke-width="3"/>`
    + `<path d="M46 76 L62 40 L78 76 Z" fill="${mine ? "#f2b705" : "#1d63c7"}" stroke="rgba(0,0,0,.45)"/>`
    + `<path d="M20 76 L30 54 L40 76 Z" fill="#d62828" stroke="rgba(0,0,0,.45)" opacity=".8"/></svg>`;
}
