// 3-High board client. It knows how to draw the view and how to let a player compose one of the moves
// the server listed in `legal_moves`; it never decides legality itself. Selection lives in the page's
// single state object (state.ui); every handler changes state and calls redraw().
//
// A play takes two actions: pick a pyramid, then a destination (click, keys, or drag and drop). The
// client finds the listed moves of that pyramid to that square; when several cards (or sides) lead there,
// it asks which card. Picking a card first still works: it narrows the pyramids and squares to that card.
import { h } from "../core/store.js";
import {
  S, M, W, FILES, SIDES, pieceWords, cardWords, cardLabel, parseCard,
  sqXY, allSquares, drawCount, svg, drawStack, prefOn, setPref, starPath, fitLabel,
} from "./three_high_parts.js";
import { handsRenderer } from "./three_high_hands.js";
import { sound } from "../core/notify.js";

const reducedMotion = () => !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

export function createBoard(root, ctx) {
  // ctx: { state, redraw, sendMove(move), seatName(seat), sideRoot (where the hands go) }
  const { state, redraw } = ctx;
  state.ui = state.ui || { card: null, piece: null, choose: null, seq: null };

  // ---- static skeleton, built once ----
  const status = h("div", { class: "th-status" });
  const wrap = h("div", { class: "th-boardwrap" });
  const board = svg("svg", {
    class: `th-board${prefOn("letters") ? " letters" : ""}`, viewBox: `0 0 ${W} ${W}`, role: "group",
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
    const dot = svg("circle", { cx: x + S / 2, cy: y + S / 2, r: 9, class: "dest-dot" });
    dot.style.display = "none";
    layers.marks.append(dot);
    const tree = svg("g", { class: "tree" });
    tree.style.display = "none";
    tree.append(svg("rect", { x: x + 2.5, y: y + 2.5, width: S - 5, height: S - 5, rx: 7, class: "tree-glow" }));
    // a little gold star on a finished tree: unmistakable, and not a colour cue alone
    tree.append(svg("path", { class: "tree-star", d: starPath(x + S - 11, y + 11, 8, 3.6) }));
    layers.marks.append(tree);
    const pieces = svg("g", { transform: `translate(${x} ${y})`, "data-square": sq });
    layers.pieces.append(pieces);
    const hit = svg("rect", { x, y, width: S, height: S, class: "hit", "data-square": sq });
    const tip = svg("title");
    hit.append(tip);
    layers.hits.append(hit);
    const dlabel = svg("text", { x: x + S / 2, y: y + 12, class: "dest-label" });
    dlabel.style.display = "none";
    layers.coords.append(dlabel);
    squareEls[sq] = { mark, dot, tree, pieces, hit, tip, dlabel, key: "" };
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
  // The side names (a card is played to a side: its pyramid moves toward it).
  const edgePos = { N: [W / 2, 15], S: [W / 2, W - 15], W: [15, W / 2], E: [W - 15, W / 2] };
  for (const side of Object.keys(SIDES)) {
    const [x, y] = edgePos[side];
    const vertical = side === "E" || side === "W";
    const label = svg("text", { x, y, class: "edge-label", transform: vertical ? `rotate(${side === "E" ? 90 : -90} ${x} ${y})` : null });
    label.textContent = SIDES[side].toUpperCase();
    layers.edges.append(label);
  }
  // "Which card?": shown over the board when several listed plays take the pyramid to the same square.
  const chooser = h("div", { class: "th-choose", role: "dialog", "aria-label": "Which card?", hidden: true });
  wrap.append(board, chooser);
  const hands = h("div", { class: "hands" });
  const lettersBox = h("input", { type: "checkbox", id: "th-letters", checked: prefOn("letters"),
    onchange: (ev) => { setPref("letters", ev.target.checked); board.classList.toggle("letters", ev.target.checked); } });
  const autoBox = h("input", { type: "checkbox", id: "th-auto-card", checked: prefOn("autoCard"),
    onchange: (ev) => setPref("autoCard", ev.target.checked) });
  const help = h("details", { class: "th-help-box" },
    h("summary", {}, "How to play a card · settings"),
    h("p", { class: "hint" }, "Pick a pyramid, then one of the marked squares: the card shown on the square is played. "
      + "A card moves a pyramid (card value − pyramid size) squares toward its side, or away if that is negative; "
      + "diamonds ♦ ignore the size. Build five trees (3, 2, 1 of one colour) to win. "
      + "Dots on a pyramid give its size. ",
    h("a", { href: "/rules/three-high", target: "_blank", rel: "noopener" }, "All the rules")),
    h("label", { class: "check", for: "th-letters" }, lettersBox, " Letters on the pyramids (R O Y G B) for colour-blind play"),
    h("label", { class: "check", for: "th-auto-card" }, autoBox,
      " When several cards take a pyramid to the same square, don't ask: play the card with the fewest other plays (keep the most useful ones)"));
  root.replaceChildren(h("div", { class: "th" }, status, wrap));
  (ctx.sideRoot || root).replaceChildren(hands, help);

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
  // Where the picked pyramid may go: square -> the listed moves that take it there (with the picked card
  // only, when one was picked first). The squares come from the server's move_targets.
  function destinations(d) {
    const ui = state.ui;
    const out = {};
    if (!ui.piece) return out;
    d.legal.forEach((m, i) => {
      if (m.piece !== ui.piece || (ui.card && m.card !== ui.card)) return;
      const to = d.targets[i] && d.targets[i].to;
      if (to) (out[to] = out[to] || []).push(m);
    });
    return out;
  }
  const topOf = (d, sq) => (d.boardMap[sq] || []).slice(-1)[0];
  const canMove = (d, piece) => !!piece && movesFor(d, state.ui.card, piece).length > 0;

  // ---- handlers ----
  function pickCard(card) {
    const ui = state.ui;
    ui.card = ui.card === card ? null : card;
    ui.choose = null;
    if (ui.piece && ui.card && !movesFor(derive(), ui.card, ui.piece).length) ui.piece = null;
    ui.focus = ui.piece ? "dest" : ui.card ? "movable" : null;
    redraw();
  }
  function pickPiece(piece) {
    const ui = state.ui;
    ui.piece = ui.piece === piece ? null : piece;
    ui.choose = null;
    ui.focus = ui.piece ? "dest" : "movable";
    redraw();
  }
  function pickSquare(sq) {
    const d = derive();
    const ui = state.ui;
    const dests = destinations(d);
    if (ui.piece && dests[sq]) return playTo(sq, dests[sq]);
    const top = topOf(d, sq);
    if (canMove(d, top)) pickPiece(top);
  }
  // The pyramid goes to `sq`: one listed move plays at once; several ask which card (unless the player
  // chose to let the page pick the card with the fewest other plays).
  function playTo(sq, moves) {
    if (moves.length === 1) return send(moves[0]);
    const picked = prefOn("autoCard") ? leastUsedCard(derive(), moves) : null;
    if (picked) {
      const kept = [...new Set(moves.map((m) => m.card))].filter((c) => c !== picked.card).map(cardLabel).join(", ");
      if (ctx.say) ctx.say(`Played ${cardLabel(picked.card)}, the card with the fewest other plays (kept ${kept}).`);
      return send(picked);
    }
    state.ui.choose = { to: sq, piece: state.ui.piece, moves };
    state.ui.focus = "choice";
    redraw();
  }
  // Of the cards that lead there, the one with the fewest plays in the whole list (the first in hand order
  // on a tie): the listed moves decide, no rule is recomputed. null when one card leads there by several sides.
  function leastUsedCard(d, moves) {
    const uses = (c) => d.legal.filter((m) => m.card === c).length;
    const cards = [...new Set(moves.map((m) => m.card))];
    if (cards.length < 2) return null;
    const best = cards.reduce((a, c) => (uses(c) < uses(a) ? c : a));
    const mine = moves.filter((m) => m.card === best);
    return mine.length === 1 ? mine[0] : null;
  }
  function send(move) {
    Object.assign(state.ui, { card: null, piece: null, choose: null, focus: null });
    ctx.sendMove(move);   // exactly the dict the server listed
    redraw();
  }
  function cancel() {
    const ui = state.ui;
    // Esc steps back one stage and leaves focus on the thing that was picked, so Enter picks it again.
    if (ui.choose) { ui.focusSquare = ui.choose.to; ui.choose = null; ui.focus = "dest"; }
    else if (ui.piece) { ui.focusSquare = squareOf(ui.piece); ui.piece = null; ui.focus = "movable"; }
    else { ui.focusCard = ui.card; ui.focus = ui.card ? "card" : null; ui.card = null; }
    redraw();
  }
  function squareOf(piece) { return derive().topAt[piece] || null; }   // where a top piece stands

  // Dragging: press on a pyramid that can move, drag, drop on a marked square. A press that does not
  // travel is an ordinary click.
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
    if (drag && drag.lifted) drag.lifted.classList.remove("lifted");
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
      const top = topOf(d, drag.sq);
      if (!canMove(d, top)) { endDrag(); return; }
      drag.moved = true;
      try { board.setPointerCapture(ev.pointerId); } catch { /* fine without */ }
      Object.assign(state.ui, { piece: top, choose: null });
      drag.ghost = svg("g", { class: "drag-ghost", "pointer-events": "none", opacity: "0.9" });
      drag.ghost.append(drawStack([top]));
      layers.edges.append(drag.ghost);
      const pieces = squareEls[drag.sq].pieces.querySelectorAll(".piece");
      drag.lifted = pieces[pieces.length - 1] || null;
      if (drag.lifted) drag.lifted.classList.add("lifted");
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
    if (sq && dests[sq]) playTo(sq, dests[sq]);
    else redraw();   // dropped elsewhere: the pyramid stays picked, its squares still marked
  });
  board.addEventListener("pointercancel", () => { endDrag(); redraw(); });

  board.addEventListener("click", (ev) => {
    if (swallowClick) { swallowClick = false; return; }
    const hit = ev.target.closest(".hit");
    if (hit && hit.hasAttribute("tabindex")) pickSquare(hit.dataset.square);
    else if (hit) explainSquare(hit.dataset.square);
  });
  chooser.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    const ch = state.ui.choose;
    if (!b || !ch || !isMyTurn()) return;
    if (b.dataset.cancel) { cancel(); return; }
    const m = ch.moves[Number(b.dataset.i)];
    if (m) send(m);
  });
  // A click that does nothing says why, in one sentence (the reasons come from the listed moves).
  function explainSquare(sq) {
    if (!isMyTurn()) { if (ctx.explainWait) ctx.explainWait(); return; }
    if (!ctx.say) return;
    const ui = state.ui;
    const d = derive();
    const top = topOf(d, sq);
    if (ui.piece && !top) ctx.say(`The ${pieceWords(ui.piece)} cannot go to ${sq}${ui.card ? ` with ${cardLabel(ui.card)}` : " with any card in your hand"}: pick a marked square (Esc: back).`);
    else if (top && ui.card) ctx.say(`${cardLabel(ui.card)} cannot move the ${pieceWords(top)}: pick a pyramid in a yellow frame, or another card.`);
    else if (top) ctx.say(`No card in your hand can move the ${pieceWords(top)}${topOf(d, sq) === (d.boardMap[sq] || [])[0] ? "" : " (only the top pyramid of a stack moves)"}.`);
  }
  // A card that cannot be played now (not your turn, or watching): say why instead of doing nothing.
  hands.addEventListener("click", (ev) => {
    const c = ev.target.closest(".card-face");
    if (c && c.tagName !== "BUTTON" && !isMyTurn() && ctx.explainWait) ctx.explainWait();
  });
  board.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const el = ev.target.closest(".hit");
    if (!el || !el.hasAttribute("tabindex")) return;
    ev.preventDefault();
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  const onKey = (ev) => {
    if (ev.key === "Escape" && (state.ui.card || state.ui.piece || state.ui.choose)) { ev.preventDefault(); cancel(); }
  };
  document.addEventListener("keydown", onKey);

  // ---- render ----
  const renderHands = handsRenderer(hands, ctx, state, pickCard);
  let animatedSeq = null;

  function render() {
    const d = derive();
    const t = d.t;
    if (!t) return;
    const ui = state.ui;
    // A new state from the server replaces everything: drop a selection that no longer fits it.
    if (ui.seq !== t.seq) {
      ui.seq = t.seq;
      ui.choose = null;
      if (ui.hint && ui.hint.seq !== t.seq) ui.hint = null;
      if (ui.card && !movesFor(d, ui.card, null).length) ui.card = null;
      if (ui.piece && !movesFor(d, ui.card, ui.piece).length) ui.piece = null;
    }
    const myTurn = d.legal.length > 0 && !state.pending;
    const cardOk = new Set(d.legal.map((m) => m.card));
    const movable = new Set(movesFor(d, ui.card, null).map((m) => m.piece));
    const dests = myTurn ? destinations(d) : {};

    renderStatus(d);
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
      el.dot.style.display = "none";
      el.dlabel.style.display = "none";
      if (dests[sq]) {
        ({ cls, label } = destMark(el, sq, dests[sq], stack.length > 0));
        interactive = true;
      }
      if (!cls && ui.piece && top === ui.piece) { cls = "selected"; interactive = true; label = `${pieceWords(top)} on ${sq} (picked; Enter to put it back)`; }
      // Pyramids that can move are framed only once a card narrows them down: unframed, all of them would
      // be (most of the board); they still answer to the pointer and the keyboard.
      else if (!cls && top && movable.has(top)) { cls = ui.card ? "movable" : "can-move"; interactive = true; label = `Move ${pieceWords(top)} on ${sq}`; }
      else if (!cls && lastPlay && sq === lastPlay.to) cls = "last-to";
      else if (!cls && lastPlay && sq === lastPlay.from) cls = "last-from";
      el.mark.setAttribute("class", `mark ${cls || ""}`);
      el.mark.style.display = cls && cls !== "can-move" ? "" : "none";
      setHit(el, sq, stack, trees, interactive && myTurn ? { cls, label, dest: dests[sq] } : null);
    }
    state.treeCount = treeCount;
    renderChooser(myTurn);
    renderHands(d, myTurn, cardOk);
    moveFocus(myTurn);
    animate(t);
  }

  // A destination: a dot on an empty square (a ring on a stack) and the card(s) that take it there.
  function destMark(el, sq, moves, occupied) {
    const ui = state.ui;
    const cards = [...new Set(moves.map((m) => m.card))];
    const hinted = ui.hint && ui.hint.to === sq && ui.piece === ui.hint.move.piece
      && moves.some((m) => m.card === ui.hint.move.card && m.side === ui.hint.move.side);
    el.dot.style.display = "";
    el.dot.setAttribute("class", `dest-dot${occupied ? " ring" : ""}${hinted ? " hinted" : ""}`);
    el.dot.setAttribute("r", occupied ? 26 : 9);
    el.dlabel.textContent = `${hinted ? "★ " : ""}${cards.length > 2 ? `${cards.length} cards` : cards.map(cardLabel).join(" ")}`;
    el.dlabel.style.display = "";
    fitLabel(el.dlabel, sq);
    const how = moves.length === 1
      ? `with ${cardWords(moves[0].card)} (${SIDES[moves[0].side]})`
      : `with ${cards.length > 1 ? "a choice of cards" : "a choice of sides"}: ${moves.map((m) => `${cardLabel(m.card)} ${SIDES[m.side]}`).join(", ")}`;
    const label = `Move ${pieceWords(ui.piece)} to ${sq} ${how}${hinted ? " (the hint)" : ""}`;
    return { cls: hinted ? "dest hinted" : "dest", label };
  }

  function setHit(el, sq, stack, trees, on) {
    const hit = el.hit;
    const words = stack.length ? `${sq}: ${stack.map(pieceWords).join(", ")} (bottom to top)${trees ? ", a finished tree" : ""}` : sq;
    el.tip.textContent = on ? on.label : words;
    delete hit.dataset.multi;
    delete hit.dataset.hint;
    delete hit.dataset.cards;
    if (on) {
      hit.setAttribute("tabindex", "0");
      hit.setAttribute("role", "button");
      hit.setAttribute("aria-label", on.label);
      hit.dataset.state = on.cls === "dest hinted" ? "dest" : on.cls === "can-move" ? "movable" : on.cls;
      if (on.cls === "dest hinted") hit.dataset.hint = "1";
      if (on.dest) {
        hit.dataset.cards = [...new Set(on.dest.map((m) => m.card))].join(" ");
        if (on.dest.length > 1) hit.dataset.multi = "1";
      }
    } else {
      hit.removeAttribute("tabindex");
      hit.removeAttribute("role");
      delete hit.dataset.state;
      if (stack.length) hit.setAttribute("aria-label", words); else hit.removeAttribute("aria-label");
    }
  }

  function renderChooser(myTurn) {
    const ch = state.ui.choose;
    const key = ch && myTurn ? `${ch.to}|${ch.moves.map((m) => m.card + m.side).join(",")}` : "";
    chooser.hidden = !key;
    if (chooser.dataset.key === key) return;
    chooser.dataset.key = key;
    if (!key) { chooser.replaceChildren(); return; }
    const [x, y] = sqXY(ch.to);
    // beside the square, toward the middle of the board, so it never hangs off the board's edge
    const right = x + S / 2 > W / 2, above = y + S / 2 > W / 2;
    chooser.style.left = `${((right ? x + S : x) / W) * 100}%`;
    chooser.style.top = `${((above ? y - 4 : y + S + 4) / W) * 100}%`;
    chooser.style.transform = `translate(${right ? "-100%" : "0"}, ${above ? "-100%" : "0"})`;
    const sides = new Set(ch.moves.map((m) => m.card)).size === 1;
    // how much each card can do besides this play (from the listed moves): a hint at which one to keep
    const legal = derive().legal;
    const others = (c) => legal.filter((m) => m.card === c).length - ch.moves.filter((m) => m.card === c).length;
    const otherWords = (n) => (n ? `${n} other play${n === 1 ? "" : "s"}` : "no other play");
    chooser.replaceChildren(
      h("p", { class: "th-choose-title" }, sides ? `Which side? The ${pieceWords(ch.piece)} to ${ch.to} with` : `Which card? The ${pieceWords(ch.piece)} to ${ch.to} with`),
      h("div", { class: "th-choose-list" }, ch.moves.map((m, i) => {
        const pc = parseCard(m.card);
        return h("button", { type: "button", class: `th-choice${pc.red ? " red" : ""}`, "data-i": i, "data-card": m.card, "data-side": m.side,
          "aria-label": `${cardWords(m.card)}, played to the ${SIDES[m.side]} side (${otherWords(others(m.card))} with this card)` },
        h("span", { class: "th-choice-card", "aria-hidden": "true" }, cardLabel(m.card)),
        h("span", { class: "th-choice-side" }, SIDES[m.side]),
        sides ? null : h("span", { class: "th-choice-uses", "aria-hidden": "true", title: "What this card could do instead" }, otherWords(others(m.card))));
      })),
      h("button", { type: "button", class: "link", "data-cancel": "1" }, "Cancel (Esc)"));
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
    } else if (want === "dest") {
      el = (ui.focusSquare && board.querySelector(`.hit[data-square="${ui.focusSquare}"][data-state="dest"]`))
        || board.querySelector(".hit[data-hint][tabindex]") || board.querySelector('.hit[data-state="dest"][tabindex]');
    } else if (want === "choice") {
      el = chooser.querySelector("button.th-choice");
    }
    if (el) {
      Object.assign(state.ui, { focus: null, focusCard: null, focusSquare: null });
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
      h("span", { class: "pill trees", "data-testid": "tree-count", "aria-label": `Trees: ${trees} of 5` },
        ...[0, 1, 2, 3, 4].map((i) => h("span", { class: `tree-pip${i < trees ? " done" : ""}`, "aria-hidden": "true" })),
        h("span", { class: "num" }, `${trees} of 5`), " trees"),
      h("span", { class: `pill${n != null && n <= 2 ? " low" : ""}`, "data-testid": "draw-count" },
        "Draw pile: ", h("span", { class: "num" }, n == null ? "?" : String(n)), n === 1 ? " card" : " cards"),
      ...(opts.allow_zero_moves ? [h("span", { class: "pill house", title: "House rule" }, "Zero-square plays allowed")] : []),
      ...(opts.hidden_hands ? [h("span", { class: "pill house", title: "House rule" }, "Hidden hands")] : []),
    );
  }

  // A hint from the server (the bot's suggestion): pick its card and pyramid, so the board marks its
  // destination ★, and keep the reason for the banner until the table moves.
  function showHint(move, reason) {
    const d = derive();
    const i = d.legal.findIndex((m) => m.card === move.card && m.side === move.side && m.piece === move.piece);
    if (i < 0 || !d.t) return;
    const to = d.targets[i] && d.targets[i].to;
    state.ui.hint = { move: d.legal[i], reason: reason || "", seq: d.t.seq, to };
    Object.assign(state.ui, { card: move.card, piece: move.piece, choose: null, focus: "dest" });
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
      return `Hint: ${hintWords(ui.hint)}. Play it on the square marked ★.`;
    }
    const touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
    const tap = touch ? "Tap" : "Click";
    if (ui.choose) return `Several plays take the ${pieceWords(ui.choose.piece)} to ${ui.choose.to}: pick one.`;
    if (ui.piece) {
      return `${tap} a marked square to move the ${pieceWords(ui.piece)}${ui.card ? ` with ${cardLabel(ui.card)}` : ""} (${touch ? "tap it again to put it back" : "Esc: back"}).`;
    }
    if (ui.card) return `${cardLabel(ui.card)} picked: now ${tap.toLowerCase()} a pyramid in a yellow frame.`;
    return `Your turn: ${touch ? "tap" : "click or drag"} a pyramid, then a marked square.`;
  }

  // The move just made glides along its path (a straight line over the board) on every screen; a tree
  // it completes is celebrated briefly. Nothing moves under prefers-reduced-motion.
  let anim = null;   // {seq, piece, from, to, tree}: the last play, to animate once its state is drawn
  function noteStep(step) {
    const play = (step.events || []).find((e) => e.type === "play");
    const tree = (step.events || []).find((e) => e.type === "tree");
    if (play && play.from && play.to) anim = { seq: step.seq, piece: play.piece, from: play.from, to: play.to, tree: tree ? tree.square : null };
  }

  function animate(t) {
    if (!anim || anim.seq === animatedSeq || anim.seq !== t.seq) return;
    animatedSeq = anim.seq;
    const still = reducedMotion();
    const kind = anim.tree ? "tree" : "move";
    setTimeout(() => sound(kind), still ? 0 : 420);   // as it lands (the switch is the page's)
    if (still) return;
    const el = squareEls[anim.to];
    if (!el || !squareEls[anim.from]) return;
    if (anim.tree && squareEls[anim.tree]) celebrate(squareEls[anim.tree]);
    if (anim.from === anim.to) return;
    const pieces = el.pieces.querySelectorAll(`[data-piece="${anim.piece}"]`);
    const pg = pieces[pieces.length - 1];
    if (!pg || !pg.animate) return;
    const [fx, fy] = sqXY(anim.from), [tx, ty] = sqXY(anim.to);
    const dist = Math.hypot(fx - tx, fy - ty) / S;
    layers.pieces.append(el.pieces);  // draw above its neighbours while it travels
    pg.animate([
      { transform: `translate(${fx - tx}px, ${fy - ty}px)` },
      { transform: `translate(${(fx - tx) / 2}px, ${(fy - ty) / 2 - 14}px)`, offset: 0.5 },   // lifted mid-way
      { transform: "translate(0px, 0px)" },
    ], { duration: Math.min(900, 320 + dist * 70), easing: "ease-in-out" });
  }
  function celebrate(el) {
    const g = el.tree;
    if (!g.animate) return;
    g.animate([{ transform: "scale(1)", opacity: 0.2 }, { transform: "scale(1.08)", opacity: 1, offset: 0.4 }, { transform: "scale(1)", opacity: 1 }],
      { duration: 900, delay: 400, easing: "ease-out" });
  }

  return { render, hint, showHint, animate: noteStep, destroy: () => document.removeEventListener("keydown", onKey) };
}

// Words and pictures: event lines, the result dialog (three_high_words.js); the replay drawing.
export { headlines, describeEvent, resultText } from "./three_high_words.js";
export { drawReplay } from "./three_high_replay.js";
export { cardLabel, cardWords, pieceWords, parseCard, parsePiece, drawCount } from "./three_high_parts.js";
