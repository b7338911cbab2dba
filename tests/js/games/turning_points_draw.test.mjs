// Turning Points drawn (static/js/games/turning_points/draw.js) from tables the engine really sends
// (tests/js/fixtures/turning-points.json "positions"): the pieces where the view puts them, the cells a
// placement may go to marked for the seat to act only, the composed move's arrows and chain preview, and
// nothing drawn from a field the view does not have. The board (board.js) is checked to read the state only.
import { document } from "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, namesFor, NAMES } from "../helpers/fixtures.mjs";
import { seatVar } from "../../../static/js/games/turning_points/parts.js";
import { frameFor, liveScene, drawBoard } from "../../../static/js/games/turning_points/draw.js";
import { createUi, situation, pickCell, chooseDir } from "../../../static/js/games/turning_points/ui.js";
import { createBoard } from "../../../static/js/games/turning_points/board.js";

const fx = fixture("turning-points");
const names = (t) => namesFor(t.you);
const sceneOf = (t, ui = createUi(), extra = {}) => liveScene(ui, t, { me: t.you, names: names(t), colorOf: seatVar,
  fr: frameFor(t.view, t.you).fr, id: "t", ...extra });
const all = (el, selector) => el.querySelectorAll(selector);
const cellsOf = (el, selector) => all(el, selector).map((n) => n.getAttribute("data-cell")).sort();

// Every attribute and text under `el`, for "no value was missing".
function written(el) {
  const out = [el.textContent];
  for (const node of [el, ...el.descendants()]) for (const [name, value] of node.attributes) out.push(`${name}=${value}`);
  return out;
}

