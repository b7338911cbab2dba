// Dash's words, board geometry and walk planning on what the engine really sends
// (tests/js/fixtures/dash.json: 2 to 5 seats, there and back, dares set, done and refused).
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, playouts, steps, events, namesFor, NAMES, assertClean } from "../helpers/fixtures.mjs";
import {
  describeEvent, resultText, cardName, cardDoes, cardWords, spaceWords, spaceLabel, COLOR_NAMES,
} from "../../../static/js/games/dash/words.js";
import { CLASSIC, spaceXY, centre, slot, pictureAt, pictureCurve, curvePoint, S, G, M, W } from "../../../static/js/games/dash/parts.js";
import { plan } from "../../../static/js/games/dash/motion.js";

const fx = fixture("dash");
// The Classic deck (RULES.md): five colours, eight direction cards, dares.
const DIRECTION_CARDS = ["F2", "F3", "B2", "B3", "PIC", "SWAP", "START"];
const DECK = [...COLOR_NAMES, ...DIRECTION_CARDS, "DARE"];

test("every event reads as a clean sentence, in the past tense for you and for others", () => {
  for (const { event } of events(fx)) {
    for (const viewer of [null, event.seat]) {
      const line = describeEvent(event, namesFor(viewer));
      assertClean(assert, line, JSON.stringify(event));
      assert.doesNotMatch(line, /\bYou (is|misses|wins|draws)\b/, line);
    }
  }
});

test("the client names every card the engine draws, as the engine does", () => {
  const drawn = new Set();
  for (const { event, game } of events(fx)) {
    if (event.type !== "draw") continue;
    drawn.add(event.card);
    assert.ok(DECK.includes(event.card), event.card);
    // the same card: the client's short name is part of the engine's words ("Swap" in "swap places with…")
    const short = cardName(event.card).toLowerCase().replace(/!$/, "");
    assert.ok(event.text.toLowerCase().includes(short), `${event.text} / ${cardName(event.card)}`);
    assert.equal(describeEvent(event, namesFor(game.viewer)), `${namesFor(game.viewer)(event.seat)} drew ${cardWords(event.card)}.`);
  }
  assert.ok(drawn.size >= 8, [...drawn].join());
  for (const card of DECK) {
    assert.notEqual(cardName(card), card, `${card} has a name`);
    assert.ok(cardDoes(card).length > 0, `${card} says what it does`);
  }
  assert.equal(cardWords("orange"), "an orange card");
  assert.equal(cardWords("B2"), "a “Back 2” card");
  assert.equal(cardWords("DARE"), "a dare card");
});

test("on the way back (there and back) cards read toward Start, and Start wins", () => {
  assert.equal(cardDoes("blue"), "Move to the next blue space.");
  assert.equal(cardDoes("blue", true), "Move back toward Start, to the next blue space.");
  assert.equal(cardDoes("START", true), "Go home to Start: that wins!");
  assert.equal(cardDoes("START"), "Go back to Start.");
  assert.equal(cardDoes("PIC", true), "Move toward Start to the next picture, and follow it.");
});

test("moves, pictures and swaps name the spaces; a picture jumps up or down its pair", () => {
  for (const { event, game } of events(fx)) {
    const names = namesFor(game.viewer);
    const line = describeEvent(event, names);
    const who = names(event.seat);
    if (event.type === "move") assert.equal(line, `${who} moved from ${spaceWords(event.from)} to ${spaceWords(event.to)}.`);
    if (event.type === "picture") {
      assert.deepEqual(pictureAt(CLASSIC, event.from), { name: event.picture, other: event.to }, "the rules' pair");
      assert.equal(line, `${who} landed on the ${event.picture} and jumped ${event.to > event.from ? "up" : "down"} to ${spaceWords(event.to)}.`);
    }
    if (event.type === "swap") {
      const other = names(event.with) === "You" ? "you" : names(event.with);
      assert.equal(line, `${who} swapped places with ${other} (the leader): ${spaceWords(event.from)} ↔ ${spaceWords(event.to)}.`);
    }
    if (event.type === "stay") assert.ok(line.startsWith(`${who} stayed on ${spaceWords(event.at)}`), line);
  }
  assert.equal(spaceWords(0), "Start");
  assert.equal(spaceWords(63), "Finish");
  assert.equal(spaceWords(17), "space 17");
});

test("dares: set by an opponent with its text, done, or refused for a lost turn", () => {
  const seen = new Set();
  for (const { event, game } of events(fx)) {
    if (!event.type.startsWith("dare") && event.type !== "turn_skipped") continue;
    seen.add(event.type);
    const you = namesFor(event.seat);
    const line = describeEvent(event, you);
    const theirs = describeEvent(event, namesFor(null));
    if (event.type === "dare_set") {
      assert.notEqual(event.seat, event.dared, "an opponent sets it");
      assert.equal(theirs, `${NAMES[event.seat]} dared ${NAMES[event.dared]}: “${event.dare}”`);
      assert.equal(describeEvent(event, namesFor(event.dared)), `${NAMES[event.seat]} dared you: “${event.dare}”`);
    }
    if (event.type === "dare_refused") {
      assert.equal(line, "You refused the dare and will miss your next turn.");
      assert.equal(theirs, `${NAMES[event.seat]} refused the dare and will miss their next turn.`);
    }
    if (event.type === "turn_skipped") {
      assert.equal(line, "You miss this turn (refused a dare).");
      assert.equal(theirs, `${NAMES[event.seat]} misses this turn (refused a dare).`);
    }
    if (event.type === "dare_done") assert.equal(line, "You did the dare.");
    void game;
  }
  assert.deepEqual([...seen].sort(), ["dare", "dare_done", "dare_refused", "dare_set", "turn_skipped"]);
});

