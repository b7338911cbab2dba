// The Dash replay drawing (admin): the board with every pyramid, the dare, the card drawn, and the deck in
// order (the admin sees everything). el: where to draw; doc: the full doc; ctx: {seq, step, names(seat)}.
import { h } from "../../core/store.js";
import { CLASSIC, drawBoard, drawPyramid, slot } from "./board.js";
import { cardFace } from "./cards.js";
import { cardName, spaceWords } from "./words.js";

export function drawReplay(el, doc, ctx = {}) {
  const names = ctx.names || ((s) => `Seat ${s + 1}`);
  const board = drawBoard(CLASSIC, { title: `The board after move ${ctx.seq ?? ""}`.trim() });
  board.root.setAttribute("role", "img");
  const positions = doc.positions || [];
  const bySpace = {};
  positions.forEach((space, seat) => (bySpace[space] = bySpace[space] || []).push(seat));
  positions.forEach((space, seat) => {
    const here = bySpace[space];
    const [x, y] = slot(space, here.indexOf(seat), here.length);
    const label = `${names(seat)}: ${spaceWords(space)}`;
    const g = drawPyramid(seat, `var(--seat-${seat})`, String(seat + 1), label);
    g.setAttribute("transform", `translate(${x} ${y})`);
    board.layers.pieces.append(g);
  });
  const legs = doc.legs || [];
  const skip = doc.skip || [];
  const last = doc.last_draw;
  const dare = doc.dare;
  const deck = doc.deck || [];
  el.replaceChildren(h("div", { class: "dash dash-replay" },
    h("div", { class: "dash-boardwrap" }, board.root),
    h("div", { class: "dash-table" },
      last ? cardFace(last.card, { back: !!legs[last.seat] }) : null,
      last ? h("p", {}, `${names(last.seat)} drew ${cardName(last.card)}.`) : null,
      dare ? h("p", { class: "dare-text" }, `Dare for ${names(dare.seat)}: `, dare.text == null ? "(not written yet)" : `“${dare.text}”`) : null,
      h("ul", { class: "plain-list" }, positions.map((space, seat) => h("li", {},
        `${names(seat)}: ${spaceWords(space)}${legs[seat] ? " (on the way back)" : ""}${skip[seat] ? " — misses the next turn" : ""}`))),
      h("p", { class: "hint" }, `Deck (${deck.length}, next first): ${deck.slice(0, 12).map(cardName).join(", ")}${deck.length > 12 ? "…" : ""}`),
      h("p", { class: "hint" }, `Discard pile: ${(doc.discard || []).length} cards; reshuffles so far: ${doc.reshuffles || 0}.`))));
  return { seq: ctx.seq };
}
