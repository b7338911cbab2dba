// Nim's board in words for a screen reader (docs/CLIENT.md describe): each heap, whose turn it is, and what
// the viewer can play.
import { t } from "../../core/i18n.js";
import { myTurn, section, turnWords } from "../a11y_common.js";
import { heapLabel, moveLabel, stonesWords } from "./words.js";

export function describe(tab, ctx) {
  const heaps = (tab.view || {}).heaps;
  if (!heaps) return null;
  const items = heaps.map((size, heap) => `${heapLabel(heap)}: ${stonesWords(size)}`);
  const can = myTurn(tab, ctx) ? ctx.legal.map(moveLabel) : [];
  return { summary: turnWords(tab, ctx), sections: [section(t("Heaps"), items), section(t("What you can play"), can)] };
}
