// The board in words (docs/CLIENT.md describe, speakEvent) for every game, on the engines' own
// output (tests/js/fixtures): each table state of the fixtures (with its legal moves) and each final
// position is described with a summary and sections of clean sentences; "What you can play" is there exactly
// when the viewer is to act and the table lists moves; speakEvent words every event it takes.
import "../helpers/dom.mjs";
import { readdirSync } from "node:fs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, playouts, events, namesFor, clientModule, assertClean } from "../helpers/fixtures.mjs";

const GAMES = readdirSync(new URL("../fixtures/", import.meta.url)).filter((f) => f.endsWith(".json"))
  .map((f) => f.replace(/\.json$/, "")).sort();

function check(mod, tab, me, where) {
  const ctx = { me, names: namesFor(me), toAct: tab.to_act || [], status: tab.status, legal: tab.legal_moves || [],
    targets: tab.move_targets || [], seats: [], pending: false, ui: null };
  const d = mod.describe(tab, ctx);
  assert.ok(d && Array.isArray(d.sections), `${where}: a description`);
  assertClean(assert, d.summary, `${where} summary`);
  for (const s of d.sections) {
    assertClean(assert, s.title, `${where} section title`);
    for (const item of s.items) assertClean(assert, item, `${where} ${s.title}`);
  }
  const mine = tab.status === "playing" && me != null && ctx.toAct.includes(me) && ctx.legal.length > 0;
  const can = d.sections.find((s) => s.title === "What you can play");
  assert.equal(!!(can && can.items.length), mine, `${where}: what can be played ${mine ? "missing" : "shown off turn"}`);
  return d;
}

for (const game of GAMES) {
  test(`${game}: describe() words every position of the fixtures`, async () => {
    const fx = fixture(game);
    const mod = await clientModule(fx);
    assert.equal(typeof mod.describe, "function");
    for (const pos of fx.positions || []) check(mod, pos, pos.viewer ?? pos.you ?? null, `${game} position ${pos.label}`);
    for (const p of playouts(fx)) {
      const tab = { view: p.view, status: p.result ? "finished" : "playing", to_act: p.view.to_act || [], legal_moves: [], move_targets: [] };
      check(mod, tab, p.viewer ?? null, `${game} playout ${p.seed ?? p.scenario} (final)`);
    }
  });

  test(`${game}: speakEvent words the events it takes`, async () => {
    const fx = fixture(game);
    const mod = await clientModule(fx);
    if (!mod.speakEvent) return;
    let spoken = 0;
    for (const { game: p, event } of events(fx)) {
      const text = mod.speakEvent(event, namesFor(p.viewer ?? null), { view: p.view, me: p.viewer ?? null });
      if (text == null) continue;
      spoken += 1;
      assertClean(assert, text, `${game} ${event.type}`);
    }
    assert.ok(spoken > 0, `${game}: no event spoken`);
  });
}
