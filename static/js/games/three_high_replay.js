// The 3-High replay drawing (admin): the board, every hand, the draw pile in order.
import { h } from "../core/store.js";
import {
  S, M, W, FILES, SIDES, SUITS, parseCard, cardWords, cardLabel, pieceWords, sqXY, allSquares, svg, drawStack, starPath,
} from "./three_high_parts.js";

// el: where to draw; doc: the full doc after move `ctx.seq`; ctx: {seq, step, view, names(seat)}.
export function drawReplay(el, doc, ctx = {}) {
  const view = ctx.view || {};
  const seatName = ctx.names || ((s) => `Seat ${s + 1}`);
  const r = { seq: ctx.seq };
  const play = ctx.step ? (ctx.step.events || []).find((e) => e.type === "play") : null;
  const trees = new Set(view.tree_squares || []);
  const board = svg("svg", { class: "th-board", viewBox: `0 0 ${W} ${W}`, role: "img",
    "aria-label": `The board after move ${r.seq}` });
  const squares = svg("g"), marks = svg("g", { class: "marks" }), pieces = svg("g", { class: "pieces" });
  for (const sq of allSquares()) {
    const [x, y] = sqXY(sq);
    const f = FILES.indexOf(sq[0]), rk = Number(sq.slice(1));
    squares.append(svg("rect", { x, y, width: S, height: S, class: `sq ${(f + rk) % 2 === 0 ? "dark" : "light"}` }));
    const cls = play && sq === play.to ? "last-to" : play && sq === play.from ? "last-from" : null;
    if (cls) marks.append(svg("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 6, class: `mark ${cls}`, "data-square": sq }));
    if (trees.has(sq)) {   // a finished tree: the board's green frame and gold star
      marks.append(svg("rect", { x: x + 2.5, y: y + 2.5, width: S - 5, height: S - 5, rx: 7, class: "tree-glow" }),
        svg("path", { class: "tree-star", d: starPath(x + S - 11, y + 11, 8, 3.6) }));
    }
    const stack = (doc.board || {})[sq];
    if (stack && stack.length) {
      const g = svg("g", { transform: `translate(${x} ${y})`, "data-square": sq });
      const tip = svg("title");
      tip.textContent = `${sq}: ${stack.map(pieceWords).join(", ")} (bottom to top)`;
      g.append(tip, drawStack(stack));
      pieces.append(g);
    }
  }
  for (let i = 0; i < 8; i++) {
    const t = svg("text", { x: M + i * S + S - 6, y: M + 8 * S - 7, class: "coord" });
    t.textContent = FILES[i];
    const t2 = svg("text", { x: M + 6, y: M + i * S + 9, class: "coord" });
    t2.textContent = String(8 - i);
    squares.append(t, t2);
  }
  const edges = svg("g");
  const edgePos = { N: [W / 2, 15], S: [W / 2, W - 15], W: [15, W / 2], E: [W - 15, W / 2] };
  for (const [side, [x, y]] of Object.entries(edgePos)) {
    const vertical = side === "E" || side === "W";
    const t = svg("text", { x, y, class: "edge-label", transform: vertical ? `rotate(${side === "E" ? 90 : -90} ${x} ${y})` : null });
    t.textContent = SIDES[side].toUpperCase();
    edges.append(t);
  }
  board.append(squares, marks, pieces, edges);
  const pills = h("div", { class: "th-status" },
    h("span", { class: "pill" }, "Trees: ", h("span", { class: "num" }, `${view.trees ?? "?"} of 5`)),
    h("span", { class: "pill" }, "Draw pile: ", h("span", { class: "num" }, String((doc.draw_pile || []).length))),
    play ? h("span", { class: "pill legend-last" }, `Blue frames: ${play.from} → ${play.to}`) : null);
  const boardRoot = h("div", { class: "th-replay-board" }, pills, h("div", { class: "th-boardwrap" }, board));

  const toAct = doc.to_act || [];
  const used = play ? play.card : null;
  // the viewer's own seat is named "You": "Your hand", never "You's hand"
  const handTitle = (seat) => { const name = seatName(seat); return name === "You" ? "Your hand" : `${name}'s hand`; };
  const hands = (doc.hands || []).map((hand, seat) => h("section", {
    class: `hand${toAct.includes(seat) ? " acting" : ""}`, "aria-label": handTitle(seat), "data-seat": String(seat) },
  h("h3", {}, handTitle(seat), toAct.includes(seat) ? h("span", { class: "badge turn" }, "to play") : null),
  h("div", { class: "cards" }, hand.length ? hand.map((c) => cardFace(c)) : h("span", { class: "empty" }, "no cards"))));
  const pile = doc.draw_pile || [];
  const discard = doc.discard || [];
  const hiddenRoot = h("div", { class: "th-replay-hidden" },
    h("div", { class: "hands" }, hands),
    h("section", { class: "hand pile", "aria-label": "Draw pile, next card first" },
      h("h3", {}, `Draw pile (${pile.length}), next card first`),
      h("div", { class: "cards" }, pile.length ? pile.map((c, i) => cardFace(c, i === 0 ? "next" : "")) : h("span", { class: "empty" }, "empty"))),
    h("section", { class: "hand pile", "aria-label": "Discard pile" },
      h("h3", {}, `Discard (${discard.length})${used ? `: ${cardLabel(used)} just played` : ""}`),
      h("div", { class: "cards" }, discard.length ? discard.map((c) => cardFace(c, c === used ? "just" : "")) : h("span", { class: "empty" }, "empty"))));
  el.replaceChildren(boardRoot, hiddenRoot);
}

function cardFace(c, extra = "") {
  const pc = parseCard(c);
  return h("span", { class: `card-face${pc.red ? " red" : ""}${extra ? ` ${extra}` : ""}`, role: "img",
    "aria-label": cardWords(c), title: cardLabel(c), "data-card": c },
  h("span", { class: "rank", "aria-hidden": "true" }, pc.rank),
  h("span", { class: "suit", "aria-hidden": "true" }, SUITS[pc.suit]));
}

