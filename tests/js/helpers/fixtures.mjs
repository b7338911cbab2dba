// The fixtures written by tests/js/fixtures/generate.py from the real engines, and the names a page gives
// seats: the viewer is "You", the others have names of their own.
import { readFileSync } from "node:fs";

export function fixture(game) {
  return JSON.parse(readFileSync(new URL(`../fixtures/${game}.json`, import.meta.url), "utf8"));
}

// Every playout of a fixture, hand-built positions (3-High's scenarios) included.
export const playouts = (fx) => [...fx.games, ...(fx.scenarios || [])];

// Every kept step of a fixture with the playout it comes from.
export function* steps(fx) {
  for (const game of playouts(fx)) for (const step of game.steps) yield { game, step };
}

// Every event of a fixture as the shell hands it to describeEvent: the step's seat filled in when the
// event has none (table.js and core/replay.js do the same).
export function* events(fx) {
  for (const { game, step } of steps(fx)) {
    for (const ev of step.events) yield { game, step, event: { seat: step.seat, ...ev } };
  }
}

export const NAMES = ["Ann", "Bea", "Cal", "Dee", "Eve", "Fay"];
// names(seat) as the page words it for `viewer` (null: a spectator).
export const namesFor = (viewer) => (seat) => (seat === viewer ? "You" : NAMES[seat]);

// What a sentence shown to a player must never contain: a value the code failed to find. ("null" is a
// word of its own only as Martian Treasure Hunt's coin 0: "the null", "Bea's null coin", "your null".)
const BAD = [/undefined/, /NaN/, /\[object/, /(?<!(the|'s|your) )\bnull\b/, / {2}/, /^\s|\s$/];
export function assertClean(assert, text, where) {
  assert.equal(typeof text, "string", `${where}: not a string but ${JSON.stringify(text)}`);
  assert.ok(text.length > 0, `${where}: empty`);
  for (const bad of BAD) assert.ok(!bad.test(text), `${where}: ${JSON.stringify(text)} matches ${bad}`);
}

// The game's client module, as the server's declaration names it (Game.client, docs/CLIENT.md).
export const clientModule = (fx) => import(new URL(`../../../static/${fx.client}`, import.meta.url));
