// The table page's replay, once the game has ended, is the review room's single-person mode: its Replay
// buttons and a link to a step (/t/<code>?move=N) open /t/<code>/review?move=N, where this person browses
// the game alone (the same controls, keys and drawing as the replay had: static/js/review/), and may join
// the others who review it together.
import { toast } from "./core/api.js";
import { t } from "./core/i18n.js";

export const ENDED = new Set(["finished", "abandoned"]);

// root, code, state, say: the table page's own. Returns {open(seq), close(), isOpen, fromAddress(table)}.
export function setupReplay({ code, state, say }) {
  const room = (seq) => `/t/${encodeURIComponent(code)}/review${seq == null ? "" : `?move=${seq}`}`;

  function open(seq) {
    const table = state.table;   // not `t`: that is the page's words (core/i18n.js)
    if (!table || !ENDED.has(table.status)) { say(t("The replay opens when the game has ended.")); return; }
    location.assign(room(seq));
  }

  // /t/<code>?move=N: that step in the review room (the game must have ended).
  function fromAddress(table) {
    const move = new URLSearchParams(location.search).get("move");
    if (move == null || !/^\d{1,9}$/.test(move)) return;
    if (ENDED.has(table.status)) location.replace(room(Math.min(Number(move), table.seq)));
    else toast(t("This game is still on: its replay opens when it has ended."), "info", 6000);
  }

  const button = document.getElementById("replay-btn");
  if (button) button.addEventListener("click", () => open(0));
  return { open, close() {}, fromAddress, get isOpen() { return false; } };
}
