// Martian Treasure Hunt's live board: the page's wiring. It puts draw.js's layers on the page, turns the
// player's taps, drags and keys into ui.js's functions (arrange the home row and send one of the listed
// orders; move the rolled coin to one of the listed squares), and plays each step's roll (anim.js).
// render() reads the state and writes the page only: the state changes in the event handlers and in
// animate (the shell's messages). It never decides legality itself.
import { h } from "../../core/store.js";
import { S, svg, seatVar } from "./parts.js";
import { renderDice, renderNote, renderScores, legend } from "./panel.js";
import { readingOrder, shuffledOrder, screenOrder, loadDraft, saveDraft, forgetDraft, sendOrder, renderArrangeBar } from "./arrange.js";
import { playSteps } from "./anim.js";
import { boardLabel, hintText, hintBanner, hintSaid, pyramidsLeft, SAY } from "./words.js";
import { LAYERS, frameFor, liveScene, drawGround, drawLabels, drawPieces, drawMarks, squareStates } from "./draw.js";
import {
  createUi, situation, arrangeKey, arranging, pickHome, swapHomes, nudgeHome, setOrder, unpick, kept, stepComing, dropSteps,
} from "./ui.js";
import { dragController } from "./drag.js";

export function createBoard(root, ctx) {
  const { state } = ctx;
  const ui = state.ui = createUi();
  const names = (seat) => ctx.seatName(seat);
  const colorOf = (seat) => (ctx.seatColor ? ctx.seatColor(seat) : seatVar(seat));
  const isBot = (seat) => !!(state.table && state.table.seats && state.table.seats[seat] && state.table.seats[seat].bot);
  let alive = true;

  const diceEl = h("div", { class: "mth-dice" });
  const noteEl = h("div", { class: "mth-note", role: "status", "aria-live": "polite", hidden: true });
  const arrangeEl = h("div", { class: "mth-arrange", hidden: true });
  const boardSvg = svg("svg", { class: "mth-board", role: "group" });
  const layers = {};
  const hintLayer = svg("g", { class: "hint-mark" });   // the hinted square's ★, above the pieces, under the hit areas
  for (const name of LAYERS) {
    if (name === "hits") boardSvg.append(hintLayer);
    boardSvg.append(layers[name] = svg("g", { class: name }));
  }
  const scoresEl = h("div", { class: "mth-side side-card" });
  const pill = h("span", { class: "pill", "data-testid": "pyramids-left" });
  const main = h("div", { class: "mth" }, h("div", { class: "mth-boardwrap" }, boardSvg));
  root.replaceChildren(main);
  // The action bar under the board (the shell's): the dice and the roll in words, a lost turn, the
  // pyramids left; while arranging, Shuffle, Default order and Place my coins.
  const bar = h("div", { class: "mth-bar" }, h("div", { class: "mth-top" }, diceEl), noteEl, arrangeEl);
  if (ctx.actionRoot) ctx.actionRoot.replaceChildren(bar); else root.replaceChildren(bar, main);
  (ctx.sideRoot || root).replaceChildren(h("div", { class: "mth-left" }, pill), scoresEl, legend());

  // What is on the page now (not state: the DOM and the keys it was drawn from, to redraw only what changed).
  const drawn = { frameKey: "", fr: null, labelsKey: "", piecesKey: "", hits: {}, words: {} };
  const now = () => situation(state.table, state.me, state.pending);
  const key = () => arrangeKey(state.code, state.me);
  // The order the viewer's home row starts from: the draft kept in this browser, else left to right.
  const start = () => loadDraft(state.code, state.me) || readingOrder(now().view, state.me, drawn.fr);
  const scene = () => liveScene(ui, state.table, { me: state.me, pending: state.pending, names, colorOf, fr: drawn.fr, code: state.code,
    start: now().mustArrange ? start() : null });
  // The arrangement to change (begun from the row as shown), for the handlers.
  const arrangement = () => {
    const draft = loadDraft(state.code, state.me);
    return arranging(ui, key(), draft || readingOrder(now().view, state.me, drawn.fr), draft && JSON.stringify(draft));
  };

  // ---- putting draw.js's layers on the page ----
  function placeFrame(view) {
    const { fr, key: fk } = frameFor(view, state.me);
    if (fk === drawn.frameKey) return;
    Object.assign(drawn, { frameKey: fk, fr, labelsKey: "", piecesKey: "", hits: {} });
    boardSvg.setAttribute("viewBox", `0 0 ${fr.width} ${fr.height}`);
    boardSvg.style.setProperty("--mth-aspect", (fr.width / fr.height).toFixed(3));
    boardSvg.setAttribute("aria-label", boardLabel(state.me != null));
    layers.tiles.replaceChildren(...drawGround({ fr, view, colorOf }));
    layers.hits.replaceChildren(...view.board.squares.map((sq) => {
      const [x, y] = fr.at(sq);
      const hit = svg("rect", { x, y, width: S, height: S, class: "hit", "data-square": sq });
      const tip = svg("title");
      hit.append(tip);
      drawn.hits[sq] = { hit, tip };
      return hit;
    }));
  }
  function placeHits(sc) {
    const states = squareStates(sc, drawn.words);
    const star = hintedSquare();
    for (const [sq, { hit, tip }] of Object.entries(drawn.hits)) {
      const st = states[sq];
      if (st.tabbable) { hit.setAttribute("tabindex", "0"); hit.setAttribute("role", "button"); }
      else { hit.removeAttribute("tabindex"); hit.removeAttribute("role"); }
      if (st.role) hit.dataset.state = st.role; else delete hit.dataset.state;
      const label = sq === star ? `★ ${st.label}` : st.label;
      if (sq === star) hit.dataset.hint = "1"; else delete hit.dataset.hint;
      hit.setAttribute("aria-label", label);
      tip.textContent = label;
    }
  }
  // The bot's suggestion (the shell's Hint button), while the table has not moved on: in play, its square
  // is marked ★ and takes the keyboard (Enter plays it); while arranging, its order is laid on the home row.
  const hintNow = () => (ui.hint && state.table && ui.hint.seq === state.table.seq ? ui.hint : null);
  const hintedSquare = () => { const x = hintNow(); return x && x.move.to && now().dests[x.move.to] ? x.move.to : null; };
  function showHint(move, reason) {
    const d = now();
    if (!(d.myTurn && move.to && d.dests[move.to]) && !(d.mustArrange && Array.isArray(move.order))) return;
    ui.hint = { move, reason: reason || "", seq: state.table.seq };
    if (d.mustArrange) arranged(setOrderOf(move.order));
    else redrawNow(move.to);
    if (ctx.say) ctx.say(hintSaid(ui.hint));
  }

  // ---- render: reads the state, writes the page ----
  function render() {
    const t = state.table;
    const d = now();
    if (!t || !d.view.board) return;
    const view = d.view;
    placeFrame(view);
    const sc = scene();
    const seats = (view.board.home_rows || []).map((_, seat) => names(seat));
    const labelsKey = JSON.stringify([drawn.frameKey, seats, view.sides]);
    if (labelsKey !== drawn.labelsKey) {
      drawn.labelsKey = labelsKey;
      layers.labels.replaceChildren(...drawLabels(sc));
    }
    const piecesKey = JSON.stringify([view.pyramids, view.coins, view.arranged, sc.order, sc.mustArrange, drawn.frameKey, seats]);
    if (piecesKey !== drawn.piecesKey) {
      drawn.piecesKey = piecesKey;
      const { groups, words } = drawPieces(sc);
      layers.pieces.replaceChildren(...groups);
      drawn.words = words;
    }
    layers.marks.replaceChildren(...drawMarks(sc));
    const star = hintedSquare();
    hintLayer.replaceChildren();
    if (star && drawn.fr) {
      const [cx, cy] = drawn.fr.centre(star);
      const mark = svg("text", { x: cx + S * 0.3, y: cy - S * 0.18, class: "mth-hint-star", "text-anchor": "middle", "aria-hidden": "true" });
      mark.textContent = "★";
      hintLayer.append(mark);
    }
    placeHits(sc);
    paintTop();
    pill.replaceChildren(...pyramidsLeft(view.pyramids_left).map((part, i) => (i === 1 ? h("span", { class: "num" }, part) : part)));
    renderArrangeBar(arrangeEl, { playing: t.status === "playing", view, me: d.me, mustArrange: d.mustArrange, names, bots: isBot,
      sending: !!(ui.arr && ui.arr.retrySeq != null), pending: state.pending, actions });
    renderScores(scoresEl, { view, names, colorOf, acting: d.acting });
    main.dataset.phase = bar.dataset.phase = view.phase || "";
    main.dataset.mine = d.myTurn || d.mustArrange ? "1" : "";
  }

  // The parts above the board, also drawn on their own while the dice roll.
  function paintTop() {
    const d = now();
    if (!d.t || !d.view.board) return;
    renderDice(diceEl, { view: d.view, names, me: d.me, shown: ui.anim.dice, acting: d.acting[0], lobby: d.t.status === "lobby" });
    renderNote(noteEl, { last: d.t.last, names, override: ui.anim.note });
    layers.marks.classList.toggle("hide-rolled", ui.anim.busy);
  }

  // ---- the handlers: each changes ui through ui.js, then the board is drawn ----
  // The board drawn now (so the keyboard can land on it), and the rest of the page at the next frame.
  function redrawNow(focusSq) {
    render();
    if (focusSq && drawn.hits[focusSq]) drawn.hits[focusSq].hit.focus({ preventScroll: true });
    ctx.redraw();
  }
  // The arrangement changed: keep it in this browser's storage and draw it.
  function arranged(arr, focusSq) {
    kept(arr, saveDraft(state.code, state.me, arr.order, arr.saved));
    redrawNow(focusSq);
  }
  const homeRow = () => now().view.board.home_rows[state.me];
  const homeIndex = (sq) => (now().mustArrange ? homeRow().indexOf(sq) : -1);

  function play(sq) {
    const d = now();
    if (d.myTurn && d.dests[sq]) ctx.sendMove(d.dests[sq].move);   // exactly the dict the server listed
  }
  function activate(sq) {
    const d = now();
    if (d.myTurn && d.dests[sq]) return play(sq);
    const i = homeIndex(sq);
    if (i >= 0) {
      if (state.pending) return;
      const arr = arrangement();
      return arranged(arr, homeRow()[pickHome(arr, i)]);
    }
    explain(d);
  }
  function explain(d) {
    if (d.view.phase === "arrange") {
      if (d.me != null && !d.mustArrange && d.view.arranged && d.view.arranged[d.me]) ctx.say(SAY.placed());
      else if (ctx.explainWait && !d.mustArrange) ctx.explainWait();
      else ctx.say(SAY.arrangeHere());
      return;
    }
    if (!d.myTurn) { if (ctx.explainWait) ctx.explainWait(); return; }
    ctx.say(SAY.pickGreen(d.view.dice));
  }
  const actions = {
    shuffle: () => arranged(setOrderOf(shuffledOrder())),
    reset: () => arranged(setOrderOf(readingOrder(now().view, state.me, drawn.fr))),
    place: async () => {
      if (!now().mustArrange || state.pending) return;
      const placed = await sendOrder(ctx, state, arrangement(), { still: () => alive && now().mustArrange, gone: () => !alive });
      if (placed) forgetDraft(state.code, state.me);
    },
  };
  function setOrderOf(order) {
    const arr = arrangement();
    setOrder(arr, order);
    return arr;
  }

  boardSvg.addEventListener("click", (ev) => {
    if (drag.swallow()) return;
    const hit = ev.target.closest(".hit");
    if (hit) activate(hit.dataset.square);
  });
  boardSvg.addEventListener("keydown", (ev) => {
    const hit = ev.target.closest(".hit[tabindex]");
    if (!hit) return;
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); activate(hit.dataset.square); return; }
    const i = homeIndex(hit.dataset.square);
    if (i >= 0 && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) {
      ev.preventDefault();
      const arr = arrangement();
      const to = nudgeHome(arr, i, screenOrder(now().view, state.me, drawn.fr), ev.key === "ArrowLeft" ? -1 : 1);
      if (to != null) arranged(arr, homeRow()[to]);
    }
  });
  const onKey = (ev) => {
    if (ev.key === "Escape" && ui.arr && ui.arr.picked != null) { unpick(ui.arr); ctx.redraw(); }
  };
  document.addEventListener("keydown", onKey);

  const drag = dragController(boardSvg, layers.drag, {
    // which squares start a drag: the rolled coin on my turn, my home-row coins while arranging
    canStart(sq) { const d = now(); return (d.myTurn && sq === d.rolled) || homeIndex(sq) >= 0; },
    ghost(sq) { const g = layers.pieces.querySelector(`g[data-square="${sq}"]`); return g ? g.firstChild.cloneNode(true) : null; },
    drop(from, to) {
      const d = now();
      if (d.myTurn && from === d.rolled) { if (d.dests[to]) play(to); return; }
      const i = homeIndex(from), j = homeIndex(to);
      if (i >= 0 && j >= 0 && i !== j) {
        const arr = arrangement();
        swapHomes(arr, i, j);
        arranged(arr);
      }
    },
    squareAt(pt) {
      for (const sq of Object.keys(drawn.hits)) {
        const [x, y] = drawn.fr.at(sq);
        if (pt.x >= x && pt.x < x + S && pt.y >= y && pt.y < y + S) return sq;
      }
      return null;
    },
  });

  // The move just made glides from where it was to where it is, once the state that put it there is drawn.
  function glide() {
    const g = ui.anim.glide;
    if (!alive || !g || !state.table || state.table.seq !== g.seq) return;
    render();
    const el = layers.pieces.querySelector(`g[data-square="${g.to}"] .coin`);
    if (!el || !el.animate || !drawn.hits[g.from]) return;
    const [fx, fy] = drawn.fr.centre(g.from), [tx, ty] = drawn.fr.centre(g.to);
    layers.pieces.append(el.parentNode);   // above its neighbours while it travels
    el.animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px)` }, { transform: "translate(0px, -6px)", offset: 0.85 },
      { transform: "translate(0px, 0px)" }], { duration: 480, easing: "ease-in-out" });
  }

  // The viewer's arrangement is placed (here or in another tab): its draft is not needed any more.
  const placedAlready = (view) => state.me != null && (view.phase !== "arrange" || (view.arranged && view.arranged[state.me]));
  if (state.table && state.table.view && placedAlready(state.table.view)) forgetDraft(state.code, state.me);

  function hint() {
    const d = now();
    const touch = !!window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
    const x = hintNow();
    if (!state.pending && x && (hintedSquare() || (d.mustArrange && x.move.order))) return hintBanner(x, touch);
    return hintText({ pending: state.pending, phase: d.view.phase, mustArrange: d.mustArrange, others: d.acting.filter((s) => s !== d.me).length,
      dice: d.view.dice, dests: Object.keys(d.dests).length, touch });
  }

  return {
    render,
    hint,
    showHint,
    // The shell calls this just before it applies the state that follows the step.
    animate: (step) => {
      if (step && (step.events || []).some((e) => e.type === "reveal" || (e.type === "arranged" && (e.seat ?? step.seat) === state.me))) {
        forgetDraft(state.code, state.me);
      }
      const idle = !ui.anim.busy;
      stepComing(ui, step);
      if (idle) {
        playSteps(ui, { paint: paintTop, names, urgent: () => { const d = now(); return d.myTurn || d.mustArrange; }, alive: () => alive });
      }
      queueMicrotask(glide);
    },
    destroy: () => { alive = false; dropSteps(ui); drag.destroy(); document.removeEventListener("keydown", onKey); bar.remove(); },
  };
}
