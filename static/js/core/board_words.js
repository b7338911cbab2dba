// A board in words for a screen reader, wherever a game's board is drawn: the game module's
// describe(table, ctx) -> {summary, sections: [{title, items}]} (docs/CLIENT.md) drawn as a heading, the
// summary and a heading and a list per section, and the board's <svg> given a <title> and a <desc>. The
// table page (table_a11y.js) and the review room (review/view.js) use it.
import { h, setChildren } from "./store.js";
import { t } from "./i18n.js";

const SVGNS = "http://www.w3.org/2000/svg";

// Into `box` (its children replaced only when the words change); returns the description, or null.
// summaryId: the id the summary paragraph carries (the board's aria-describedby points at it).
export function drawBoardWords(box, describe, tab, ctx, summaryId) {
  let d = null;
  try { d = describe(tab, ctx); } catch (err) { console.error(err); }
  if (!d) { setChildren(box, "", () => []); return null; }
  setChildren(box, JSON.stringify(d), () => [
    h("h2", {}, t("The board in words")),
    h("p", { id: summaryId }, d.summary || ""),
    ...(d.sections || []).filter((s) => s.items && s.items.length).flatMap((s) => [
      h("h3", {}, s.title),
      h("ul", {}, s.items.map((item) => h("li", {}, item))),
    ]),
  ]);
  return d;
}

// The board's <svg>: a <title> (its aria-label) and a <desc> (the summary), described by the summary's id
// when the page shows the summary (summaryId; null: the <desc> alone).
export function labelBoard(board, summary, summaryId = null) {
  if (!board) return;
  const label = board.getAttribute("aria-label") || t("The board");
  let title = board.querySelector(":scope > title");
  if (!title) { title = document.createElementNS(SVGNS, "title"); board.prepend(title); }
  if (title.textContent !== label) title.textContent = label;
  let desc = board.querySelector(":scope > desc");
  if (!desc) { desc = document.createElementNS(SVGNS, "desc"); title.after(desc); }
  if (desc.textContent !== summary) desc.textContent = summary;
  if (summaryId && board.getAttribute("aria-describedby") !== summaryId) board.setAttribute("aria-describedby", summaryId);
}
