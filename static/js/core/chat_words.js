// The lines the server writes into a table's chat, in the reader's language (issue 37): written once, in
// English, for everyone at the table (a hint asked, a nudge: app/tables/lobby/hints.py, notify/settings.py;
// the pace's and the takebacks' lines: pace_words.js). Their shapes are known here and said through
// core/i18n.js; a line of another shape stays as it is.
import { t } from "./i18n.js";
import { paceWords } from "./pace_words.js";

const andList = (names) => (names.length < 2 ? names.join("")
  : t("{list} and {last}", { list: names.slice(0, -1).join(", "), last: names[names.length - 1] }));

export function hintLine(text) {
  const m = /^(.+) asked for a hint \(hint (\d+) at this table\)$/s.exec(text || "");
  return m ? t("{name} asked for a hint (hint {n} at this table)", { name: m[1], n: m[2] }) : text;
}

export function nudgeLine(text) {
  const m = /^(.+?) nudged (.+)$/s.exec(text || "");
  return m ? t("{by} nudged {names}", { by: m[1], names: andList(m[2].split(" and ")) }) : text;
}

/** A chat message's text as the reader sees it: the server's own lines in the page's language. */
export function chatWords(m) {
  if (m.kind === "pace") return paceWords(m.text);
  if (m.kind === "hint") return hintLine(m.text);
  if (m.kind === "nudge") return nudgeLine(m.text);
  return m.text;
}