test("the end and the result: Finish first, or there and back to Start first", () => {
  const reasons = new Set();
  for (const game of playouts(fx)) {
    const { result } = game;
    reasons.add(result.reason);
    const winner = result.winners[0];
    const end = game.last.events.find((e) => e.type === "end");
    assert.equal(end.seat, winner);
    const how = result.reason === "back_to_start" ? "made it there and back first" : "reached Finish first";
    assert.equal(describeEvent(end, namesFor(winner)), `You ${how}: you win!`);
    assert.equal(describeEvent(end, namesFor(null)), `${NAMES[winner]} ${how}: the winner!`);
    const mine = resultText(result, { names: namesFor(winner), me: winner });
    assert.equal(mine.tone, "won");
    assert.equal(mine.title, "You win the race!");
    const loser = (winner + 1) % game.players;
    const theirs = resultText(result, { names: namesFor(loser), me: loser });
    assert.equal(theirs.tone, "lost");
    assert.equal(theirs.title, `${NAMES[winner]} wins the race`);
    const watching = resultText(result, { names: namesFor(null), me: null });
    assert.equal(watching.tone, "neutral");
    assert.equal(watching.banner, `Game over: ${NAMES[winner]} won the race.`);
    for (const r of [mine, theirs, watching]) {
      for (const key of ["title", "text", "banner"]) assertClean(assert, r[key], key);
      assert.match(r.art, /^<svg .*<\/svg>$/s);
    }
  }
  assert.deepEqual([...reasons].sort(), ["back_to_start", "finish"]);
  assert.deepEqual(resultText(null, {}), { title: "Game over", text: "", tone: "neutral" });
});

test("CLASSIC, the board a replay draws without a view, is the engine's Classic layout", () => {
  for (const game of playouts(fx)) {
    const { layout } = game.view;
    for (const key of ["rows", "columns", "start", "finish", "spaces", "pictures"]) {
      assert.deepEqual(CLASSIC[key], layout[key], key);
    }
  }
});

test("the board: space 0 bottom left, rows read left to right upwards, 63 top right", () => {
  assert.equal(W, 2 * M + 8 * S + 7 * G);
  assert.deepEqual(spaceXY(0), [M, M + 7 * (S + G)]);
  assert.deepEqual(spaceXY(7), [M + 7 * (S + G), M + 7 * (S + G)]);
  assert.deepEqual(spaceXY(8), [M, M + 6 * (S + G)]);
  assert.deepEqual(spaceXY(63), [M + 7 * (S + G), M]);
  assert.deepEqual(centre(0), [M + S / 2, M + 7 * (S + G) + S / 2]);
  for (let n = 1; n <= 5; n += 1) {
    const slots = Array.from({ length: n }, (_, i) => slot(10, i, n));
    assert.equal(new Set(slots.map(String)).size, n, `${n} pyramids on one space stand apart`);
    for (const [x, y] of slots) assert.ok(Math.abs(x - centre(10)[0]) < S / 2 && Math.abs(y - centre(10)[1]) < S / 2);
  }
  assert.equal(spaceLabel(CLASSIC, 0), "Start (space 0)");
  assert.equal(spaceLabel(CLASSIC, 5), "Space 5, blue");
  assert.match(spaceLabel(CLASSIC, 21), /^Space 21, red, .+: jump to space 3$/);
  assert.equal(pictureAt(CLASSIC, 4), null);
  const c = pictureCurve(3, 21);
  assert.deepEqual(curvePoint(c, 0), centre(3));
  assert.deepEqual(curvePoint(c, 1), centre(21));
});

test("plan: every pyramid that moved in a step ends its walk on the space the events leave it on", () => {
  let walks = 0;
  for (const { step } of steps(fx)) {
    const paths = plan(step.events);
    const ends = {};
    for (const ev of step.events) {
      if (ev.type === "move" || ev.type === "picture") ends[ev.seat] = ev.to;
      if (ev.type === "swap") { ends[ev.seat] = ev.to; ends[ev.with] = ev.from; }
    }
    assert.deepEqual(Object.keys(paths).sort(), Object.keys(ends).sort());
    for (const [seat, space] of Object.entries(ends)) {
      const path = paths[seat];
      const last = path.at(-1);
      assert.deepEqual([Math.round(last.x), Math.round(last.y)], centre(space).map(Math.round), `seat ${seat} step ${step.seq}`);
      assert.ok(path.every((p) => p.ms >= 0));
      walks += 1;
    }
  }
  assert.ok(walks >= 10);
  assert.deepEqual(plan([]), {});
});
