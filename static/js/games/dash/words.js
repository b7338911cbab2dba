// Dash in words: cards, spaces, log lines and the result, the board's labels, the turn banner, the dare
// panel and the replay's record. Pure functions, no page state.
import { pictureAt } from "./parts.js";
import { PICTURE_LABEL } from "./icons.js";

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

// A space as its tooltip says it: "Space 21, red, tree: jump to space 3".
export function spaceLabel(layout, space) {
  const kind = layout.spaces[space];
  const pic = pictureAt(layout, space);
  const base = space === layout.start ? "Start (space 0)" : space === layout.finish ? "Finish (space 63)" : `Space ${space}, ${kind}`;
  return pic ? `${base}, ${PICTURE_LABEL[pic.name]}: jump to space ${pic.other}` : base;
}

// ---- the board and the panels beside it ----
export const boardTitle = (layout) => `The ${layout.title || "Classic"} board: 64 spaces from Start (bottom left) to Finish (top right), each row read left to right`;
export const replayTitle = (seq) => `The board after move ${seq ?? ""}`.trim();
export const END_LABEL = { start: "START", finish: "FINISH" };
export const pyramidLabel = (name, space, back, skip) => `${name}: ${spaceWords(space)}${back ? ", on the way back" : ""}${skip ? ", misses the next turn" : ""}`;
export const FLASH = { turn_skipped: "Turn skipped", turn_round: "Turned round!" };
export const PANEL = {
  drawButton: "Draw a card", race: "The race", pairs: "Picture pairs",
  pairTitle: (name) => `Land on either end: jump to the other (${name})`,
  ownDeck: "Our own “Classic” board and deck: the original board and cards of Dash are lost. ", howTo: "How to play",
  boardPill: (title) => `${title || "Classic"} board (our own)`, boardPillTitle: "Our own board and deck: the original Dash board and cards are lost",
  houseRule: "House rule", thereAndBack: "There and back: Finish, then home to Start",
  noCard: "No card yet", nobodyDrew: "Nobody has drawn yet.", drew: (who, card) => `${who} drew: ${cardName(card)}`,
  deck: (n) => `${n} card${n === 1 ? "" : "s"} in the deck`, discarded: (n) => `${n} discarded`, reshuffle: " (shuffled back at the next draw)",
  skips: "misses next turn", dared: "dared", toDraw: "to draw", back: " ↩",
};

// The turn banner on the viewer's turn. keys: a keyboard is likely (the D shortcut is worth saying).
export function turnHint(actions, { pending, keys, dared }) {
  if (pending) return "Sending…";
  if (actions.includes("draw")) return keys ? "Your turn: draw a card (press the button, or D)." : "Your turn: draw a card.";
  if (actions.includes("set_dare")) return `${dared} drew a dare: write it, or pick a suggestion. The first dare sent stands.`;
  if (actions.includes("answer_dare")) return "You were dared: do it, then press Done (or refuse and miss your next turn).";
  return "Your turn!";
}

// ---- the dare panel ----
const either = (list) => (list.length <= 1 ? list.join("") : `${list.slice(0, -1).join(", ")} or ${list[list.length - 1]}`);
export const DARE = {
  drewTitle: (name) => `${name} drew a dare!`, youDrew: "You drew a dare!",
  writing: (writers) => `${either(writers)} ${writers.length > 1 ? "are" : "is"} writing it. Keep an eye on the chat…`,
  waitWrite: (writers) => `Waiting for ${either(writers)} to write it (the first one sent stands).`,
  theirs: (name) => `${name}'s dare`, waitAnswer: (name) => `Waiting for ${name}: done, or refuse (and miss a turn)?`,
  chat: "Go to the chat",
  inputLabel: (name) => `Your dare for ${name}`, placeholder: (name) => `What must ${name} do?`,
  send: "Send the dare", count: (n, max) => `${n}/${max}`, tooLong: (n, max) => `A dare is at most ${max} characters: ${n - max} too many.`,
  writeFirst: "Write a dare first, or pick one of the suggestions.",
  lead: (name) => `Write what ${name} must do. Anyone else at the table may too: the first dare sent stands.`,
  ideas: "Need an idea? Pick a suggestion", suggestions: "Suggestions", surprise: "Surprise me",
  stood: (name) => `${name == null ? "Another player" : name}'s dare was sent first, so it stands.`,
  dared: "You were dared!", answerLead: "Do it (in the chat, if it's a writing dare), then press Done. Refusing costs your next turn.",
  done: "Done!", refuse: "Refuse…", confirm: "Refuse the dare? You will miss your next turn.", yes: "Yes, refuse", keep: "No, I'll do it",
};

// ---- the replay's record (the whole document: the deck in order) ----
export const RECORD = {
  drew: (name, card) => `${name} drew ${cardName(card)}.`,
  dare: (name) => `Dare for ${name}: `, unwritten: "(not written yet)", quoted: (text) => `“${text}”`,
  where: (name, space, back, skip) => `${name}: ${spaceWords(space)}${back ? " (on the way back)" : ""}${skip ? " — misses the next turn" : ""}`,
  deck: (deck) => `Deck (${deck.length}, next first): ${deck.slice(0, 12).map(cardName).join(", ")}${deck.length > 12 ? "…" : ""}`,
  discard: (n, reshuffles) => `Discard pile: ${n} cards; reshuffles so far: ${reshuffles}.`,
};

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
