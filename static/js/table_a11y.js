// The table page for a screen reader and the keyboard, for every game alike:
// - the board in words: the game module's describe(table, ctx) (docs/CLIENT.md) gives
//   {summary, sections: [{title, items: [text]}]}; it is drawn as headings and lists in #board-text (read by
//   a screen reader, hidden from the eye), and the board's <svg> gets a <title> and a <desc> (the summary),
//   by core/board_words.js;
// - the live region #announce (role="log"): every step that arrives after the page opened (a move, each
//   step of a Turning Points chain, a roll, a dare…) and the result, in the game's words: its speakEvent
//   (ev, names, {view, me}) when it has one for the event, else the line the log shows (describeEvent).
import { h, setChildren } from "./core/store.js";
import { t } from "./core/i18n.js";
import { drawBoardWords, labelBoard } from "./core/board_words.js";

const $ = (id) => document.getElementById(id);
const KEEP = 8;   // lines kept in the live region (older ones are in the log)

// state: the page's; seatName(seat); logLines(step) -> [{text}] (the log's words); resultWords(t).
export function setupA11y({ state, seatName, logLines, resultWords }) {
  let from = null;          // steps after this seq are news (the ones before were there when the page opened)
  const said = new Set();   // seqs announced
  let ended = false;
  // Playing by keys: the focus was last on the board or its action bar. When a move redraws the board, the
  // focused element may go and the focus falls back to the page; on the viewer's next turn it goes back to
  // the board's first target (a game that places it itself, or a player who went elsewhere, keep theirs).
  let onBoard = false;
  document.addEventListener("focusin", (ev) => { onBoard = !!(ev.target.closest && ev.target.closest("#board-area, #action-bar")); });
  function backToBoard(tab) {
    const active = document.activeElement;
    if (!onBoard || (active && active !== document.body) || state.pending || tab.status !== "playing") return;
    if (state.me == null || !(tab.to_act || []).includes(state.me)) return;
    const el = document.querySelector('#board-area [tabindex="0"], #action-bar button:not([disabled]):not([hidden])');
    if (el) el.focus({ preventScroll: true });
  }

  function announce(lines) {
    const box = $("announce");
    if (!box) return;
    for (const text of lines.filter(Boolean)) box.append(h("p", {}, text));
    while (box.children.length > KEEP) box.firstElementChild.remove();
  }

  // The lines a step says: the game's speakEvent for an event when it words it, else the log's line.
  function stepWords(step) {
    const game = state.game || {};
    const out = [];
    for (const e of step.events || []) {
      const ev = { seat: step.seat, ...e };
      const spoken = game.speakEvent ? game.speakEvent(ev, seatName, { view: state.table && state.table.view, me: state.me }) : null;
      if (spoken) { out.push(spoken); continue; }
      const line = logLines({ seat: step.seat, events: [e] })[0];
      if (line) out.push(line.text);
    }
    return out;
  }

  return {
    // The first table state the page sees: what happened before is not news.
    opened(seq) { if (from == null) from = seq; },
    step(step) {
      if (from == null || step.seq <= from || said.has(step.seq)) return;
      said.add(step.seq);
      announce(stepWords(step));
    },
    // The table's result, once, when the game ends while the page is open.
    result(tab) {
      if (ended || tab.status !== "finished" || !tab.result || from == null || tab.seq <= from) return;
      ended = true;
      const w = resultWords(tab);
      announce([t("Game over: {title}", { title: w.title }), w.text]);
    },
    announce,
    render(tab) {
      renderBoardText(tab, state, seatName);
      backToBoard(tab);
    },
  };
}

// The board in words, drawn again only when the words change (core/board_words.js).
function renderBoardText(tab, state, seatName) {
  const box = $("board-text");
  const game = state.game;
  if (!box) return;
  if (!game || !game.describe || tab.status === "lobby") { setChildren(box, "", () => []); return; }
  const ctx = { me: state.me, names: seatName, toAct: tab.to_act || [], status: tab.status, legal: tab.legal_moves || [],
    targets: tab.move_targets || [], seats: tab.seats || [], pending: !!state.pending, ui: state.ui || null };
  const d = drawBoardWords(box, game.describe, tab, ctx, "board-summary");
  if (d) labelBoard(document.querySelector("#board-area svg[role]"), d.summary || "", "board-summary");
}
