// The pace's and the pause's lines in the reader's language (issue 36): the server writes them once, in English,
// for everyone at the table (the chat's kind "pace", app/store/pace_records.py, and a forfeit's reason); their
// few shapes are known here and said through core/i18n.js. A takeback's lines are core/takeback_lines.js's; a
// line of another shape stays as it is. Used by the table page (pace.js) and the review room (a forfeit's reason).
import { t as tr, tn } from "./i18n.js";
import { takebackLineWords } from "./takeback_lines.js";

const LINES = [
  [/^(.+)'s time ran out: the bot plays for \1 until \1 comes back to the table\.$/s, (m) => [
    "{name}'s time ran out: the bot plays for {name} until {name} comes back to the table.", { name: m[1] }]],
  [/^(.+)'s time ran out \((\d+) of (\d+)\): the bot plays this turn for \1\.$/s, (m) => [
    "{name}'s time ran out ({n} of {of}): the bot plays this turn for {name}.", { name: m[1], n: m[2], of: m[3] }]],
  [/^(.+)'s time ran out \((\d+) turns?\): \1 forfeits\.$/s, (m) => [
    "{name}'s time ran out ({n} turn): {name} forfeits.", { name: m[1], n: Number(m[2]) },
    "{name}'s time ran out ({n} turns): {name} forfeits."]],
  [/^(.+) forfeited: (\d+) turns? ran out of time$/s, (m) => [
    "{name} forfeited: {n} turn ran out of time", { name: m[1], n: Number(m[2]) },
    "{name} forfeited: {n} turns ran out of time"]],
  [/^(.+) is back: the bot no longer plays for \1\.$/s, (m) => ["{name} is back: the bot no longer plays for {name}.", { name: m[1] }]],
  [/^Played by the bot for (.+): time ran out\.$/s, (m) => ["Played by the bot for {name}: time ran out.", { name: m[1] }]],
  [/^(.+?) proposes a pause until (\d{4}-\d\d-\d\d): (.*)$/s, (m) => [
    "{name} proposes a pause until {day}: {reason}", { name: m[1], day: m[2], reason: m[3] }]],
  [/^The table is paused until (\d{4}-\d\d-\d\d): the clocks and reminders stop\.$/s, (m) => [
    "The table is paused until {day}: the clocks and reminders stop.", { day: m[1] }]],
  [/^(.+) refused the pause\.$/s, (m) => ["{name} refused the pause.", { name: m[1] }]],
  [/^(.+) ended the pause: the clocks run again\.$/s, (m) => ["{name} ended the pause: the clocks run again.", { name: m[1] }]],
  [/^(.+) withdrew the pause\.$/s, (m) => ["{name} withdrew the pause.", { name: m[1] }]],
];

// [message, params, plural message?] of a pace line, or null for a line of another shape.
export function paceMessage(text) {
  for (const [shape, parts] of LINES) {
    const m = shape.exec(text || "");
    if (m) return parts(m);
  }
  return null;
}

// The messages, written out in full for `make i18n` (it reads the calls of t and tn): what paceWords says.
const SAY = {
  "{name}'s time ran out: the bot plays for {name} until {name} comes back to the table.": (p) => tr("{name}'s time ran out: the bot plays for {name} until {name} comes back to the table.", p),
  "{name}'s time ran out ({n} of {of}): the bot plays this turn for {name}.": (p) => tr("{name}'s time ran out ({n} of {of}): the bot plays this turn for {name}.", p),
  "{name}'s time ran out ({n} turn): {name} forfeits.": (p) => tn("{name}'s time ran out ({n} turn): {name} forfeits.", "{name}'s time ran out ({n} turns): {name} forfeits.", p.n, p),
  "{name} forfeited: {n} turn ran out of time": (p) => tn("{name} forfeited: {n} turn ran out of time", "{name} forfeited: {n} turns ran out of time", p.n, p),
  "{name} is back: the bot no longer plays for {name}.": (p) => tr("{name} is back: the bot no longer plays for {name}.", p),
  "Played by the bot for {name}: time ran out.": (p) => tr("Played by the bot for {name}: time ran out.", p),
  "{name} proposes a pause until {day}: {reason}": (p) => tr("{name} proposes a pause until {day}: {reason}", { ...p, day: localDay(p.day) }),
  "The table is paused until {day}: the clocks and reminders stop.": (p) => tr("The table is paused until {day}: the clocks and reminders stop.", { day: localDay(p.day) }),
  "{name} refused the pause.": (p) => tr("{name} refused the pause.", p),
  "{name} ended the pause: the clocks run again.": (p) => tr("{name} ended the pause: the clocks run again.", p),
  "{name} withdrew the pause.": (p) => tr("{name} withdrew the pause.", p),
};

function localDay(d) {
  return new Date(`${d}T12:00:00Z`).toLocaleDateString();
}

export function paceWords(text) {
  const found = paceMessage(text);
  return found ? SAY[found[0]](found[1]) : takebackLineWords(text);
}
