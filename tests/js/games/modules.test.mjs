// Every game's client module, as the server's declaration names it (Game.client, docs/CLIENT.md), on the
// engines' own output (tests/js/fixtures): the interface it exports (its words are words.js's), headlines that are events its engine
// makes, and drawReplay on the final documents of the playouts: drawn from the document alone, redrawn in
// place (the same text and elements; ids may be fresh), no number or word missing (NaN, undefined).
import { document } from "../helpers/dom.mjs";
import { readdirSync } from "node:fs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, playouts, events, namesFor, clientModule } from "../helpers/fixtures.mjs";

// Every game the generator wrote a fixture for: one per game in the server's GAMES (tests/test_js_units.py).
const GAMES = readdirSync(new URL("../fixtures/", import.meta.url)).filter((f) => f.endsWith(".json"))
  .map((f) => f.replace(/\.json$/, "")).sort();

// Every attribute value and text below `el`, for the checks.
function written(el) {
  const out = [el.textContent];
  for (const node of [el, ...el.descendants()]) for (const [name, value] of node.attributes) out.push(`${name}=${value}`);
  return out;
}

for (const game of GAMES) {
  test(`${game}: the module exports the interface; its headlines are events of its engine`, async () => {
    const fx = fixture(game);
    const mod = await clientModule(fx);
    for (const fn of ["createBoard", "describeEvent", "resultText", "drawReplay"]) {
      assert.equal(typeof mod[fn], "function", fn);
    }
    const words = await import(new URL(`../../../static/js/games/${game.replaceAll("-", "_")}/words.js`, import.meta.url));
    assert.equal(mod.describeEvent, words.describeEvent, "describeEvent is words.js's");
    assert.equal(mod.resultText, words.resultText, "resultText is words.js's");
    assert.ok(Array.isArray(mod.headlines));
    const made = new Set([...events(fx)].map(({ event }) => event.type));
    for (const type of mod.headlines) assert.ok(made.has(type), `headline ${type} is not an event of the engine`);
  });

  test(`${game}: endReason, when the module words why a game ends, words every reason its engine gives`, async () => {
    const fx = fixture(game);
    const mod = await clientModule(fx);
    if (!mod.endReason) return;   // the review room then shows the engine's reason as it comes
    assert.equal(typeof mod.endReason, "function");
    for (const playout of playouts(fx)) {
      if (!playout.result || playout.result.reason == null) continue;
      const words = mod.endReason(playout.result);
      assert.ok(typeof words === "string" && words && !words.includes("_"), `${playout.result.reason}: ${words}`);
    }
    assert.equal(mod.endReason({ outcome: "forfeit", reason: "forfeit" }), null, "a forfeit is the shell's to word");
  });

  test(`${game}: drawReplay draws each final position, the same way twice`, async () => {
    const fx = fixture(game);
    const mod = await clientModule(fx);
    for (const playout of playouts(fx)) {
      const el = document.createElement("div");
      const ctx = { seq: playout.plies, step: playout.last, view: playout.view, names: namesFor(null) };
      mod.drawReplay(el, playout.doc, ctx);
      const where = `${game} ${playout.players} players seed ${playout.seed ?? playout.scenario}`;
      assert.ok(el.querySelectorAll("svg").length >= 1, `${where}: a board`);
      for (const text of written(el)) assert.doesNotMatch(text, /NaN|undefined|\[object/, `${where}: ${text.slice(0, 120)}`);
      const shape = () => [el.textContent, [...el.descendants()].map((node) => node.tagName).join(" ")];
      const before = shape();
      mod.drawReplay(el, playout.doc, ctx);
      assert.deepEqual(shape(), before, `${where}: drawn again, the same`);
    }
  });
}
