// Turning Points' live board: the page's wiring. It puts draw.js's layers on the page (square or hex, the
// viewer's side at the bottom), turns the player's clicks and keys into ui.js's functions (compose one of
// the moves the server listed, preview the chain the server computed for it, send it unchanged), and
// plays every move's chain (anim.js). render() reads the state and writes the page only: the state
// changes in the event handlers and in animate (the shell's messages). It decides no rule.
import { h } from "../../core/store.js";
import { svg, seatVar } from "./parts.js";
import { screenPlace, boardLabel, caption, hintText, hintBanner, hintSaid, SAY, LABELS } from "./words.js";
import { LAYERS, frameFor, liveScene, drawBackground, drawSides, drawMarks, drawPreview, drawArrows, drawPiece, pieceLook, cellStates, markerDefs } from "./draw.js";
import { createUi, situation, optionsAt, pickCell, chooseDir, place, cancel, arrowKey, sent, resumed, stepComing, takeSteps, skipChain, dropChain } from "./ui.js";
import { chainItems, playChain } from "./anim.js";
import { renderScores, renderBag, renderLegend } from "./panel.js";
import { renderPad } from "./pad.js";

let boards = 0;   // a page may hold more than one board (ids of SVG markers stay unique)

export function createBoard(root, ctx) {
  const { state } = ctx;
  const ui = state.ui = createUi();
  const names = (seat) => ctx.seatName(seat);
  const colorOf = (seat) => (ctx.seatColor ? ctx.seatColor(seat) : seatVar(seat));
  const id = `tp${++boards}`;
  let alive = true;

  const captionEl = h("p", { class: "tp-caption", role: "status", "aria-live": "polite" });
  const tools = h("div", { class: "tp-tools" });
  const boardSvg = svg("svg", { class: "tp-board", role: "group" });
  boardSvg.append(markerDefs(id));
  // Under the pieces: the board, the sides, rings. Above: the hit areas and arrows (for clicks), then the
  // chain's arrows, numbers and ghosts, which let clicks through.
  const layers = {};
  for (const name of LAYERS) boardSvg.append(layers[name] = svg("g", { class: name }));
  const pad = h("div", { class: "tp-pad", hidden: true });
  root.replaceChildren(h("div", { class: "tp" }, h("div", { class: "tp-boardwrap" }, boardSvg)));
  // The action bar under the board (the shell's): what just happened or what to do, the direction
  // buttons with Place and Back while composing, Skip / Replay the last move.
  const bar = h("div", { class: "tp-bar" }, h("div", { class: "tp-top" }, captionEl, tools), pad);
  if (ctx.actionRoot) ctx.actionRoot.replaceChildren(bar); else root.append(bar);
  const ours = (el) => root.contains(el) || bar.contains(el);   // the board or its bar
  const scoresEl = h("section", { class: "tp-panel" });
  const bagEl = h("section", { class: "tp-panel tp-bag", hidden: true });
  const legendEl = h("div", { class: "tp-legend hint side-card" });
  (ctx.sideRoot || root).replaceChildren(scoresEl, bagEl, legendEl);

  // What is on the page now (not state: the DOM and the keys it was drawn from, to redraw only what changed).
  const drawn = { frameKey: "", fr: null, pieces: {}, hits: {}, keys: {} };
  const table = () => state.table;
  const now = () => situation(ui, table(), state.pending);
  const scene = () => liveScene(ui, table(), { me: state.me, pending: state.pending, names, colorOf, fr: drawn.fr, id });

  // ---- putting draw.js's layers on the page ----
  function placeFrame(view) {
    const { fr, key } = frameFor(view, state.me);
    if (key === drawn.frameKey) return;
    Object.assign(drawn, { frameKey: key, fr, pieces: {}, hits: {}, keys: {} });
    boardSvg.setAttribute("viewBox", `0 0 ${fr.width} ${fr.height}`);
    boardSvg.style.setProperty("--tp-aspect", (fr.width / fr.height).toFixed(3));
    boardSvg.style.setProperty("--tp-natural", `${Math.round(fr.width * 1.3)}px`);   // small boards stay small
    layers.bg.replaceChildren(...drawBackground(fr));
    layers.pieces.replaceChildren();
    layers.hits.replaceChildren(...fr.names.map((n) => {
      const hit = svg("polygon", { points: fr.cells[n].points, class: "hit", "data-cell": n });
      const tip = svg("title");
      hit.append(tip);
      drawn.hits[n] = { hit, tip };
      return hit;
    }));
  }
  // A layer is drawn again only when what it shows has changed.
  function layer(name, key, draw) {
    if (drawn.keys[name] === key) return;
    drawn.keys[name] = key;
    draw();
  }
  // Pieces keep their element while they turn, so the CSS rotation shows each turn clockwise.
  function placePieces(sc) {
    const { fr, view, cells, frame: f } = sc;
    for (const [cell, piece] of Object.entries(cells)) {
      if (!fr.cells[cell]) continue;
      const p = drawn.pieces[cell];
      if (!p) {
        const made = drawPiece(fr, cell, piece, view, { dropping: !!(f && f.dropping && f.placed === cell) });
        layers.pieces.append(made.g);
        drawn.pieces[cell] = made;
        continue;
      }
      const fresh = pieceLook(fr, piece, view);
      let delta = (((fresh.angle - p.angle) % 360) + 360) % 360;
      if (delta > 180) delta -= 360;
      if (delta) { p.angle += delta; p.spin.style.transform = `rotate(${p.angle}deg)`; }
      if (p.fill !== fresh.fill) { p.fill = fresh.fill; p.body.setAttribute("style", `fill: ${fresh.fill}`); }
      p.g.dataset.dir = piece.dir;
    }
    for (const cell of Object.keys(drawn.pieces)) {
      if (!cells[cell]) { drawn.pieces[cell].g.remove(); delete drawn.pieces[cell]; }
    }
  }
  function placeHits(sc) {
    const states = cellStates(sc);
    for (const [cell, { hit, tip }] of Object.entries(drawn.hits)) {
      const st = states[cell];
      for (const [attr, value] of [["role", st.state ? "button" : null], ["tabindex", st.tabindex], ["aria-label", st.label]]) {
        if (value == null) hit.removeAttribute(attr); else hit.setAttribute(attr, value);
      }
      if (st.state) hit.dataset.state = st.state; else delete hit.dataset.state;
      tip.textContent = st.label;
    }
  }

  // ---- render: reads the state, writes the page ----
  function render() {
    const t = table(), view = t && t.view;
    if (!t || !view || !view.board) return;
    placeFrame(view);
    const sc = scene();
    const s = now();
    const { fr, frame: f } = sc;
    boardSvg.setAttribute("aria-label", boardLabel(view, state.me != null));
    layer("sides", JSON.stringify([drawn.frameKey, view.sides, (view.sides || []).map((_, i) => names(i)), sc.scores, sc.acting, view.solitaire && view.solitaire.edges]),
      () => layers.sides.replaceChildren(...drawSides(sc)));
    const lastPlace = sc.last && (sc.last.events || []).find((e) => e.type === "place");
    layer("marks", JSON.stringify([f && [f.step.seq, f.index, f.dropping], lastPlace && sc.last.seq, sc.picked, sc.open]), () => {
      const { under, over } = drawMarks(sc);
      layers.marks.replaceChildren(...under);
      layers.over.replaceChildren(...over);
    });
    layer("preview", JSON.stringify([sc.picked, sc.option && sc.option.dir, sc.option && sc.option.target]),
      () => layers.preview.replaceChildren(...drawPreview(sc)));
    layer("arrows", JSON.stringify([sc.picked, sc.options.map((o) => o.dir), sc.chosen, (view.sides || []).map((_, i) => names(i))]),
      () => layers.arrows.replaceChildren(...drawArrows(sc)));
    placePieces(sc);
    placeHits(sc);
    renderCaption(sc);
    const before = ui.before;
    const deltas = !f && before && before.scores && t.seq > before.seq ? view.scores.map((v, i) => v - (before.scores[i] ?? v)) : null;
    renderScores(scoresEl, { view, names, colorOf, acting: sc.acting, me: state.me, scores: sc.scores, deltas, placeOf: (dir) => screenPlace(fr.angle(dir)) });
    renderBag(bagEl, view, (dir) => fr.angle(dir));
    renderLegend(legendEl, view);
    renderPad(pad, sc, s.myTurn, { dir: onDir, place: onPlace, cancel: onCancel });
    root.classList.toggle("tp-busy", ui.chain.busy);
  }

  function renderCaption(sc) {
    const text = caption(sc.frame, table().last, sc.view, names);
    if (captionEl.textContent !== text) captionEl.textContent = text;
    const hasLast = table().last && (table().last.events || []).some((e) => e.type === "place");
    const want = sc.frame ? "skip" : hasLast ? "replay" : "";
    if (tools.dataset.key === want) return;
    tools.dataset.key = want;
    tools.replaceChildren(...(want === "skip"
      ? [h("button", { type: "button", class: "btn small", onclick: onSkip }, LABELS.skip)]
      : want === "replay" ? [h("button", { type: "button", class: "btn small", "data-testid": "replay", onclick: onReplayLast }, LABELS.replayLast)] : []));
  }

  // ---- the handlers: each changes ui through ui.js, then the board is drawn ----
  // Carry out what a ui.js function asked for: a toast, the shell's "why not", the move, the focus.
  function carry(effect) {
    if (!effect) return;
    if (effect.explain && ctx.explainWait) ctx.explainWait();
    if (effect.say) ctx.say(SAY[effect.say](effect));
    if (effect.send) {
      sent(ui, ours(document.activeElement));
      ctx.sendMove(effect.send);   // exactly the dict the server listed
    }
    render();   // now, so the keyboard can land on what was just drawn
    if (effect.focus) focusOn(effect.focus);
    ctx.redraw();
  }
  const onDir = (dir) => carry(chooseDir(ui, now(), dir));
  const onPlace = () => carry(place(ui, now()));
  const onCancel = () => carry(cancel(ui));
  const onSkip = () => { skipChain(ui); ctx.redraw(); };
  function onReplayLast() {
    const t = table();
    if (!t || !t.last || ui.chain.busy) return;
    stepComing(ui, t, t.last);
    startChains();
  }

  boardSvg.addEventListener("click", (ev) => {
    const arrow = ev.target.closest(".tp-arrow");
    if (arrow) { onDir(arrow.dataset.dir); return; }
    const hit = ev.target.closest(".hit");
    if (hit) carry(pickCell(ui, now(), hit.dataset.cell, state.pending));
  });
  const onKey = (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const inside = ours(ev.target);
    const typing = ev.target && (ev.target.tagName === "INPUT" || ev.target.tagName === "TEXTAREA");
    if (ev.key === "Escape" && ui.cell) { ev.preventDefault(); onCancel(); return; }
    const s = now();
    if (!inside || typing || !s.myTurn) return;
    const el = ev.target.closest && ev.target.closest(".hit, .tp-arrow");
    if ((ev.key === "Enter" || ev.key === " ") && el) {
      ev.preventDefault();
      if (el.classList.contains("tp-arrow")) onDir(el.dataset.dir); else carry(pickCell(ui, s, el.dataset.cell, state.pending));
      return;
    }
    if (!ev.key.startsWith("Arrow")) return;
    ev.preventDefault();
    carry(arrowKey(ui, s, ev.key, drawn.fr, el && el.dataset.cell));
  };
  root.addEventListener("keydown", onKey);
  bar.addEventListener("keydown", onKey);
  const onEsc = (ev) => { if (ev.key === "Escape" && ui.cell && !ours(ev.target)) onCancel(); };
  document.addEventListener("keydown", onEsc);

  // The keyboard goes where the last action asked: the chosen arrow, or the roving cell.
  function focusOn(want) {
    if (!now().myTurn) return;
    const active = document.activeElement;
    if (active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA")) return;
    let el = null;
    if (want === "arrow") el = layers.arrows.querySelector(`.tp-arrow[data-dir="${ui.dir}"]`) || layers.arrows.querySelector(".tp-arrow");
    if (want === "cell" || !el) el = layers.hits.querySelector('.hit[tabindex="0"]');
    if (el && el.getAttribute("tabindex") != null && (ours(active) || !active || active === document.body)) {
      el.focus({ preventScroll: true });
    }
  }
  // A keyboard player gets the board back on their next turn (once the chain that led to it has played).
  function resumeTurn() {
    if (!ui.resume || !now().myTurn) return;
    resumed(ui);
    const active = document.activeElement;
    if (active && active !== document.body && !ours(active)) return;
    render();
    focusOn("cell");
  }

  // ---- the chains: the steps the shell announced, played once their state has arrived ----
  function startChains() {
    if (!alive) return;
    const t = table();
    const run = takeSteps(ui, t);
    if (run.length) {
      const before = ui.before && ui.before.seq < run[0].seq ? ui.before.scores : t.view.scores;
      playChain(ui, chainItems(run, t, before), { paint: () => ctx.redraw(), alive: () => alive, urgent: () => now().mine })
        .then(startChains);
    }
    resumeTurn();
  }

  // The bot's suggestion (the shell's Hint button): its cell picked and its way chosen, so the chain it
  // starts is previewed and Enter (or "Place") plays it; the banner and the page's live region say why.
  const hinted = () => ui.hint && table() && ui.hint.seq === table().seq && ui.cell === ui.hint.move.cell && ui.dir === ui.hint.move.dir;
  function showHint(move, reason) {
    const s = now();
    if (!s.myTurn || !optionsAt(s, move.cell).some((o) => o.dir === move.dir)) return;
    Object.assign(ui, { cell: move.cell, dir: move.dir, focusCell: move.cell, hint: { move, reason: reason || "", seq: table().seq } });
    render();
    focusOn("arrow");
    if (ctx.say) ctx.say(hintSaid(ui.hint));
    ctx.redraw();
  }

  // What to do next, for the page's turn banner (asked only when it is this browser's turn).
  function hint() {
    const sc = scene();
    // a touch screen has no keyboard to speak of: name the keys only where a mouse (and so a keyboard) is
    const touch = !!window.matchMedia && !window.matchMedia("(pointer: fine) and (min-width: 700px)").matches;
    if (!state.pending && !ui.chain.busy && hinted()) return hintBanner(ui.hint, touch);
    return hintText({ pending: state.pending, busy: ui.chain.busy, picked: sc.picked, option: sc.option, dir: ui.dir,
      view: sc.view, names, touch });
  }

  return {
    render, hint, showHint,
    // The shell calls this just before it applies the state that follows the step: the chain starts
    // once that state is in (a microtask later).
    animate: (step) => { stepComing(ui, table(), step); queueMicrotask(startChains); },
    busy: () => ui.chain.busy || ui.chain.queue.length > 0,   // the shell holds the result until the chain has played
    destroy: () => { alive = false; dropChain(ui); document.removeEventListener("keydown", onEsc); bar.remove(); },
  };
}
