// Nim's live board: the heaps (draw.js), picked with a click or Enter (ui.js), and the action bar's
// "Take n" buttons of the picked heap, which send the listed move. It knows no rule: the moves are the
// table's legal_moves.
import { h, setChildren } from "../../core/store.js";
import { drawHeaps } from "./draw.js";
import * as UI from "./ui.js";
import * as words from "./words.js";

export function createBoard(root, ctx) {
  const { state } = ctx;
  const ui = UI.create();
  state.ui = ui;
  let last = null;   // the move of the step just played, drawn as taken stones

  const wrap = h("div", { class: "nim" });
  const caption = h("p", { class: "nim-caption" });
  const takes = h("div", { class: "nim-takes" });
  const bar = h("div", { class: "nim-bar" }, caption, takes);
  const list = h("ul", { class: "nim-list" });
  root.replaceChildren(wrap);
  if (ctx.actionRoot) ctx.actionRoot.replaceChildren(bar); else root.append(bar);
  const side = h("section", { class: "nim-side card" }, h("h2", {}, words.heapsTitle()), list);
  if (ctx.sideRoot) ctx.sideRoot.replaceChildren(side); else root.append(side);

  // The viewer's legal moves now: none while it is not their turn or a move is in flight.
  const legal = () => {
    const tab = state.table;
    const mine = tab && tab.status === "playing" && state.me != null && (tab.to_act || []).includes(state.me);
    return mine && !state.pending ? tab.legal_moves || [] : [];
  };

  function pickHeap(heap) {
    if (!legal().length) {
      if (ctx.explainWait) ctx.explainWait();
      return;
    }
    UI.pick(ui, heap, legal());
    paint();
    const first = takes.querySelector("button");
    if (first) first.focus();
  }
  function take(n) {
    const move = UI.choose(ui, n, legal());
    if (move) ctx.sendMove(move);
    paint();
  }
  const heapOf = (ev) => ev.target.closest && ev.target.closest("[data-heap]");
  const onClick = (ev) => { const g = heapOf(ev); if (g) pickHeap(Number(g.dataset.heap)); };
  const onKey = (ev) => {
    const g = heapOf(ev);
    if (g && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); pickHeap(Number(g.dataset.heap)); }
    if (ev.key === "Escape" && ui.heap != null) { ui.heap = null; paint(); }
  };
  wrap.addEventListener("click", onClick);
  wrap.addEventListener("keydown", onKey);
  bar.addEventListener("keydown", onKey);

  function paint() {
    const tab = state.table;
    if (!tab || !tab.view || !tab.view.heaps) return;
    const moves = legal();
    UI.update(ui, moves);
    const playable = UI.playableHeaps(moves);
    setChildren(wrap, JSON.stringify([tab.view.heaps, ui.heap, [...playable], last]),
                () => [drawHeaps(tab.view, { picked: ui.heap, playable, last })]);
    setChildren(takes, JSON.stringify([ui.heap, moves]), () => UI.takes(ui, moves).map((move) =>
      h("button", { type: "button", class: "btn primary", "data-testid": `take-${move.take}`,
                    "aria-label": words.moveLabel(move), onclick: () => take(move.take) }, words.takeLabel(move.take))));
    caption.textContent = !moves.length ? "" : ui.heap == null ? words.hintText() : words.heapLabel(ui.heap);
    setChildren(list, JSON.stringify(tab.view.heaps), () => tab.view.heaps.map((size, heap) =>
      h("li", {}, `${words.heapLabel(heap)}: ${words.stonesWords(size)}`)));
  }

  return {
    render() { paint(); },
    animate(step) { last = step && step.move && step.move.heap != null ? step.move : null; },
    destroy() {
      wrap.removeEventListener("click", onClick);
      wrap.removeEventListener("keydown", onKey);
      bar.remove();
      side.remove();
    },
    hint() { return words.hintText(); },
  };
}
