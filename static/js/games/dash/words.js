// Dash in words: cards, spaces, log lines and the result, the board's labels, the turn banner, the dare
// panel and the replay's record. Pure functions, no page state.
import { pictureAt } from "./parts.js";
import { PICTURE_LABEL } from "./icons.js";
import { t, tn } from "../../core/i18n.js";

export const COLOR_NAMES = ["red", "orange", "yellow", "green", "blue"];
// The viewer's own seat is named "You" (t("You") in a translated page): its sentences have their own forms.
const YOU = t("You");
const isYou = (name) => name === "You" || name === YOU;

// What each card is called and what it does (on the way out; `back` = on the way back, there_and_back).
const CARD_INFO = {
  F2: { name: t("Forward 2"), does: t("Move 2 spaces forward.") },
  F3: { name: t("Forward 3"), does: t("Move 3 spaces forward.") },
  B2: { name: t("Back 2"), does: t("Move 2 spaces back.") },
  B3: { name: t("Back 3"), does: t("Move 3 spaces back.") },
  PIC: { name: t("Next picture"), does: t("Move forward to the next picture, and follow it.") },
  SWAP: { name: t("Swap"), does: t("Swap places with the leader.") },
  START: { name: t("Back to Start"), does: t("Go back to Start.") },
  DARE: { name: t("Dare!"), does: t("The other players set you a dare.") },
};
const COLOR_CARD = { red: t("Red"), orange: t("Orange"), yellow: t("Yellow"), green: t("Green"), blue: t("Blue") };
const COLOR_A_CARD = { red: t("a red card"), orange: t("an orange card"), yellow: t("a yellow card"), green: t("a green card"), blue: t("a blue card") };
const COLOR_NEXT = {
  red: t("Move to the next red space."), orange: t("Move to the next orange space."), yellow: t("Move to the next yellow space."),
  green: t("Move to the next green space."), blue: t("Move to the next blue space."),
};
const COLOR_BACK = {
  red: t("Move back toward Start, to the next red space."), orange: t("Move back toward Start, to the next orange space."),
  yellow: t("Move back toward Start, to the next yellow space."), green: t("Move back toward Start, to the next green space."),
  blue: t("Move back toward Start, to the next blue space."),
};
const SPACE_KIND = { red: t("red"), orange: t("orange"), yellow: t("yellow"), green: t("green"), blue: t("blue") };

export function cardName(card) {
  if (COLOR_NAMES.includes(card)) return COLOR_CARD[card];
  return (CARD_INFO[card] || { name: String(card) }).name;
}

export function cardDoes(card, back = false) {
  if (COLOR_NAMES.includes(card)) return back ? COLOR_BACK[card] : COLOR_NEXT[card];
  if (card === "START" && back) return t("Go home to Start: that wins!");
  if (back && card === "PIC") return t("Move toward Start to the next picture, and follow it.");
  return (CARD_INFO[card] || { does: "" }).does;
}

// "a blue card", "a “Back 2” card", "a dare card"
export function cardWords(card) {
  if (COLOR_NAMES.includes(card)) return COLOR_A_CARD[card];
  if (card === "DARE") return t("a dare card");
  return t("a “{name}” card", { name: cardName(card) });
}

export function spaceWords(space) {
  if (space === 0) return t("Start");
  if (space === 63) return t("Finish");
  return t("space {n}", { n: space });
}

// A space as its tooltip says it: "Space 21, red, tree: jump to space 3".
export function spaceLabel(layout, space) {
  const kind = layout.spaces[space];
  const pic = pictureAt(layout, space);
  const base = space === layout.start ? t("Start (space 0)") : space === layout.finish ? t("Finish (space 63)")
    : t("Space {n}, {kind}", { n: space, kind: SPACE_KIND[kind] || kind });
  return pic ? t("{space}, {picture}: jump to space {n}", { space: base, picture: PICTURE_LABEL[pic.name], n: pic.other }) : base;
}

// ---- the board and the panels beside it ----
export const boardTitle = (layout) => t("The {name} board: 64 spaces from Start (bottom left) to Finish (top right), each row read left to right",
  { name: layout.title || t("Classic") });
