// The board in words in another language: every game's describe() and speakEvent() on the
// engines' fixtures, with no English game word left (a colour, a chess piece, a compass point, "piece"...).
// A test file calls inLang(lang) first, then describedIn(lang) (one language per file: see in_lang.mjs).
import "./dom.mjs";
import { readdirSync } from "node:fs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, playouts, events, namesFor, clientModule } from "./fixtures.mjs";

// Whole words that are English only ("You" is the test's own name for the viewer, left as it is).
const ENGLISH = /\b(the|your|with|and|piece|pieces|pointing|empty|red|yellow|green|blue|pawn|rook|knight|bishop|queen|king|north|south|east|coin|coins|square|squares|rolled|moves)\b/i;

const GAMES = readdirSync(new URL("../fixtures/", import.meta.url)).filter((f) => f.endsWith(".json"))
  .map((f) => f.replace(/\.json$/, "")).sort();

function texts(d) {
  return d ? [d.summary, ...d.sections.flatMap((s) => [s.title, ...s.items])] : [];
}

export function describedIn(lang) {
  for (const game of GAMES) {
    test(`${game}: the board in words and its announcements are in ${lang}`, async () => {
      const fx = fixture(game);
      const mod = await clientModule(fx);
      const said = [];
      const ctxFor = (tab, me) => ({ me, names: namesFor(me), toAct: tab.to_act || [], status: tab.status,
        legal: tab.legal_moves || [], targets: tab.move_targets || [], seats: [], pending: false, ui: null });
      for (const pos of fx.positions || []) {
        const me = pos.viewer ?? pos.you ?? null;
        said.push(...texts(mod.describe(pos, ctxFor(pos, me))));
      }
      for (const p of playouts(fx)) {
        const tab = { view: p.view, status: "playing", to_act: p.view.to_act || [], legal_moves: [], move_targets: [] };
        said.push(...texts(mod.describe(tab, ctxFor(tab, p.viewer ?? null))));
      }
      if (mod.speakEvent) {
        for (const { game: p, event } of events(fx)) {
          said.push(mod.speakEvent(event, namesFor(p.viewer ?? null), { view: p.view, me: p.viewer ?? null }));
        }
      }
      const english = said.filter((s) => s && ENGLISH.test(s));
      assert.deepEqual(english.slice(0, 5), [], `${game}: English left in ${lang}`);
    });
  }
}
