// Turning Points' words, geometry and chain replay on what the engine really sends
// (tests/js/fixtures/turning-points.json: solitaire, square and hex playouts from 1 to 6 seats).
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, playouts, steps, events, namesFor, NAMES, assertClean } from "../helpers/fixtures.mjs";
import {
  describeEvent, resultText, previewWords, plural, sideWord, screenPlace, shortName,
} from "../../../static/js/games/turning_points/words.js";
import {
  cellNames, frame, turnFor, pieceFill, arrowPath, seatVar, DIRS, WORD, COLOR_FILL, NOBODY,
} from "../../../static/js/games/turning_points/parts.js";
import { dirForKey, cellForKey } from "../../../static/js/games/turning_points/ui.js";
import { undoStep } from "../../../static/js/games/turning_points/anim.js";

const fx = fixture("turning-points");
// The solitaire's verdicts (RULES.md): the score's range decides.
const VERDICT = [[0, "You're sitting on the wrong side of the table"], [4, "You're not even trying, are you?"],
  [8, "Not bad, but you can do better"], [12, "Excellent!"], [16, "Admit it! You cheated!"]];
const verdictFor = (score) => VERDICT.filter(([from]) => score >= from).at(-1)[1];

test("every event but a turn reads as a clean sentence; turns are left to the place line", () => {
  for (const { event, game } of events(fx)) {
    const line = describeEvent(event, namesFor(game.viewer));
    if (event.type === "turn") { assert.equal(line, null); continue; }
    assertClean(assert, line, JSON.stringify(event));
  }
});

test("a placement says where the piece points (at whom) and how many pieces its chain turned", () => {
  let checked = 0;
  for (const { game, step } of steps(fx)) {
    const place = step.events.find((e) => e.type === "place");
    const turns = step.events.filter((e) => e.type === "turn").length;
    assert.equal(place.turned, turns, "the count the line says is the chain's length");
    const sides = game.view.sides;
    for (const viewer of [null, place.seat]) {
      const line = describeEvent(place, namesFor(viewer));
      const who = viewer === place.seat ? "You" : NAMES[place.seat];
      assert.ok(line.startsWith(`${who} placed `), line);
      assert.ok(line.endsWith(turns ? `, turning ${plural(turns, "piece")}` : ", turning nothing"), line);
      if (place.color) {   // solitaire: the piece's colour, and its edge's compass word
        assert.ok(line.includes(`the ${place.color} piece pointing ${WORD[place.dir]}`), line);
        continue;
      }
      const at = sides.indexOf(place.dir);
      assert.equal(place.toward, at >= 0 ? at : null, "the engine's seat is the one sitting at that side");
      if (at < 0) assert.ok(line.includes(`pointing ${WORD[place.dir]} (at nobody)`), line);
      else if (at === place.seat) assert.ok(line.includes(viewer === at ? "at your own side" : "at their own side"), line);
      else assert.ok(line.includes(at === viewer ? "pointing at you" : `pointing at ${NAMES[at]}`), line);
    }
    checked += 1;
  }
  assert.ok(checked >= 10);
});

test("the next piece from the bag, and the end (a verdict in solitaire, the winners otherwise)", () => {
  for (const { event, game } of events(fx)) {
    const line = describeEvent(event, namesFor(game.viewer));
    if (event.type === "next") assert.equal(line, `Next from the bag: ${event.color} (points ${WORD[event.dir]})`);
    if (event.type !== "end") continue;
    if (event.verdict) {
      assert.equal(event.verdict, verdictFor(event.scores[0]));
      assert.equal(line, `The board is full: ${plural(event.scores[0], "piece")} ${event.scores[0] === 1 ? "points" : "point"} at you. ${event.verdict}`);
      continue;
    }
    const best = Math.max(...event.scores);
    assert.deepEqual(event.winners, event.scores.flatMap((s, i) => (s === best ? [i] : [])), "highest score wins, ties share");
    assert.ok(line.endsWith(` with ${plural(best, "point")}`), line);
    for (const w of event.winners) assert.ok(line.includes(namesFor(game.viewer)(w)), line);
  }
});