export const replayTitle = (seq) => (seq == null ? t("The board") : t("The board after move {n}", { n: seq }));
export const END_LABEL = { start: t("START"), finish: t("FINISH") };
export function pyramidLabel(name, space, back, skip) {
  const where = `${name}: ${spaceWords(space)}`;
  return `${where}${back ? t(", on the way back") : ""}${skip ? t(", misses the next turn") : ""}`;
}
export const FLASH = { turn_skipped: t("Turn skipped"), turn_round: t("Turned round!") };
export const PANEL = {
  drawButton: t("Draw a card"), race: t("The race"), pairs: t("Picture pairs"),
  pairTitle: (name) => t("Land on either end: jump to the other ({name})", { name: PICTURE_LABEL[name] || name }),
  ownDeck: `${t("Our own “Classic” board and deck: the original board and cards of Dash are lost.")} `, howTo: t("How to play"),
  boardPill: (title) => t("{title} board (our own)", { title: title || t("Classic") }), boardPillTitle: t("Our own board and deck: the original Dash board and cards are lost"),
  houseRule: t("House rule"), thereAndBack: t("There and back: Finish, then home to Start"),
  noCard: t("No card yet"), nobodyDrew: t("Nobody has drawn yet."), drew: (who, card) => t("{name} drew: {card}", { name: who, card: cardName(card) }),
  deck: (n) => tn("{n} card in the deck", "{n} cards in the deck", n), discarded: (n) => tn("{n} discarded", "{n} discarded", n),
  reshuffle: ` ${t("(shuffled back at the next draw)")}`,
  skips: t("misses next turn"), dared: t("dared"), toDraw: t("to draw"), back: " ↩",
};

// The bot's suggestion (the Hint button): the move and, in brackets, the server's reason in the reader's language.
export function hintWords(hint) {
  const m = hint.move;
  const play = m.action === "draw" ? t("draw a card") : m.action === "set_dare" ? t("dare: “{text}”", { text: m.text || "" })
    : m.done ? t("the dare: done") : t("the dare: refused");
  return `${play}${hint.reason ? ` (${hint.reason})` : ""}`;
}
export const hintSaid = (hint) => t("Hint: {hint}", { hint: hintWords(hint) });
export function hintBanner(hint, keys) {
  const p = { hint: hintWords(hint) };
  if (hint.move.action === "draw") return keys ? t("Hint: {hint}. Press “Draw a card” (or D).", p) : t("Hint: {hint}. Press “Draw a card”.", p);
  if (hint.move.action === "set_dare") return t("Hint: {hint}. It is in the dare box: send it, or change it first.", p);
  return t("Hint: {hint}. Press “Done!” once you have done it.", p);
}

// The turn banner on the viewer's turn. keys: a keyboard is likely (the D shortcut is worth saying).
export function turnHint(actions, { pending, keys, dared }) {
  if (pending) return t("Sending…");
  if (actions.includes("draw")) return keys ? t("Your turn: draw a card (press the button, or D).") : t("Your turn: draw a card.");
  if (actions.includes("set_dare")) return t("{name} drew a dare: write it, or pick a suggestion. The first dare sent stands.", { name: dared });
  if (actions.includes("answer_dare")) return t("You were dared: do it, then press Done (or refuse and miss your next turn).");
  return t("Your turn!");
}

