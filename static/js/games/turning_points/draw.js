// Turning Points drawn: pure functions from a scene (the view, the viewer's composing move, the chain
// frame playing, the seats' names) to SVG nodes. The live board (board.js) puts each layer in place and
// keeps its pieces turning; the replay draws the whole board at once, view-only (drawBoard with
// viewOnly: no hit areas, arrows or preview). Nothing here changes a state or decides a rule: open cells,
// the chain previewed and the pieces' directions are the server's legal_moves, move_targets and view.
import { svg, frame, turnFor, drawPyramid, pieceFill, seatVar, arrowPath, COLOR_FILL } from "./parts.js";
import { situation, optionsAt, openCells, pickedCell, chosenOption, chosenDir } from "./ui.js";
import { boardLabel, sideTag, sideTip, cellLabel, pieceTip, arrowLabel, arrowTip, towardWords, whereWords } from "./words.js";

export const LAYERS = ["bg", "sides", "marks", "pieces", "hits", "arrows", "over", "preview"];

// The board's geometry for a viewer (its own side at the bottom; spectators and solitaire: south), with
// each cell's place in words. `key` changes exactly when the geometry does.
export function frameFor(view, me) {
  const side = me != null && view.sides ? view.sides[me] : "S";
  const { shape, size } = view.board;
  const turn = view.solitaire ? 0 : turnFor(side);
  const tagged = view.solitaire ? Object.keys(view.solitaire.edges || {}) : view.sides || [];
  const fr = frame(shape, size, turn, tagged);
  const rows = [...new Set(fr.names.map((n) => fr.cells[n].y))].sort((a, b) => a - b);
  fr.where = {};
  for (const n of fr.names) {
    const c = fr.cells[n];
    const row = fr.names.filter((m) => fr.cells[m].y === c.y).sort((a, b) => fr.cells[a].x - fr.cells[b].x);
    fr.where[n] = whereWords(rows.indexOf(c.y) + 1, row.indexOf(n) + 1);
  }
  return { fr, key: `${shape}|${size}|${turn}|${tagged.join(",")}` };
}

// The scene of the live board: the table as the viewer sees it, with the move being composed.
export function liveScene(ui, table, { me = null, pending = false, names, colorOf = seatVar, fr, id = "tp" }) {
  const s = situation(ui, table, pending);
  const view = s.view;
  const f = ui.chain.frame;
  const picked = pickedCell(ui, s);
  return {
    view, fr, id, names, colorOf, me,
    cells: f ? f.cells : view.cells || {},
    scores: f && f.scores ? f.scores : view.scores,
    acting: table.status === "playing" ? table.to_act || [] : [],
    frame: f,
    last: f || picked ? null : table.last,   // the preview's numbers replace the last move's
    picked, targets: openCells(s), open: picked ? [] : openCells(s),   // open: the dots, while no cell is picked
    options: optionsAt(s, picked), option: chosenOption(ui, s), chosen: chosenDir(ui, s),
    focusCell: ui.focusCell, viewOnly: false,
  };
}

export const drawBackground = (fr) => [
  svg("polygon", { points: fr.outline.map((p) => p.join(",")).join(" "), class: "tp-outline" }),
  ...fr.names.map((n) => svg("polygon", { points: fr.cells[n].points, class: "tp-cell" }))];

