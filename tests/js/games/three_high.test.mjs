// 3-High's words and drawing parts on what the engine really sends (tests/js/fixtures/three-high.json:
// random playouts, and hand-built positions for a tree, a broken tree, a win and a stuck team).
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, playouts, steps, events, namesFor, NAMES, assertClean } from "../helpers/fixtures.mjs";
import { describeEvent, resultText, pieceWords, cardWords, cardLabel, SIDES } from "../../../static/js/games/three_high/words.js";
import {
  parsePiece, parseCard, sqXY, allSquares, drawCount, starPath, drawStack, S, M, W,
} from "../../../static/js/games/three_high/parts.js";

const fx = fixture("three-high");
const CARD = /\b(?:[A2-8])[♥♦♣♠]/;

test("every event reads as a clean sentence in the viewer's words", () => {
  let count = 0;
  for (const { event } of events(fx)) {
    for (const viewer of [null, event.seat]) {
      const line = describeEvent(event, namesFor(viewer));
      assertClean(assert, line, JSON.stringify(event));
      const who = viewer === event.seat ? "You" : NAMES[event.seat];
      assert.ok(line.startsWith(`${who} `), `${line}: starts with the actor`);
      assert.doesNotMatch(line, /^You (draws|finds|leaves|completes|plays|has|is)\b/);
      count += 1;
    }
  }
  assert.ok(count > 20);
});

test("a play line names the card, the side, the piece and both squares", () => {
  for (const { event } of events(fx)) {
    if (event.type !== "play") continue;
    const line = describeEvent(event, namesFor(null));
    for (const part of [cardLabel(event.card), SIDES[event.side], pieceWords(event.piece), event.from, event.to]) {
      assert.ok(line.includes(part), `${line}: says ${part}`);
    }
  }
});

test("the client reads cards and pieces as the rules do: distance = value - size (diamonds: value), toward the side", () => {
  let plays = 0;
  for (const { event } of events(fx)) {
    if (event.type !== "play") continue;
    const { value, suit } = parseCard(event.card);
    const { size } = parsePiece(event.piece);
    assert.equal(event.distance, suit === "D" ? value : value - size, JSON.stringify(event));
    const [x0, y0] = sqXY(event.from), [x1, y1] = sqXY(event.to);
    const east = (x1 - x0) / S, north = (y0 - y1) / S;
    const expected = { N: [0, event.distance], S: [0, -event.distance], E: [event.distance, 0], W: [-event.distance, 0] }[event.side];
    assert.deepEqual([east + 0, north + 0], expected.map((v) => v + 0), JSON.stringify(event));
    plays += 1;
  }
  assert.ok(plays >= 5);
});

test("a draw another seat may not see names no card; one the viewer may see does", () => {
  let hidden = 0;
  for (const { game, event } of events(fx)) {
    if (event.type !== "draw") continue;
    const line = describeEvent(event, namesFor(game.viewer));
    if (event.card) assert.ok(line.includes(cardLabel(event.card)), line);
    else {
      assert.doesNotMatch(line, CARD);
      assert.equal(line, `${NAMES[event.seat]} drew a card`);
      hidden += 1;
    }
  }
  assert.ok(hidden > 0, "the hidden-hands playout has draws of other seats");
});

test("trees: completed, broken and the draw skipped, in the viewer's words", () => {
  const scenario = (name) => fx.scenarios.find((s) => s.scenario === name).last;
  const tree = scenario("tree");
  const words = tree.events.map((e) => describeEvent({ seat: tree.seat, ...e }, namesFor(0)));
  assert.deepEqual(words.slice(1), ["You completed the red tree on d4 (1 of 5)", "You draw no card after completing a tree"]);
  const broken = scenario("tree_broken");
  const line = describeEvent({ seat: broken.seat, ...broken.events[1] }, namesFor(null));
  assert.equal(line, "Ann broke the blue tree on h1 (3 of 5)");
});

test("an event without a seat reads as a sentence of its own", () => {
  const end = fx.games.flatMap((g) => g.last.events).find((e) => e.type === "end");
  const line = describeEvent({ ...end, seat: undefined }, namesFor(null));
  assert.equal(line, end.text.charAt(0).toUpperCase() + end.text.slice(1));
});

