// deal_play.js: the sentence beside "Play this deal" from the server's "mine" (docs/API.md "Deals"), and the
// house rules a deal's link carries.
import "../helpers/dom.mjs";   // core/api.js, imported by deal_play.js, listens to the window
import { test } from "node:test";
import assert from "node:assert/strict";
import { dealRow, dealTitle, mineText, rulesQuery, rulesOfQuery, rulesText } from "../../../static/js/deal_play.js";
import * as threeHigh from "../../../static/js/games/three_high/deals.js";
import * as turningPoints from "../../../static/js/games/turning_points/deals.js";

const won = { code: "abcd2345", status: "finished", outcome: "won", trees: 5, moves: 40, house_rules: { allow_zero_moves: false, hidden_hands: false } };

test("a browser that never played the deal is told nothing", () => {
  assert.equal(mineText([]), "");
  assert.equal(mineText(undefined), "");
});

test("the last finished game's result, how many times, its house rules, and that it may play again", () => {
  assert.match(mineText([won], threeHigh), /^You have played this deal: you won with 5 trees \(table abcd2345\)\. A browser plays each deal once/);
  const lost = { ...won, code: "zzzz2222", outcome: "lost", trees: 1, house_rules: { hidden_hands: true } };
  assert.match(mineText([lost, won], threeHigh), /played this deal 2 times: you lost with 1 tree \(table zzzz2222, hidden hands\)/);
  assert.match(mineText([{ code: "tp", status: "finished", score: 31, house_rules: {} }]), /you scored 31/);
});

test("a game being played, or left unfinished, is said as such", () => {
  const playing = { code: "live2345", status: "playing", house_rules: {} };
  assert.match(mineText([playing, won], threeHigh), /you won with 5 trees .* You are playing it at table live2345\./);
  assert.match(mineText([playing]), /^You are playing it at table live2345\./);
  assert.match(mineText([{ code: "gone2345", status: "abandoned", house_rules: {} }]), /left the game unfinished \(table gone2345\)/);
});

test("house rules ride in the link: true ones only, read back, other parameters bounded", () => {
  assert.equal(rulesQuery({ allow_zero_moves: true, hidden_hands: false }), "?allow_zero_moves=true");
  assert.equal(rulesQuery({}), "");
  assert.deepEqual(rulesOfQuery("?allow_zero_moves=true&hidden_hands=false&fbclid=x&spoilers=1&Bad-Key=1"),
    { allow_zero_moves: true, hidden_hands: false, fbclid: "x" });
  assert.equal(rulesText({ hidden_hands: true, allow_zero_moves: false }), "hidden hands");
  // each rule named by the game's module (ruleWord), else as its key
  assert.equal(rulesText({ hidden_hands: true, bot_strength: 2 }, threeHigh), "hidden hands, bot strength 2");
  assert.equal(rulesText({ shape: "hex", size: 3, odd_rule: true }, turningPoints), "shape hex, size 3, odd rule");
  assert.equal(threeHigh.ruleWord("shape"), null);
});

test("a deal is named and its results worded by its game's module, else generically by the scores", () => {
  assert.equal(dealTitle({ game: "three-high", title: "3-High", players: 1 }, threeHigh), "3-High solo");
  assert.equal(dealTitle({ game: "three-high", title: "3-High", players: 3 }, threeHigh), "3-High for 3");
  assert.equal(dealTitle({ game: "turning-points", title: "Turning Points", players: 1 }, turningPoints), "Turning Points solitaire");
  assert.equal(dealTitle({ game: "turning-points", title: "Turning Points", players: 3 }, turningPoints), "Turning Points for 3");
  assert.equal(dealTitle({ game: "nim", title: "Nim", players: 2 }, null), "Nim for 2");
  assert.equal(dealRow({ outcome: "won", trees: 5 }, threeHigh), "Won, 5 trees");
  assert.equal(dealRow({ outcome: "lost", trees: 1 }, threeHigh), "Lost, 1 tree");
  assert.equal(dealRow({ score: 31, scores: [31] }, turningPoints), "Score 31");
  assert.equal(dealRow({ score: 9, scores: [9, 4] }, null), "Scores 9 / 4");
  assert.match(mineText([{ code: "nim2", status: "finished", score: 3, house_rules: {} }], null), /you scored 3/);
});
