// Nim in words: the log's lines, the result, the labels of the board and the action bar, the turn banner.
// Pure functions, no page state. Every sentence goes through t()/tn() (core/i18n.js); its translations
// are in the game's own catalogs, app/games/nim/locale/<lang>.json.
import { t, tn } from "../../core/i18n.js";

// The viewer's own seat is named "You" (t("You") in a translated page): its sentences have their own forms.
const YOU = t("You");
const isYou = (name) => name === "You" || name === YOU;

export const headlines = [];   // event types toasted to everyone: none, the log says enough

export const heapLabel = (heap) => t("Heap {n}", { n: heap + 1 });
export const stonesWords = (n) => tn("{n} stone", "{n} stones", n);
export const takeLabel = (n) => t("Take {n}", { n });
export const moveLabel = (move) => t("Take {n} from heap {heap}", { n: move.take, heap: move.heap + 1 });
export const hintText = () => t("Pick a heap, then how many stones to take.");
export const heapsTitle = () => t("Heaps");
export const boardLabel = (heaps) => t("Nim: {heaps}", { heaps: heaps.map(stonesWords).join(", ") });

/** One log line for an event of a step ("Ann takes 2 from heap 1."), or null to leave it out. */
export function describeEvent(event, names) {
  const name = names(event.seat);
  if (event.type === "take") {
    const params = { name, n: event.take, heap: event.heap + 1 };
    return isYou(name) ? t("You take {n} from heap {heap}.", params) : t("{name} takes {n} from heap {heap}.", params);
  }
  if (event.type === "end") return isYou(name) ? t("You take the last stone.") : t("{name} takes the last stone.", { name });
  return null;
}

/** Why the game ended, in a few words (the review room's "The game is over: last stone."), or null. */
export function endReason(result) {
  return result && result.reason === "last_stone" ? t("last stone") : null;
}

/** The result dialog's words: who won, and who took the last stone (the winner, or in misère the loser). */
export function resultText(result, ctx) {
  const winner = (result.winners || [])[0];
  const misere = !!((ctx.view || {}).options || {}).misere;
  const taker = misere ? 1 - winner : winner;
  const title = ctx.me != null && winner === ctx.me ? t("You win.") : t("{name} wins.", { name: ctx.names(winner) });
  const text = ctx.me != null && taker === ctx.me ? t("You took the last stone.") : t("{name} took the last stone.", { name: ctx.names(taker) });
  const tone = ctx.me == null ? "neutral" : winner === ctx.me ? "won" : "lost";
  return { title, text, tone };
}
