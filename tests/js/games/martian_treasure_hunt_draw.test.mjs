// Martian Treasure Hunt drawn (static/js/games/martian_treasure_hunt/draw.js) from tables the engine
// really sends (tests/js/fixtures/martian-treasure-hunt.json "positions"): every pyramid and coin where
// the view puts it, the rolled coin and the squares it may go to marked for the seat to move only, the
// viewer's own row in the order it composes, and no other seat's hidden row drawn from anything but the
// view. The board (board.js) is checked to read the state only.
import { document } from "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, namesFor } from "../helpers/fixtures.mjs";
import { seatVar } from "../../../static/js/games/martian_treasure_hunt/parts.js";
import { frameFor, liveScene, drawBoard } from "../../../static/js/games/martian_treasure_hunt/draw.js";
import { createUi, arrangeKey, arranging, pickHome } from "../../../static/js/games/martian_treasure_hunt/ui.js";
import { readingOrder } from "../../../static/js/games/martian_treasure_hunt/arrange.js";
import { createBoard } from "../../../static/js/games/martian_treasure_hunt/board.js";

const fx = fixture("martian-treasure-hunt");
const position = (label, viewer = "acting") => fx.positions.find((p) => p.label === label && p.viewer === viewer);
const CODE = "tbl";
function sceneOf(t, ui = createUi()) {
  const { fr } = frameFor(t.view, t.you);
  const start = t.you != null && t.view.board ? readingOrder(t.view, t.you, fr) : null;
  return liveScene(ui, t, { me: t.you, names: namesFor(t.you), colorOf: seatVar, fr, code: CODE, start });
}
const all = (el, selector) => el.querySelectorAll(selector);
const squares = (el, selector) => all(el, selector).map((n) => n.getAttribute("data-square")).sort();
// The coins drawn face up: "seat-value" -> square.
const coinsDrawn = (board) => Object.fromEntries(all(board, "g.coin").filter((c) => c.getAttribute("data-coin"))
  .map((c) => [c.getAttribute("data-coin"), c.parentNode.getAttribute("data-square")]));

function written(el) {
  const out = [el.textContent];
  for (const node of [el, ...el.descendants()]) for (const [name, value] of node.attributes) out.push(`${name}=${value}`);
  return out;
}

