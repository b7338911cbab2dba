// 3-High's hands beside the board, and a replay's piles. Live: the viewer's hand first (its cards are
// buttons on the viewer's turn, for the card-first way of playing; a card with no listed play is dimmed),
// then the others' hands, open or as backs under hidden_hands. A replay (viewOnly) shows every hand of the
// document, face up, in seat order, with the draw pile in order and the discard. Pure: nodes from data.
import { h } from "../../core/store.js";
import { SUITS, parseCard } from "./parts.js";
import * as words from "./words.js";

// One card's face: a button when it can be picked ({selected, ok}), else a picture with its name.
export function cardFace(c, { button = null, extra = "" } = {}) {
  const pc = parseCard(c);
  const cls = `card-face${pc.red ? " red" : ""}${pc.suit === "D" ? " diamond" : ""}${extra ? ` ${extra}` : ""}`;
  const inner = [
    h("span", { class: "rank", "aria-hidden": "true" }, pc.rank),
    h("span", { class: "suit", "aria-hidden": "true" }, SUITS[pc.suit]),
  ];
  if (!button) return h("span", { class: cls, role: "img", "aria-label": words.cardWords(c), title: words.cardLabel(c), "data-card": c }, inner);
  const { ok, selected } = button;
  return h("button", {
    type: "button", class: `${cls}${selected ? " selected" : ""}${ok ? "" : " dead"}`,
    "data-card": c, "aria-pressed": selected ? "true" : "false", disabled: !ok,
    "aria-label": words.cardButtonLabel(c, ok), title: ok ? words.HANDS.pickFirst(c) : words.HANDS.deadTitle,
  }, inner);
}

// The hands of `view` (a replay: of the document). opts: {me, names(seat), toAct, viewOnly, card: the card
// picked, playable: the cards with a listed play (the viewer's turn), or null when the viewer cannot play}.
export function drawHands(view, opts) {
  const { me = null, names, toAct = [], viewOnly = false, card = null, playable = null } = opts;
  const handsV = view.hands || [];
  const order = handsV.map((_, seat) => seat);
  if (!viewOnly && me != null && me < handsV.length) order.sort((a, b) => (b === me) - (a === me));
  return order.map((seat) => {
    let hand = handsV[seat];
    const mine = seat === me && !viewOnly;
    const acting = toAct.includes(seat);
    const title = words.handTitle(names(seat));
    let cards;
    if (Array.isArray(hand)) {
      const button = (c) => (mine && playable ? { ok: playable.has(c), selected: card === c } : null);
      cards = hand.length ? hand.map((c) => cardFace(c, { button: button(c) })) : [h("span", { class: "empty" }, words.HANDS.none)];
    } else if (typeof hand === "number" || Array.isArray(view.hand_counts)) {
      if (typeof hand !== "number") hand = view.hand_counts[seat];
      cards = hand ? Array.from({ length: hand }, () => h("span", { class: "card-back", "aria-hidden": "true" })) : [h("span", { class: "empty" }, words.HANDS.none)];
      cards.push(h("span", { class: "sr-only hint" }, words.HANDS.hiddenCount(hand)));
    } else {
      cards = [h("span", { class: "empty" }, words.HANDS.hidden)];
    }
    return h("section", { class: `hand${mine || viewOnly ? "" : " small"}${acting ? " acting" : ""}`, "aria-label": title, "data-seat": String(seat) },
      h("h3", {}, title, acting ? h("span", { class: "tag turn badge turn" }, words.HANDS.toPlay) : null),
      h("div", { class: "cards" }, cards));
  });
}

// A replay's piles: the draw pile in order (its next card marked) and the discard (the card just played marked).
export function drawPiles(doc, used) {
  const pile = doc.draw_pile || [];
  const discard = doc.discard || [];
  const empty = () => h("span", { class: "empty" }, words.HANDS.empty);
  return [
    h("section", { class: "hand pile", "aria-label": words.HANDS.pileLabel },
      h("h3", {}, words.HANDS.pile(pile.length)),
      h("div", { class: "cards" }, pile.length ? pile.map((c, i) => cardFace(c, { extra: i === 0 ? "next" : "" })) : empty())),
    h("section", { class: "hand pile", "aria-label": words.HANDS.discardLabel },
      h("h3", {}, words.HANDS.discard(discard.length, used)),
      h("div", { class: "cards" }, discard.length ? discard.map((c) => cardFace(c, { extra: c === used ? "just" : "" })) : empty())),
  ];
}
