// Martian Treasure Hunt drawn: pure functions from a scene (the view, the viewer's arrangement and roll,
// the seats' names) to SVG nodes. The live board (board.js) puts each layer in place; the replay draws
// the whole board at once, view-only (drawBoard with viewOnly: no hit areas, no roll to play). Nothing here
// changes a state or decides a rule: where the rolled coin may go is the server's legal_moves and
// move_targets, every coin and pyramid is where the view puts it, and a seat's hidden row stays hidden.
import { S, svg, frame, drawCoin, drawPyramid, armLabelPlace, seatVar } from "./parts.js";
import { situation, shownOrder, pickedHome, arrangeKey } from "./ui.js";
import {
  boardLabel, armLabel, pyramidWords, coinOnBoard, coinFaceDown, stillArranging, myCoin, squareLabel, captureMark, EMPTY,
} from "./words.js";

export const LAYERS = ["tiles", "marks", "pieces", "labels", "hits", "drag"];

// Which way up for a viewer: its own home rows at the bottom (spectators look from the south).
export function frameFor(view, me) {
  const side = me != null && view.sides ? view.sides[me] : "S";
  return { fr: frame(view.board, side), key: `${view.layout}|${view.players}|${side}` };
}

// The scene of the live board. `start`: the order shown on the viewer's home row while it arranges and
// has not touched it yet (the kept draft, or the reading order).
export function liveScene(ui, table, { me = null, pending = false, names, colorOf = seatVar, fr, code = "", start = null }) {
  const d = situation(table, me, pending);
  const key = arrangeKey(code, me);
  const lastMove = table.last && (table.last.events || []).find((e) => e.type === "move");
  return {
    view: d.view, fr, me, names, colorOf, viewOnly: false,
    mustArrange: d.mustArrange, order: d.mustArrange ? shownOrder(ui, key, start) : null,
    picked: d.mustArrange ? pickedHome(ui, key) : null, pending,
    lastMove: lastMove && d.view.phase === "play" ? lastMove : null,
    rolled: d.rolled, myTurn: d.myTurn, dests: d.myTurn ? d.dests : {},
  };
}

