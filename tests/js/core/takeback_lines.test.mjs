// core/takeback_lines.js: the server's takeback lines (written in English, app/store/takeback_records.py) are
// known by their shape whatever the names, and said in the reader's language, here French (core/pace_words.js
// hands them over: the table page's chat and log say them through paceWords).
import { test } from "node:test";
import assert from "node:assert/strict";
import { inLang } from "../helpers/in_lang.mjs";

inLang("fr");
const { takebackLineMessage, takebackLineWords } = await import("../../../static/js/core/takeback_lines.js");
const { paceWords } = await import("../../../static/js/core/pace_words.js");

// Every line the server writes, as takeback_records.py words it: [line, message, params, French].
const LINES = [
  ["Ann asks to take back move 7.", "{name} asks to take back {moves}.", { name: "Ann", n: 7 },
    "Ann demande à reprendre le coup 7."],
  ["Ann: B asks to take back moves 7 to 9.", "{name} asks to take back {moves}.", { name: "Ann: B", from: 7, to: 9 },
    "Ann: B demande à reprendre les coups 7 à 9."],
  ["Bea refused Ann's takeback.", "{name} refused {asker}'s takeback.", { name: "Bea", asker: "Ann" },
    "Bea a refusé la reprise demandée par Ann."],
  ["Bea accepted Seat 2's takeback.", "{name} accepted {asker}'s takeback.", { name: "Bea", asker: "Seat 2" },
    "Bea a accepté la reprise demandée par Seat 2."],
  ["Ann withdrew the takeback request.", "{name} withdrew the takeback request.", { name: "Ann" },
    "Ann a retiré sa demande de reprise."],
  ["Taken back: move 1 (asked by Ann).", "Taken back: {moves} (asked by {name}).", { name: "Ann", n: 1 },
    "Repris : le coup 1 (demandé par Ann)."],
  ["Taken back: moves 3 to 12 (asked by Bea (the host)).", "Taken back: {moves} (asked by {name}).",
    { name: "Bea (the host)", from: 3, to: 12 }, "Repris : les coups 3 à 12 (demandé par Bea (the host))."],
];

test("every takeback line is known by its shape, whatever the names", () => {
  for (const [line, message, params] of LINES) assert.deepEqual(takebackLineMessage(line), [message, params], line);
  for (const other of ["Ann nudged Bea", "Bea refused the pause.", "Ann asks to take back move seven.",
    "Ann took back move 7 (agreed).", "", null]) {
    assert.equal(takebackLineMessage(other), null, String(other));
  }
});

test("the lines are said in French, in the chat (paceWords) as by themselves; other lines stay as written", () => {
  for (const [line, , , french] of LINES) {
    assert.equal(takebackLineWords(line), french, line);
    assert.equal(paceWords(line), french, line);
  }
  assert.equal(paceWords("Bea refused the pause."), "Bea a refusé la pause.");   // the pace's own lines still its own
  assert.equal(takebackLineWords("Ann nudged Bea"), "Ann nudged Bea");
});
