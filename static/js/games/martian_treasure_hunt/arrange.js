// The arrange phase: the player's order of coins along the home row, composed on the board and sent
// as one of the listed {"order": [...]} moves. Every seat arranges at once, so a send may meet a
// stale_seq refusal (someone else arranged a moment earlier): the order is sent again once the page has
// caught up with the table.
import { h, setChildren } from "../../core/store.js";

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

// The arranging state kept in state.ui (it outlives renders and other seats' moves). An order being composed
// is also kept in the browser's storage, per table and seat, until it is sent: a reload finds it again.
export function arrangeUi(state, view, me, fr) {
  const ui = state.ui;
  const key = `${state.code}|${me}`;
  if (!ui.arr || ui.arr.key !== key) {
    const draft = loadDraft(state.code, me);
    ui.arr = { key, order: draft || readingOrder(view, me, fr), picked: null, retrySeq: null, tries: 0, saved: draft ? JSON.stringify(draft) : null };
  }
  return ui.arr;
}

const draftKey = (code, me) => `icehouse:mth-order:${code}:${me}`;
function loadDraft(code, me) {
  try {
    const order = JSON.parse(localStorage.getItem(draftKey(code, me)) || "null");
    const ok = Array.isArray(order) && order.length === 6 && [...order].sort().every((v, i) => v === i);
    return ok ? order : null;
  } catch { return null; }   // storage blocked (a private window): the draft lives in the page only
}

// Called from render(): store the order while it is being composed; forget it once it is placed (or the
// arrange phase is over).
export function keepDraft(state, arr, mustArrange, view) {
  const placing = arr && arr.retrySeq != null;
  try {
    if (mustArrange && arr) {
      const text = JSON.stringify(arr.order);
      if (text !== arr.saved) { localStorage.setItem(draftKey(state.code, state.me), text); arr.saved = text; }
    } else if (state.me != null && !placing && (view.phase !== "arrange" || (view.arranged && view.arranged[state.me]))) {
      localStorage.removeItem(draftKey(state.code, state.me));
      if (arr) arr.saved = null;
    }
  } catch { /* storage blocked: nothing to keep */ }
}

export function swap(arr, i, j) {
  if (i === j || i == null || j == null) return;
  [arr.order[i], arr.order[j]] = [arr.order[j], arr.order[i]];
}

// Send the composed order: the listed move with the same order (never a dict of our own making).
export async function sendOrder(ctx, state, arr) {
  const t = state.table;
  const move = (t.legal_moves || []).find((m) => Array.isArray(m.order) && m.order.every((v, i) => v === arr.order[i]));
  if (!move) return;
  const seq = t.seq;
  arr.tries += 1;
  const res = await ctx.sendMove(move, { quietStale: true });
  if (res && res.ok === false && (res.code === "stale_seq" || res.code === "pending" || res.code === "timeout")) {
    if (arr.tries < 6) { arr.retrySeq = seq; return; }   // render() resends once the table has moved on
    ctx.say("Your coins could not be placed (the table kept changing): press “Place my coins” again.");
  }
  arr.tries = 0;
  ctx.redraw();
}

// Called from render(): resend a refused order once the page shows a newer seq.
export function maybeRetry(ctx, state, arr, mustArrange) {
  if (!arr || arr.retrySeq == null || state.pending) return;
  const t = state.table;
  if (!mustArrange) { arr.retrySeq = null; arr.tries = 0; return; }
  if (t.seq > arr.retrySeq) { arr.retrySeq = null; sendOrder(ctx, state, arr); }
}

// The controls above the board: what to do, or whom we are waiting for.
// Nothing is said before the game has started (the lobby has its own words): nobody arranges there.
export function renderArrangeBar(el, { state, view, me, mustArrange, names, bots, actions }) {
  const playing = !!state.table && state.table.status === "playing";
  const waiting = (view.to_act || []).filter((s) => s !== me);
  const pending = state.pending || (state.ui.arr && state.ui.arr.retrySeq != null);
  const placed = me != null && !!(view.arranged && view.arranged[me]);
  const key = JSON.stringify([view.phase, mustArrange, waiting, waiting.map(names), pending, me, placed]);
  el.hidden = view.phase !== "arrange" || !playing;
  if (el.hidden) { el.dataset.key = ""; return; }
  setChildren(el, key, () => {
    const who = waiting.map((s) => `${names(s)}${bots(s) ? " (bot)" : ""}`).join(", ");
    const waitLine = h("p", { class: "waiting", "data-testid": "arrange-waiting" },
      `Waiting for ${waiting.length} player${waiting.length === 1 ? "" : "s"} to arrange: ${who}.`);
    if (!mustArrange) {
      return [placed ? h("p", { class: "done" }, "Your coins are placed. Nobody sees another player's order until everyone has arranged.") : null,
        waiting.length ? waitLine : null];
    }
    return [
      h("p", { class: "how" }, h("span", { class: "long" }, "Arrange your six coins along your home row (at the bottom): drag a coin onto another to swap them, or tap two coins. Keyboard: Enter picks a coin, arrows move it."),
        h("span", { class: "short" }, "Tap two coins of your bottom row to swap them (or drag one onto another).")),
      h("div", { class: "row" },
        h("button", { class: "btn", type: "button", "data-action": "shuffle", onclick: actions.shuffle, disabled: pending }, "Shuffle"),
        h("button", { class: "btn", type: "button", "data-action": "default", onclick: actions.reset, disabled: pending }, "Default order"),
        h("button", { class: "btn primary", type: "button", "data-action": "place", onclick: actions.place, disabled: pending },
          pending ? "Placing…" : "Place my coins")),
      waiting.length ? h("p", { class: "hint" }, `Also arranging now: ${who}.`) : null,
    ];
  });
}
