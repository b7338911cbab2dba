// 3-High hands beside the board: the viewer's hand first (its cards are buttons on the viewer's turn,
// for the card-first way of playing), then the others' hands (open, or backs under hidden_hands).
import { h } from "../core/store.js";
import { SUITS, parseCard, cardWords, cardLabel } from "./three_high_parts.js";

// hands: the container; ctx: the board's ctx (seatName); pickCard(card): the board's handler.
export function handsRenderer(hands, ctx, state, pickCard) {
  function cardEl(c, playable, cardOk) {
    const pc = parseCard(c);
    const cls = `card-face${pc.red ? " red" : ""}${pc.suit === "D" ? " diamond" : ""}`;
    const inner = [
      h("span", { class: "rank", "aria-hidden": "true" }, pc.rank),
      h("span", { class: "suit", "aria-hidden": "true" }, SUITS[pc.suit]),
    ];
    if (!playable) return h("span", { class: cls, role: "img", "aria-label": cardWords(c), "data-card": c }, inner);
    const ok = cardOk.has(c);
    const selected = state.ui.card === c;
    const dist = pc.suit === "D" ? `moves any pyramid ${pc.value}` : `moves a pyramid ${pc.value} minus its size`;
    return h("button", {
      type: "button", class: `${cls}${selected ? " selected" : ""}${ok ? "" : " dead"}`,
      "data-card": c, "aria-pressed": selected ? "true" : "false", disabled: !ok,
      "aria-label": `${cardWords(c)}: ${ok ? dist : "no legal play with this card"}`,
      title: ok ? `${cardLabel(c)}: ${dist} (optional: pick it first to see only its plays)` : "No legal play with this card",
      onclick: () => pickCard(c),
    }, inner);
  }

  return function renderHands(d, myTurn, cardOk) {
    const t = d.t;
    const handsV = d.view.hands || [];
    const me = state.me;
    const order = [];
    if (me != null && me < handsV.length) order.push(me);
    for (let s = 0; s < handsV.length; s++) if (s !== me) order.push(s);
    const key = JSON.stringify([handsV, me, state.ui.card, myTurn, t.to_act, t.seats.map((s) => s.name)]);
    if (hands.dataset.key === key) return;
    const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.card;
    hands.dataset.key = key;
    hands.replaceChildren(...order.map((seat) => {
      let hand = handsV[seat];
      const mine = seat === me;
      const acting = (t.to_act || []).includes(seat);
      const title = mine ? "Your hand" : `${ctx.seatName(seat)}'s hand`;
      let cards;
      if (Array.isArray(hand)) {
        cards = hand.length ? hand.map((c) => cardEl(c, mine && myTurn, cardOk)) : [h("span", { class: "empty" }, "no cards")];
      } else if (typeof hand === "number" || Array.isArray(d.view.hand_counts)) {
        if (typeof hand !== "number") hand = d.view.hand_counts[seat];
        cards = hand ? Array.from({ length: hand }, () => h("span", { class: "card-back", "aria-hidden": "true" })) : [h("span", { class: "empty" }, "no cards")];
        cards.push(h("span", { class: "sr-only hint" }, `${hand} hidden card${hand === 1 ? "" : "s"}`));
      } else {
        cards = [h("span", { class: "empty" }, "hidden")];
      }
      return h("section", { class: `hand${mine ? "" : " small"}${acting ? " acting" : ""}`, "aria-label": title },
        h("h3", {}, title, acting ? h("span", { class: "tag turn badge turn" }, "to play") : null),
        h("div", { class: "cards" }, cards));
    }));
    if (focused) {
      const again = hands.querySelector(`[data-card="${focused}"]`);
      if (again) again.focus();
    }
  };
}
