// The table page's turn banner: whose turn it is, the game's result line, the Replay, record and Hint
// buttons, and the sentence that explains why a click cannot do anything yet (explainWait).
import { h } from "./core/store.js";
import { post, showError } from "./core/api.js";
import { ENDED } from "./table_replay.js";
import { t as tr, tn } from "./core/i18n.js";

const $ = (id) => document.getElementById(id);
// "Ann and Bob", "Ann, Bob and Cy" in the page's language.
const andList = (names) => (names.length < 2 ? names.join("") : tr("{list} and {last}", { list: names.slice(0, -1).join(", "), last: names[names.length - 1] }));

export function setupBanner({ code, state, redraw, seatName, resultWords, replay, say }) {
  function explainWait() {
    const t = state.table;
    if (!t) return;
    if (t.status === "lobby") return say(state.me === t.host ? tr("The game has not started: press “Start the game” when every seat is filled.") : tr("The game has not started yet: the host will start it."));
    if (t.status !== "playing") return say(tr("The game is over: nothing more can be played at this table."));
    if (state.pending) return say(tr("Your play is on its way to the server…"));
    if (state.me == null) return say(tr("You are watching: only the players at the table can play."));
    const acting = (t.to_act || []).filter((s) => s !== state.me);
    if (acting.length) {
      const names = acting.map((s) => (t.seats[s] && t.seats[s].bot ? tr("{name} (a bot)", { name: seatName(s) }) : seatName(s)));
      return say(tn("Not your turn yet: {names} is playing. You will hear a chime when it is your turn.",
        "Not your turn yet: {names} are playing. You will hear a chime when it is your turn.", acting.length, { names: andList(names) }));
    }
    return say(tr("Not your turn yet."));
  }

  function renderBanner(t) {
    const el = $("turn-banner");
    let text = "", mine = false;
    const acting = t.to_act || [];
    if (t.status === "lobby") {
      const open = t.seats.filter((s) => !s.name).length;
      const invited = t.seats.filter((s) => s.invited).length;   // seats reserved for invited friends (table_invites.js)
      text = open ? tn("Waiting for players: {n} open seat.", "Waiting for players: {n} open seats.", open)
        : invited ? tn("Waiting for {n} invited friend to answer.", "Waiting for {n} invited friends to answer.", invited) : (state.me === t.host ? tr("Everyone is here. Press “Start the game”.") : tr("Everyone is here. Waiting for the host to start."));
    } else if (t.status === "playing") {
      if (state.me != null && acting.includes(state.me)) {
        text = state.board && state.board.hint ? state.board.hint() : tr("Your turn!");
        mine = true;
      }
      else if (acting.length) {
        const names = acting.map((s) => (t.seats[s] && t.seats[s].bot ? tr("{name} (bot)", { name: seatName(s) }) : seatName(s)));
        text = tr("{names} to play…", { names: names.join(", ") });
      }
      if (state.me == null) text = `${tr("You are watching.")} ${text}`.trim();
      if (state.conn === "down" || state.conn === "reconnecting") {
        text = `${tr("Connection lost: reconnecting…")} ${mine ? tr("It's your turn: play as soon as the connection is back.") : text}`;
        mine = false;
      }
    } else if (t.status === "finished") {
      const words = t.result ? resultWords(t) : null;
      text = words ? (words.banner || tr("Game over: {title}", { title: words.title })) : tr("Game over.");
    } else if (t.status === "abandoned") {
      text = tr("This table was abandoned.");
    }
    const reopen = t.status === "finished" && state.resultClosed
      ? h("button", { class: "btn small", type: "button", style: "margin-left: 10px", onclick: () => { state.resultClosed = false; redraw(); } }, tr("Result and rematch"))
      : null;
    const replayBtn = ENDED.has(t.status) && !replay.isOpen
      ? h("button", { class: "btn small", type: "button", id: "banner-replay", style: "margin-left: 10px", onclick: () => replay.open(0) }, tr("Replay"))
      : null;
    // The game record (docs/GAME-RECORD.md) of an ended table, finished or abandoned (the latter has no result dialog).
    const recordLink = replayBtn
      ? h("a", { class: "btn small", id: "banner-record", href: `/api/tables/${code}/record`, download: true, style: "margin-left: 10px" }, tr("Download the game record"))
      : null;
    // A hint from the game's bot, when the game's board can show one (docs/CLIENT.md: showHint).
    const hintBtn = mine && !state.pending && state.board && state.board.showHint
      ? h("button", { class: "btn small", type: "button", id: "hint-btn", style: "margin-left: 10px", disabled: state.hinting,
        title: tr("Ask the bot what it would play (your first hint of a turn is noted in the chat when you play with friends)"), onclick: askHint },
      state.hinting ? tr("Thinking…") : tr("Hint"))
      : null;
    const key = `${text}|${!!reopen}|${!!replayBtn}|${hintBtn ? (state.hinting ? "thinking" : "hint") : ""}`;
    if (el.dataset.key !== key) {
      const hadFocus = document.activeElement && document.activeElement.id === "hint-btn";
      el.dataset.key = key;
      el.replaceChildren(text, ...(reopen ? [reopen] : []), ...(replayBtn ? [replayBtn] : []), ...(recordLink ? [recordLink] : []), ...(hintBtn ? [hintBtn] : []));
      if (hadFocus && hintBtn && !state.hinting) hintBtn.focus();
    }
    el.className = `turn-banner${text ? " show" : ""}${mine ? " mine" : ""}`;
  }

  // One hint at a time: the bot's play for my seat, shown by the board if the table has not moved on since.
  async function askHint() {
    if (state.hinting) return;
    state.hinting = true;
    redraw();
    try {
      const answer = await post(`/api/tables/${code}/hint`);
      if (state.table && answer.seq === state.table.seq && state.board && state.board.showHint) {
        state.board.showHint(answer.move, answer.reason);
      } else if (state.table && state.table.status === "playing" && (state.table.to_act || []).includes(state.me)) {
        say(tr("The table moved on while the bot was thinking: ask for a hint again."));   // (another seat's move, e.g. an arrangement)
      }
    } catch (err) {
      showError(err);
    } finally {
      state.hinting = false;
      redraw();
    }
  }

  return { render: renderBanner, explainWait };
}