// The ground: the squares (light and dark), each seat's arm tinted, the 2x2 tiles outlined.
export function drawGround({ fr, view, colorOf }) {
  const armOf = {};
  (view.board.arms || []).forEach((arm, seat) => arm.forEach((sq) => { armOf[sq] = seat; }));
  const out = [svg("rect", { x: 0, y: 0, width: fr.width, height: fr.height, rx: 12, class: "ground" })];
  const tiles = new Map();
  for (const sq of view.board.squares) {
    const [x, y] = fr.at(sq);
    const [bx, by] = sq.split(",").map(Number);
    out.push(svg("rect", { x, y, width: S, height: S, class: `sq ${(bx + by) % 2 ? "light" : "dark"}` }));
    if (armOf[sq] != null) {
      const tint = svg("rect", { x, y, width: S, height: S, class: "arm", "data-arm": armOf[sq] });
      tint.setAttribute("style", `fill: ${colorOf(armOf[sq])}`);
      out.push(tint);
    }
    const tk = `${Math.floor(bx / 2)},${Math.floor(by / 2)}`;
    const box = tiles.get(tk) || { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    tiles.set(tk, { x0: Math.min(box.x0, x), y0: Math.min(box.y0, y), x1: Math.max(box.x1, x + S), y1: Math.max(box.y1, y + S) });
  }
  for (const b of tiles.values()) out.push(svg("rect", { x: b.x0 + 1, y: b.y0 + 1, width: b.x1 - b.x0 - 2, height: b.y1 - b.y0 - 2, rx: 5, class: "tile" }));
  return out;
}

// Each seat's name along its home row: white words on a chip of the seat's colour (readable on the dark
// ground whatever the colour; the words name the seat, so colour is never the only cue).
export function drawLabels({ fr, view, names, colorOf, viewOnly }) {
  return (view.board.home_rows || []).map((row, seat) => {
    const place = armLabelPlace(fr, row);
    const text = armLabel(names, seat, (view.sides || [])[seat],
      { viewOnly, arranging: view.phase === "arrange" && !!view.coins && !view.coins[seat] });
    const room = Math.floor((row.length * S - 22) / 7.4);   // characters the row's length holds
    const shown = text.length > room ? `${text.slice(0, room - 1).trimEnd()}…` : text;   // a long name cut, whole in the title
    const long = shown.length * 7.4 + 14;   // the chip: the words' width
    const g = svg("g", { class: "arm-tag", "data-seat": seat,
      transform: `translate(${place.x} ${place.y})${place.rotate ? ` rotate(${place.rotate})` : ""}` });
    const chip = svg("rect", { x: -long / 2, y: -9, width: long, height: 18, rx: 9, class: "arm-chip" });
    chip.setAttribute("style", `fill: ${colorOf(seat)}`);
    const label = svg("text", { x: 0, y: 0, class: "arm-label", "data-seat": seat });
    label.textContent = shown;
    const tip = svg("title");
    tip.textContent = text;
    g.append(chip, label, tip);
    return g;
  });
}

// What stands on the board: [square, drawn shape, words]. Pyramids; each seat's coins where the view
// shows them; while arranging, a face-down coin (or an empty slot) for each row the viewer may not see,
// and the viewer's own row in the order it is composing.
export function pieceList({ view, me, names, mustArrange, order }) {
  const out = [];
  for (const [sq, size] of Object.entries(view.pyramids || {})) out.push([sq, drawPyramid(size), pyramidWords(size)]);
  (view.coins || []).forEach((coins, seat) => {
    if (view.phase === "arrange" && seat === me && mustArrange) return;
    if (coins) {
      for (const [value, sq] of Object.entries(coins)) if (sq) out.push([sq, drawCoin(seat, Number(value)), coinOnBoard(names, seat, value)]);
    } else if (view.phase === "arrange") {
      const arranged = (view.arranged || [])[seat];
      for (const sq of view.board.home_rows[seat]) {
        out.push([sq, arranged ? drawCoin(seat, 0, { back: true }) : svg("circle", { r: S * 0.36, class: "slot" }),
          arranged ? coinFaceDown(names, seat) : stillArranging(names, seat)]);
      }
    }
  });
  if (mustArrange && order) view.board.home_rows[me].forEach((sq, i) => out.push([sq, drawCoin(me, order[i]), myCoin(order[i])]));
  return out;
}

// The pieces as groups on their squares, and what stands on each square in words.
export function drawPieces(scene) {
  const groups = [], words = {};
  for (const [sq, shape, text] of pieceList(scene)) {
    const [cx, cy] = scene.fr.centre(sq);
    const g = svg("g", { transform: `translate(${cx} ${cy})`, "data-square": sq });
    g.append(shape);
    groups.push(g);
    words[sq] = text;
  }
  return { groups, words };
}

function mark(fr, sq, cls, label) {
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

// Marks: the last move, the rolled coin, the picked home square, where the rolled coin may go (a
// capture with its points).
export function drawMarks({ fr, view, me, lastMove, rolled, picked, dests = {} }) {
  const marks = [];
  if (lastMove) marks.push(mark(fr, lastMove.from, "last-from"), mark(fr, lastMove.to, "last-to"));
  if (rolled) marks.push(mark(fr, rolled, "rolled"));   // hidden while the dice are still rolling
  if (picked != null) marks.push(mark(fr, view.board.home_rows[me][picked], "picked"));
  for (const [sq, { target }] of Object.entries(dests)) {
    const take = target && target.capture;
    marks.push(mark(fr, sq, take ? "dest take" : "dest", take ? captureMark(target.points) : null));
  }
  return marks;
}

// What each square's hit area says and does: {role ("dest" | "rolled" | "home" | null), label, tabbable}.
export function squareStates({ view, me, myTurn, dests = {}, rolled, mustArrange, picked, pending }, words) {
  const home = mustArrange ? new Map(view.board.home_rows[me].map((sq, i) => [sq, i])) : null;
  const out = {};
  for (const sq of view.board.squares) {
    const w = words[sq] || EMPTY;
    let role = null;
    if (myTurn && dests[sq]) role = "dest";
    else if (myTurn && sq === rolled) role = "rolled";
    else if (home && home.has(sq) && !pending) role = "home";
    const label = squareLabel(role, { sq, words: w, dice: view.dice, target: dests[sq] && dests[sq].target, picked: home && picked === home.get(sq) });
    out[sq] = { role, label, tabbable: role === "dest" || role === "home" };
  }
  return out;
}

// The whole board as one <svg>: the replay's drawing (viewOnly) and the tests'. The live board draws the
// same layers one by one (board.js).
export function drawBoard(scene) {
  const { fr, viewOnly } = scene;
  const board = svg("svg", { class: "mth-board", viewBox: `0 0 ${fr.width} ${fr.height}`, role: viewOnly ? "img" : "group",
    "aria-label": boardLabel(scene.me != null, viewOnly, scene.seq) });
  board.style.setProperty("--mth-aspect", (fr.width / fr.height).toFixed(3));
  const layers = {};
  for (const name of LAYERS) board.append(layers[name] = svg("g", { class: name }));
  layers.tiles.append(...drawGround(scene));
  layers.marks.append(...drawMarks(scene));
  const { groups, words } = drawPieces(scene);
  layers.pieces.append(...groups);
  layers.labels.append(...drawLabels(scene));
  if (viewOnly) return board;
  const states = squareStates(scene, words);
  for (const sq of scene.view.board.squares) {
    const [x, y] = fr.at(sq);
    const st = states[sq];
    const hit = svg("rect", { x, y, width: S, height: S, class: "hit", "data-square": sq, "data-state": st.role,
      tabindex: st.tabbable ? "0" : null, role: st.tabbable ? "button" : null, "aria-label": st.label });
    const tip = svg("title");
    tip.textContent = st.label;
    hit.append(tip);
    layers.hits.append(hit);
  }
  return board;
}
