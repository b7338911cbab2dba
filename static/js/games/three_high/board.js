// 3-High's live board. It builds the page's parts once, turns pointer, keys and buttons into calls of the
// ui functions (ui.js), sends the listed moves they produce, and paints what draw.js and hands.js draw from
// the table and the ui (each part replaced only when what it shows changed). It never decides legality.
//
// A play takes two actions: pick a pyramid, then a destination (click, keys, or drag and drop). When several
// cards (or sides) lead there, the board asks which card. Picking a card first still works: it narrows the
// pyramids and squares to that card.
import { h, setChildren } from "../../core/store.js";
import { sound } from "../../core/notify.js";
import { S, W, svg, sqXY, squareAt, fitLabel } from "./parts.js";
import { drawBoard, drawStatus, drawChooser, ghostAt } from "./draw.js";
import { drawHands } from "./hands.js";
import * as UI from "./ui.js";
import * as words from "./words.js";

const reducedMotion = () => !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
const touch = () => !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);

// The player's 3-High settings, remembered in this browser: "letters" (a letter on each pyramid, R O Y G B,
// for colour-blind play) and "autoCard" (when several cards lead to the same square, play the card with
// the fewest other plays instead of asking).
export function prefOn(name) {
  try { return localStorage.getItem(`icehouse.threeHigh.${name}`) === "1"; } catch { return false; }
}
function setPref(name, on) {
  try { localStorage.setItem(`icehouse.threeHigh.${name}`, on ? "1" : "0"); } catch { /* private mode: not remembered */ }
}

