// 3-High board client. It knows how to draw the view and how to let a player compose one of the moves
// the server listed in `legal_moves`; it never decides legality itself. Selection lives in the page's
// single state object (state.ui); every handler changes state and calls redraw().
import { h } from "../core/store.js";
import {
  S, M, W, FILES, SIDES, SUITS, pieceWords, parseCard, cardWords, cardLabel,
  sqXY, allSquares, drawCount, svg, drawStack,
} from "./three_high_parts.js";

export function createBoard(root, ctx) {
  // ctx: { state, redraw, sendMove(move), seatName(seat), sideRoot (where the hands go) }
  const { state, redraw } = ctx;
  state.ui = state.ui || { card: null, piece: null, seq: null };

  // ---- static skeleton, built once ----
  const status = h("div", { class: "th-status" });
  const wrap = h("div", { class: "th-boardwrap" });
  const board = svg("svg", {
    class: "th-board", viewBox: `0 0 ${W} ${W}`, role: "group",
    "aria-label": "The board: columns a to h from west to east, rows 1 to 8 from south to north",
  });
  const layers = {};
  for (const name of ["squares", "marks", "pieces", "coords", "hits", "edges"]) {
    layers[name] = svg("g", { class: name });
    board.append(layers[name]);
  }
  const squareEls = {};
  for (const sq of allSquares()) {
    const [x, y] = sqXY(sq);
    const f = FILES.indexOf(sq[0]), r = Number(sq.slice(1));
    const rect = svg("rect", { x, y, width: S, height: S, class: `sq ${(f + r) % 2 === 0 ? "dark" : "light"}` });
    layers.squares.append(rect);
    const mark = svg("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 6, class: "mark" });
    mark.style.display = "none";
    layers.marks.append(mark);
    const tree = svg("g", { class: "tree" });
    tree.style.display = "none";
    tree.append(svg("rect", { x: x + 2.5, y: y + 2.5, width: S - 5, height: S - 5, rx: 7, class: "tree-glow" }));
    tree.append(svg("circle", { cx: x + S - 10, cy: y + 10, r: 7, fill: "#24a148" }));
    const tick = svg("path", { d: `M${x + S - 14} ${y + 10} l3 3 l5 -6`, stroke: "#fff", "stroke-width": 2.2, fill: "none" });
    tree.append(tick);
    layers.marks.append(tree);
    const pieces = svg("g", { transform: `translate(${x} ${y})`, "data-square": sq });
    layers.pieces.append(pieces);
    const hit = svg("rect", { x, y, width: S, height: S, class: "hit", "data-square": sq });
    const tip = svg("title");
    hit.append(tip);
    layers.hits.append(hit);
    const dlabel = svg("text", { x: x + S / 2, y: y + 14, class: "dest-label" });
    dlabel.style.display = "none";
    layers.marks.append(dlabel);
    squareEls[sq] = { mark, tree, pieces, hit, tip, dlabel, key: "" };
  }
  // Coordinates inside the edge squares, as on a printed chessboard: files along the south edge,
  // ranks along the west edge.
  for (let i = 0; i < 8; i++) {
    const t = svg("text", { x: M + i * S + S - 6, y: M + 8 * S - 7, class: "coord", "aria-hidden": "true" });
    t.textContent = FILES[i];
    const t2 = svg("text", { x: M + 6, y: M + i * S + 9, class: "coord", "aria-hidden": "true" });
    t2.textContent = String(8 - i);
    layers.coords.append(t, t2);   // above the pyramids (with a halo), so a large one never hides its letter
  }
  // Side names and the side buttons shown when a piece is picked.
  const edgePos = { N: [W / 2, 15], S: [W / 2, W - 15], W: [15, W / 2], E: [W - 15, W / 2] };
  const edgeEls = {};
  for (const side of Object.keys(SIDES)) {
    const [x, y] = edgePos[side];
    const vertical = side === "E" || side === "W";
    const label = svg("text", { x, y, class: "edge-label", transform: vertical ? `rotate(${side === "E" ? 90 : -90} ${x} ${y})` : null });
    label.textContent = SIDES[side].toUpperCase();
    layers.edges.append(label);
    const btn = svg("g", { class: "edge-btn", role: "button", "data-side": side, transform: vertical ? `rotate(${side === "E" ? 90 : -90} ${x} ${y})` : null });
    btn.append(svg("rect", { x: x - 105, y: y - 13, width: 210, height: 26, rx: 13 }));
    const bt = svg("text", { x, y });
    btn.append(bt);
    btn.style.display = "none";
    layers.edges.append(btn);
    edgeEls[side] = { label, btn, bt };
  }
  wrap.append(board);
  const legend = h("div", { class: "legend" },
    h("span", {}, "Dots = size (3 large, 2 medium, 1 small)"),
    h("span", {}, "Green ✓ frame = finished tree"),
    h("span", {}, "Blue frame = last play (dashed: where it came from)"));
  const cardHelp = h("p", { class: "hint" }, "A card moves a pyramid (card value − pyramid size) squares toward its side, "
    + "or away if that is negative. Diamonds ♦ ignore the size. Build five trees (3, 2, 1 of one colour) to win. ",
    h("a", { href: "/rules/three-high", target: "_blank", rel: "noopener" }, "All the rules"));
  const hands = h("div", { class: "hands" });
  root.replaceChildren(h("div", { class: "th" }, status, wrap));
  (ctx.sideRoot || root).replaceChildren(hands, legend, cardHelp);

  // ---- derived data from the state (no rules here: moves come from legal_moves) ----
  function derive() {
    const t = state.table;
    const view = (t && t.view) || {};
    const boardMap = view.board || {};
    const legal = (t && Array.isArray(t.legal_moves)) ? t.legal_moves : [];
    const targets = (t && Array.isArray(t.move_targets)) ? t.move_targets : [];   // parallel to legal
    const topAt = {};   // piece -> square, for pieces on top of a stack
    for (const [sq, stack] of Object.entries(boardMap)) if (stack.length) topAt[stack[stack.length - 1]] = sq;
    const treeCount = {};   // square -> complete trees on it, as the server counted them
    for (const sq of view.tree_squares || []) treeCount[sq] = (treeCount[sq] || 0) + 1;
    return { t, view, boardMap, legal, targets, topAt, treeCount };
  }

  const isMyTurn = () => {
    const t = state.table;
    return !!t && Array.isArray(t.legal_moves) && t.legal_moves.length > 0 && !state.pending;
  };

  function movesFor(d, card, piece) {
    return d.legal.filter((m) => (card == null || m.card === card) && (piece == null || m.piece === piece));
  }

  // ---- handlers ----
  function pickCard(card) {
    const ui = state.ui;
    ui.card = ui.card === card ? null : card;
    ui.piece = null;
    ui.focus = ui.card ? "movable" : null;   // keyboard flow: card -> pyramids -> destinations
    redraw();
  }
  function pickSquare(sq) {
    const d = derive();
    const ui = state.ui;
    const top = (d.boardMap[sq] || []).slice(-1)[0];
    if (ui.card && ui.piece) {
      const dests = destinations(d);
      if (dests[sq] && dests[sq].length === 1) return send(dests[sq][0]);
      if (dests[sq] && dests[sq].length > 1) {   // the same square from several sides: the side decides
        const btn = board.querySelector(".edge-btn[tabindex]");
        if (ctx.say) ctx.say(`Several sides lead to ${sq}: press the green button of the side you want.`);
        if (btn) btn.focus();
        return;
      }
    }
    if (ui.card && top && movesFor(d, ui.card, top).length) {
      ui.piece = ui.piece === top ? null : top;
      ui.focus = ui.piece ? "dest" : "movable";
      redraw();
    }
  }
  function send(move) {
    state.ui.card = null;
    state.ui.piece = null;
    state.ui.focus = "card";
    ctx.sendMove(move);   // exactly the dict the server listed
    redraw();
  }
  function cancel() {
    const ui = state.ui;
    // Esc steps back one stage and leaves focus on the thing that was picked, so Enter picks it again.
    if (ui.piece) { ui.focusSquare = squareOf(ui.piece); ui.piece = null; ui.focus = "movable"; }
    else { ui.focusCard = ui.card; ui.focus = ui.card ? "card" : null; ui.card = null; }
    redraw();
  }
  function squareOf(piece) { return derive().topAt[piece] || null; }   // where a top piece stands

  function destinations(d) {
    const ui = state.ui;
    const out = {};
    if (!ui.card || !ui.piece) return out;
    d.legal.forEach((m, i) => {   // where each listed move lands comes from the server's move_targets
      if (m.card !== ui.card || m.piece !== ui.piece) return;
      const to = d.targets[i] && d.targets[i].to;
      if (to) (out[to] = out[to] || []).push(m);
    });
    return out;
  }

  // Dragging: press on a framed pyramid (after picking a card), drag, drop on a green square.
  // A press that does not travel is an ordinary click.
  let drag = null;
  let swallowClick = false;
  const svgPoint = (ev) => {
    const m = board.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  const squareAt = (pt) => {
    if (!pt) return null;
    const f = Math.floor((pt.x - M) / S), r = 8 - Math.floor((pt.y - M) / S);
    return f >= 0 && f < 8 && r >= 1 && r <= 8 ? FILES[f] + r : null;
  };
  const endDrag = () => {
    if (drag && drag.ghost) drag.ghost.remove();
    drag = null;
  };
  board.addEventListener("pointerdown", (ev) => {
    const hit = ev.target.closest(".hit");
    if (!hit || !["movable", "selected"].includes(hit.dataset.state) || ev.button > 0) return;
    drag = { sq: hit.dataset.square, x0: ev.clientX, y0: ev.clientY, moved: false, ghost: null };
  });
  board.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    if (!drag.moved) {
      if (Math.hypot(ev.clientX - drag.x0, ev.clientY - drag.y0) < 8) return;
      const d = derive();
      const top = (d.boardMap[drag.sq] || []).slice(-1)[0];
      if (!top || !state.ui.card || !movesFor(d, state.ui.card, top).length) { endDrag(); return; }
      drag.moved = true;
      try { board.setPointerCapture(ev.pointerId); } catch { /* fine without */ }
      state.ui.piece = top;
      drag.ghost = svg("g", { class: "drag-ghost", "pointer-events": "none", opacity: "0.85" });
      drag.ghost.append(drawStack([top]));
      layers.edges.append(drag.ghost);
      redraw();
    }
    const pt = svgPoint(ev);
    if (pt && drag.ghost) drag.ghost.setAttribute("transform", `translate(${pt.x - S / 2} ${pt.y - S + 8})`);
  });
  board.addEventListener("pointerup", (ev) => {
    if (!drag) return;
    const moved = drag.moved;
    endDrag();
    if (!moved) return;
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    const sq = squareAt(svgPoint(ev));
    const dests = destinations(derive());
    if (sq && dests[sq] && dests[sq].length === 1) send(dests[sq][0]);
    else redraw();
  });
  board.addEventListener("pointercancel", () => { endDrag(); redraw(); });

  board.addEventListener("click", (ev) => {
    if (swallowClick) { swallowClick = false; return; }
    const edge = ev.target.closest(".edge-btn");
    if (edge) {
      // Only with a card and a pyramid picked: a second click of a double click finds the selection
      // cleared, and must not pick some other listed play that happens to use the same side.
      if (!state.ui.card || !state.ui.piece || !isMyTurn()) return;
      const d = derive();
      const m = movesFor(d, state.ui.card, state.ui.piece).find((mv) => mv.side === edge.dataset.side);
      if (m) send(m);
      return;
    }
    const hit = ev.target.closest(".hit");
    if (hit && hit.hasAttribute("tabindex")) pickSquare(hit.dataset.square);
    else if (hit) explainSquare(hit.dataset.square);
  });
  // A click that does nothing says why, in one sentence (the reasons come from the listed moves).
  function explainSquare(sq) {
    if (!isMyTurn()) { if (ctx.explainWait) ctx.explainWait(); return; }
    if (!ctx.say) return;
    const ui = state.ui;
    const occupied = (derive().boardMap[sq] || []).length > 0;
    if (!ui.card) { if (occupied) ctx.say("Pick a card from your hand first: the pyramids it can move then get a yellow frame."); }
    else if (!ui.piece) { if (occupied) ctx.say(`${cardLabel(ui.card)} cannot move that pyramid: pick one in a yellow frame, or another card.`); }
    else ctx.say(`The ${pieceWords(ui.piece)} cannot go to ${sq} with ${cardLabel(ui.card)}: pick a green square (Esc: back).`);
  }
  // A card that cannot be played now (not your turn, or watching): say why instead of doing nothing.
  hands.addEventListener("click", (ev) => {
    const c = ev.target.closest(".card-face");
    if (c && c.tagName !== "BUTTON" && !isMyTurn() && ctx.explainWait) ctx.explainWait();
  });
  board.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const el = ev.target.closest(".hit, .edge-btn");
    if (!el || !el.hasAttribute("tabindex")) return;
    ev.preventDefault();
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  const onKey = (ev) => {
    if (ev.key === "Escape" && (state.ui.card || state.ui.piece)) { ev.preventDefault(); cancel(); }
  };
  document.addEventListener("keydown", onKey);

  // ---- render ----
  let animatedSeq = null;

  function render() {
    const d = derive();
    const t = d.t;
    if (!t) return;
    const ui = state.ui;
    // A new state from the server replaces everything: drop a selection that no longer fits it.
    if (ui.seq !== t.seq) {
      ui.seq = t.seq;
      if (ui.hint && ui.hint.seq !== t.seq) ui.hint = null;
      if (ui.card && !movesFor(d, ui.card, null).length) { ui.card = null; ui.piece = null; }
      if (ui.piece && !movesFor(d, ui.card, ui.piece).length) ui.piece = null;
    }
    const myTurn = d.legal.length > 0 && !state.pending;
    const cardOk = new Set(d.legal.map((m) => m.card));
    const movable = new Set(ui.card ? movesFor(d, ui.card, null).map((m) => m.piece) : []);
    const dests = destinations(d);
    const sides = new Set(movesFor(d, ui.card, ui.piece).filter(() => ui.card && ui.piece).map((m) => m.side));

    renderStatus(d);

    // last move
    const lastPlay = (t.last && (t.last.events || []).find((e) => e.type === "play")) || null;
    let treeCount = 0;
    for (const sq of Object.keys(squareEls)) {
      const el = squareEls[sq];
      const stack = d.boardMap[sq] || [];
      const key = stack.join(",");
      if (el.key !== key) {
        el.key = key;
        el.pieces.replaceChildren(...(stack.length ? [drawStack(stack)] : []));
      }
      const trees = d.treeCount[sq] || 0;
      treeCount += trees;
      el.tree.style.display = trees ? "" : "none";
      const top = stack[stack.length - 1];
      let cls = null, interactive = false, label = null;
      if (dests[sq]) {
        cls = "dest"; interactive = true;
        const side = dests[sq].map((m) => m.side).join("/");
        label = dests[sq].length === 1
          ? `Move ${pieceWords(ui.piece)} to ${sq} (${SIDES[dests[sq][0].side]})`
          : `${pieceWords(ui.piece)} to ${sq}: from several sides, pick one with the side buttons`;
        const hinted = ui.hint && ui.hint.to === sq && ui.card === ui.hint.move.card && ui.piece === ui.hint.move.piece;
        if (hinted) { cls = "dest hinted"; label = `${label} (the hint)`; }
        el.dlabel.textContent = hinted ? `★ ${cardLabel(ui.card)} ${side}` : `${cardLabel(ui.card)} ${side}`;
        el.dlabel.style.display = "";
      } else {
        el.dlabel.style.display = "none";
      }
      if (!cls && ui.piece && top === ui.piece) { cls = "selected"; interactive = true; label = `${pieceWords(top)} on ${sq} (picked; Enter to put it back)`; }
      else if (!cls && top && movable.has(top)) { cls = "movable"; interactive = true; label = `Move ${pieceWords(top)} on ${sq}`; }
      else if (!cls && lastPlay && sq === lastPlay.to) cls = "last-to";
      else if (!cls && lastPlay && sq === lastPlay.from) cls = "last-from";
      el.mark.setAttribute("class", `mark ${cls || ""}`);
      el.mark.style.display = cls ? "" : "none";
      if (interactive && myTurn) {
        el.hit.setAttribute("tabindex", "0");
        el.hit.setAttribute("role", "button");
        el.hit.setAttribute("aria-label", label);
        el.hit.style.cursor = "pointer";
        el.hit.dataset.state = cls === "dest hinted" ? "dest" : cls;
        if (cls === "dest hinted") el.hit.dataset.hint = "1"; else delete el.hit.dataset.hint;
        if (cls === "dest" && dests[sq].length > 1) el.hit.dataset.multi = "1"; else delete el.hit.dataset.multi;
      } else {
        delete el.hit.dataset.multi;
        delete el.hit.dataset.hint;
        el.hit.removeAttribute("tabindex");
        el.hit.removeAttribute("role");
        el.hit.style.cursor = "";
        delete el.hit.dataset.state;
        if (stack.length) {
          el.hit.setAttribute("aria-label", `${sq}: ${stack.map(pieceWords).join(", ")} (bottom to top)${trees ? ", a finished tree" : ""}`);
        } else el.hit.removeAttribute("aria-label");
      }
      el.tip.textContent = stack.length
        ? `${sq}: ${stack.map(pieceWords).join(", ")} (bottom to top)${trees ? ", a finished tree" : ""}`
        : sq;
    }
    state.treeCount = treeCount;
    for (const [side, e] of Object.entries(edgeEls)) {
      const on = myTurn && sides.has(side);
      e.btn.style.display = on ? "" : "none";
      e.label.style.display = on ? "none" : "";
      if (on) {
        e.bt.textContent = `Play ${cardLabel(ui.card)} on the ${SIDES[side]} side`;
        e.btn.setAttribute("tabindex", "0");
        e.btn.setAttribute("aria-label", `Play ${cardLabel(ui.card)} on the ${SIDES[side]} side: ${pieceWords(ui.piece)}`);
      } else e.btn.removeAttribute("tabindex");
    }
    renderHands(d, myTurn, cardOk);
    moveFocus(myTurn);
    animate(t);
  }

  function moveFocus(myTurn) {
    const want = state.ui.focus;
    if (!want || !myTurn) return;
    let el = null;
    const ui = state.ui;
    if (want === "card") {
      el = (ui.focusCard && hands.querySelector(`button.card-face[data-card="${ui.focusCard}"]:not([disabled])`))
        || hands.querySelector("button.card-face:not([disabled])");
    } else if (want === "movable") {
      el = (ui.focusSquare && board.querySelector(`.hit[data-square="${ui.focusSquare}"][data-state="movable"]`))
        || board.querySelector('.hit[data-state="movable"], .hit[data-state="selected"]');
    }
    else if (want === "dest") {
      el = board.querySelector('.hit[data-hint][tabindex]:not([data-multi])')
        || board.querySelector('.hit[data-state="dest"][tabindex]:not([data-multi])') || board.querySelector(".edge-btn[tabindex]");
    }
    if (el) {
      state.ui.focus = null;
      state.ui.focusCard = null;
      state.ui.focusSquare = null;
      const active = document.activeElement;
      const typing = active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA");
      if (!typing) el.focus({ preventScroll: true });
    }
  }

  function renderStatus(d) {
    const n = drawCount(d.view);
    const trees = d.view.trees || 0;
    const opts = d.view.options || (d.t && d.t.options) || {};
    const key = `${n}|${trees}|${!!opts.allow_zero_moves}|${!!opts.hidden_hands}`;
    if (status.dataset.key === key) return;
    status.dataset.key = key;
    status.replaceChildren(
      ...(opts.allow_zero_moves ? [h("span", { class: "pill house", title: "House rule" }, "House rule: zero-square plays allowed")] : []),
      ...(opts.hidden_hands ? [h("span", { class: "pill house", title: "House rule" }, "House rule: hidden hands")] : []),
      h("span", { class: `pill${n != null && n <= 2 ? " low" : ""}`, "data-testid": "draw-count" },
        "Draw pile: ", h("span", { class: "num" }, n == null ? "?" : String(n)), n === 1 ? " card" : " cards"),
      h("span", { class: "pill", "data-testid": "tree-count" }, "Trees: ", h("span", { class: "num" }, `${trees} of 5`)),
    );
    status.append(...[...status.querySelectorAll(".house")]);
  }

  // A hint from the server (the bot's suggestion): pick its card and pyramid, so the board frames the
  // pyramid and its destination (marked "hint"), and keep the reason for the banner until the table moves.
  function showHint(move, reason) {
    const d = derive();
    const i = d.legal.findIndex((m) => m.card === move.card && m.side === move.side && m.piece === move.piece);
    if (i < 0 || !d.t) return;
    const to = d.targets[i] && d.targets[i].to;
    state.ui.hint = { move: d.legal[i], reason: reason || "", seq: d.t.seq, to };
    state.ui.card = move.card;
    state.ui.piece = move.piece;
    state.ui.focus = "dest";
    if (ctx.say) ctx.say(`Hint: ${hintWords(state.ui.hint)}`);
    redraw();
  }
  function hintWords(hinted) {
    const m = hinted.move;
    const where = hinted.to ? ` to ${hinted.to}` : "";
    return `${cardLabel(m.card)} ${SIDES[m.side]}: the ${pieceWords(m.piece)}${where}${hinted.reason ? ` (${hinted.reason})` : ""}`;
  }

  // What to do next, for the page's turn banner (only asked when it is this browser's turn).
  function hint() {
    const ui = state.ui;
    if (state.pending) return "Sending your play…";
    if (ui.hint && ui.card === ui.hint.move.card && ui.piece === ui.hint.move.piece) {
      return `Hint: ${hintWords(ui.hint)}. Play it on the square marked ★, or pick another card.`;
    }
    if (!ui.card) return "Your turn: pick a card from your hand.";
    // On a touch screen there is no Esc key: tapping the picked card or pyramid again puts it back.
    const touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
    const click = touch ? "tap" : "click";
    if (!ui.piece) return `${cardLabel(ui.card)} picked: now ${click} a pyramid in a yellow frame (${touch ? "tap the card again to change it" : "Esc: back"}).`;
    const back = touch ? "tap the pyramid again to put it back" : "Esc: back";
    const dests = Object.values(destinations(derive()));
    const single = dests.some((ms) => ms.length === 1), multi = dests.some((ms) => ms.length > 1);
    if (multi && !single) return `Press a green side button to play ${cardLabel(ui.card)} on the ${pieceWords(ui.piece)} (${back}).`;
    if (multi) return `${touch ? "Tap" : "Click"} a green square, or a green side button, to move the ${pieceWords(ui.piece)} (${back}).`;
    return `${touch ? "Tap" : "Click"} a green square to move the ${pieceWords(ui.piece)} there (${back}).`;
  }

  function renderHands(d, myTurn, cardOk) {
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
  }

  function cardEl(c, playable, cardOk) {
    const pc = parseCard(c);
    const cls = `card-face${pc.red ? " red" : ""}${pc.suit === "D" ? " diamond" : ""}`;
    const inner = [
      h("span", { class: "corner", "aria-hidden": "true" }, pc.rank, h("br"), SUITS[pc.suit]),
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
      title: ok ? `${cardLabel(c)}: ${dist}` : "No legal play with this card",
      onclick: () => pickCard(c),
    }, inner);
  }

  // The move just made glides from its square to its new one, on every screen.
  let anim = null;   // {seq, piece, from, to}: the last play, to animate once its state is drawn
  function noteStep(step) {
    const play = (step.events || []).find((e) => e.type === "play");
    if (play && play.from && play.to) anim = { seq: step.seq, piece: play.piece, from: play.from, to: play.to };
  }

  function animate(t) {
    if (!anim || anim.seq === animatedSeq || anim.seq !== t.seq) return;
    animatedSeq = anim.seq;
    const el = squareEls[anim.to];
    if (!el || !squareEls[anim.from] || anim.from === anim.to) return;
    const pieces = el.pieces.querySelectorAll(`[data-piece="${anim.piece}"]`);
    const pg = pieces[pieces.length - 1];
    if (!pg || !pg.animate) return;
    const [fx, fy] = sqXY(anim.from), [tx, ty] = sqXY(anim.to);
    layers.pieces.append(el.pieces);  // draw above its neighbours while it travels
    pg.animate([
      { transform: `translate(${fx - tx}px, ${fy - ty}px)` },
      { transform: "translate(0px, -10px)", offset: 0.85 },
      { transform: "translate(0px, 0px)" },
    ], { duration: 520, easing: "ease-in-out" });
  }

  return { render, hint, showHint, animate: noteStep, destroy: () => document.removeEventListener("keydown", onKey) };
}

