// What the four games' board descriptions share (docs/CLIENT.md describe): whose turn it is,
// in the page's language. Each game's describe.js builds {summary, sections} from its view.
import { t } from "../core/i18n.js";

// "Your turn.", "Ann to play.", "Ann and Bob to play.", "Game over.", from the table and the shell's ctx.
export function turnWords(tab, ctx) {
  if (tab.status === "finished" || tab.status === "abandoned") return t("Game over.");
  const acting = ctx.toAct || [];
  if (ctx.me != null && acting.includes(ctx.me)) return t("Your turn.");
  if (!acting.length) return "";
  const names = acting.map((s) => ctx.names(s));
  const list = names.length < 2 ? names[0] : t("{list} and {last}", { list: names.slice(0, -1).join(", "), last: names[names.length - 1] });
  return t("{names} to play.", { names: list });
}

export const myTurn = (tab, ctx) => tab.status === "playing" && ctx.me != null && (ctx.toAct || []).includes(ctx.me) && !ctx.pending;
export const section = (title, items) => ({ title, items: items.filter(Boolean) });
