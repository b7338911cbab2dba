// Dash's board in words for a screen reader (docs/CLIENT.md describe): where each pyramid is on
// the track, the picture pairs, the last card drawn, the dare in play, and what the viewer can do.
import { t, tn } from "../../core/i18n.js";
import { turnWords, myTurn, section } from "../a11y_common.js";
import { pyramidLabel, spaceLabel, cardName, dareText } from "./words.js";

export function describe(tab, ctx) {
  const view = tab.view || {};
  const layout = view.layout;
  if (!layout) return null;
  const race = (view.positions || []).map((space, seat) => pyramidLabel(ctx.names(seat), space, !!(view.legs || [])[seat], !!(view.skip || [])[seat]));
  const pictures = (layout.pictures || []).map((p) => spaceLabel(layout, p.spaces[0]));
  const last = view.last_draw ? t("Last card: {name} drew {card}.", { name: ctx.names(view.last_draw.seat), card: cardName(view.last_draw.card) }) : "";
  const dare = view.dare ? (view.dare.text
    ? t("Dare for {name}: “{text}”.", { name: ctx.names(view.dare.seat), text: dareText(view.dare.text) })
    : t("{name} drew a dare: it is being written.", { name: ctx.names(view.dare.seat) })) : "";
  const summary = [last, dare, tn("{n} card in the deck.", "{n} cards in the deck.", view.deck_count ?? 0), turnWords(tab, ctx)].filter(Boolean).join(" ");
  const can = [];
  if (myTurn(tab, ctx)) {
    const actions = new Set(ctx.legal.map((m) => m.action));
    if (actions.has("draw")) can.push(t("Draw a card: the “Draw a card” button, or the D key."));
    if (actions.has("set_dare")) can.push(t("Write the dare in the dare panel (or pick a suggestion) and send it."));
    if (actions.has("answer_dare")) can.push(t("Do the dare, then press Done; or refuse it and miss your next turn."));
  }
  return { summary, sections: [section(t("The race"), race), section(t("What you can play"), can), section(t("Picture pairs"), pictures)] };
}
