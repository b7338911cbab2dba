// Dash cards as HTML: the big face of the card just drawn, and the small back of the deck.
import { h } from "../../core/store.js";
import { COLOR_NAMES, cardName, cardDoes } from "./words.js";
import { t } from "../../core/i18n.js";

const GLYPH = { F2: "→ 2", F3: "→ 3", B2: "← 2", B3: "← 3", SWAP: "⇄", START: "⤺", DARE: "?!" };

// The face of `card` ("blue", "F2", "DARE"...); `back`: the drawer is on the way back (there_and_back).
export function cardFace(card, { size = "big", back = false } = {}) {
  const color = COLOR_NAMES.includes(card);
  const kind = color ? `color ${card}` : card === "DARE" ? "dare" : "direction";
  const glyph = color ? "" : card === "PIC" ? null : GLYPH[card] || "";
  return h("div", {
    class: `dash-card ${size} ${kind}`, role: "img", "data-card": card,
    "aria-label": t("{name} card: {does}", { name: cardName(card), does: cardDoes(card, back) }),
  },
  h("span", { class: "card-name" }, cardName(card)),
  glyph === null ? picGlyph() : glyph ? h("span", { class: "card-glyph", "aria-hidden": "true" }, glyph) : colorBlob(card),
  size === "big" ? h("span", { class: "card-does" }, cardDoes(card, back)) : null);
}

function colorBlob(card) {
  return h("span", { class: `card-blob ${card}`, "aria-hidden": "true" });
}

function picGlyph() {
  return h("span", { class: "card-glyph pic", "aria-hidden": "true" }, "→ ★");
}

export function cardBack(count) {
  return h("div", { class: "dash-card back small", "aria-hidden": "true" },
    h("span", { class: "deck-count" }, String(count)));
}
