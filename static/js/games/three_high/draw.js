// 3-High drawn from a table state: the board (squares, marks, pyramids, coordinates, the squares a player
// may pick, the side names), the status line and the "which card?" question. Pure: the same table, ui and
// options give the same nodes, and nothing is read but them. The live board (board.js) and the replay
// (index.js, viewOnly: no targets, no selection, tooltips on the pyramids) both draw with drawBoard.
//
// table: {view, legal_moves, move_targets, last, seq} as the server sends it (a replay: the view of its
// step, no legal moves); ui: the board's ui object (ui.js), null when nothing is picked.
import { h } from "../../core/store.js";
import { S, M, W, FILES, svg, sqXY, allSquares, drawStack, starPath, placeLabel, parseCard, drawCount } from "./parts.js";
import * as UI from "./ui.js";
import * as words from "./words.js";

const EDGE_AT = { N: [W / 2, 15], S: [W / 2, W - 15], W: [15, W / 2], E: [W - 15, W / 2] };
const NO_UI = UI.create();

// opts: {myTurn: the viewer may play now, letters: a letter on each pyramid, viewOnly: a replay}.
export function drawBoard(table, ui, opts = {}) {
  const { myTurn = false, letters = false, viewOnly = false } = opts;
  const u = (!viewOnly && ui) || NO_UI;
  const d = UI.read(viewOnly ? { ...table, legal_moves: [], move_targets: [] } : table);
  const dests = myTurn ? UI.destinations(d, u) : {};
  const movable = new Set(UI.movesFor(d, u.card, null).map((m) => m.piece));
  const trees = new Set(d.view.tree_squares || []);
  const last = table.last && (table.last.events || []).find((e) => e.type === "play");
  const dragged = u.drag && u.drag.moved ? u.drag : null;

  const root = svg("svg", viewOnly
    ? { class: "th-board", viewBox: `0 0 ${W} ${W}`, role: "img", "aria-label": words.replayBoardLabel(table.seq) }
    : { class: `th-board${letters ? " letters" : ""}`, viewBox: `0 0 ${W} ${W}`, role: "group", "aria-label": words.BOARD_LABEL });
  const layers = {};
  for (const name of ["squares", "marks", "pieces", "coords", "hits", "edges"]) {
    if (viewOnly && name === "hits") continue;
    layers[name] = svg("g", { class: name });
    root.append(layers[name]);
  }
  for (const sq of allSquares()) {
    const [x, y] = sqXY(sq);
    const f = FILES.indexOf(sq[0]), r = Number(sq.slice(1));
    const stack = d.boardMap[sq] || [];
    const top = stack[stack.length - 1];
    const tree = trees.has(sq);
    layers.squares.append(svg("rect", { x, y, width: S, height: S, class: `sq ${(f + r) % 2 === 0 ? "dark" : "light"}` }));

    // what the square is to the player: a target, the picked pyramid, a pyramid that can move, or the last play
    let cls = null, label = null;
    if (dests[sq]) {
      const star = UI.hinted(u, sq, dests[sq]);
      cls = star ? "dest hinted" : "dest";
      label = words.destLabel(u.piece, sq, dests[sq], star);
      layers.marks.append(svg("circle", { cx: x + S / 2, cy: y + S / 2, r: stack.length ? 26 : 9,
        class: `dest-dot${stack.length ? " ring" : ""}${star ? " hinted" : ""}` }));
      const text = svg("text", { x: x + S / 2, y: y + 12, class: "dest-label", "data-square": sq });
      text.textContent = words.destText(dests[sq], star);
      placeLabel(text, sq);
      layers.coords.append(text);
    } else if (u.piece && top === u.piece) {
      cls = "selected";
      label = words.pickedLabel(top, sq);
    } else if (top && movable.has(top)) {
      // Pyramids that can move are framed only once a card narrows them down: unframed, all of them would
      // be (most of the board); they still answer to the pointer and the keyboard.
      cls = u.card ? "movable" : "can-move";
      label = words.movableLabel(top, sq);
    } else if (last && sq === last.to) cls = "last-to";
    else if (last && sq === last.from) cls = "last-from";
    if (cls && !["can-move", "dest", "dest hinted"].includes(cls)) {
      layers.marks.append(svg("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 6, class: `mark ${cls}`, "data-square": sq }));
    }
    if (tree) {   // a little gold star on a finished tree: unmistakable, and not a colour cue alone
      const g = svg("g", { class: "tree", "data-square": sq, "data-key": `tree ${sq}` });
      g.append(svg("rect", { x: x + 2.5, y: y + 2.5, width: S - 5, height: S - 5, rx: 7, class: "tree-glow" }),
        svg("path", { class: "tree-star", d: starPath(x + S - 11, y + 11, 8, 3.6) }));
      layers.marks.append(g);
    }
    if (stack.length) {
      const lifted = dragged && dragged.sq === sq;
      const g = svg("g", { transform: `translate(${x} ${y})`, "data-square": sq, "data-key": `${sq} ${stack.join(",")}${lifted ? " lifted" : ""}` });
      const drawn = drawStack(stack);
      const topPiece = [...drawn.querySelectorAll("g.piece")].pop();
      if (lifted && topPiece) topPiece.setAttribute("class", `${topPiece.getAttribute("class")} lifted`);
      if (viewOnly) g.append(titled(words.squareWords(sq, stack, false)));
      g.append(drawn);
      layers.pieces.append(g);
    }
    if (viewOnly) continue;
    const interactive = myTurn && cls && !["last-to", "last-from"].includes(cls);
    layers.hits.append(hit(sq, stack, tree, interactive ? { cls, label, dest: dests[sq] } : null));
  }
  // Coordinates inside the edge squares, as on a printed chessboard: files along the south edge, ranks
  // along the west edge; above the pyramids (with a halo), so a large one never hides its letter.
  for (let i = 0; i < 8; i++) {
    const t = svg("text", { x: M + i * S + S - 6, y: M + 8 * S - 7, class: "coord", "aria-hidden": "true" });
    t.textContent = FILES[i];
    const t2 = svg("text", { x: M + 6, y: M + i * S + 9, class: "coord", "aria-hidden": "true" });
    t2.textContent = String(8 - i);
    layers.coords.append(t, t2);
  }
  // The side names (a card is played to a side: its pyramid moves toward it).
  for (const [side, [x, y]] of Object.entries(EDGE_AT)) {
    const vertical = side === "E" || side === "W";
    const label = svg("text", { x, y, class: "edge-label", transform: vertical ? `rotate(${side === "E" ? 90 : -90} ${x} ${y})` : null });
    label.textContent = words.sideName(side);
    layers.edges.append(label);
  }
  if (dragged && dragged.at) {   // the pyramid under the pointer while it is dragged
    const ghost = svg("g", { class: "drag-ghost", "pointer-events": "none", opacity: "0.9", transform: ghostAt(dragged.at) });
    ghost.append(drawStack([dragged.piece]));
    layers.edges.append(ghost);
  }
  return root;
}

// Where the dragged pyramid is drawn for a pointer at `at` (board units): just above the pointer.
export const ghostAt = (at) => `translate(${at.x - S / 2} ${at.y - S + 8})`;

function titled(text) {
  const tip = svg("title");
  tip.textContent = text;
  return tip;
}

// The square the pointer and the keyboard act on: a target (with its cards), or a square that says what it holds.
function hit(sq, stack, tree, on) {
  const [x, y] = sqXY(sq);
  const words_ = words.squareWords(sq, stack, tree);
  const el = svg("rect", { x, y, width: S, height: S, class: "hit", "data-square": sq });
  el.append(titled(on ? on.label : words_));
  if (!on) {
    if (stack.length) el.setAttribute("aria-label", words_);
    return el;
  }
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", on.label);
  el.setAttribute("data-state", on.cls === "dest hinted" ? "dest" : on.cls === "can-move" ? "movable" : on.cls);
  if (on.cls === "dest hinted") el.setAttribute("data-hint", "1");
  if (on.dest) {
    el.setAttribute("data-cards", [...new Set(on.dest.map((m) => m.card))].join(" "));
    if (on.dest.length > 1) el.setAttribute("data-multi", "1");
  }
  return el;
}

// The line above the board: trees built (as pips), the draw pile, the house rules in play; in a replay,
// the squares of the play just made.
export function drawStatus(view, options = {}, lastPlay = null) {
  const n = drawCount(view);
  const trees = view.trees || 0;
  const opts = view.options || options || {};
  return [
    h("span", { class: "pill trees", "data-testid": "tree-count", "aria-label": words.STATUS.treesLabel(trees) },
      ...[0, 1, 2, 3, 4].map((i) => h("span", { class: `tree-pip${i < trees ? " done" : ""}`, "aria-hidden": "true" })),
      h("span", { class: "num" }, words.STATUS.trees(trees)), words.STATUS.treesWord),
    h("span", { class: `pill${n != null && n <= 2 ? " low" : ""}`, "data-testid": "draw-count" },
      words.STATUS.pile, h("span", { class: "num" }, n == null ? "?" : String(n)), words.STATUS.cards(n)),
    opts.allow_zero_moves ? h("span", { class: "pill house", title: words.STATUS.houseRule }, words.STATUS.zero) : null,
    opts.hidden_hands ? h("span", { class: "pill house", title: words.STATUS.houseRule }, words.STATUS.hidden) : null,
    lastPlay ? h("span", { class: "pill legend-last" }, words.STATUS.lastMove(lastPlay)) : null,
  ].filter(Boolean);
}

// "Which card?" over the board, beside the square and toward the middle of the board (never off its
// edge), when several listed plays take the pyramid there; each card says what else it could do.
export function drawChooser(table, ui) {
  const ch = ui && ui.choose;
  if (!ch) return h("div", { class: "th-choose", role: "dialog", "aria-label": words.CHOOSE.dialog, hidden: true });
  const legal = UI.read(table).legal;
  const [x, y] = sqXY(ch.to);
  const right = x + S / 2 > W / 2, above = y + S / 2 > W / 2;
  const style = `left: ${((right ? x + S : x) / W) * 100}%; top: ${((above ? y - 4 : y + S + 4) / W) * 100}%; `
    + `transform: translate(${right ? "-100%" : "0"}, ${above ? "-100%" : "0"})`;
  const sides = new Set(ch.moves.map((m) => m.card)).size === 1;
  const others = (c) => legal.filter((m) => m.card === c).length - ch.moves.filter((m) => m.card === c).length;
  return h("div", { class: "th-choose", role: "dialog", "aria-label": words.CHOOSE.dialog, style },
    h("p", { class: "th-choose-title" }, words.chooseTitle(ch, sides)),
    h("div", { class: "th-choose-list" }, ch.moves.map((m, i) => h("button", {
      type: "button", class: `th-choice${parseCard(m.card).red ? " red" : ""}`, "data-i": i, "data-card": m.card,
      "data-side": m.side, "aria-label": words.choiceLabel(m, others(m.card)) },
    h("span", { class: "th-choice-card", "aria-hidden": "true" }, words.cardLabel(m.card)),
    h("span", { class: "th-choice-side" }, words.SIDES[m.side]),
    sides ? null : h("span", { class: "th-choice-uses", "aria-hidden": "true", title: words.CHOOSE.uses }, words.otherPlays(others(m.card)))))),
    h("button", { type: "button", class: "link", "data-cancel": "1" }, words.CHOOSE.cancel));
}
