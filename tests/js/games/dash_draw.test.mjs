// Dash's drawing (draw.js, dare.js) on tables in play as the engine writes them (tests/js/fixtures/dash.json
// "positions"): the board of the view's layout with each pyramid where the view puts it, the last step's
// marks, the replay's view-only board, the panels (the deck by its counts only) and the dare panel.
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, steps, namesFor, NAMES } from "../helpers/fixtures.mjs";
import * as UI from "../../../static/js/games/dash/ui.js";
import { drawBoard, drawCard, drawDeck, drawMarks, drawPyramids, drawRecord, drawStandings, initials } from "../../../static/js/games/dash/draw.js";
import { drawDare } from "../../../static/js/games/dash/dare.js";
import { cardName } from "../../../static/js/games/dash/words.js";
import { CLASSIC, centre, slots } from "../../../static/js/games/dash/parts.js";

const fx = fixture("dash");
const position = (label, viewer = "acting") => fx.positions.find((p) => p.label === label && p.viewer === viewer);
const attr = (el, name) => el.getAttribute(name);
const fresh = (t) => { const ui = UI.create(); UI.newState(ui, t, t.you); return ui; };
const drawOpts = (t, extra = {}) => ({ me: t.you, names: namesFor(t.you), pending: false, chat: true, wide: true, ...extra });

test("drawBoard: 64 spaces of the view's layout, its six picture pairs, a pyramid per seat where the view puts it", () => {
  for (const t of fx.positions) {
    const view = t.view;
    const svg = drawBoard(view, { names: namesFor(t.you), me: t.you, last: t.last });
    const spaces = svg.querySelectorAll("g.space");
    assert.deepEqual(spaces.map((g) => attr(g, "data-space")), view.layout.spaces.map((_, i) => String(i)));
    spaces.forEach((g, i) => assert.match(attr(g, "class"), new RegExp(`space-${view.layout.spaces[i]}\\b`)));
    assert.equal(svg.querySelectorAll("path.pic-line").filter((p) => attr(p, "data-picture")).length, view.layout.pictures.length);
    const pyramids = svg.querySelectorAll("g.pyramid");
    assert.deepEqual(pyramids.map((g) => attr(g, "data-seat")), view.positions.map((_, s) => String(s)));
    const at = slots(view.positions);
    pyramids.forEach((g, seat) => {
      assert.equal(attr(g, "transform"), `translate(${at[seat][0]} ${at[seat][1]})`);
      const [cx, cy] = centre(view.positions[seat]);
      assert.ok(Math.abs(at[seat][0] - cx) < 28 && Math.abs(at[seat][1] - cy) < 28, "inside its space");
      const cls = attr(g, "class").split(" ");
      assert.equal(cls.includes("turn"), seat === view.turn && !view.result);
      assert.equal(cls.includes("skip"), !!view.skip[seat]);
      assert.equal(cls.includes("me"), seat === t.you);
      assert.match(g.querySelector("title").textContent, new RegExp(`^${namesFor(t.you)(seat)}: `));
    });
  }
});

test("drawPyramids: the marks given (initials, seat numbers by default), the way back and a missed turn in words", () => {
  const t = position("back", null);
  const pyramids = drawPyramids(t.view, { marks: initials(["Ann", "Abe", "Cal"]), names: namesFor(null) });
  assert.deepEqual(pyramids.map((g) => g.querySelector("text").textContent), ["A1", "A2", "C"]);
  assert.deepEqual(drawPyramids(t.view).map((g) => g.querySelector("text").textContent), ["1", "2", "3"]);
  const titles = pyramids.map((g) => g.querySelector("title").textContent);
  t.view.legs.forEach((leg, seat) => assert.equal(titles[seat].includes("on the way back"), !!leg));
  t.view.skip.forEach((skip, seat) => assert.equal(titles[seat].includes("misses the next turn"), !!skip));
  assert.notEqual(attr(pyramids[0], "data-key"), attr(drawPyramids(t.view, { marks: ["X", "A2", "C"], names: namesFor(null) })[0], "data-key"));
});

test("drawMarks: the spaces each move, jump or swap of the step left and reached; a jump's picture line", () => {
  let seen = 0;
  for (const { step } of steps(fx)) {
    const marks = drawMarks(step, CLASSIC);
    const moved = step.events.filter((e) => ["move", "picture", "swap"].includes(e.type));
    const rects = marks.filter((m) => m.tagName === "rect");
    assert.deepEqual(rects.map((r) => [attr(r, "class"), attr(r, "data-space")]),
      moved.flatMap((e) => [["mark from", String(e.from)], ["mark to", String(e.to)]]));
    assert.equal(marks.filter((m) => attr(m, "class") === "pic-line active").length, moved.filter((e) => e.type === "picture").length);
    seen += moved.length;
  }
  assert.ok(seen > 10);
  assert.deepEqual(drawMarks(null), []);
});