test("the result: the solitaire's verdict and tone; winners, losers and spectators at a table", () => {
  for (const game of playouts(fx)) {
    const { result, view } = game;
    if (result.verdict) {
      const score = result.scores[0];
      const r = resultText(result, { names: namesFor(0), me: 0, view });
      assert.equal(r.title, verdictFor(score));
      assert.equal(r.tone, score >= 12 ? "won" : score >= 8 ? "neutral" : "lost");
      assert.ok(r.text.startsWith(`The board is full: ${plural(score, "piece")} of 16 ${score === 1 ? "points" : "point"} toward you (south).`), r.text);
      assert.equal(r.banner, `Game over: ${plural(score, "point")}. ${result.verdict}`);
      continue;
    }
    const winner = result.winners[0];
    const loser = result.scores.findIndex((_, seat) => !result.winners.includes(seat));
    const mine = resultText(result, { names: namesFor(winner), me: winner, view });
    assert.equal(mine.tone, "won");
    assert.equal(mine.title, result.winners.length > 1 ? "You share the win!" : "You win!");
    const theirs = resultText(result, { names: namesFor(loser), me: loser, view });
    assert.equal(theirs.tone, "lost");
    assert.equal(theirs.title, `${NAMES[winner]} wins`);
    const watching = resultText(result, { names: namesFor(null), me: null, view });
    assert.equal(watching.tone, "neutral");
    assert.equal(watching.banner, `Game over: ${NAMES[winner]} wins with ${plural(result.scores[winner], "point")}.`);
    // the scores listed best first
    const listed = watching.text.replace(/^.*: |\.$/g, "").split(" · ").map((p) => Number(p.split(" ").at(-1)));
    assert.deepEqual(listed, [...result.scores].sort((a, b) => b - a));
    for (const r of [mine, theirs, watching]) for (const key of ["title", "text", "banner"]) assertClean(assert, r[key], key);
  }
  const shared = resultText({ scores: [3, 3, 1], winners: [0, 1] }, { names: namesFor(2), me: 2 });
  assert.equal(shared.title, "Ann and Bea share the win");
  assert.equal(shared.banner, "Game over: Ann and Bea share the win with 3 points.");
});

test("the preview of a placement: how many pieces it turns and each seat's score before → after", () => {
  const { preview } = fx;
  const names = namesFor(preview.seat);
  for (const { target } of preview.targets) {
    const words = previewWords(target, preview.scores, names);
    const [turns, ...seats] = words.split(" · ");
    assert.equal(turns, target.chain.length ? `turns ${plural(target.chain.length, "piece")}` : "turns nothing");
    assert.equal(seats.length, preview.scores.length);
    seats.forEach((part, seat) => {
      const before = preview.scores[seat], after = target.scores[seat];
      assert.equal(part, before === after ? `${names(seat)} ${after}` : `${names(seat)} ${before} → ${after}`);
    });
  }
  assert.equal(previewWords(null, [], names), "");
});

test("plural and sideWord", () => {
  assert.equal(plural(1, "piece"), "1 piece");
  assert.equal(plural(0, "point"), "0 points");
  assert.equal(sideWord("SE"), "south-east");
  assert.equal(sideWord("X"), "X");
});

test("cellNames lists the cells in the engine's order, for every board the options offer", () => {
  const boards = Object.entries(fx.cell_order);
  assert.equal(boards.length, 7 + 4, "square 2-8 and hex 2-5");
  for (const [board, cells] of boards) {
    const [shape, size] = board.split("-");
    assert.deepEqual(cellNames(shape, Number(size)), cells, board);
  }
});

