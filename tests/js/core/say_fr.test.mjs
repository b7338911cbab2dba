// core/say.js in fr (tests/js/core/say.test.mjs: English): the same says, names intact.
import { test } from "node:test";
import assert from "node:assert/strict";
import { inLang } from "../helpers/in_lang.mjs";
import { SAYS } from "./say_lines.mjs";

const WANT = {
  standsIn: "Le temps de Al and Bo est écoulé : le robot joue pour Al and Bo jusqu’au retour de Al and Bo à la table.",
  turn: "Le temps de {x} est écoulé (1 sur 3) : le robot joue ce tour pour {x}.",
  forfeits: "Le temps de <b> est écoulé (2 tours) : <b> déclare forfait.",
  forfeited: "Al and Bo a déclaré forfait : temps écoulé sur 1 tour",
  back: "{x} est de retour : le robot ne joue plus pour {x}.",
  played: "Joué par le robot pour Place 2 : temps écoulé.",
  refusedPause: "<b> a refusé la pause.",
  asked: "Al and Bo demande à reprendre le coup 7.",
  askedMany: "{x} demande à reprendre les coups 7 à 9.",
  refused: "<b> a refusé la reprise demandée par Al and Bo.",
  takenBack: "Repris : les coups 3 à 4 (demandé par Al and Bo).",
  hint: "Al and Bo a demandé un conseil (conseil n° 3 à cette table)",
  nudge: "{x} a relancé Al and Bo, <b> et Place 1",
  delivery: "refusé : <b>.example donne une adresse privée ou locale",
};

inLang("fr");
const { sayWords } = await import("../../../static/js/core/say.js");

test("the table's lines in fr, the names intact", () => {
  for (const [key, line] of Object.entries(WANT)) assert.equal(sayWords(SAYS[key]), line, key);
});
