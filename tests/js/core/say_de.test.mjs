// core/say.js in de (tests/js/core/say.test.mjs: English): the same says, names intact.
import { test } from "node:test";
import assert from "node:assert/strict";
import { inLang } from "../helpers/in_lang.mjs";
import { SAYS } from "./say_lines.mjs";

const WANT = {
  standsIn: "Die Zeit von Al and Bo ist abgelaufen: Der Bot spielt für Al and Bo, bis Al and Bo an den Tisch zurückkommt.",
  turn: "Die Zeit von {x} ist abgelaufen (1 von 3): Der Bot spielt diesen Zug für {x}.",
  forfeits: "Die Zeit von <b> ist abgelaufen (2 Züge): <b> gibt auf.",
  forfeited: "Al and Bo hat aufgegeben: bei 1 Zug lief die Zeit ab",
  back: "{x} ist zurück: Der Bot spielt nicht mehr für {x}.",
  played: "Vom Bot für Platz 2 gespielt: Zeit abgelaufen.",
  refusedPause: "<b> hat die Pause abgelehnt.",
  asked: "Al and Bo bittet, Zug 7 zurückzunehmen.",
  askedMany: "{x} bittet, die Züge 7 bis 9 zurückzunehmen.",
  refused: "<b> hat die Bitte von Al and Bo um Zugrücknahme abgelehnt.",
  takenBack: "Zurückgenommen: die Züge 3 bis 4 (erbeten von Al and Bo).",
  hint: "Al and Bo hat um einen Tipp gebeten (Tipp 3 an diesem Tisch)",
  nudge: "{x} hat Al and Bo, <b> und Platz 1 angestupst",
  delivery: "abgelehnt: <b>.example ergibt eine private oder lokale Adresse",
};

inLang("de");
const { sayWords } = await import("../../../static/js/core/say.js");

test("the table's lines in de, the names intact", () => {
  for (const [key, line] of Object.entries(WANT)) assert.equal(sayWords(SAYS[key]), line, key);
});