test("viewOnly (the replay): a picture of the board, its own Finish pattern, the last step marked", () => {
  const t = position("draw", null);
  const svg = drawBoard(t.view, { viewOnly: true, checker: "dash-checker-replay", title: "The board after move 3", last: t.last });
  assert.equal(attr(svg, "role"), "img");
  assert.equal(attr(svg, "aria-label"), "The board after move 3");
  assert.equal(attr(svg.querySelector("pattern"), "id"), "dash-checker-replay");
  const finish = svg.querySelectorAll("g.space")[63].querySelector("rect");
  assert.equal(attr(finish, "fill"), "url(#dash-checker-replay)");
  assert.equal(svg.querySelector("g.layer-marks").querySelectorAll("rect").length, 2 * t.last.events.filter((e) => e.type === "move").length);
});

test("the panels: the card drawn, the deck by its counts only, the race with the leader first", () => {
  for (const t of fx.positions) {
    const view = t.view;
    const card = drawCard(view);
    assert.equal(attr(card, "data-card"), view.last_draw ? view.last_draw.card : null);
    const deck = drawDeck(view).map((n) => n.textContent).join(" ");
    assert.match(deck, new RegExp(`^${view.deck_count} ${view.deck_count} cards? in the deck${view.discard_count} discarded`));
    const race = drawStandings(view, { names: namesFor(t.you) });
    const order = race.map((li) => Number(attr(li, "data-seat")));
    order.forEach((seat, i) => i && assert.ok(view.progress[seat] <= view.progress[order[i - 1]]));
    const turn = race.filter((li) => attr(li, "class") === "turn");
    assert.deepEqual(turn.map((li) => Number(attr(li, "data-seat"))), [view.turn]);
    assert.equal(turn[0].querySelector("span.tag").textContent, view.dare ? "dared" : "to draw");
  }
  const game = fx.games[0];
  const record = drawRecord(game.doc, namesFor(null)).map((n) => n.textContent).join("\n");
  assert.ok(record.includes(`Deck (${game.doc.deck.length}, next first): ${game.doc.deck.slice(0, 3).map(cardName).join(", ")}`), "a replay shows the whole document");
});

test("drawDare: the writers' form with the view's suggestions; the dared waits; the answer and its question", () => {
  const w = position("write");
  const form = drawDare(w, fresh(w), drawOpts(w));
  const text = form.map((n) => n.textContent).join(" ");
  assert.ok(text.startsWith(`${NAMES[w.view.dare.seat]} drew a dare!`), text);
  const flat = form.flatMap((n) => [n, ...n.descendants()]);
  const find = (testid) => flat.find((n) => attr(n, "data-testid") === testid);
  assert.equal(attr(find("dare-input"), "aria-label"), `Your dare for ${NAMES[w.view.dare.seat]}`);
  assert.equal(attr(find("dare-send"), "disabled"), "", "nothing written: nothing to send");
  assert.deepEqual(flat.filter((n) => attr(n, "data-act") === "suggest").map((b) => b.textContent), w.view.dare_suggestions);
  const ui = fresh(w);
  UI.typeDare(ui, "Sing");
  assert.equal(attr(drawDare(w, ui, drawOpts(w)).flatMap((n) => [n, ...n.descendants()]).find((n) => attr(n, "data-testid") === "dare-send"), "disabled"), null);

  const dared = position("write", "waiting");
  const waiting = drawDare(dared, fresh(dared), drawOpts(dared)).map((n) => n.textContent).join(" ");
  assert.match(waiting, /^You drew a dare! Ann or Cal are writing it/);
  const spectator = position("write", null);
  assert.match(drawDare(spectator, fresh(spectator), drawOpts(spectator)).map((n) => n.textContent).join(" "), /Waiting for Ann or Cal to write it/);

  const a = position("answer"), ua = fresh(a);
  const answer = drawDare(a, ua, drawOpts(a)).flatMap((n) => [n, ...n.descendants()]);
  assert.equal(answer.find((n) => attr(n, "data-testid") === "dare-text").textContent, a.view.dare.text);
  assert.equal(attr(answer.find((n) => attr(n, "class") === "dare-confirm"), "hidden"), "");
  UI.askRefuse(ua);
  const asked = drawDare(a, ua, drawOpts(a, { pending: true })).flatMap((n) => [n, ...n.descendants()]);
  assert.equal(attr(asked.find((n) => attr(n, "class") === "dare-confirm"), "hidden"), null);
  assert.equal(attr(asked.find((n) => attr(n, "data-act") === "refuse"), "hidden"), "");
  assert.ok(asked.filter((n) => n.tagName === "BUTTON" && attr(n, "data-act") !== "chat").every((b) => attr(b, "disabled") === ""), "a move on its way");
  assert.deepEqual(drawDare(position("draw"), fresh(position("draw")), drawOpts(position("draw"))), []);
});