// Event types the whole table hears about (a toast), not only as a log line.
export const headlines = ["tree", "tree_broken"];

// Event text in words, "Ann played 8♦ north: red 3 d2→d7". names(seat): "You" for the viewer.
export function describeEvent(ev, names) {
  const actorName = ev.seat != null && names ? names(ev.seat) : null;
  let text = ev.text || ev.type;
  if (actorName === "You") text = text.replace(/^(draws|finds|leaves|completes|plays|has|is)\b/, (w) => YOU_VERB[w]);
  return actorName ? `${actorName} ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
}
const YOU_VERB = { draws: "draw", finds: "find", leaves: "leave", completes: "complete", plays: "play", has: "have", is: "are" };

// The result dialog: ctx = {names(seat), me, seats, view, last, players}.
export function resultText(result, ctx = {}) {
  const won = result && result.outcome === "won";
  const words = resultWordsBare(result, ctx);
  const trees = ctx.view && typeof ctx.view.trees === "number" ? ctx.view.trees : null;
  if (result && !won && trees != null) words.text += ` The team had built ${trees} of the 5 trees.`;
  return { ...words, tone: won ? "won" : "lost", art: won ? TREES_ART : LOST_ART,
    banner: won ? "Game over: the team won!" : "Game over: the team lost." };
}

// The seat that could not play: the one after the last player (the first seat if nobody played).
function stuckSeat(result, ctx) {
  if (result.seat != null) return result.seat;
  const last = ctx.last && typeof ctx.last.seat === "number" ? ctx.last.seat : null;
  return last != null && ctx.players ? (last + 1) % ctx.players : null;
}

function resultWordsBare(result, ctx) {
  const reason = result && result.reason;
  if (result && result.outcome === "won") {
    return { title: "All five trees are standing!", text: "The team wins. Well played." };
  }
  if (reason === "stuck") {
    const seat = stuckSeat(result, ctx);
    const who = seat != null && ctx.names ? ctx.names(seat) : null;
    return { title: "The team is stuck", text: `${who ? who + " had" : "The player to act had"} no legal play left, so the team loses.` };
  }
  if (reason === "out_of_cards") {
    return { title: "Out of cards", text: "A card had to be drawn but the draw pile was empty, so the team loses." };
  }
  return { title: "Game over", text: reason ? `Reason: ${reason}.` : "" };
}

const tri = (x, s, c, y) => `<path d="M${x - s} ${y} L${x} ${y - s * 1.4} L${x + s} ${y} Z" fill="${c}" stroke="rgba(0,0,0,.4)"/>`;
const TREES_ART = `<svg viewBox="0 0 140 80">${["#d62828", "#f58a07", "#f7d02c", "#2a9d3f", "#1d63c7"].map((c, i) => tri(14 + i * 28, 12, c, 76) + tri(14 + i * 28, 9, c, 62) + tri(14 + i * 28, 6, c, 49)).join("")}</svg>`;
const LOST_ART = `<svg viewBox="0 0 140 80">${tri(50, 14, "#1d63c7", 76)}<g transform="rotate(35 92 60)">${tri(92, 11, "#d62828", 74)}</g></svg>`;

export { drawReplay } from "./three_high_replay.js";
export { cardLabel, cardWords, pieceWords, parseCard, parsePiece, drawCount } from "./three_high_parts.js";
