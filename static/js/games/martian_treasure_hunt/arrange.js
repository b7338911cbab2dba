// The arrange phase: the player's order of coins along the home row, composed on the board (ui.js) and
// sent as one of the listed {"order": [...]} moves. Every seat arranges at once, so a send may meet a
// stale_seq refusal (someone else arranged a moment earlier): the order is sent again once the page has
// caught up with the table. An order being composed is kept in the browser's storage, per table and
// seat, until it is placed: a reload finds it again.
import { h, setChildren } from "../../core/store.js";
import { listedOrder, sendBegins, sendTried, sendWaits, sendEnds } from "./ui.js";
import { ARRANGE, SAY } from "./words.js";

// The home row's squares as the viewer sees them, left to right (indices into view.board.home_rows[me]).
export function screenOrder(view, me, fr) {
  const row = view.board.home_rows[me];
  return row.map((sq, i) => ({ i, sq, col: fr.cell(sq)[0] })).sort((a, b) => a.col - b.col).map((e) => e.i);
}

// The order that reads 0 1 2 3 4 5 from the player's own left to right.
export function readingOrder(view, me, fr) {
  const order = new Array(6);
  screenOrder(view, me, fr).forEach((index, k) => { order[index] = k; });
  return order;
}

export function shuffledOrder() {
  const order = [0, 1, 2, 3, 4, 5];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

// ---- the draft in the browser's storage (blocked storage, as in a private window: the page only) ----
const draftKey = (code, me) => `icehouse:mth-order:${code}:${me}`;
export function loadDraft(code, me) {
  try {
    const order = JSON.parse(localStorage.getItem(draftKey(code, me)) || "null");
    const ok = Array.isArray(order) && order.length === 6 && [...order].sort().every((v, i) => v === i);
    return ok ? order : null;
  } catch { return null; }
}
// Keep `order` unless it is the text already kept; returns the text kept.
export function saveDraft(code, me, order, saved) {
  const text = JSON.stringify(order);
  if (text === saved) return saved;
  try { localStorage.setItem(draftKey(code, me), text); } catch { /* storage blocked: nothing to keep */ }
  return text;
}
export function forgetDraft(code, me) {
  try { localStorage.removeItem(draftKey(code, me)); } catch { /* storage blocked: nothing kept */ }
}

// ---- sending ----
const RETRY = new Set(["stale_seq", "pending", "timeout"]);
const TRIES = 6;
const WAIT_MS = 30000;   // how long a refused order waits for the table to move on before giving up

// Resolves true once ready() holds, false after `ms` or once gone() holds.
function until(ready, gone, ms) {
  const end = Date.now() + ms;
  return new Promise((resolve) => {
    const check = () => {
      if (gone()) return resolve(false);
      if (ready()) return resolve(true);
      if (Date.now() > end) return resolve(false);
      setTimeout(check, 100);
    };
    check();
  });
}

// Send the composed order: the listed move with the same order (never a dict of our own making); sent
// again, as the table now lists it, each time a refusal only says the table moved on. `still()`: the
// viewer must still arrange; `gone()`: the board has left the page. Resolves true once placed.
export async function sendOrder(ctx, state, arr, { still, gone }) {
  sendBegins(arr);
  let placed = false;
  for (;;) {
    const t = state.table;
    const move = listedOrder(t.legal_moves || [], arr.order);
    if (!move) break;
    const seq = t.seq;
    sendTried(arr);
    const res = await ctx.sendMove(move, { quietStale: true });
    if (!(res && res.ok === false && RETRY.has(res.code))) { placed = !!(res && res.ok); break; }
    if (arr.tries >= TRIES) { ctx.say(SAY.placeFailed()); break; }
    sendWaits(arr, seq);
    ctx.redraw();
    const moved = await until(() => !state.pending && state.table.seq > seq, gone, WAIT_MS);
    if (!moved && !gone() && still()) ctx.say(SAY.placeFailed());
    if (!moved || !still()) break;
  }
  sendEnds(arr);
  ctx.redraw();
  return placed;
}

// The controls above the board: what to do, or whom we are waiting for.
// Nothing is said before the game has started (the lobby has its own words): nobody arranges there.
export function renderArrangeBar(el, { playing, view, me, mustArrange, names, bots, sending, pending, actions }) {
  const waiting = (view.to_act || []).filter((s) => s !== me);
  const busy = pending || sending;
  const placed = me != null && !!(view.arranged && view.arranged[me]);
  const key = JSON.stringify([view.phase, mustArrange, waiting, waiting.map(names), busy, me, placed]);
  el.hidden = view.phase !== "arrange" || !playing;
  if (el.hidden) { el.dataset.key = ""; return; }
  setChildren(el, key, () => {
    const who = waiting.map((s) => ARRANGE.who(names(s), bots(s))).join(", ");
    const waitLine = h("p", { class: "waiting", "data-testid": "arrange-waiting" }, ARRANGE.waiting(waiting.length, who));
    if (!mustArrange) return [placed ? h("p", { class: "done" }, ARRANGE.placed) : null, waiting.length ? waitLine : null];
    return [
      h("p", { class: "how", title: ARRANGE.how }, h("span", { class: "long" }, ARRANGE.how), h("span", { class: "short" }, ARRANGE.howShort)),
      h("div", { class: "row" },
        h("button", { class: "btn", type: "button", "data-action": "shuffle", onclick: actions.shuffle, disabled: busy }, ARRANGE.shuffle),
        h("button", { class: "btn", type: "button", "data-action": "default", onclick: actions.reset, disabled: busy }, ARRANGE.reset),
        h("button", { class: "btn primary", type: "button", "data-action": "place", onclick: actions.place, disabled: busy },
          busy ? ARRANGE.placing : ARRANGE.place)),
      waiting.length ? h("p", { class: "hint" }, ARRANGE.also(who)) : null,
    ];
  });
}
