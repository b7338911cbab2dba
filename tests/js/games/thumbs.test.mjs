// Every game's drawThumb (index.js), the small picture of the home page's cards and of My tables, on tables
// in play as the engine writes them (tests/js/fixtures/<game>.json "positions", for the seat to act, another
// seat and a spectator): one view-only <svg> drawn from the view alone, with nothing to click or focus.
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, namesFor } from "../helpers/fixtures.mjs";

const GAMES = { "three-high": "three_high", dash: "dash", "turning-points": "turning_points", "martian-treasure-hunt": "martian_treasure_hunt" };
const PIECES = { "three-high": ".stack", dash: "g.pyramid", "turning-points": "g.pieces", "martian-treasure-hunt": "g.pieces" };
const drawn = (svg, sel) => svg.querySelectorAll(sel).reduce((n, g) => n + (sel === "g.pieces" ? g.children.length : 1), 0);

for (const [game, folder] of Object.entries(GAMES)) {
  test(`${game}: drawThumb draws the view's board, view-only, for every viewer`, async () => {
    const mod = await import(`../../../static/js/games/${folder}/index.js`);
    const fx = fixture(game);
    assert.ok(fx.positions.length > 0);
    for (const t of fx.positions) {
      const before = JSON.stringify(t);
      const svg = mod.drawThumb(t.view, { names: namesFor(t.you), me: t.you, seq: t.seq, last: t.last, id: "x" });
      assert.equal(svg.tagName.toLowerCase(), "svg");
      assert.equal(svg.getAttribute("role"), "img");
      assert.equal(svg.querySelectorAll(".hit").length, 0, "nothing to click");
      assert.equal(svg.querySelectorAll("[tabindex]").length, 0, "nothing to focus");
      assert.ok(drawn(svg, PIECES[game]) > 0, `${game} ${t.label}/${t.viewer}: pieces drawn`);
      assert.equal(JSON.stringify(t), before, "the table is left as it was");
    }
  });
}
