// core/takeback_lines.js in German (tests/js/core/takeback_lines.test.mjs has the shapes and French).
import { test } from "node:test";
import assert from "node:assert/strict";
import { inLang } from "../helpers/in_lang.mjs";

inLang("de");
const { paceWords } = await import("../../../static/js/core/pace_words.js");

test("the takeback lines are said in German", () => {
  const lines = {
    "Ann asks to take back move 7.": "Ann bittet, Zug 7 zurückzunehmen.",
    "Ann asks to take back moves 7 to 9.": "Ann bittet, die Züge 7 bis 9 zurückzunehmen.",
    "Bea refused Ann's takeback.": "Bea hat die Bitte von Ann um Zugrücknahme abgelehnt.",
    "Bea accepted Ann's takeback.": "Bea hat die Bitte von Ann um Zugrücknahme angenommen.",
    "Ann withdrew the takeback request.": "Ann hat die Bitte um Zugrücknahme zurückgezogen.",
    "Taken back: move 1 (asked by Ann).": "Zurückgenommen: Zug 1 (erbeten von Ann).",
    "Taken back: moves 3 to 4 (asked by Ann).": "Zurückgenommen: die Züge 3 bis 4 (erbeten von Ann).",
  };
  for (const [line, german] of Object.entries(lines)) assert.equal(paceWords(line), german, line);
});
