// 3-High's drawing (draw.js, hands.js) on tables in play as the engine writes them (tests/js/fixtures/
// three-high.json "positions") and the ui states ui.js makes of them: each stack where the view puts it,
// exactly the listed targets marked, the replay's view-only board, and no card of a hand the view hides.
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { namesFor } from "../helpers/fixtures.mjs";
import * as UI from "../../../static/js/games/three_high/ui.js";
import { drawBoard, drawChooser, drawStatus, ghostAt } from "../../../static/js/games/three_high/draw.js";
import { drawHands, drawPiles } from "../../../static/js/games/three_high/hands.js";
import { sqXY, S } from "../../../static/js/games/three_high/parts.js";
import { fx, position, acting, listed, movablePiece, squareWithSeveral } from "./three_high_plays.mjs";

const attr = (el, name) => el.getAttribute(name);
const all = (root, selector, pred = () => true) => root.querySelectorAll(selector).filter(pred);
const hits = (svg) => all(svg, "rect.hit");
const byState = (svg, state) => hits(svg).filter((h) => attr(h, "data-state") === state).map((h) => attr(h, "data-square")).sort();
const stackOf = (svg, sq) => all(svg, "g[data-square]", (g) => attr(g, "data-square") === sq && attr(g, "transform"))[0];

test("drawBoard: each stack where the view puts it, bottom to top, and nothing on the empty squares", () => {
  for (const t of fx.positions) {
    const svg = drawBoard(t, UI.create(), { myTurn: t.legal_moves.length > 0 });
    assert.equal(all(svg, "rect.sq").length, 64);
    assert.equal(hits(svg).length, 64, "every square answers to the pointer");
    const stacks = all(svg, "g[data-square]", (g) => attr(g, "transform"));
    assert.deepEqual(stacks.map((g) => attr(g, "data-square")).sort(), Object.keys(t.view.board).sort());
    for (const g of stacks) {
      const sq = attr(g, "data-square");
      assert.deepEqual(all(g, "g.piece").map((p) => attr(p, "data-piece")), t.view.board[sq]);
      assert.equal(attr(g, "transform"), `translate(${sqXY(sq).join(" ")})`);
    }
  }
});

test("drawBoard: the pyramids that can move answer; a picked one marks exactly its listed targets", () => {
  for (const t of acting) {
    const ui = UI.create();
    let svg = drawBoard(t, ui, { myTurn: true });
    const tops = new Set(t.legal_moves.map((m) => m.piece));
    assert.deepEqual(byState(svg, "movable"), [...tops].map((p) => UI.read(t).topAt[p]).sort());
    assert.equal(all(svg, "rect.mark", (m) => /movable/.test(attr(m, "class"))).length, 0, "framed only once a card is picked");
    const piece = movablePiece(t);
    UI.pickPiece(ui, piece);
    svg = drawBoard(t, ui, { myTurn: true });
    const want = listed(t, piece);
    assert.deepEqual(byState(svg, "dest"), Object.keys(want).sort());
    for (const h of hits(svg).filter((x) => attr(x, "data-state") === "dest")) {
      const moves = want[attr(h, "data-square")];
      assert.equal(attr(h, "data-cards"), [...new Set(moves.map((m) => m.card))].join(" "));
      assert.equal(attr(h, "data-multi"), moves.length > 1 ? "1" : null);
      assert.equal(attr(h, "tabindex"), "0");
    }
    assert.deepEqual(byState(svg, "selected"), [UI.read(t).topAt[piece]]);
    assert.equal(all(svg, "text.dest-label").length, Object.keys(want).length);
    assert.equal(all(svg, "circle.dest-dot").length, Object.keys(want).length);
  }
});

test("drawBoard: a card picked frames the pyramids it moves; not the viewer's turn, nothing answers", () => {
  const t = position("pair"), ui = UI.create();
  UI.pickCard(ui, UI.read(t), t.legal_moves[0].card);
  const svg = drawBoard(t, ui, { myTurn: true });
  const framed = all(svg, "rect.mark", (m) => attr(m, "class") === "mark movable").map((m) => attr(m, "data-square")).sort();
  assert.deepEqual(framed, byState(svg, "movable"));
  for (const label of ["waiting", null]) {
    const w = position("pair", label);
    const still = drawBoard(w, UI.create(), { myTurn: false });
    assert.equal(hits(still).filter((h) => attr(h, "tabindex") || attr(h, "data-state")).length, 0);
    const play = w.last.events.find((e) => e.type === "play");
    assert.deepEqual(all(still, "rect.mark").map((m) => [attr(m, "class"), attr(m, "data-square")]).sort(),
      [["mark last-from", play.from], ["mark last-to", play.to]].sort(), "the last play framed");
  }
});

test("drawBoard: the hint is starred, a drag lifts its pyramid and draws it under the pointer", () => {
  const t = position("solo"), d = UI.read(t), ui = UI.create();
  UI.showHint(ui, d, t.legal_moves[3], "");
  let svg = drawBoard(t, ui, { myTurn: true });
  const starred = hits(svg).filter((h) => attr(h, "data-hint") === "1");
  assert.deepEqual(starred.map((h) => attr(h, "data-square")), [ui.hint.to]);
  assert.ok(all(svg, "text.dest-label", (l) => attr(l, "data-square") === ui.hint.to)[0].textContent.startsWith("★ "));
  const from = d.topAt[t.legal_moves[3].piece];
  UI.press(ui, from, 0, 0);
  UI.dragStart(ui, d);
  UI.dragTo(ui, { x: 200, y: 300 });
  svg = drawBoard(t, ui, { myTurn: true });
  const ghost = all(svg, "g.drag-ghost")[0];
  assert.equal(attr(ghost, "transform"), ghostAt({ x: 200, y: 300 }));
  assert.equal(attr(ghost, "transform"), `translate(${200 - S / 2} ${300 - S + 8})`);
  assert.match(attr(stackOf(svg, from).querySelectorAll("g.piece").at(-1), "class"), /lifted/);
});

