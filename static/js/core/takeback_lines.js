// The takeback's lines in the reader's language (issue 36): the server writes them once, in English, for
// everyone at the table (the chat's kind "pace", name "Takeback": app/store/takeback_records.py); their few
// shapes are known here and said through core/i18n.js. core/pace_words.js hands over the lines that are not
// the pace's or the pause's, so the table page's chat and log say these too.
import { t as tr } from "./i18n.js";

const LINES = [
  [/^(.+) asks to take back (?:move (\d+)|moves (\d+) to (\d+))\.$/s, (m) => [
    "{name} asks to take back {moves}.", { name: m[1], ...moves(m, 2) }]],
  [/^(.+?) refused (.+)'s takeback\.$/s, (m) => ["{name} refused {asker}'s takeback.", { name: m[1], asker: m[2] }]],
  [/^(.+?) accepted (.+)'s takeback\.$/s, (m) => ["{name} accepted {asker}'s takeback.", { name: m[1], asker: m[2] }]],
  [/^(.+) withdrew the takeback request\.$/s, (m) => ["{name} withdrew the takeback request.", { name: m[1] }]],
  [/^Taken back: (?:move (\d+)|moves (\d+) to (\d+)) \(asked by (.+)\)\.$/s, (m) => [
    "Taken back: {moves} (asked by {name}).", { name: m[4], ...moves(m, 1) }]],
];

// {n} for "move 7", {from, to} for "moves 7 to 9": the groups `at`, `at` + 1 and `at` + 2 of a line's match.
function moves(m, at) {
  return m[at] != null ? { n: Number(m[at]) } : { from: Number(m[at + 1]), to: Number(m[at + 2]) };
}

// [message, params] of a takeback line, or null for a line of another shape.
export function takebackLineMessage(text) {
  for (const [shape, parts] of LINES) {
    const m = shape.exec(text || "");
    if (m) return parts(m);
  }
  return null;
}

function movesWords(p) {
  return p.n != null ? tr("move {n}", { n: p.n }) : tr("moves {from} to {to}", { from: p.from, to: p.to });
}

// The messages, written out in full for `make i18n` (it reads the calls of t): what takebackLineWords says.
const SAY = {
  "{name} asks to take back {moves}.": (p) => tr("{name} asks to take back {moves}.", { name: p.name, moves: movesWords(p) }),
  "{name} refused {asker}'s takeback.": (p) => tr("{name} refused {asker}'s takeback.", p),
  "{name} accepted {asker}'s takeback.": (p) => tr("{name} accepted {asker}'s takeback.", p),
  "{name} withdrew the takeback request.": (p) => tr("{name} withdrew the takeback request.", p),
  "Taken back: {moves} (asked by {name}).": (p) => tr("Taken back: {moves} (asked by {name}).", { name: p.name, moves: movesWords(p) }),
};

// A takeback line in the reader's language; any other line as it is.
export function takebackLineWords(text) {
  const found = takebackLineMessage(text);
  return found ? SAY[found[0]](found[1]) : text;
}
