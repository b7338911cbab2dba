// core/chat_words.js: the server's own chat lines (a hint asked, a nudge, the pace's) are recognised by their
// shape and worded through core/i18n.js; anyone's message stays as written.
import "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { chatWords, hintLine, nudgeLine } from "../../../static/js/core/chat_words.js";

test("a hint's and a nudge's lines are said again from their parts", () => {
  assert.equal(hintLine("Ann asked for a hint (hint 3 at this table)"), "Ann asked for a hint (hint 3 at this table)");
  assert.equal(nudgeLine("Ann nudged Bob and Cy"), "Ann nudged Bob and Cy");
  assert.equal(nudgeLine("Ann nudged Bob, Cy and Dee".replace(", ", " and ")), "Ann nudged Bob, Cy and Dee");
});

test("only the server's kinds are reworded; a person's message is left as written", () => {
  assert.equal(chatWords({ kind: "hint", text: "not a hint line" }), "not a hint line");
  assert.equal(chatWords({ text: "Ann nudged Bob" }), "Ann nudged Bob");
  assert.equal(chatWords({ kind: "nudge", text: "Ann nudged Bob" }), "Ann nudged Bob");
});
