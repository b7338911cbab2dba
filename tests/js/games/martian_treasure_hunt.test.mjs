// Martian Treasure Hunt's words and board geometry on what the engine really sends
// (tests/js/fixtures/martian-treasure-hunt.json: 2, 3 and 4 seats, seen by a seat or a spectator).
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, playouts, events, namesFor, NAMES, assertClean } from "../helpers/fixtures.mjs";
import {
  describeEvent, resultText, rollWords, lostWords, possessive, dieLabel,
} from "../../../static/js/games/martian_treasure_hunt/words.js";
import {
  frame, armLabelPlace, coinWords, coinLabel, parseSq, dieFace, drawPyramid, drawCoin, KINDS, COIN_WORD, SIZE_WORD, S, M,
} from "../../../static/js/games/martian_treasure_hunt/parts.js";
import { screenOrder, readingOrder } from "../../../static/js/games/martian_treasure_hunt/arrange.js";
import { swap } from "../../../static/js/games/martian_treasure_hunt/ui.js";

const fx = fixture("martian-treasure-hunt");

test("every event but a roll reads as a clean sentence (the dice show the roll)", () => {
  for (const { event, game } of events(fx)) {
    const line = describeEvent(event, namesFor(game.viewer));
    if (event.type === "roll") { assert.equal(line, null); continue; }
    assertClean(assert, line, JSON.stringify(event));
  }
});

test("the client's coin and piece names are the engine's: die faces 0..5 = null, ace, 2..5 and pawn..king", () => {
  let checked = 0;
  for (const { event } of events(fx)) {
    if (event.type === "move") {
      assert.ok(event.text.includes(`the ${COIN_WORD[event.coin]} like a ${KINDS[event.kind]}`), event.text);
      checked += 1;
    }
    if (event.type === "roll") assert.ok(event.text.endsWith(rollWords(event.number, event.kind)), event.text);
  }
  assert.ok(checked >= 5);
  assert.deepEqual(KINDS, ["pawn", "rook", "knight", "bishop", "queen", "king"]);
});

test("a move names the roll, the coin and both squares, and says when it leaves home for good", () => {
  for (const { event, game } of events(fx)) {
    if (event.type !== "move") continue;
    const line = describeEvent(event, namesFor(game.viewer));
    assert.ok(line.includes(`rolled ${event.coin} · ${KINDS[event.kind]} and moved the ${COIN_WORD[event.coin]} ${event.from} → ${event.to}`), line);
    assert.equal(line.endsWith(" (out of the home rows for good)"), event.left_home);
  }
});

test("captures: a pyramid is worth its size (small 1, medium 2, large 3), a coin 2", () => {
  const kinds = new Set();
  for (const { event, game } of events(fx)) {
    if (event.type !== "capture") continue;
    const names = namesFor(game.viewer);
    const line = describeEvent(event, names);
    if (event.pyramid) {
      assert.equal(event.points, event.pyramid);
      assert.ok(line.endsWith(`took a ${SIZE_WORD[event.pyramid]} pyramid (+${event.pyramid})`), line);
      kinds.add(SIZE_WORD[event.pyramid]);
    } else {
      assert.equal(event.points, 2);
      assert.ok(line.endsWith(`captured ${possessive(names, event.owner)} ${COIN_WORD[event.coin]} coin (+2)`), line);
      kinds.add("coin");
    }
  }
  assert.ok(kinds.has("small") && kinds.size >= 2, [...kinds].join());
});

test("a lost turn says why: the coin is captured, or it has no move of that kind", () => {
  const whys = new Set();
  for (const { event, game } of events(fx)) {
    if (event.type !== "turn_lost") continue;
    whys.add(event.why);
    const line = describeEvent(event, namesFor(game.viewer));
    assert.ok(line.endsWith(`lost the turn: ${lostWords(event)}`), line);
    assert.equal(lostWords(event), event.why === "captured"
      ? `rolled the ${COIN_WORD[event.number]}, but it has been captured`
      : `rolled the ${COIN_WORD[event.number]} as a ${KINDS[event.kind]}, with no ${KINDS[event.kind]} move`);
  }
  assert.ok(whys.size >= 1);
});

test("an arrangement stays hidden from the other seats until all have arranged", () => {
  let hidden = 0, shown = 0;
  for (const { event, game } of events(fx)) {
    if (event.type !== "arranged") continue;
    const names = namesFor(game.viewer);
    const line = describeEvent(event, names);
    const own = event.seat === game.viewer ? "your" : "their";
    if (event.order) {
      assert.equal(line, `${names(event.seat)} arranged ${own} coins: ${event.order.join(" ")} along the home row`);
      shown += 1;
    } else {
      assert.equal(line, `${names(event.seat)} arranged ${own} coins (hidden until everyone has)`);
      assert.doesNotMatch(line, /\d/);
      hidden += 1;
    }
  }
  assert.ok(hidden > 0 && shown > 0);
});

test("the reveal, the first player and the end", () => {
  for (const { event, game } of events(fx)) {
    const names = namesFor(game.viewer);
    const line = describeEvent(event, names);
    if (event.type === "reveal") assert.equal(line, "Everyone has arranged: all the coins are turned face up");
    if (event.type === "first") assert.equal(line, `First to play, drawn by lot: ${names(event.seat)}`);
    if (event.type === "end") {
      const best = Math.max(...event.scores);
      assert.deepEqual(event.winners, event.scores.flatMap((s, i) => (s === best ? [i] : [])));
      const head = event.reason === "no_moves" ? "No coin could move any more" : "The last pyramid is taken";
      const who = event.winners.map(names).join(" and ");
      const verb = event.winners.length > 1 ? "share the win" : who === "You" ? "win" : "wins";
      assert.equal(line, `${head}: ${who} ${verb} with ${best} point${best === 1 ? "" : "s"}`);
    }
  }
  const tie = describeEvent({ type: "end", reason: "no_moves", scores: [4, 4, 1], winners: [0, 1] }, namesFor(1));
  assert.equal(tie, "No coin could move any more: Ann and You share the win with 4 points");
});