// Each side in its seat's colour (or its solitaire edge's), with a tag: name and live score.
export function drawSides({ fr, view, names, colorOf, scores = [], acting = [] }) {
  const solo = view.solitaire;
  const out = [];
  for (const [dir, side] of Object.entries(fr.sides)) {
    const seat = (view.sides || []).indexOf(dir);
    const edge = solo && solo.edges ? solo.edges[dir] : null;
    const color = edge ? COLOR_FILL[edge] : seat >= 0 ? colorOf(seat) : null;
    const line = svg("polyline", { points: side.line.map((p) => p.join(",")).join(" "), class: `tp-side${color ? "" : " empty"}`, "data-side": dir });
    if (color) line.setAttribute("style", `stroke: ${color}`);
    out.push(line);
    const name = seat >= 0 ? names(seat) : null;
    const text = sideTag(seat, edge, dir, name, scores[seat]);
    const w = 12 + text.length * 7.6, hgt = 24;
    const [x, y] = side.tagAt(w, hgt);
    const light = edge === "yellow";   // white words on yellow are unreadable: dark ones there
    const tag = svg("g", { class: `tp-tag${seat >= 0 ? " seat" : ""}${light ? " light" : ""}${acting.includes(seat) ? " acting" : ""}`, "data-side": dir,
      ...(seat >= 0 ? { "data-seat": seat } : {}), transform: side.rotate && (seat >= 0 || edge) ? `rotate(${side.rotate} ${x} ${y})` : null });
    const rect = svg("rect", { x: (x - w / 2).toFixed(1), y: (y - hgt / 2).toFixed(1), width: w.toFixed(1), height: hgt, rx: 12 });
    if (seat >= 0) rect.setAttribute("style", `fill: ${color}`);
    const label = svg("text", { x, y });
    label.textContent = text;
    const tip = svg("title");
    tip.textContent = sideTip(seat, edge, dir, name, scores[seat]);
    tag.append(tip, rect, label);
    out.push(tag);
  }
  return out;
}

