// The Turning Points replay drawing (admin): the board with its pieces and the seats' sides, the move
// that led here with its chain numbered, and in solitaire the whole bag in order (hidden from players).
import { h } from "../../core/store.js";
import { svg, frame, drawPyramid, pieceFill, shortName, seatVar, COLOR_FILL, WORD } from "./parts.js";
import { paintMarks, markerDefs } from "./marks.js";

let replays = 0;

// el: where to draw; doc: the full doc after move `ctx.seq`; ctx: {seq, step, view, names(seat)}.
export function drawReplay(el, doc, ctx = {}) {
  const names = ctx.names || ((s) => `Seat ${s + 1}`);
  const view = ctx.view || doc;
  const { shape, size } = doc.board;
  const fr = frame(shape, size, 0, doc.solitaire ? Object.keys(doc.solitaire.edges || {}) : doc.sides || []);
  const id = `tpr${++replays}`;
  const board = svg("svg", { class: "tp-board", viewBox: `0 0 ${fr.width} ${fr.height}`, role: "img",
    "aria-label": `The board after move ${ctx.seq ?? ""}, south at the bottom` });
  board.style.setProperty("--tp-aspect", (fr.width / fr.height).toFixed(3));
  const bg = svg("g"), sides = svg("g"), marks = svg("g"), pieces = svg("g"), over = svg("g");
  bg.append(svg("polygon", { points: fr.outline.map((p) => p.join(",")).join(" "), class: "tp-outline" }),
    ...fr.names.map((n) => svg("polygon", { points: fr.cells[n].points, class: "tp-cell" })));
  const solo = doc.solitaire;
  for (const [dir, side] of Object.entries(fr.sides)) {
    const seat = (doc.sides || []).indexOf(dir);
    const edge = solo && solo.edges ? solo.edges[dir] : null;
    const color = edge ? COLOR_FILL[edge] : seat >= 0 ? seatVar(seat) : null;
    const line = svg("polyline", { points: side.line.map((p) => p.join(",")).join(" "), class: `tp-side${color ? "" : " empty"}` });
    if (color) line.setAttribute("style", `stroke: ${color}`);
    sides.append(line);
    const text = seat >= 0 ? `${shortName(names(seat))} ${(view.scores || [])[seat] ?? ""}`.trim() : edge || dir;
    const w = 12 + text.length * 7.6;
    const [x, y] = side.tagAt(w, 24);
    const tag = svg("g", { class: `tp-tag${seat >= 0 ? " seat" : ""}`,
      transform: side.rotate && (seat >= 0 || edge) ? `rotate(${side.rotate} ${x} ${y})` : null });
    const rect = svg("rect", { x: (x - w / 2).toFixed(1), y: y - 12, width: w.toFixed(1), height: 24, rx: 12 });
    if (seat >= 0) rect.setAttribute("style", `fill: ${color}`);
    const label = svg("text", { x, y });
    label.textContent = text;
    tag.append(rect, label);
    sides.append(tag);
  }
  for (const [cell, piece] of Object.entries(doc.cells || {})) {
    const c = fr.cells[cell];
    if (!c) continue;
    const g = svg("g", { class: "tp-piece", transform: `translate(${c.x} ${c.y}) rotate(${fr.angle(piece.dir)})`, "data-cell": cell });
    const tip = svg("title");
    tip.textContent = `${cell}: pointing ${WORD[piece.dir]}${piece.color ? ` (${piece.color})` : ""}`;
    g.append(tip, drawPyramid(fr.cellSize * 0.94, pieceFill(piece, doc)));
    pieces.append(g);
  }
  paintMarks(marks, over, { fr, f: null, last: ctx.step || null, picked: null, open: [], colorOf: seatVar, id });
  board.append(markerDefs(id), bg, sides, marks, pieces, over);
  const extra = [];
  if (solo) {
    const bag = solo.bag || [];
    extra.push(h("p", { class: "hint tp-replay-bag" }, `Bag, next first (hidden from the player): `,
      ...(bag.length ? bag.map((c, i) => h("span", { class: `tp-chip${i === 0 ? " next" : ""}`, style: `background: ${COLOR_FILL[c]}` }, c)) : ["empty"])));
  }
  el.replaceChildren(h("div", { class: "tp tp-replay" }, h("div", { class: "tp-boardwrap" }, board), ...extra));
}