test("every piece of the view, on its cell, pointing its way; nothing else is a piece", () => {
  for (const t of fx.positions) {
    const board = drawBoard(sceneOf(t));
    const pieces = all(board, "g.tp-piece");
    assert.deepEqual(pieces.map((g) => g.getAttribute("data-cell")).sort(), Object.keys(t.view.cells).sort(), t.label);
    const fr = frameFor(t.view, t.you).fr;
    for (const g of pieces) {
      const cell = g.getAttribute("data-cell");
      assert.equal(g.getAttribute("data-dir"), t.view.cells[cell].dir);
      assert.equal(g.getAttribute("transform"), `translate(${fr.cells[cell].x} ${fr.cells[cell].y})`);
      assert.equal(g.querySelector("g.tp-spin").style.transform, `rotate(${fr.angle(t.view.cells[cell].dir)}deg)`);
    }
    for (const text of written(board)) assert.doesNotMatch(text, /NaN|undefined|\[object/, `${t.label}: ${text.slice(0, 100)}`);
  }
});

test("the cells a placement may go to are marked and are buttons for the seat to act, and for nobody else", () => {
  for (const t of fx.positions) {
    const board = drawBoard(sceneOf(t));
    const listed = [...new Set(t.legal_moves.map((m) => m.cell))].sort();
    assert.deepEqual(cellsOf(board, "circle.tp-open"), listed, `${t.label} ${t.viewer}`);
    assert.deepEqual(cellsOf(board, "[data-state]"), listed);
    assert.equal(all(board, "[tabindex]").filter((n) => n.getAttribute("tabindex") === "0").length, listed.length ? 1 : 0,
      "one tab stop among them");
    assert.equal(all(board, "polygon.hit").length, frameFor(t.view, t.you).fr.names.length, "a hit area per cell");
    assert.equal(all(board, "g.tp-arrow").length, 0, "no arrows before a cell is picked");
  }
  assert.ok(fx.positions.some((t) => t.legal_moves.length) && fx.positions.some((t) => !t.legal_moves.length));
});

test("a picked cell: its ring, an arrow per listed direction, and the chosen move's chain previewed", () => {
  const t = fx.positions.find((p) => p.label === "square" && p.viewer === "acting");
  const i = t.move_targets.findIndex((x) => x.chain.length > 1);
  const { cell, dir } = t.legal_moves[i];
  const ui = createUi();
  pickCell(ui, situation(ui, t), cell);
  let board = drawBoard(sceneOf(t, ui));
  assert.deepEqual(cellsOf(board, "polygon.tp-picked"), [cell]);
  assert.equal(all(board, "circle.tp-open").length, 0, "the dots give way to the pick");
  assert.deepEqual(all(board, "g.tp-arrow").map((a) => a.getAttribute("data-dir")).sort(),
    t.legal_moves.filter((m) => m.cell === cell).map((m) => m.dir).sort());
  assert.equal(all(board, "g.tp-ghost").length, 0, "no preview before a direction");
  chooseDir(ui, situation(ui, t), dir);
  board = drawBoard(sceneOf(t, ui));
  assert.deepEqual(all(board, "g.tp-arrow").filter((a) => a.classList.contains("on")).map((a) => a.getAttribute("data-dir")), [dir]);
  const ghost = all(board, "g.tp-ghost").find((g) => g.classList.contains("placed"));
  assert.deepEqual([ghost.getAttribute("data-cell"), ghost.getAttribute("data-dir")], [cell, dir]);
  const chain = t.move_targets[i].chain;
  const final = {};
  for (const step of chain) final[step.cell] = step.dir;
  const after = all(board, "g.tp-ghost").filter((g) => g.classList.contains("after"));
  assert.deepEqual(Object.fromEntries(after.map((g) => [g.getAttribute("data-cell"), g.getAttribute("data-dir")])), final);
  const order = all(board, "g.tp-badge").map((b) => [b.getAttribute("data-cell"), b.getAttribute("data-order")]);
  const expected = {};
  chain.forEach((step, k) => { expected[step.cell] = [...(expected[step.cell] || []), k + 1]; });
  assert.deepEqual(Object.fromEntries(order), Object.fromEntries(Object.entries(expected).map(([c, n]) => [c, n.join(",")])));
  assert.equal(all(board, "line.tp-link").length, chain.length, "the chain's path, link by link");
});

test("the sides: each seat's tag with its name and score; the viewer's own side at the bottom", () => {
  for (const t of fx.positions) {
    const board = drawBoard(sceneOf(t));
    const tags = all(board, "g.tp-tag").filter((g) => g.hasAttribute("data-seat"));
    assert.equal(tags.length, t.view.sides.length, t.label);
    for (const tag of tags) {
      const seat = Number(tag.getAttribute("data-seat"));
      const name = seat === t.you ? "You" : NAMES[seat];
      assert.equal(tag.querySelector("text").textContent, `${name} ${t.view.scores[seat]}`);
      assert.equal(tag.getAttribute("data-side"), t.view.sides[seat]);
    }
  }
  const north = fx.positions.find((p) => p.label === "square" && p.viewer === "acting");
  const fr = frameFor(north.view, north.you).fr;
  assert.equal(fr.angle(north.view.sides[north.you]) % 360, 90, "seat 1 sits north: the board is turned");
});

test("the last move's piece and its chain's order are marked, and only from the table's last step", () => {
  for (const t of fx.positions) {
    const board = drawBoard(sceneOf(t));
    const place = t.last.events.find((e) => e.type === "place");
    assert.deepEqual(cellsOf(board, "polygon.tp-placed"), [place.cell]);
    const turned = new Set(t.last.events.filter((e) => e.type === "turn").map((e) => e.cell));
    assert.equal(all(board, "g.tp-badge").length, turned.size);
    const none = drawBoard(sceneOf({ ...t, last: null }));
    assert.equal(all(none, "polygon.tp-placed").length + all(none, "g.tp-badge").length, 0);
  }
});

test("nothing is drawn from a field the view does not have", () => {
  const t = fx.positions.find((p) => p.label === "solitaire");
  const bare = { ...t, view: { ...t.view, cells: undefined }, legal_moves: [], move_targets: [], last: null };
  const board = drawBoard(sceneOf(bare));
  assert.equal(all(board, "g.tp-piece").length, 0);
  for (const text of written(board)) assert.doesNotMatch(text, /NaN|undefined|\[object/, text.slice(0, 100));
  // a spectator is told nobody's name it does not have, and no score it was not sent
  const watch = fx.positions.find((p) => p.viewer === null);
  const scoreless = drawBoard(sceneOf({ ...watch, view: { ...watch.view, scores: [] } }));
  for (const tag of all(scoreless, "g.tp-tag").filter((g) => g.hasAttribute("data-seat"))) {
    assert.match(tag.querySelector("text").textContent, / 0$/);
  }
  // the solitaire's edges come from the view; a view without them tags the compass
  const noEdges = drawBoard(sceneOf({ ...t, view: { ...t.view, solitaire: { ...t.view.solitaire, edges: {} } } }));
  assert.ok(all(noEdges, "g.tp-tag").some((g) => g.querySelector("text").textContent === "N"));
});

test("view-only (the replay): no hit areas, arrows or preview; each piece says where it points", () => {
  const t = fx.positions.find((p) => p.label === "hex");
  const ui = createUi();
  pickCell(ui, situation(ui, t), t.legal_moves[0].cell);
  const board = drawBoard({ ...sceneOf(t, ui), viewOnly: true, seq: 5 });
  assert.equal(board.getAttribute("role"), "img");
  assert.match(board.getAttribute("aria-label"), /after move 5/);
  assert.equal(all(board, "polygon.hit").length + all(board, "g.tp-arrow").length + all(board, "g.tp-ghost").length, 0);
  assert.equal(all(board, "g.tp-piece").filter((g) => g.querySelector("title")).length, Object.keys(t.view.cells).length);
});

test("the board's render reads the state and writes the page only", () => {
  for (const t of fx.positions) {
    const root = document.createElement("div");
    root.contains = () => false;
    const state = { table: t, me: t.you, pending: false };
    const board = createBoard(root, { state, seatName: names(t), seatColor: seatVar, sideRoot: document.createElement("aside"),
      redraw() {}, say() {}, sendMove() {} });
    if (t.legal_moves.length) pickCell(state.ui, situation(state.ui, t), t.legal_moves[0].cell);
    const before = JSON.stringify([state.ui, state.table]);
    board.render(state);
    const drawn = root.textContent;
    board.render(state);
    assert.equal(JSON.stringify([state.ui, state.table]), before, `${t.label} ${t.viewer}`);
    assert.equal(root.textContent, drawn, "drawn again, the same");
    assert.equal(root.querySelectorAll("g.tp-piece").length, Object.keys(t.view.cells).length);
    board.destroy();
  }
});
