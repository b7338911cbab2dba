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

test("the pace's and the pause's lines are known by their shape, whatever the name; other lines are not", async () => {
  const { paceMessage, paceWords } = await import("../../../static/js/pace.js");
  const lines = {
    "Ann: B's time ran out: the bot plays for Ann: B until Ann: B comes back to the table.": { name: "Ann: B" },
    "Bea's time ran out (1 of 3): the bot plays this turn for Bea.": { name: "Bea", n: "1", of: "3" },
    "Bea's time ran out (2 turns): Bea forfeits.": { name: "Bea", n: 2 },
    "Bea forfeited: 1 turn ran out of time": { name: "Bea", n: 1 },
    "Ann is back: the bot no longer plays for Ann.": { name: "Ann" },
    "Played by the bot for Seat 2: time ran out.": { name: "Seat 2" },
    "Ann proposes a pause until 2026-12-24: a week: away": { name: "Ann", day: "2026-12-24", reason: "a week: away" },
    "The table is paused until 2026-12-24: the clocks and reminders stop.": { day: "2026-12-24" },
    "Bea refused the pause.": { name: "Bea" },
    "Bea ended the pause: the clocks run again.": { name: "Bea" },
    "Ann withdrew the pause.": { name: "Ann" },
  };
  for (const [line, params] of Object.entries(lines)) {
    const found = paceMessage(line);
    assert.ok(found, line);
    assert.deepEqual(found[1], params, line);
    if (!line.includes("until 2026")) assert.equal(paceWords(line), line);   // English says it as the server did (a day: in the reader's format)
  }
  assert.equal(paceMessage("Ann's time ran out: the bot plays for Bea until Ann comes back to the table."), null);
  assert.equal(paceMessage("Ann asks to take back move 7."), null);
  assert.equal(paceWords("Ann asks to take back move 7."), "Ann asks to take back move 7.");
});