test("the result: the winner, the losers and spectators, the scores best first", () => {
  for (const game of playouts(fx)) {
    const { result, view } = game;
    const winner = result.winners[0];
    const loser = result.scores.findIndex((_, seat) => !result.winners.includes(seat));
    const mine = resultText(result, { names: namesFor(winner), me: winner, view });
    assert.equal(mine.tone, "won");
    assert.equal(mine.title, "You win!");
    assert.equal(mine.banner, `Game over: You win with ${result.scores[winner]} points.`);
    const theirs = resultText(result, { names: namesFor(loser), me: loser, view });
    assert.equal(theirs.tone, "lost");
    assert.equal(theirs.title, `${NAMES[winner]} wins`);
    const watching = resultText(result, { names: namesFor(null), me: null, view });
    assert.equal(watching.tone, "neutral");
    assert.ok(watching.text.startsWith(result.reason === "no_moves" ? "No coin on the table" : "The last pyramid has been captured."));
    const listed = watching.text.replace(/^.*Scores: |\.$/g, "").split(" · ").map((p) => Number(p.split(" ").at(-1)));
    assert.deepEqual(listed, [...result.scores].sort((a, b) => b - a));
    for (const r of [mine, theirs, watching]) for (const key of ["title", "text", "banner"]) assertClean(assert, r[key], key);
  }
});

test("coins, possessives and the roll in words", () => {
  assert.equal(rollWords(3, 3), "the 3 moves like a bishop");
  assert.equal(rollWords(0, 2), "the null moves like a knight");
  assert.equal(possessive(namesFor(1), 1), "your");
  assert.equal(possessive(namesFor(1), 0), "Ann's");
  assert.equal(possessive(null, 2), "Seat 3's");
  assert.equal(coinWords(0), "null (0)");
  assert.equal(coinWords(1), "ace (1)");
  assert.equal(coinWords(4), "4");
  assert.equal(coinLabel(0), "0");
  assert.deepEqual(parseSq("3,7"), [3, 7]);
});

test("frame: each seat sees its own home row along the bottom, every square once on the grid", () => {
  for (const game of playouts(fx)) {
    const { board, sides } = game.view;
    sides.forEach((side, seat) => {
      const fr = frame(board, side);
      const cells = board.squares.map((sq) => fr.cell(sq));
      assert.equal(new Set(cells.map(String)).size, board.squares.length, "no two squares on one cell");
      for (const [c, r] of cells) assert.ok(c >= 0 && c < fr.cols && r >= 0 && r < fr.rows);
      for (const sq of board.home_rows[seat]) assert.equal(fr.cell(sq)[1], fr.rows - 1, `${side}: ${sq} at the bottom`);
      assert.deepEqual(fr.centre(board.squares[0]), fr.at(board.squares[0]).map((v) => v + S / 2));
      assert.equal(fr.width, fr.cols * S + 2 * M);
      const label = armLabelPlace(fr, board.home_rows[seat]);
      assert.deepEqual([label.y, label.rotate], [fr.height - M / 2, 0], "the seat's own name under the board");
    });
  }
  const spectator = frame(playouts(fx)[0].view.board, undefined);
  assert.equal(spectator.side, "S", "spectators look from the south");
});

test("the arrange bar's order: left to right as the viewer sees the home row", () => {
  for (const game of playouts(fx)) {
    const { view } = game;
    view.sides.forEach((side, me) => {
      const fr = frame(view.board, side);
      const screen = screenOrder(view, me, fr);
      const cols = screen.map((i) => fr.cell(view.board.home_rows[me][i])[0]);
      assert.deepEqual(cols, [...cols].sort((a, b) => a - b));
      const order = readingOrder(view, me, fr);
      assert.deepEqual([...order].sort(), [0, 1, 2, 3, 4, 5]);
      assert.deepEqual(screen.map((i) => order[i]), [0, 1, 2, 3, 4, 5], "reads 0..5 from the player's left");
    });
  }
  const arr = { order: [0, 1, 2, 3, 4, 5] };
  swap(arr, 0, 5);
  swap(arr, 2, 2);
  swap(arr, 1, null);
  assert.deepEqual(arr.order, [5, 1, 2, 3, 4, 0]);
});

test("pieces drawn: a pyramid's size in pips, a coin's value and suit, a die's face and its label", () => {
  for (const size of [1, 2, 3]) assert.equal(drawPyramid(size).querySelectorAll("circle.pip").length, size);
  const coin = drawCoin(1, 4);
  assert.equal(coin.getAttribute("data-coin"), "1-4");
  assert.equal(coin.querySelector("text.coin-value").textContent, "4");
  assert.ok(coin.querySelector("g.suit-moon"), "seat 1's suit is the moon");
  const back = drawCoin(1, 4, { back: true });
  assert.equal(back.getAttribute("data-coin"), null, "a face-down coin tells nothing");
  assert.equal(back.textContent, "?");
  assert.equal(dieLabel("type", 2), "type die: knight");
  assert.equal(dieLabel("number", 0), "number die: 0");
  assert.equal(dieLabel("number", null), "number die: not rolled");
  assert.equal(dieFace("type", 2, { label: dieLabel("type", 2) }).getAttribute("aria-label"), "type die: knight");
  assert.equal(dieFace("type", 2).querySelector("text.die-name").textContent, "knight");
});