test("the result: five trees win (the team), out of cards and stuck lose, with the trees built", () => {
  const seen = new Set();
  for (const game of playouts(fx)) {
    const { result, view, last, players } = game;
    if (!result) continue;
    seen.add(result.reason);
    const ctx = { names: namesFor(game.viewer), me: game.viewer, view, last, players };
    const r = resultText(result, ctx);
    for (const key of ["title", "text", "banner"]) assertClean(assert, r[key], `${result.reason} ${key}`);
    assert.match(r.art, /^<svg [^>]*>.*<\/svg>$/s);
    if (result.outcome === "won") {
      assert.equal(r.tone, "won");
      assert.equal(r.title, "All five trees are standing!");
      assert.equal(r.banner, "Game over: the team won!");
      continue;
    }
    assert.equal(r.tone, "lost", "a cooperative loss is everyone's");
    assert.equal(r.banner, "Game over: the team lost.");
    assert.ok(r.text.endsWith(` The team had built ${view.trees} of the 5 trees.`), r.text);
    if (result.reason === "out_of_cards") assert.equal(r.title, "Out of cards");
    if (result.reason === "stuck") {
      // the seat after the last player had no legal play (here: no card left)
      const stuck = (last.seat + 1) % players;
      assert.equal(r.title, "The team is stuck");
      assert.ok(r.text.startsWith(`${namesFor(game.viewer)(stuck)} had no legal play left`), r.text);
      const mine = resultText(result, { ...ctx, names: namesFor(stuck), me: stuck });
      assert.ok(mine.text.startsWith("You had no legal play left"), mine.text);
      const nobody = resultText(result, { names: namesFor(null), view });
      assert.ok(nobody.text.startsWith("The player to act had no legal play left"), nobody.text);
    }
  }
  assert.deepEqual([...seen].sort(), ["out_of_cards", "stuck", "trees"]);
});

test("cards and pieces in words", () => {
  assert.deepEqual(parseCard("AH"), { rank: "A", suit: "H", value: 1, red: true });
  assert.deepEqual(parseCard("8S"), { rank: "8", suit: "S", value: 8, red: false });
  assert.equal(parseCard("5D").red, true);
  assert.equal(cardWords("AH"), "ace of hearts");
  assert.equal(cardWords("7C"), "7 of clubs");
  assert.equal(cardLabel("3D"), "3♦");
  assert.deepEqual(parsePiece("orange2"), { color: "orange", size: 2 });
  assert.deepEqual(parsePiece(""), { color: "grey", size: 1 }, "an unknown piece draws as a small grey one");
  assert.equal(pieceWords("blue3"), "blue 3");
  for (const { step } of steps(fx)) {
    if (step.move.card) assert.match(cardWords(step.move.card), /^(ace|[2-8]) of (hearts|diamonds|clubs|spades)$/);
  }
});

test("board geometry: a8 top left, h1 bottom right, 64 squares rank 8 first", () => {
  assert.equal(W, 8 * S + 2 * M);
  assert.deepEqual(sqXY("a8"), [M, M]);
  assert.deepEqual(sqXY("h1"), [M + 7 * S, M + 7 * S]);
  const all = allSquares();
  assert.equal(all.length, 64);
  assert.equal(new Set(all).size, 64);
  assert.deepEqual([all[0], all[7], all[8], all[63]], ["a8", "h8", "a7", "h1"]);
  for (const game of playouts(fx)) for (const sq of Object.keys(game.view.board)) assert.ok(all.includes(sq), sq);
});

test("drawCount reads the draw pile's size from the view", () => {
  for (const game of playouts(fx)) assert.equal(drawCount(game.view), game.view.draw_pile_count);
  assert.equal(drawCount({ draw_pile: ["AH", "2H"] }), 2);
  assert.equal(drawCount({}), null);
});

test("starPath: ten points round the centre, closed", () => {
  const path = starPath(50, 50, 10, 4);
  const points = [...path.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map(([, x, y]) => [Number(x), Number(y)]);
  assert.equal(points.length, 10);
  assert.ok(path.endsWith(" Z"));
  assert.deepEqual(points[0], [50, 40], "the first point straight up");
  points.forEach(([x, y], i) => assert.ok(Math.abs(Math.hypot(x - 50, y - 50) - (i % 2 ? 4 : 10)) < 0.1));
});

test("drawStack: one pyramid per piece bottom to top, its size in pips, a count on tall stacks", () => {
  const stacks = playouts(fx).flatMap((g) => Object.values(g.view.board));
  stacks.push(["red3", "blue2", "red2", "red1"]);
  for (const stack of stacks) {
    const g = drawStack(stack);
    const pieces = g.querySelectorAll("g.piece");
    assert.deepEqual(pieces.map((p) => p.getAttribute("data-piece")), stack);
    pieces.forEach((p, i) => {
      assert.equal(p.querySelectorAll("circle.pip").length, parsePiece(stack[i]).size);
      assert.equal(p.querySelector("text.letter").textContent, parsePiece(stack[i]).color[0].toUpperCase());
    });
    const bases = pieces.map((p) => Number(/ ([\d.]+) Z$/.exec(p.querySelector("path.face").getAttribute("d"))[1]));
    bases.forEach((b, i) => i && assert.ok(b < bases[i - 1], "each piece sits higher than the one below"));
    const count = g.querySelector("text.stack-count");
    assert.equal(count ? count.textContent : null, stack.length >= 4 ? String(stack.length) : null);
  }
});
