// Turning Points' board in words for a screen reader (docs/CLIENT.md describe): each cell in
// reading order as the viewer sees the board (row 1 at the top), with the way its piece points and at whom,
// the scores, and what the viewer can play; speakEvent says each step of a chain for the live region.
import { t, tn } from "../../core/i18n.js";
import { turnWords, myTurn, section } from "../a11y_common.js";
import { frameFor } from "./draw.js";
import { WORD } from "./parts.js";
import { towardWords, describeEvent, heading, COLOR_NAME } from "./words.js";

export function describe(tab, ctx) {
  const view = tab.view || {};
  if (!view.board) return null;
  const { fr } = frameFor(view, ctx.me);
  const cells = view.cells || {};
  const reading = [...fr.names].sort((a, b) => fr.cells[a].y - fr.cells[b].y || fr.cells[a].x - fr.cells[b].x);
  const items = reading.map((n) => {
    const p = cells[n];
    if (!p) return t("{where}: empty", { where: fr.where[n] });
    const dir = towardWords(view, p.dir, ctx.names);
    return p.color ? t("{where}: {color} piece pointing {dir}", { where: fr.where[n], color: COLOR_NAME[p.color] || p.color, dir })
      : t("{where}: piece pointing {dir}", { where: fr.where[n], dir });
  });
  const scores = (view.scores || []).map((s, seat) => t("{name}: {points}", { name: ctx.names(seat), points: tn("{n} point", "{n} points", s) }));
  const empty = reading.filter((n) => !cells[n]).length;
  const summary = [tn("{n} empty cell.", "{n} empty cells.", empty), scores.join(", ") + ".", turnWords(tab, ctx)].filter(Boolean).join(" ");
  const can = [];
  if (myTurn(tab, ctx)) {
    const solo = view.solitaire;
    can.push(solo && solo.bag && solo.bag[0]
      ? t("Place the {color} piece (it points {dir}) on any empty cell.", { color: COLOR_NAME[solo.bag[0]] || solo.bag[0], dir: solo.forced ? heading(solo.forced) : "" })
      : t("Place a piece on any empty cell, pointing any way."));
    can.push(solo
      ? t("On the board: the arrow keys move between empty cells, Enter picks one (the chain it starts is previewed) and Enter again places the piece; Escape picks another cell.")
      : t("On the board: the arrow keys move between empty cells, Enter picks one; then the arrow keys choose the direction (the chain it starts is previewed), Enter places it, Escape picks another cell."));
  }
  return { summary, sections: [section(t("Cells, row by row from the top"), items), section(t("Scores"), scores), section(t("What you can play"), can)] };
}

// For the live region: a placement with its cell, and each step of its chain ("Chain: the piece on row 2,
// place 3 from the left turns from north to east"). ctx: {view, me}.
export function speakEvent(ev, names, ctx = {}) {
  if (ev.type !== "turn" && ev.type !== "place") return null;
  const view = ctx.view;
  const where = view && view.board ? frameFor(view, ctx.me).fr.where[ev.cell] || ev.cell : ev.cell;
  if (ev.type === "place") return t("{what} ({where})", { what: describeEvent(ev, names), where });
  return t("Chain: the piece on {cell} turns from {from} to {dir}", { cell: where, from: WORD[ev.from] || ev.from, dir: WORD[ev.dir] || ev.dir });
}