// ---- the dare panel ----
const either = (list) => (list.length <= 1 ? list.join("") : t("{list} or {last}", { list: list.slice(0, -1).join(", "), last: list[list.length - 1] }));
export const DARE = {
  drewTitle: (name) => t("{name} drew a dare!", { name }), youDrew: t("You drew a dare!"),
  writing: (writers) => tn("{names} is writing it. Keep an eye on the chat…", "{names} are writing it. Keep an eye on the chat…", writers.length, { names: either(writers) }),
  waitWrite: (writers) => t("Waiting for {names} to write it (the first one sent stands).", { names: either(writers) }),
  theirs: (name) => t("{name}'s dare", { name }), waitAnswer: (name) => t("Waiting for {name}: done, or refuse (and miss a turn)?", { name }),
  chat: t("Go to the chat"),
  inputLabel: (name) => t("Your dare for {name}", { name }), placeholder: (name) => t("What must {name} do?", { name }),
  send: t("Send the dare"), count: (n, max) => `${n}/${max}`,
  tooLong: (n, max) => tn("A dare is at most {max} characters: {n} too many.", "A dare is at most {max} characters: {n} too many.", n - max, { max }),
  writeFirst: t("Write a dare first, or pick one of the suggestions."),
  lead: (name) => t("Write what {name} must do. Anyone else at the table may too: the first dare sent stands.", { name }),
  ideas: t("Need an idea? Pick a suggestion"), suggestions: t("Suggestions"), surprise: t("Surprise me"),
  stood: (name) => (name == null ? t("Another player's dare was sent first, so it stands.") : t("{name}'s dare was sent first, so it stands.", { name })),
  dared: t("You were dared!"), answerLead: t("Do it (in the chat, if it's a writing dare), then press Done. Refusing costs your next turn."),
  done: t("Done!"), refuse: t("Refuse…"), confirm: t("Refuse the dare? You will miss your next turn."), yes: t("Yes, refuse"), keep: t("No, I'll do it"),
};
// A built-in suggestion (app/games/dash/dares.py) in the page's language; a dare someone wrote stays as written.
export const dareText = (text) => t(text);

// ---- the replay's record (the whole document: the deck in order) ----
export const RECORD = {
  drew: (name, card) => t("{name} drew {card}.", { name, card: cardName(card) }),
  dare: (name) => `${t("Dare for {name}:", { name })} `, unwritten: t("(not written yet)"), quoted: (text) => t("“{text}”", { text: dareText(text) }),
  where: (name, space, back, skip) => `${name}: ${spaceWords(space)}${back ? ` ${t("(on the way back)")}` : ""}${skip ? ` — ${t("misses the next turn")}` : ""}`,
  deck: (deck) => t("Deck ({n}, next first): {cards}", { n: deck.length, cards: `${deck.slice(0, 12).map(cardName).join(", ")}${deck.length > 12 ? "…" : ""}` }),
  discard: (n, reshuffles) => t("Discard pile: {n} cards; reshuffles so far: {r}.", { n, r: reshuffles }),
};

const ON_PICTURE = {
  tree: t("on the tree"), star: t("on the star"), moon: t("on the moon"), sun: t("on the sun"), rocket: t("on the rocket"),
  snowflake: t("on the snowflake"),
};

