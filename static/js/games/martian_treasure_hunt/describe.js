// Martian Treasure Hunt's board in words for a screen reader (docs/CLIENT.md describe): the
// dice, every coin and pyramid by square (squares named column,row as on the board's own labels), the
// scores, and what the viewer can do: arrange the coins, or move the rolled coin; speakEvent says a roll.
import { t, tn } from "../../core/i18n.js";
import { turnWords, myTurn, section } from "../a11y_common.js";
import { parseSq, KINDS, COIN_WORD } from "./parts.js";
import { pyramidWords, coinOnBoard, coinFaceDown, myCoin, rollWords } from "./words.js";

const byPlace = (a, b) => { const [ax, ay] = parseSq(a), [bx, by] = parseSq(b); return ay - by || ax - bx; };

export function describe(tab, ctx) {
  const view = tab.view || {};
  if (!view.board) return null;
  const what = {};
  for (const [sq, size] of Object.entries(view.pyramids || {})) what[sq] = pyramidWords(size);
  (view.coins || []).forEach((coins, seat) => {
    if (!coins) {   // face down until everyone has arranged, on the seat's home row; the viewer's own as arranged
      const order = seat === ctx.me && ctx.ui && ctx.ui.arr && ctx.ui.arr.order;
      ((view.board.home_rows || [])[seat] || []).forEach((sq, i) => {
        what[sq] = order && order[i] != null ? myCoin(order[i]) : coinFaceDown(ctx.names, seat);
      });
      return;
    }
    for (const [value, sq] of Object.entries(coins)) {
      if (sq) what[sq] = coinOnBoard(ctx.names, seat, Number(value));
    }
  });
  const squares = Object.keys(what).sort(byPlace).map((sq) => t("{sq}: {what}", { sq, what: what[sq] }));
  const scores = (view.scores || []).map((s, seat) => t("{name}: {points}", { name: ctx.names(seat), points: tn("{n} point", "{n} points", s) }));
  const dice = view.dice && view.phase === "play" ? t("Dice: {number} and {kind} ({words}).", { number: COIN_WORD[view.dice.number], kind: KINDS[view.dice.kind], words: rollWords(view.dice.number, view.dice.kind) }) : "";
  const summary = [view.phase === "arrange" ? t("The players are arranging their coins.") : dice,
    tn("{n} pyramid left.", "{n} pyramids left.", view.pyramids_left ?? Object.keys(view.pyramids || {}).length), turnWords(tab, ctx)].filter(Boolean).join(" ");
  const can = [];
  if (myTurn(tab, ctx)) {
    if (view.phase === "arrange") {
      can.push(t("Arrange your six coins on your home row: Tab to a coin, Enter picks it, then the arrow keys move it (or Enter on another coin swaps them); then press “Place my coins”."));
    } else {
      const dests = ctx.targets.filter(Boolean).map((tg) => (tg.capture
        ? t("{to} (takes {what}, +{points})", { to: tg.to, what: tg.capture === "pyramid" ? t("a pyramid") : t("a coin"), points: tg.points })
        : tg.to));
      const from = ctx.targets.find(Boolean);
      if (dests.length) can.push(t("Your {coin} coin on {sq} can go to: {dests}. Tab to a green square and press Enter.", { coin: COIN_WORD[view.dice.number], sq: from ? from.from : "", dests: dests.join(", ") }));
    }
  }
  return { summary, sections: [section(t("Coins and pyramids, row by row"), squares), section(t("Scores"), scores), section(t("What you can play"), can)] };
}

// For the live region: a roll (the dice show it; the log waits for the move).
export function speakEvent(ev, names) {
  if (ev.type !== "roll") return null;
  return t("{who} rolled: {words}", { who: names(ev.seat), words: rollWords(ev.number, ev.kind) });
}