export function markerDefs(id) {
  const defs = svg("defs");
  for (const [name, cls] of [["head", "tp-head"], ["head-live", "tp-head live"]]) {
    const m = svg("marker", { id: `${id}-${name}`, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" });
    m.append(svg("path", { d: "M0 0 L10 5 L0 10 Z", class: cls }));
    defs.append(m);
  }
  return defs;
}

const ring = (fr, cell, cls, color) => {
  const el = svg("polygon", { points: fr.cells[cell].points, class: cls, "data-cell": cell });
  if (color) el.setAttribute("style", `stroke: ${color}`);
  return el;
};

// Numbered badges: the order in which pieces turn (a piece turned twice shows both numbers).
function badges(fr, turns, cls) {
  const at = {};
  turns.forEach((cell, i) => { (at[cell] = at[cell] || []).push(i + 1); });
  const out = [];
  const cs = fr.cellSize;
  for (const [cell, nums] of Object.entries(at)) {
    const c = fr.cells[cell];
    if (!c) continue;
    const text = nums.join("·");
    const w = Math.max(cs * 0.3, 8 + text.length * 8.2), hgt = cs * 0.3;
    const x = c.x + cs * 0.3, y = c.y - cs * 0.3;
    const g = svg("g", { class: `tp-badge ${cls}`, "data-cell": cell, "data-order": nums.join(",") });
    g.append(svg("rect", { x: (x - w / 2).toFixed(1), y: (y - hgt / 2).toFixed(1), width: w.toFixed(1), height: hgt.toFixed(1), rx: (hgt / 2).toFixed(1) }));
    const t = svg("text", { x: x.toFixed(1), y: y.toFixed(1) });
    t.textContent = text;
    g.append(t);
    out.push(g);
  }
  return out;
}

const link = (fr, from, to, id, live) => {
  const a = fr.cells[from], b = fr.cells[to];
  if (!a || !b) return null;
  const k = 0.3;   // stop short of both centres, so the arrow sits between the two pieces
  return svg("line", { x1: (a.x + (b.x - a.x) * k).toFixed(1), y1: (a.y + (b.y - a.y) * k).toFixed(1),
    x2: (b.x - (b.x - a.x) * k).toFixed(1), y2: (b.y - (b.y - a.y) * k).toFixed(1),
    class: `tp-link${live ? " live" : ""}`, "marker-end": `url(#${id}-${live ? "head-live" : "head"})` });
};

// Marks: the open cells, the picked cell, the last move (its piece and the order its chain turned
// pieces in), the chain as it plays. `under` lies under the pieces (rings, dots), `over` above them.
export function drawMarks({ fr, frame: f, last, picked, open = [], colorOf, id }) {
  const lastPlace = last && (last.events || []).find((e) => e.type === "place");
  const under = [], over = [];
  for (const cell of open) {
    const c = fr.cells[cell];
    if (c) under.push(svg("circle", { cx: c.x, cy: c.y, r: (fr.cellSize * 0.07).toFixed(1), class: "tp-open", "data-cell": cell }));
  }
  if (f) {
    under.push(ring(fr, f.placed, "tp-placed", f.seat != null ? colorOf(f.seat) : null));
    const turns = f.step.events.filter((e) => e.type === "turn").slice(0, Math.max(0, f.index)).map((e) => e.cell);
    if (f.by && f.turning) {
      under.push(ring(fr, f.by, "tp-by"), ring(fr, f.turning, "tp-turning"));
      const l = link(fr, f.by, f.turning, id, true);
      if (l) over.push(l);
    }
    over.push(...badges(fr, turns, "live"));
  } else if (lastPlace && fr.cells[lastPlace.cell]) {
    const seat = lastPlace.seat ?? last.seat;
    under.push(ring(fr, lastPlace.cell, "tp-placed last", seat != null ? colorOf(seat) : null));
    over.push(...badges(fr, last.events.filter((e) => e.type === "turn").map((e) => e.cell), "last"));
  }
  if (picked && fr.cells[picked]) under.push(ring(fr, picked, "tp-picked"));
  return { under, over };
}

// The preview of the chosen placement: a ghost piece, the chain's path in order, numbered turns, and a
// ghost of each turned piece pointing where it will end up. All from the server's move_targets.
export function drawPreview({ fr, picked, option, id }) {
  const chain = option && option.target ? option.target.chain || [] : [];
  if (!picked || !option) return [];
  const ghost = (at, dir, cls) => {
    const c = fr.cells[at];
    const g = svg("g", { class: `tp-ghost ${cls}`, transform: `translate(${c.x} ${c.y}) rotate(${fr.angle(dir)})`, "data-cell": at, "data-dir": dir });
    g.append(drawPyramid(fr.cellSize * 0.94, "rgba(255,255,255,.55)", { ghost: true }));
    return g;
  };
  const out = [ghost(picked, option.dir, "placed")];
  const finalDir = {};
  for (const step of chain) finalDir[step.cell] = step.dir;
  for (const [at, dir] of Object.entries(finalDir)) out.push(ghost(at, dir, "after"));
  const path = [picked, ...chain.map((s) => s.cell)];
  for (let i = 1; i < path.length; i++) {
    const l = link(fr, path[i - 1], path[i], id, false);
    if (l) out.push(l);
  }
  out.push(...badges(fr, chain.map((s) => s.cell), "preview"));
  return out;
}

// The arrow buttons around the picked cell: one per listed direction for it.
export function drawArrows({ fr, view, names, picked, options = [], chosen }) {
  if (!picked || !options.length) return [];
  const c = fr.cells[picked];
  const toward = (dir) => towardWords(view, dir, names);
  const g = svg("g", { class: `tp-arrows${chosen ? " chosen" : ""}` });
  const r = fr.cellSize * 0.2, out = fr.cellSize * 0.66;
  for (const { dir } of options) {
    const a = fr.angle(dir) * Math.PI / 180;
    const x = c.x + Math.cos(a) * out, y = c.y + Math.sin(a) * out;
    const b = svg("g", { class: `tp-arrow${dir === chosen ? " on" : ""}`, role: "button", tabindex: "0", "data-dir": dir,
      transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, "aria-label": arrowLabel(toward(dir), dir === chosen) });
    b.append(svg("circle", { r: r.toFixed(1) }), svg("path", { d: arrowPath(r * 0.62), transform: `rotate(${fr.angle(dir)})` }));
    const tip = svg("title");
    tip.textContent = arrowTip(toward(dir));
    b.append(tip);
    g.append(b);
  }
  return [g];
}

// How a piece looks: its colour, and its screen angle (degrees clockwise from east).
export const pieceLook = (fr, piece, view) => ({ fill: pieceFill(piece, view), angle: fr.angle(piece.dir) });

// One piece: a pyramid in a group turned by a CSS rotation (so the live board shows each turn clockwise).
// Returns the group and its parts: {g, spin, body, angle, fill}.
export function drawPiece(fr, cell, piece, view, { dropping = false, tip = false } = {}) {
  const c = fr.cells[cell];
  const { fill, angle } = pieceLook(fr, piece, view);
  const g = svg("g", { class: "tp-piece", transform: `translate(${c.x} ${c.y})`, "data-cell": cell, "data-dir": piece.dir });
  const drop = svg("g", { class: `tp-drop${dropping ? " dropping" : ""}` });
  const spin = svg("g", { class: "tp-spin" });
  const pyramid = drawPyramid(fr.cellSize * 0.94, fill);
  spin.style.transform = `rotate(${angle}deg)`;
  spin.append(pyramid);
  drop.append(spin);
  if (tip) {
    const title = svg("title");
    title.textContent = pieceTip(cell, piece);
    g.append(title);
  }
  g.append(drop);
  return { g, spin, body: pyramid.querySelector(".body"), angle, fill };
}

// What each cell's hit area says and does: {label, state ("open" | "picked" | null), tabindex}. Every
// cell a placement may go to is a button; one is the tab stop (the roving cell), arrow keys move on.
export function cellStates({ fr, view, names, cells, targets = [], picked, focusCell }) {
  const focus = focusCell && targets.includes(focusCell) ? focusCell : picked && targets.includes(picked) ? picked : targets[0];
  const out = {};
  for (const cell of fr.names) {
    const piece = cells[cell];
    const seat = piece ? (view.sides || []).indexOf(piece.dir) : -1;
    const open = targets.includes(cell);
    out[cell] = {
      label: cellLabel(piece, seat >= 0 ? names(seat) : null, fr.where[cell], { open, picked: cell === picked }),
      state: open ? (cell === picked ? "picked" : "open") : null,
      tabindex: open ? (cell === focus ? "0" : "-1") : null,
    };
  }
  return out;
}

// The whole board as one <svg>: the replay's drawing (viewOnly) and the tests'. The live board draws the
// same layers one by one (board.js).
export function drawBoard(scene) {
  const { fr, view, viewOnly } = scene;
  const board = svg("svg", { class: "tp-board", viewBox: `0 0 ${fr.width} ${fr.height}`, role: viewOnly ? "img" : "group",
    "aria-label": boardLabel(view, scene.me != null, viewOnly, scene.seq) });
  board.style.setProperty("--tp-aspect", (fr.width / fr.height).toFixed(3));
  const layers = {};
  board.append(markerDefs(scene.id));
  for (const name of LAYERS) board.append(layers[name] = svg("g", { class: name }));
  layers.bg.append(...drawBackground(fr));
  layers.sides.append(...drawSides(scene));
  const { under, over } = drawMarks(scene);
  layers.marks.append(...under);
  layers.over.append(...over);
  for (const [cell, piece] of Object.entries(scene.cells || {})) {
    if (fr.cells[cell]) layers.pieces.append(drawPiece(fr, cell, piece, view, { tip: viewOnly }).g);
  }
  if (viewOnly) return board;
  const states = cellStates(scene);
  for (const cell of fr.names) {
    const st = states[cell];
    const hit = svg("polygon", { points: fr.cells[cell].points, class: "hit", "data-cell": cell, role: st.state ? "button" : null,
      tabindex: st.tabindex, "data-state": st.state, "aria-label": st.label });
    const tip = svg("title");
    tip.textContent = st.label;
    hit.append(tip);
    layers.hits.append(hit);
  }
  layers.arrows.append(...drawArrows(scene));
  layers.preview.append(...drawPreview(scene));
  return board;
}