test("turnFor puts each side at the bottom of the screen; every cell lies inside the view box", () => {
  for (const shape of ["square", "hex"]) {
    for (const side of DIRS[shape]) {
      const fr = frame(shape, shape === "square" ? 4 : 3, turnFor(side));
      assert.equal(((fr.angle(side) % 360) + 360) % 360, 90, `${shape} ${side}`);
      assert.equal(screenPlace(fr.angle(side)), "at the bottom");
      for (const name of fr.names) {
        const { x, y } = fr.cells[name];
        assert.ok(x > 0 && x < fr.width && y > 0 && y < fr.height, `${shape} ${side} ${name}`);
      }
    }
  }
  assert.equal(turnFor(null), 0, "a spectator sees the board unturned");
});

test("frame: cells one cell apart, the board's own names, the marks of every side", () => {
  for (const game of playouts(fx)) {
    const { shape, size } = game.view.board;
    const fr = frame(shape, size, turnFor(game.view.sides[game.viewer ?? 0]));
    assert.deepEqual(fr.names, cellNames(shape, size));
    for (const cell of Object.keys(game.view.cells)) assert.ok(fr.cells[cell], cell);
    assert.deepEqual(Object.keys(fr.sides), DIRS[shape]);
    const [a, b] = [fr.cells[fr.names[0]], fr.cells[fr.names[1]]];
    const gap = Math.hypot(a.x - b.x, a.y - b.y);
    assert.ok(Math.abs(gap - fr.cellSize) < 0.5, `neighbours ${gap} apart, cells ${fr.cellSize} across`);
  }
});

test("pieceFill: a solitaire piece its colour, else the seat it points at, grey at nobody", () => {
  for (const game of playouts(fx)) {
    for (const piece of Object.values(game.view.cells)) {
      const fill = pieceFill(piece, game.view);
      if (piece.color) assert.equal(fill, COLOR_FILL[piece.color]);
      else {
        const seat = game.view.sides.indexOf(piece.dir);
        assert.equal(fill, seat >= 0 ? seatVar(seat) : NOBODY);
      }
    }
  }
});

test("undoStep rebuilds the cells before each step from the cells after it and its events", () => {
  let checked = 0;
  for (const { step } of steps(fx)) {
    assert.deepEqual(undoStep(step.cells_after, step), step.cells_before, `step ${step.seq}`);
    checked += 1;
  }
  assert.ok(checked >= 10);
});

test("arrow keys: the way the key points on a square board, a notch round on a hex board", () => {
  const south = frame("square", 4, turnFor("S"));
  assert.equal(dirForKey("ArrowDown", south, DIRS.square, null), "S");
  assert.equal(dirForKey("ArrowRight", south, DIRS.square, null), "E");
  const north = frame("square", 4, turnFor("N"));
  assert.equal(dirForKey("ArrowDown", north, DIRS.square, null), "N", "the board is turned: down is the viewer's side");
  assert.equal(dirForKey("Enter", south, DIRS.square, null), null);
  const hex = frame("hex", 3, turnFor("N"));
  assert.equal(dirForKey("ArrowRight", hex, ["N", "SE", "SW"], null), "N");
  assert.equal(dirForKey("ArrowRight", hex, ["N", "SE", "SW"], "N"), "SE");
  assert.equal(dirForKey("ArrowLeft", hex, ["N", "SE", "SW"], "N"), "SW");
  const names = cellNames("square", 4);
  assert.equal(cellForKey("ArrowUp", south, "1,1", names), "1,2");
  assert.equal(cellForKey("ArrowRight", south, "1,1", names), "2,1");
  assert.equal(cellForKey("ArrowUp", north, "1,1", names), "1,0", "turned: up is south");
  assert.equal(cellForKey("ArrowLeft", south, "0,1", names), null, "nothing beyond the edge");
});

test("shortName, screenPlace and arrowPath", () => {
  assert.equal(shortName("Alexandra"), "Alexandra");
  assert.equal(shortName("Alexandrina"), "Alexandr…");
  assert.equal(screenPlace(-90), "at the top");
  assert.equal(screenPlace(150), "lower left");
  assert.match(arrowPath(10), /^M10 0 L.* Z$/);
});
