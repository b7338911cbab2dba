// core/say.js: the table's own lines and a forfeit's reason are said from their say (an id and params, as
// the server sends them), in English here (French and German: say_fr.test.mjs, say_de.test.mjs); names stay
// the names they are; a person's words and a line with no say are shown as written.
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { chatWords, deliveryWords, reasonWords, sayWords } from "../../../static/js/core/say.js";
import { SAYS } from "./say_lines.mjs";

test("the table's lines in English, the names intact", () => {
  const want = {
    standsIn: "Al and Bo's time ran out: the bot plays for Al and Bo until Al and Bo comes back to the table.",
    turn: "{x}'s time ran out (1 of 3): the bot plays this turn for {x}.",
    forfeits: "<b>'s time ran out (2 turns): <b> forfeits.",
    forfeited: "Al and Bo forfeited: 1 turn ran out of time",
    back: "{x} is back: the bot no longer plays for {x}.",
    played: "Played by the bot for Seat 2: time ran out.",
    refusedPause: "<b> refused the pause.",
    asked: "Al and Bo asks to take back move 7.",
    askedMany: "{x} asks to take back moves 7 to 9.",
    refused: "<b> refused Al and Bo's takeback.",
    takenBack: "Taken back: moves 3 to 4 (asked by Al and Bo).",
    hint: "Al and Bo asked for a hint (hint 3 at this table)",
    nudge: "{x} nudged Al and Bo, <b> and Seat 1",
    delivery: "refused: <b>.example resolves to a private or local address",
  };
  for (const [key, line] of Object.entries(want)) assert.equal(sayWords(SAYS[key]), line, key);
  const day = new Date("2026-12-24T12:00:00Z").toLocaleDateString();
  assert.equal(sayWords(SAYS.proposed), `Al and Bo proposes a pause until ${day}: away: {x}`);
});

test("a chat line by its say; a person's words, and a line with no say, as written", () => {
  assert.equal(chatWords({ kind: "nudge", text: "whatever the text", say: SAYS.hint }), "Al and Bo asked for a hint (hint 3 at this table)");
  assert.equal(chatWords({ kind: "chat", text: "Al and Bo nudged {x}" }), "Al and Bo nudged {x}");
  assert.equal(chatWords({ kind: "pace", text: "An old line." }), "An old line.");
  assert.equal(reasonWords({ outcome: "forfeit", reason: "x", reason_say: SAYS.forfeited }), "Al and Bo forfeited: 1 turn ran out of time");
  assert.equal(reasonWords({ outcome: "forfeit", reason: "imported words" }), "imported words");
  assert.equal(deliveryWords({ ok: false, detail: "x", say: SAYS.delivery }), "refused: <b>.example resolves to a private or local address");
  assert.equal(deliveryWords({ ok: false, detail: "HTTP 404" }), "HTTP 404");   // a row stored before the say
});