// Log lines with names, in the past tense. The viewer's own lines ("You drew…") have their own sentences:
// French and German conjugate them. Returns null for nothing worth a line. names(seat): the display name
// ("You" for the viewer).
export function describeEvent(ev, names) {
  const who = (seat) => (seat != null && names ? names(seat) : t("Seat {n}", { n: Number(seat) + 1 }));
  const name = who(ev.seat);
  const you = ev.seat != null && names && isYou(names(ev.seat));
  const says = (mine, theirs) => (you ? mine : theirs);   // both worded, the one that fits is said
  const other = (seat) => (isYou(who(seat)) ? null : who(seat));   // a second person, null for the viewer
  switch (ev.type) {
    case "draw": return you ? t("You drew {card}.", { card: cardWords(ev.card) }) : t("{name} drew {card}.", { name, card: cardWords(ev.card) });
    case "move": {
      const p = { from: spaceWords(ev.from), to: spaceWords(ev.to) };
      return you ? t("You moved from {from} to {to}.", p) : t("{name} moved from {from} to {to}.", { name, ...p });
    }
    case "stay": {
      const p = { at: spaceWords(ev.at) };
      if (ev.card === "PIC") return you ? t("You stayed on {at} (no picture ahead).", p) : t("{name} stayed on {at} (no picture ahead).", { name, ...p });
      return you ? t("You stayed on {at}.", p) : t("{name} stayed on {at}.", { name, ...p });
    }
    case "picture": {
      const p = { picture: ON_PICTURE[ev.picture] || ev.picture, to: spaceWords(ev.to) };
      if (ev.to > ev.from) return you ? t("You landed {picture} and jumped up to {to}.", p) : t("{name} landed {picture} and jumped up to {to}.", { name, ...p });
      return you ? t("You landed {picture} and jumped down to {to}.", p) : t("{name} landed {picture} and jumped down to {to}.", { name, ...p });
    }
    case "swap": {
      const p = { from: spaceWords(ev.from), to: spaceWords(ev.to), other: other(ev.with) };
      if (p.other == null) return t("{name} swapped places with you (the leader): {from} ↔ {to}.", { name, ...p });
      return you ? t("You swapped places with {other} (the leader): {from} ↔ {to}.", p) : t("{name} swapped places with {other} (the leader): {from} ↔ {to}.", { name, ...p });
    }
    case "lead": return says(t("You are in the lead, so the swap did nothing."), t("{name} is in the lead, so the swap did nothing.", { name }));
    case "turn_round": return says(t("You reached Finish and turned round: now back to Start!"), t("{name} reached Finish and turned round: now back to Start!", { name }));
    case "reshuffle": return tn("The deck ran out: the {n} discard was shuffled into a new deck.", "The deck ran out: the {n} discards were shuffled into a new deck.", ev.count);
    case "dare": return says(t("You drew a dare! The other players write it: the first one sent stands."), t("{name} drew a dare! The other players write it: the first one sent stands.", { name }));
    case "dare_set": {
      const p = { dare: dareText(ev.dare), other: other(ev.dared) };
      if (p.other == null) return t("{name} dared you: “{dare}”", { name, ...p });
      return you ? t("You dared {other}: “{dare}”", p) : t("{name} dared {other}: “{dare}”", { name, ...p });
    }
    case "dare_done": return says(t("You did the dare."), t("{name} did the dare.", { name }));
    case "dare_refused": return says(t("You refused the dare and will miss your next turn."), t("{name} refused the dare and will miss their next turn.", { name }));
    case "turn_skipped": return says(t("You miss this turn (refused a dare)."), t("{name} misses this turn (refused a dare).", { name }));
    case "end":
      return ev.reason === "back_to_start"
        ? says(t("You made it there and back first: you win!"), t("{name} made it there and back first: the winner!", { name }))
        : says(t("You reached Finish first: you win!"), t("{name} reached Finish first: the winner!", { name }));
    default: {
      const text = ev.text || ev.type;
      return ev.seat != null ? `${name} ${text}` : text;
    }
  }
}

// Why the game ended, in a few words (the review room's "The game is over: finish."), by the engine's reason.
export function endReason(result) {
  return { finish: t("finish"), back_to_start: t("back to start") }[result && result.reason] || null;
}

// A house rule's name in a few words (a deal's rules: deal_play.js), or null for a key that is not Dash's.
export function ruleWord(key) {
  return { there_and_back: t("there and back") }[key] || null;
}

// The result dialog: ctx = {names(seat), me, seats, view, last, players}.
export function resultText(result, ctx = {}) {
  const winner = result && result.winners && result.winners.length ? result.winners[0] : null;
  const names = ctx.names || ((s) => t("Seat {n}", { n: s + 1 }));
  const there = result && result.reason === "back_to_start";
  if (winner == null) return { title: t("Game over"), text: "", tone: "neutral" };
  if (ctx.me === winner) {
    return { title: t("You win the race!"), text: there ? t("You made it to Finish and back to Start first. Well dashed!") : t("You reached Finish first. Well dashed!"),
      tone: "won", art: winArt(true), banner: t("Game over: you won the race!") };
  }
  const name = names(winner);
  const seated = ctx.me != null;
  const how = there ? t("{name} made it to Finish and back to Start first.", { name }) : t("{name} reached Finish first.", { name });
  return {
    title: t("{name} wins the race", { name }),
    text: `${how}${seated ? ` ${t("Better luck with the cards next time!")}` : ""}`,
    tone: seated ? "lost" : "neutral",
    art: winArt(false),
    banner: t("Game over: {name} won the race.", { name }),
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