test("every pyramid and every coin the view shows, on its square; nothing more", () => {
  for (const t of fx.positions.filter((p) => p.label === "play")) {
    const board = drawBoard(sceneOf(t));
    const pyramids = Object.fromEntries(all(board, "g.pyramid").map((p) => [p.parentNode.getAttribute("data-square"), Number(p.getAttribute("data-pyramid"))]));
    assert.deepEqual(pyramids, t.view.pyramids);
    const want = {};
    t.view.coins.forEach((coins, seat) => { for (const [value, sq] of Object.entries(coins)) if (sq) want[`${seat}-${value}`] = sq; });
    assert.deepEqual(coinsDrawn(board), want);
    assert.equal(all(board, "rect.sq").length, t.view.board.squares.length);
    for (const text of written(board)) assert.doesNotMatch(text, /NaN|undefined|\[object/, text.slice(0, 100));
  }
});

test("nothing is drawn from a field the view does not have", () => {
  const t = position("play", null);
  const bare = { ...t, view: { ...t.view, pyramids: undefined, coins: undefined, dice: null }, last: null };
  const board = drawBoard(sceneOf(bare));
  assert.equal(all(board, "g.pyramid").length + all(board, "g.coin").length + all(board, "g.mark").length, 0);
  for (const text of written(board)) assert.doesNotMatch(text, /NaN|undefined|\[object/, text.slice(0, 100));
});

test("the rolled coin is marked for all; the squares it may go to only for the seat to move, captures with their points", () => {
  for (const t of fx.positions.filter((p) => p.label === "play")) {
    const board = drawBoard(sceneOf(t));
    const rolled = t.view.coins[t.to_act[0]][String(t.view.dice.number)];
    assert.deepEqual(squares(board, "g.rolled"), [rolled], String(t.viewer));
    const dests = all(board, "g.dest");
    assert.deepEqual(dests.map((m) => m.getAttribute("data-square")).sort(), t.legal_moves.map((m) => m.to).sort());
    for (const m of dests) {
      const target = t.move_targets.find((x) => x.to === m.getAttribute("data-square"));
      assert.equal(m.classList.contains("take"), !!target.capture);
      assert.equal(m.textContent, target.capture ? `+${target.points}` : "");
    }
    assert.deepEqual(all(board, "rect.hit").filter((r) => r.getAttribute("data-state") === "dest").map((r) => r.getAttribute("data-square")).sort(),
      t.legal_moves.map((m) => m.to).sort());
    const move = t.last.events.find((e) => e.type === "move");
    assert.deepEqual([squares(board, "g.last-from"), squares(board, "g.last-to")], [[move.from], [move.to]]);
  }
});

test("arranging: my row in the order I compose, another seat's row face down, never its values", () => {
  const t = position("arrange");
  const ui = createUi();
  const { fr } = frameFor(t.view, t.you);
  const arr = arranging(ui, arrangeKey(CODE, t.you), readingOrder(t.view, t.you, fr));
  pickHome(arr, 0);
  pickHome(arr, 5);
  const board = drawBoard(sceneOf(t, ui));
  const row = t.view.board.home_rows[t.you];
  assert.deepEqual(row.map((sq) => all(board, "g.coin").find((c) => c.parentNode.getAttribute("data-square") === sq).getAttribute("data-coin")),
    arr.order.map((v) => `${t.you}-${v}`));
  const other = 1 - t.you;
  assert.ok(t.view.arranged[other] && t.view.coins[other] === null, "the view hides the other row");
  const backs = all(board, "g.coin").filter((c) => c.classList.contains("back"));
  assert.deepEqual(backs.map((c) => c.parentNode.getAttribute("data-square")).sort(), [...t.view.board.home_rows[other]].sort());
  assert.ok(backs.every((c) => c.getAttribute("data-coin") === null && c.textContent === "?"));
  assert.deepEqual(all(board, "rect.hit").filter((r) => r.getAttribute("data-state") === "home").map((r) => r.getAttribute("data-square")).sort(), [...row].sort());
  for (const viewer of ["waiting", null]) {
    const seen = drawBoard(sceneOf(position("arrange", viewer)));
    const faceUp = Object.keys(coinsDrawn(seen)).map((c) => Number(c.split("-")[0]));
    const v = position("arrange", viewer);
    assert.deepEqual([...new Set(faceUp)], v.you != null && v.view.coins[v.you] ? [v.you] : [], `${viewer}: only its own row face up`);
    assert.equal(all(seen, "rect.hit").filter((r) => r.getAttribute("data-state")).length, 0);
  }
  const waiting = position("arrange", null);
  assert.equal(all(drawBoard(sceneOf(waiting)), "circle.slot").length, 6, "a seat still arranging: empty slots");
});

test("view-only (the replay): no hit areas; each seat's name along its row", () => {
  const t = position("play", null);
  const board = drawBoard({ ...sceneOf(t), viewOnly: true, seq: t.seq });
  assert.equal(board.getAttribute("role"), "img");
  assert.equal(board.getAttribute("aria-label"), `The board after move ${t.seq}`);
  assert.equal(all(board, "rect.hit").length, 0);
  assert.deepEqual(all(board, "text.arm-label").map((l) => l.textContent), ["Ann · sun", "Bea · moon", "Cal · crown"]);
  const live = drawBoard(sceneOf(t));
  assert.match(all(live, "text.arm-label")[0].textContent, /^Ann · sun · (south|north|east|west)$/);
});

test("the board's render reads the state and writes the page only", () => {
  for (const t of fx.positions) {
    const root = document.createElement("div");
    const state = { table: t, me: t.you, pending: false, code: CODE };
    const board = createBoard(root, { state, seatName: namesFor(t.you), seatColor: seatVar, sideRoot: document.createElement("aside"),
      redraw() {}, say() {}, sendMove() {} });
    const before = JSON.stringify([state.ui, state.table]);
    board.render(state);
    const drawn = root.textContent;
    board.render(state);
    assert.equal(JSON.stringify([state.ui, state.table]), before, `${t.label} ${t.viewer}`);
    assert.equal(root.textContent, drawn);
    assert.equal(root.querySelectorAll("rect.hit").length, t.view.board.squares.length);
    board.destroy();
  }
});
