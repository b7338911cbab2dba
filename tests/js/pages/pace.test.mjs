// pace.js: a turn's time left in words (the players panel and the tab's title), from the state's deadline.
import "../helpers/dom.mjs";   // core/api.js and core/notify.js, imported by pace.js, use the window
import { test } from "node:test";
import assert from "node:assert/strict";
import { timeLeft } from "../../../static/js/pace.js";

const now = Date.parse("2026-12-03T08:00:00Z");
const at = (seconds) => new Date(now + seconds * 1000).toISOString();

test("seconds, minutes, hours and days left; a deadline passed is time up", () => {
  assert.equal(timeLeft(at(40), now), "40 s left");
  assert.equal(timeLeft(at(14 * 60 + 5), now), "14 min left");
  assert.equal(timeLeft(at(5 * 3600 + 12 * 60), now), "5 h 12 min left");
  assert.equal(timeLeft(at(50 * 3600), now), "2 days 2 h left");
  assert.equal(timeLeft(at(0), now), "time is up");
  assert.equal(timeLeft(at(-90), now), "time is up");
});