export function createBoard(root, ctx) {
  const { state } = ctx;
  const ui = UI.create();
  state.ui = ui;

  // ---- the parts, built once: the board's <svg> stays (its listeners, a drag's pointer capture) ----
  const status = h("div", { class: "th-status" });
  const board = svg("svg", { class: "th-board", viewBox: `0 0 ${W} ${W}` });
  const wrap = h("div", { class: "th-boardwrap" }, board);
  // The action bar under the board (the shell's): the trees and the draw pile, and "which card?" when
  // several cards lead to the square picked.
  const bar = h("div", { class: "th-bar" }, status, drawChooser(state.table || {}, null));
  const hands = h("div", { class: "hands" });
  const check = (id, pref, text, onchange) => h("label", { class: "check", for: id },
    h("input", { type: "checkbox", id, checked: prefOn(pref), onchange: (ev) => { setPref(pref, ev.target.checked); onchange(); } }), text);
  const help = h("details", { class: "th-help-box side-card" },
    h("summary", {}, words.HELP.summary),
    h("p", { class: "hint" }, words.HELP.text, h("a", { href: "/rules/three-high", target: "_blank", rel: "noopener" }, words.HELP.rules)),
    check("th-letters", "letters", words.HELP.letters, () => paint()),
    check("th-auto-card", "autoCard", words.HELP.autoCard, () => {}));
  root.replaceChildren(h("div", { class: "th" }, wrap));
  if (ctx.actionRoot) ctx.actionRoot.replaceChildren(bar); else root.append(bar);
  (ctx.sideRoot || root).replaceChildren(hands, help);

  const table = () => state.table;
  const read = () => UI.read(table());
  const myTurn = () => read().legal.length > 0 && !state.pending;

  // What a ui function asked for: send a move, say why the page chose a card, move the focus. The board
  // is painted at once, so the focus can go to what it drew; the shell redraws the rest.
  function apply(effect) {
    if (effect && effect.send) ctx.sendMove(effect.send);   // exactly the dict the server listed
    if (effect && effect.picked && ctx.say) ctx.say(words.autoPicked(effect.picked));
    paint();
    if (effect && effect.focus) moveFocus(effect.focus);
    ctx.redraw();
  }

  // ---- the pointer and the keys ----
  const svgPoint = (ev) => {
    const m = board.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  board.addEventListener("pointerdown", (ev) => {
    const hit = ev.target.closest(".hit");
    if (!hit || !["movable", "selected"].includes(hit.dataset.state) || ev.button > 0) return;
    UI.press(ui, hit.dataset.square, ev.clientX, ev.clientY);
  });
  board.addEventListener("pointermove", (ev) => {
    const drag = ui.drag;
    if (!drag) return;
    if (!drag.moved) {   // a press that does not travel is an ordinary click
      if (Math.hypot(ev.clientX - drag.x0, ev.clientY - drag.y0) < 8) return;
      if (!UI.dragStart(ui, read())) return;
      try { board.setPointerCapture(ev.pointerId); } catch { /* fine without */ }
      UI.dragTo(ui, svgPoint(ev));
      apply(null);
      return;
    }
    UI.dragTo(ui, svgPoint(ev));
    const ghost = board.querySelector(".drag-ghost");
    if (ghost && ui.drag.at) ghost.setAttribute("transform", ghostAt(ui.drag.at));
  });
  board.addEventListener("pointerup", (ev) => {
    if (!ui.drag) return;
    apply(UI.drop(ui, read(), squareAt(svgPoint(ev)), prefOn("autoCard")));
    setTimeout(() => UI.swallow(ui), 0);
  });
  board.addEventListener("pointercancel", () => { UI.dragCancel(ui); apply(null); });
  board.addEventListener("click", (ev) => {
    if (UI.swallow(ui)) return;
    const hit = ev.target.closest(".hit");
    if (hit && hit.hasAttribute("tabindex")) apply(UI.pickSquare(ui, read(), hit.dataset.square, prefOn("autoCard")));
    else if (hit) explainSquare(hit.dataset.square);
  });
  board.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const el = ev.target.closest(".hit");
    if (!el || !el.hasAttribute("tabindex")) return;
    ev.preventDefault();
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  bar.addEventListener("click", (ev) => {
    const b = ev.target.closest(".th-choose button");
    if (!b || !ui.choose || !myTurn()) return;
    apply(b.dataset.cancel ? UI.cancel(ui, read()) : UI.choose(ui, Number(b.dataset.i)));
  });
  hands.addEventListener("click", (ev) => {
    const c = ev.target.closest(".card-face");
    if (!c) return;
    if (c.tagName === "BUTTON") apply(UI.pickCard(ui, read(), c.dataset.card));
    else if (!myTurn() && ctx.explainWait) ctx.explainWait();   // not your turn, or watching: say why
  });
  const onKey = (ev) => {
    if (ev.key === "Escape" && UI.composing(ui)) { ev.preventDefault(); apply(UI.cancel(ui, read())); }
  };
  document.addEventListener("keydown", onKey);

  // A click that does nothing says why, in one sentence (the reasons come from the listed moves).
  function explainSquare(sq) {
    if (!myTurn()) { if (ctx.explainWait) ctx.explainWait(); return; }
    const text = words.squareRefusal(UI.refusal(read(), ui, sq));
    if (text && ctx.say) ctx.say(text);
  }

  // ---- painting: every part from the table and the ui, replaced only when its input changed ----
  function paint() {
    const t = table();
    if (!t) return;
    const d = UI.read(t);
    const turn = myTurn();
    const letters = prefOn("letters");
    const drag = ui.drag && ui.drag.moved ? [ui.drag.sq, ui.drag.piece] : null;
    const key = JSON.stringify([t.seq, t.status, state.me, d.legal.length, d.view.board, d.view.tree_squares,
      t.last && t.last.seq, ui.card, ui.piece, ui.hint, drag, turn, letters]);
    if (board.dataset.key !== key) {
      board.dataset.key = key;
      paintBoard(drawBoard(t, ui, { myTurn: turn, letters }));
    }
    setChildren(status, JSON.stringify([d.view.trees, d.view.draw_pile_count, d.view.options, t.options]),
      () => drawStatus(d.view, t.options));
    const ch = ui.choose && turn ? `${ui.choose.to}|${ui.choose.moves.map((m) => m.card + m.side).join(",")}` : "";
    const chooser = bar.querySelector(".th-choose");
    if (chooser.dataset.key !== ch) {
      const fresh = drawChooser(t, ch ? ui : null);
      fresh.dataset.key = ch;
      chooser.replaceWith(fresh);
    }
    paintHands(d, turn);
    glide(t);
  }

  // The new drawing replaces the old, except the stacks and trees that did not change (a glide or a
  // celebration still playing on them goes on); the focus stays on the square it was on.
  function paintBoard(fresh) {
    const focused = board.contains(document.activeElement) ? document.activeElement.dataset.square : null;
    const kept = new Map([...board.querySelectorAll("[data-key]")].map((el) => [el.dataset.key, el]));
    for (const el of [...fresh.querySelectorAll("[data-key]")]) {
      const old = kept.get(el.dataset.key);
      if (old) el.replaceWith(old);
    }
    for (const { name, value } of [...fresh.attributes]) board.setAttribute(name, value);
    board.replaceChildren(...fresh.childNodes);
    for (const label of board.querySelectorAll(".dest-label")) fitLabel(label, label.dataset.square);
    const again = focused && board.querySelector(`.hit[data-square="${focused}"][tabindex]`);
    if (again) again.focus({ preventScroll: true });
  }

  function paintHands(d, turn) {
    const t = d.t;
    const playable = turn ? new Set(d.legal.map((m) => m.card)) : null;
    const key = JSON.stringify([d.view.hands, d.view.hand_counts, state.me, ui.card, turn, t.to_act, (t.seats || []).map((s) => s.name)]);
    const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.card;
    if (!setChildren(hands, key, () => drawHands(d.view, { me: state.me, names: ctx.seatName, toAct: t.to_act || [], card: ui.card, playable }))) return;
    const again = focused && hands.querySelector(`[data-card="${focused}"]`);
    if (again) again.focus();
  }

  function moveFocus({ to, square = null, card = null }) {
    if (!myTurn()) return;
    let el = null;
    if (to === "card") {
      el = (card && hands.querySelector(`button.card-face[data-card="${card}"]:not([disabled])`))
        || hands.querySelector("button.card-face:not([disabled])");
    } else if (to === "movable") {
      el = (square && board.querySelector(`.hit[data-square="${square}"][data-state="movable"]`))
        || board.querySelector('.hit[data-state="movable"], .hit[data-state="selected"]');
    } else if (to === "dest") {
      el = (square && board.querySelector(`.hit[data-square="${square}"][data-state="dest"]`))
        || board.querySelector(".hit[data-hint][tabindex]") || board.querySelector('.hit[data-state="dest"][tabindex]');
    } else if (to === "choice") {
      el = bar.querySelector(".th-choose button.th-choice");
    }
    const active = document.activeElement;
    const typing = active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA");
    if (el && !typing) el.focus({ preventScroll: true });
  }

  // ---- motion: the play just made glides along its path (a straight line over the board) on every
  // screen; a tree it completes is celebrated briefly. Nothing moves under prefers-reduced-motion. ----
  function glide(t) {
    const anim = ui.anim;
    if (!anim || anim.seq !== t.seq || board.dataset.animated === String(anim.seq)) return;
    board.dataset.animated = String(anim.seq);
    const still = reducedMotion();
    setTimeout(() => sound(anim.tree ? "success" : "move"), still ? 0 : 420);   // as it lands (the switch is the page's)
    if (still) return;
    const tree = anim.tree && board.querySelector(`.tree[data-square="${anim.tree}"]`);
    if (tree && tree.animate) {
      tree.animate([{ transform: "scale(1)", opacity: 0.2 }, { transform: "scale(1.08)", opacity: 1, offset: 0.4 }, { transform: "scale(1)", opacity: 1 }],
        { duration: 900, delay: 400, easing: "ease-out" });
    }
    if (anim.from === anim.to) return;
    const stack = board.querySelector(`.pieces g[data-square="${anim.to}"]`);
    const pieces = stack ? stack.querySelectorAll(`[data-piece="${anim.piece}"]`) : [];
    const pg = pieces[pieces.length - 1];
    if (!pg || !pg.animate) return;
    const [fx, fy] = sqXY(anim.from), [tx, ty] = sqXY(anim.to);
    const dist = Math.hypot(fx - tx, fy - ty) / S;
    stack.parentNode.append(stack);  // drawn above its neighbours while it travels
    pg.animate([
      { transform: `translate(${fx - tx}px, ${fy - ty}px)` },
      { transform: `translate(${(fx - tx) / 2}px, ${(fy - ty) / 2 - 14}px)`, offset: 0.5 },   // lifted mid-way
      { transform: "translate(0px, 0px)" },
    ], { duration: Math.min(900, 320 + dist * 70), easing: "ease-in-out" });
  }

  return {
    // A new table state first updates the ui (a selection it no longer allows is dropped), then the board
    // is painted from both; painting only reads.
    render() {
      if (table()) UI.newState(ui, read());
      paint();
    },
    hint: () => words.turnHint(ui, state.pending, touch()),
    showHint(move, reason) {
      const effect = UI.showHint(ui, read(), move, reason);
      if (effect && ctx.say) ctx.say(words.hintSaid(ui.hint));
      if (effect) apply(effect);
    },
    animate: (step) => UI.stepArrived(ui, step),
    destroy: () => { document.removeEventListener("keydown", onKey); bar.remove(); },
  };
}
