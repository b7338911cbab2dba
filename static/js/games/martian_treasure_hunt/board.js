// Martian Treasure Hunt board client. It draws the view and lets the player compose one of the moves the
// server listed in legal_moves (destinations come from move_targets); it never decides legality itself.
import { h } from "../../core/store.js";
import { S, svg, frame, drawCoin, drawPyramid, armLabelPlace, seatVar, KINDS, COIN_WORD, SIZE_WORD, SUITS, SIDE_WORD } from "./parts.js";
import { renderDice, renderNote, renderScores, legend } from "./panel.js";
import { arrangeUi, readingOrder, shuffledOrder, swap, sendOrder, maybeRetry, renderArrangeBar, screenOrder, keepDraft } from "./arrange.js";
import { Animator } from "./anim.js";
import { rollWords } from "./words.js";
import { dragController } from "./drag.js";

export function createBoard(root, ctx) {
  const { state } = ctx;
  state.ui = state.ui || {};
  const names = (seat) => ctx.seatName(seat);
  const colorOf = (seat) => (ctx.seatColor ? ctx.seatColor(seat) : seatVar(seat));
  const isBot = (seat) => !!(state.table && state.table.seats[seat] && state.table.seats[seat].bot);

  const diceEl = h("div", { class: "mth-dice" });
  const noteEl = h("div", { class: "mth-note", role: "status", "aria-live": "polite", hidden: true });
  const arrangeEl = h("div", { class: "mth-arrange", hidden: true });
  const boardSvg = svg("svg", { class: "mth-board", role: "group" });
  const layers = {};
  for (const name of ["tiles", "marks", "pieces", "labels", "hits", "drag"]) boardSvg.append(layers[name] = svg("g", { class: name }));
  const scoresEl = h("div", { class: "mth-side" });
  const pill = h("span", { class: "pill", "data-testid": "pyramids-left" });
  root.replaceChildren(h("div", { class: "mth" }, h("div", { class: "mth-top" }, diceEl, pill), noteEl, arrangeEl,
    h("div", { class: "mth-boardwrap" }, boardSvg)));
  (ctx.sideRoot || root).replaceChildren(scoresEl, legend());

  const anim = new Animator({ paint: () => paintTop(), names, urgent: () => { const d = derive(); return d.myTurn || d.mustArrange; } });
  let fr = null, frameKey = "", piecesKey = "", hits = {};

  // ---- what the state says ----
  function derive() {
    const t = state.table;
    const view = (t && t.view) || {};
    const me = state.me;
    const legal = (t && Array.isArray(t.legal_moves)) ? t.legal_moves : [];
    const targets = (t && Array.isArray(t.move_targets)) ? t.move_targets : [];
    const acting = (t && t.status === "playing") ? (t.to_act || []) : [];
    const mustArrange = view.phase === "arrange" && me != null && acting.includes(me) && legal.length > 0;
    const dests = {};   // square -> {move, target}
    if (view.phase === "play") legal.forEach((m, i) => { if (m.to) dests[m.to] = { move: m, target: targets[i] || null }; });
    const myTurn = view.phase === "play" && legal.length > 0 && !state.pending;
    const rolled = view.dice && acting.length === 1 && view.coins && view.coins[acting[0]]
      ? view.coins[acting[0]][String(view.dice.number)] : null;
    return { t, view, me, legal, acting, mustArrange, dests, myTurn, rolled };
  }

  // ---- the board's frame: squares, tiles, arms, names; rebuilt when the layout or the viewer changes ----
  function buildFrame(view, me) {
    const side = me != null && view.sides ? view.sides[me] : "S";
    const key = `${view.layout}|${view.players}|${side}`;
    if (key === frameKey) return;
    frameKey = key;
    piecesKey = "";
    fr = frame(view.board, side);
    boardSvg.setAttribute("viewBox", `0 0 ${fr.width} ${fr.height}`);
    boardSvg.style.setProperty("--mth-aspect", (fr.width / fr.height).toFixed(3));
    boardSvg.setAttribute("aria-label", `The board, ${me != null ? "your home rows at the bottom" : "the south player's home rows at the bottom"}. Squares are named x,y from the south-west corner.`);
    const armOf = {};
    (view.board.arms || []).forEach((arm, seat) => arm.forEach((sq) => { armOf[sq] = seat; }));
    layers.tiles.replaceChildren(svg("rect", { x: 0, y: 0, width: fr.width, height: fr.height, rx: 12, class: "ground" }));
    layers.labels.replaceChildren();
    layers.hits.replaceChildren();
    hits = {};
    const tiles = new Map();
    for (const sq of view.board.squares) {
      const [x, y] = fr.at(sq);
      const [bx, by] = sq.split(",").map(Number);
      layers.tiles.append(svg("rect", { x, y, width: S, height: S, class: `sq ${(bx + by) % 2 ? "light" : "dark"}` }));
      if (armOf[sq] != null) {
        const tint = svg("rect", { x, y, width: S, height: S, class: "arm", "data-arm": armOf[sq] });
        tint.setAttribute("style", `fill: ${colorOf(armOf[sq])}`);
        layers.tiles.append(tint);
      }
      const tk = `${Math.floor(bx / 2)},${Math.floor(by / 2)}`;
      const box = tiles.get(tk) || { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
      tiles.set(tk, { x0: Math.min(box.x0, x), y0: Math.min(box.y0, y), x1: Math.max(box.x1, x + S), y1: Math.max(box.y1, y + S) });
      const hit = svg("rect", { x, y, width: S, height: S, class: "hit", "data-square": sq });
      const tip = svg("title");
      hit.append(tip);
      layers.hits.append(hit);
      hits[sq] = { hit, tip };
    }
    for (const b of tiles.values()) layers.tiles.append(svg("rect", { x: b.x0 + 1, y: b.y0 + 1, width: b.x1 - b.x0 - 2, height: b.y1 - b.y0 - 2, rx: 5, class: "tile" }));
    (view.board.home_rows || []).forEach((row, seat) => {
      const place = armLabelPlace(fr, row);
      const label = svg("text", { x: place.x, y: place.y, class: "arm-label", "data-seat": seat,
        transform: place.rotate ? `rotate(${place.rotate} ${place.x} ${place.y})` : null });
      label.setAttribute("style", `fill: ${colorOf(seat)}`);
      layers.labels.append(label);
    });
  }

  function paintLabels(view) {
    for (const label of layers.labels.querySelectorAll(".arm-label")) {
      const seat = Number(label.dataset.seat);
      const text = `${names(seat)} · ${SUITS[seat]} · ${SIDE_WORD[view.sides[seat]]}`;
      if (label.textContent !== text) label.textContent = text;
    }
  }

  // ---- pieces: pyramids and coins (during the arrange phase, my preview and the others' hidden rows) ----
  function placed(view, me, d) {
    const out = [];   // [square, drawn element, words]
    for (const [sq, size] of Object.entries(view.pyramids || {})) out.push([sq, drawPyramid(size), `a ${SIZE_WORD[size]} pyramid (${size} point${size > 1 ? "s" : ""})`]);
    (view.coins || []).forEach((coins, seat) => {
      if (view.phase === "arrange" && seat === me && d.mustArrange) return;
      if (coins) {
        for (const [value, sq] of Object.entries(coins)) {
          if (sq) out.push([sq, drawCoin(seat, Number(value)), `${possessiveName(seat)} ${COIN_WORD[value]} coin (${SUITS[seat]})`]);
        }
      } else if (view.phase === "arrange") {
        const arranged = (view.arranged || [])[seat];
        for (const sq of view.board.home_rows[seat]) {
          out.push([sq, arranged ? drawCoin(seat, 0, { back: true }) : svg("circle", { r: S * 0.36, class: "slot" }),
            arranged ? `${possessiveName(seat)} coin, face down until everyone has arranged` : `${names(seat)} is still arranging`]);
        }
      }
    });
    if (d.mustArrange) {
      const arr = arrangeUi(state, view, me, fr);
      view.board.home_rows[me].forEach((sq, i) => out.push([sq, drawCoin(me, arr.order[i]), `your ${COIN_WORD[arr.order[i]]} coin`]));
    }
    return out;
  }
  const possessiveName = (seat) => (names(seat) === "You" ? "your" : `${names(seat)}'s`);

  function paintPieces(view, me, d) {
    const arr = d.mustArrange ? arrangeUi(state, view, me, fr) : null;
    const key = JSON.stringify([view.pyramids, view.coins, view.arranged, arr && arr.order, d.mustArrange, frameKey]);
    if (key === piecesKey) return;
    piecesKey = key;
    const groups = [];
    const words = {};
    for (const [sq, el, text] of placed(view, me, d)) {
      const [cx, cy] = fr.centre(sq);
      const g = svg("g", { transform: `translate(${cx} ${cy})`, "data-square": sq });
      g.append(el);
      groups.push(g);
      words[sq] = text;
    }
    layers.pieces.replaceChildren(...groups);
    for (const [sq, e] of Object.entries(hits)) e.words = words[sq] || "empty";
  }

  // ---- marks and interactive squares ----
  function mark(sq, cls, label) {
    const [x, y] = fr.at(sq);
    const g = svg("g", { class: `mark ${cls}`, "data-square": sq });
    g.append(svg("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 7 }));
    if (label) {
      const t = svg("text", { x: x + S - 5, y: y + 11, class: "mark-label" });
      t.textContent = label;
      g.append(t);
    }
    return g;
  }

  function paintMarks(view, me, d) {
    const t = d.t;
    const marks = [];
    const lastMove = t && t.last && (t.last.events || []).find((e) => e.type === "move");
    if (lastMove && view.phase === "play") marks.push(mark(lastMove.from, "last-from"), mark(lastMove.to, "last-to"));
    if (d.rolled) marks.push(mark(d.rolled, "rolled"));   // hidden while the dice are still rolling
    const arr = d.mustArrange ? arrangeUi(state, view, me, fr) : null;
    if (arr && arr.picked != null) marks.push(mark(view.board.home_rows[me][arr.picked], "picked"));
    if (d.myTurn) {
      for (const [sq, { target }] of Object.entries(d.dests)) {
        const take = target && target.capture;
        marks.push(mark(sq, take ? "dest take" : "dest", take ? `+${target.points}` : null));
      }
    }
    layers.marks.replaceChildren(...marks);
    const home = arr ? new Map(view.board.home_rows[me].map((sq, i) => [sq, i])) : null;
    for (const [sq, e] of Object.entries(hits)) {
      let role = null, label = null;
      if (d.myTurn && d.dests[sq]) {
        role = "dest";
        const target = d.dests[sq].target;
        label = `Move the ${COIN_WORD[view.dice.number]} to ${sq}${target && target.capture ? `, capturing ${e.words} (+${target.points})` : ""}`;
      } else if (d.myTurn && sq === d.rolled) {
        role = "rolled";
        label = `Your ${COIN_WORD[view.dice.number]} on ${sq}: it moves like a ${KINDS[view.dice.kind]}; pick a green square`;
      } else if (home && home.has(sq) && !state.pending) {
        role = "home";
        label = `${e.words} on ${sq}${arr.picked === home.get(sq) ? " (picked: choose a coin to swap with)" : ""}`;
      }
      const tabbable = role === "dest" || role === "home";
      if (tabbable) { e.hit.setAttribute("tabindex", "0"); e.hit.setAttribute("role", "button"); }
      else { e.hit.removeAttribute("tabindex"); e.hit.removeAttribute("role"); }
      if (role) e.hit.dataset.state = role; else delete e.hit.dataset.state;
      e.hit.setAttribute("aria-label", label || `${sq}: ${e.words}`);
      e.tip.textContent = label || `${sq}: ${e.words}`;
    }
  }

  // ---- actions ----
  function play(sq) {
    const d = derive();
    const dest = d.dests[sq];
    if (!d.myTurn || !dest) return;
    ctx.sendMove(dest.move);   // exactly the dict the server listed
  }
  function pickHome(index) {
    const d = derive();
    if (!d.mustArrange || state.pending) return;
    const arr = arrangeUi(state, d.view, d.me, fr);
    if (arr.picked == null) arr.picked = index;
    else if (arr.picked === index) arr.picked = null;
    else { swap(arr, arr.picked, index); arr.picked = null; }
    arr.focus = d.view.board.home_rows[d.me][index];
    ctx.redraw();
  }
  const actions = {
    shuffle: () => { const d = derive(); const arr = arrangeUi(state, d.view, d.me, fr); arr.order = shuffledOrder(); arr.picked = null; ctx.redraw(); },
    reset: () => { const d = derive(); const arr = arrangeUi(state, d.view, d.me, fr); arr.order = readingOrder(d.view, d.me, fr); arr.picked = null; ctx.redraw(); },
    place: () => { const d = derive(); if (d.mustArrange && !state.pending) { const arr = arrangeUi(state, d.view, d.me, fr); arr.picked = null; arr.tries = 0; sendOrder(ctx, state, arr); } },
  };

  function homeIndex(sq) {
    const d = derive();
    if (!d.mustArrange) return -1;
    return d.view.board.home_rows[d.me].indexOf(sq);
  }

  function activate(sq) {
    const d = derive();
    if (d.myTurn && d.dests[sq]) return play(sq);
    const i = homeIndex(sq);
    if (i >= 0) return pickHome(i);
    explain(sq, d);
  }
  function explain(sq, d) {
    if (d.view.phase === "arrange") {
      if (d.me != null && !d.mustArrange && d.view.arranged && d.view.arranged[d.me]) ctx.say("Your coins are placed: the dice roll once everyone has arranged.");
      else if (ctx.explainWait && !d.mustArrange) ctx.explainWait();
      else ctx.say("Arrange the coins on your own home row, at the bottom of the board.");
      return;
    }
    if (!d.myTurn) { if (ctx.explainWait) ctx.explainWait(); return; }
    ctx.say(`The dice say ${rollWords(d.view.dice.number, d.view.dice.kind)}: pick one of the green squares.`);
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
      const d = derive();
      const arr = arrangeUi(state, d.view, d.me, fr);
      const seen = screenOrder(d.view, d.me, fr);
      const k = seen.indexOf(i) + (ev.key === "ArrowLeft" ? -1 : 1);
      if (k < 0 || k >= seen.length) return;
      swap(arr, i, seen[k]);
      arr.picked = null;
      arr.focus = d.view.board.home_rows[d.me][seen[k]];
      ctx.redraw();
    }
  });
  const onKey = (ev) => {
    const arr = state.ui.arr;
    if (ev.key === "Escape" && arr && arr.picked != null) { arr.picked = null; ctx.redraw(); }
  };
  document.addEventListener("keydown", onKey);

  const drag = dragController(boardSvg, layers.drag, {
    // which squares start a drag: the rolled coin on my turn, my home-row coins while arranging
    canStart(sq) { const d = derive(); return (d.myTurn && sq === d.rolled) || homeIndex(sq) >= 0; },
    ghost(sq) { const g = layers.pieces.querySelector(`g[data-square="${sq}"]`); return g ? g.firstChild.cloneNode(true) : null; },
    drop(from, to) {
      const d = derive();
      if (d.myTurn && from === d.rolled) { if (d.dests[to]) play(to); return; }
      const i = homeIndex(from), j = homeIndex(to);
      if (i >= 0 && j >= 0 && i !== j) { const arr = arrangeUi(state, d.view, d.me, fr); swap(arr, i, j); arr.picked = null; ctx.redraw(); }
    },
    squareAt: (pt) => squareAt(pt),
  });
  function squareAt(pt) {
    for (const [sq] of Object.entries(hits)) {
      const [x, y] = fr.at(sq);
      if (pt.x >= x && pt.x < x + S && pt.y >= y && pt.y < y + S) return sq;
    }
    return null;
  }

  // ---- the parts above and beside the board ----
  function paintTop() {
    const d = derive();
    if (!d.t || !d.view.board) return;
    renderDice(diceEl, { view: d.view, names, me: d.me, shown: anim.dice, acting: d.acting[0], lobby: d.t.status === "lobby" });
    renderNote(noteEl, { last: d.t.last, names, override: anim.note });
    layers.marks.classList.toggle("hide-rolled", anim.active);
  }

  function render() {
    const d = derive();
    const { t, view, me } = d;
    if (!t || !view.board) return;
    buildFrame(view, me);
    paintLabels(view);
    paintPieces(view, me, d);
    paintMarks(view, me, d);
    paintTop();
    pill.replaceChildren("Pyramids left: ", h("span", { class: "num" }, String(view.pyramids_left ?? "?")), " of 36");
    renderArrangeBar(arrangeEl, { state, view, me, mustArrange: d.mustArrange, names, bots: isBot, actions });
    renderScores(scoresEl, { view, names, colorOf, acting: d.acting });
    const arr = state.ui.arr;
    maybeRetry(ctx, state, arr, d.mustArrange);
    keepDraft(state, state.ui.arr, d.mustArrange, view);
    if (arr && arr.focus && d.mustArrange) {
      const el = hits[arr.focus] && hits[arr.focus].hit;
      arr.focus = null;
      if (el) el.focus({ preventScroll: true });
    }
    root.firstChild.dataset.phase = view.phase || "";
    root.firstChild.dataset.mine = d.myTurn || d.mustArrange ? "1" : "";
    glide(view);
  }

  // The move just made glides from where it was to where it is (after the render that put it there).
  function glide(view) {
    const g = anim.glide;
    if (!g || !state.table || state.table.seq !== g.seq) return;
    anim.glide = null;
    const el = layers.pieces.querySelector(`g[data-square="${g.to}"] .coin`);
    if (!el || !el.animate || !hits[g.from]) return;
    const [fx, fy] = fr.centre(g.from), [tx, ty] = fr.centre(g.to);
    layers.pieces.append(el.parentNode);   // above its neighbours while it travels
    el.animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px)` }, { transform: "translate(0px, -6px)", offset: 0.85 },
      { transform: "translate(0px, 0px)" }], { duration: 480, easing: "ease-in-out" });
  }

  function hint() {
    const d = derive();
    if (state.pending) return d.view.phase === "arrange" ? "Placing your coins…" : "Sending your move…";
    if (d.mustArrange) {
      const others = d.acting.filter((s) => s !== d.me).length;
      return `Arrange your coins along your home row, then press “Place my coins”${others ? ` (${others} other player${others > 1 ? "s" : ""} arranging too)` : ""}.`;
    }
    if (d.view.phase === "play" && d.view.dice) {
      const n = Object.keys(d.dests).length;
      const touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
      return `Your roll: ${rollWords(d.view.dice.number, d.view.dice.kind)}. ${touch ? "Tap" : "Click"} ${n === 1 ? "the green square" : `one of the ${n} green squares`} (or drag the coin there).`;
    }
    return "Your turn!";
  }

  return {
    render,
    hint,
    animate: (step) => anim.push(step),
    destroy: () => { anim.stop(); drag.destroy(); document.removeEventListener("keydown", onKey); },
  };
}