test("drawBoard viewOnly (the replay): no targets, no selection, the last play framed, tooltips, trees", () => {
  for (const s of fx.scenarios) {
    const ui = UI.create();
    UI.pickPiece(ui, Object.values(s.view.board)[0].at(-1));
    const svg = drawBoard({ view: s.view, seq: 1, last: s.last, legal_moves: [{ card: "AH" }] }, ui, { viewOnly: true, myTurn: true });
    assert.equal(attr(svg, "role"), "img");
    assert.equal(attr(svg, "aria-label"), "The board after move 1");
    assert.equal(hits(svg).length, 0);
    assert.equal(all(svg, "circle.dest-dot").length + all(svg, "rect.mark", (m) => /selected|movable/.test(attr(m, "class"))).length, 0);
    const trees = all(svg, "g.tree").map((g) => attr(g, "data-square")).sort();
    assert.deepEqual(trees, [...s.view.tree_squares].sort());
    for (const g of all(svg, "g[data-square]", (x) => attr(x, "transform"))) assert.match(g.querySelector("title").textContent, /\(bottom to top\)/);
  }
});

test("drawHands: the viewer's hand first, its cards buttons on its turn; hidden hands drawn as backs only", () => {
  const t = position("hidden"), names = namesFor(t.you);
  const playable = new Set(t.legal_moves.map((m) => m.card));
  const hands = drawHands(t.view, { me: t.you, names, toAct: t.to_act, card: null, playable });
  assert.equal(hands[0].getAttribute("data-seat"), String(t.you));
  assert.equal(hands[0].querySelector("h3").textContent.startsWith("Your hand"), true);
  const faces = hands.flatMap((s) => s.querySelectorAll("[data-card]")).map((c) => attr(c, "data-card"));
  assert.deepEqual(faces, t.view.hands[t.you], "no card of a hidden hand is drawn");
  assert.ok(hands[0].querySelectorAll("button").length === t.view.hands[t.you].length);
  for (const s of hands.slice(1)) {
    const seat = Number(attr(s, "data-seat"));
    assert.equal(s.querySelectorAll(".card-back").length, t.view.hand_counts[seat]);
    assert.match(s.querySelector("h3").textContent, /^\w+'s hand/);
  }
  const w = position("hidden", "waiting");
  const theirs = drawHands(w.view, { me: w.you, names: namesFor(w.you), toAct: w.to_act });
  assert.equal(theirs.flatMap((s) => s.querySelectorAll("button")).length, 0, "not its turn: no buttons");
  assert.ok(theirs.find((s) => attr(s, "data-seat") === String(w.to_act[0])).querySelector(".badge"));
});

test("drawHands viewOnly and drawPiles: every hand face up in seat order, the piles in order", () => {
  const game = fx.games.find((g) => g.options.hidden_hands);
  const hands = drawHands({ hands: game.doc.hands }, { names: namesFor(null), toAct: game.doc.to_act || [], viewOnly: true });
  assert.deepEqual(hands.map((s) => attr(s, "data-seat")), game.doc.hands.map((_, i) => String(i)));
  hands.forEach((s, i) => assert.deepEqual(s.querySelectorAll("[data-card]").map((c) => attr(c, "data-card")), game.doc.hands[i]));
  const [pile, discard] = drawPiles(game.doc, game.doc.discard.at(-1));
  assert.deepEqual(pile.querySelectorAll("[data-card]").map((c) => attr(c, "data-card")), game.doc.draw_pile);
  assert.deepEqual(discard.querySelectorAll("[data-card]").map((c) => attr(c, "data-card")), game.doc.discard);
  assert.match(attr(discard.querySelectorAll("[data-card]").at(-1), "class"), /\bjust\b/);
});

test("drawChooser and drawStatus: the plays asked about, the trees, the pile and the house rules", () => {
  const t = position("pair"), d = UI.read(t), ui = UI.create();
  assert.equal(attr(drawChooser(t, ui), "hidden"), "");
  const { piece, sq, moves } = squareWithSeveral(t);
  UI.pickPiece(ui, piece);
  UI.pickSquare(ui, d, sq);
  const ch = drawChooser(t, ui);
  assert.equal(attr(ch, "hidden"), null);
  const buttons = ch.querySelectorAll("button.th-choice");
  assert.deepEqual(buttons.map((b) => [attr(b, "data-card"), attr(b, "data-side")]), moves.map((m) => [m.card, m.side]));
  assert.match(ch.querySelector("p").textContent, new RegExp(`^Which (card|side)\\? The \\w+ \\d to ${sq} with$`));
  const z = position("zero");
  const pills = drawStatus(z.view, z.options);
  assert.equal(pills[0].querySelectorAll(".tree-pip").length, 5);
  assert.equal(pills[1].querySelector(".num").textContent, String(z.view.draw_pile_count));
  assert.deepEqual(pills.slice(2).map((p) => p.textContent), ["Zero-square plays allowed"]);
});
