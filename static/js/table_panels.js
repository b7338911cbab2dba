// The table page's side panels, drawn from the one state object on every redraw (table.js): the lobby's
// invitation, the players with their dots, the log of what happened, the chat and the result dialog.
import { state, redraw, h, setChildren } from "./core/store.js";
import { savedName } from "./core/api.js";
import { follow, paceForm, paceTags, renderPause, standInLine } from "./pace.js";
import { t as tr, tn } from "./core/i18n.js";
import { chatWords } from "./core/say.js";
import { renderTakeback, takebackWords, takenBack, TAKEN_BACK } from "./takeback.js";

const $ = (id) => document.getElementById(id);

// code: the table's; plainName/seatName: how seats are named; addBot(seat, bot): the host's button;
// botLevels: the game's bot levels as bot names, strongest first ([]: one level, no choice to show);
// resultWords(t): the game module's words and art for the result.
export function setupPanels({ code, plainName, seatName, addBot, botLevels = [], resultWords }) {
  let chosenBot = botLevels[0] || null;   // the level the host picked for the next bot (the strongest by default)
  const levelWord = (bot) => {
    const level = bot.slice(bot.indexOf(":") + 1);
    return { strong: tr("Strong bot"), standard: tr("Standard bot"), easy: tr("Easy bot") }[level] || level;
  };
  function botChoice(seat) {
    if (botLevels.length < 2) return null;
    return h("select", { class: "bot-level", "data-bot-level": seat, "aria-label": tr("Level of the bot to add"),
      title: tr("Level of the bot to add"), onchange: (e) => {
        chosenBot = e.target.value;
        document.querySelectorAll("select.bot-level").forEach((other) => { other.value = chosenBot; });
      } },
      botLevels.map((bot) => h("option", { value: bot, selected: bot === chosenBot }, levelWord(bot))));
  }
  // One row per seat, made once and updated in place: a socket's news redraws the seats at any moment, and a
  // button taken out of the page between the press and the release of a click loses that click. A row's
  // words are redrawn; its "Add a bot" controls go in or out only when the seat opens or closes to the host.
  const rows = new Map();
  function seatRow(list, seat) {
    let row = rows.get(seat);
    if (!row) {
      row = { li: h("li", { "data-seat": seat }), words: h("span", { class: "seat-words" }), fill: h("span", { class: "seat-fill" }), filling: false };
      row.li.append(row.words, row.fill);
      rows.set(seat, row);
    }
    if (row.li.parentNode !== list) list.append(row.li);
    return row;
  }
  function fillControls(seat) {
    return [botChoice(seat), h("button", { class: "btn small", type: "button", "data-add-bot": seat, onclick: () => addBot(seat, chosenBot) }, tr("Add a bot"))];
  }
  function renderLobby(t) {
    const lobby = $("lobby");
    const inLobby = t.status === "lobby";
    const openSeats = t.seats.filter((s) => !s.name).length;
    lobby.hidden = !inLobby;
    if (!inLobby) return;
    const share = $("share-url");
    const url = `${location.origin}/t/${code}`;
    if (share.value !== url) share.value = url;
    $("share-title").textContent = openSeats ? tr("Invite your friends") : tr("Share the link");
    $("share-hint").textContent = openSeats
      ? tr("Send them this link; they type a name and take a seat.")
      : t.seats.some((s) => s.invited) ? tr("The other seats wait for invited friends: people who open this link can watch.")
        : tr("Every seat is taken: people who open this link can watch the game.");
    const canJoin = state.me == null && openSeats > 0 && !state.watching;
    const form = $("join-form");
    form.hidden = !canJoin;
    const nameInput = $("join-name");
    if (canJoin && !nameInput.value && !nameInput.dataset.touched) nameInput.value = savedName();
    if (canJoin && !form.dataset.shown) {  // a friend who just opened the link: straight to the name
      form.dataset.shown = "1";
      setTimeout(() => nameInput.focus({ preventScroll: true }), 0);
    }
    let note = "";
    if (state.me == null && openSeats === 0) note = tr("All seats are taken: you are watching.");
    else if (state.me == null && state.watching) note = tr("You are watching.");
    else if (state.me != null && state.me !== t.host) note = tr("You're in! The host will start the game.");
    else if (state.me === t.host && openSeats) note = tr("Wait for friends, or fill open seats with bots (in the list of players).");
    const noteEl = $("lobby-note");
    const sitBack = state.me == null && state.watching && openSeats > 0;
    setChildren(noteEl, `${note}|${sitBack}`, () => [note, sitBack ? " " : null, sitBack
      ? h("button", { class: "link", type: "button", id: "sit-btn", onclick: () => { state.watching = false; redraw(); } }, tr("Take a seat after all"))
      : null]);
    $("host-controls").hidden = state.me !== t.host;
    if (state.me === t.host && !$("pace-line")) paceForm(code, $("host-controls"));
    const startBtn = $("start-btn");
    const invited = t.seats.filter((s) => s.invited).length;   // seats reserved for invited friends (table_invites.js)
    startBtn.disabled = openSeats > 0 || invited > 0;
    startBtn.title = openSeats ? tr("Fill every seat first (a friend or a bot)")
      : invited ? tr("Invited friends have not all answered: wait, or start now with bots in their seats.") : "";
  }

  function renderSeats(t) {
    const acting = new Set(t.status === "playing" ? (t.to_act || []) : []);
    // My own seat is online only while my connection is: when it drops, my dot goes grey like the banner says.
    const iAmOn = state.conn === "open";
    const key = JSON.stringify([t.seats, [...acting], state.me, t.status, t.host, iAmOn, t.pace]);
    const list = $("seats");
    if (list.dataset.key !== key) {
      list.dataset.key = key;
      for (const s of t.seats) {
        const isMe = s.seat === state.me;
        const on = s.connected && (!isMe || iAmOn);
        const dotClass = s.bot ? "dot bot" : on ? "dot on" : "dot";
        const dotLabel = s.bot ? tr("bot") : on ? tr("online") : tr("offline");
        const hostCanFill = !s.name && state.me === t.host && t.status === "lobby";
        const row = seatRow(list, s.seat);
        row.li.className = acting.has(s.seat) ? "acting" : "";
        row.words.replaceChildren(...[
          h("span", { class: dotClass, title: dotLabel, "aria-label": dotLabel, role: "img" }),
          s.name ? h("span", { class: "name", title: plainName(s.seat) }, plainName(s.seat)) : h("span", { class: "name open" }, tr("open seat")),
          s.bot ? h("span", { class: "tag" }, tr("bot")) : null,
          s.invited ? h("span", { class: "tag invited" }, tr("invited")) : null,
          s.name && !s.bot && !on && !s.invited ? h("span", { class: "tag off", title: isMe ? tr("Your connection is lost: reconnecting…") : tr("No page of theirs is open right now") }, tr("offline")) : null,
          s.seat === t.host && s.name ? h("span", { class: "tag" }, tr("host")) : null,
          isMe ? h("span", { class: "tag you" }, tr("you")) : null,
          acting.has(s.seat) ? h("span", { class: "tag turn" }, tr("to play")) : null,
          ...paceTags(t, s, acting.has(s.seat)),
        ].filter(Boolean));
        if (row.filling !== hostCanFill) {
          row.filling = hostCanFill;
          row.fill.replaceChildren(...(hostCanFill ? fillControls(s.seat).filter(Boolean) : []));
        }
      }
    }
    follow(t, state.me);
    renderPause(t, state.me, code, setChildren);
    renderTakeback(t, state.me, code, setChildren, state.log);
    const n = t.spectators || 0;
    $("spectators").textContent = n ? tn("{n} watching", "{n} watching", n) : "";
  }

  function stepLines(step) {
    if ((step.events || []).some((e) => e.type === "takeback")) return [{ cls: "takeback", text: takebackWords(step, seatName) }];
    if (takenBack(state.log).has(step.seq)) {   // taken back: kept in the log, marked
      return stepLinesAsPlayed(step).map((line) => ({ cls: `${line.cls} taken-back`, text: `${line.text} (${TAKEN_BACK()})` }));
    }
    return stepLinesAsPlayed(step);
  }

  function stepLinesAsPlayed(step) {
    const describe = state.game && state.game.describeEvent ? state.game.describeEvent
      : (e, names) => `${e.seat != null ? names(e.seat) + " " : ""}${e.text || e.type}`;
    return [...(step.events || []).map((e) => ({ cls: e.type, text: describe({ seat: step.seat, ...e }, seatName) })),
      standInLine(step)].filter((line) => line && line.text);
  }

  function renderLog(t) {
    const el = $("log");
    const notes = state.notes || [];
    const key = `${state.log.map((s) => (s.stand_in ? `${s.seq}b` : s.seq)).join(",")}|${notes.length}|${state.me}|${t.status}|${t.seats.map((s) => s.name).join(",")}|${!!state.game}`;
    let lastLine = "";
    const changed = setChildren(el, key, () => {
      const items = [];
      if (!state.log.length) items.push(h("li", { class: "note" }, t.status === "lobby" ? tr("The game has not started yet.") : tr("No plays yet.")));
      const lines = state.log.map((step) => [step.seq, stepLines(step)]);
      const logged = new Set(lines.flatMap(([, ls]) => ls.map((l) => l.text)));   // a headline toasted is logged once
      let n = 0;
      const notesUpTo = (seq) => {   // the notices said before the next step, in their place
        for (; n < notes.length && notes[n].after < seq; n++) {
          if (!logged.has(notes[n].text)) items.push(h("li", { class: `note said ${notes[n].kind}` }, notes[n].text));
        }
      };
      for (const [seq, ls] of lines) {
        notesUpTo(seq);
        for (const line of ls) { items.push(h("li", { class: line.cls }, line.text)); lastLine = line.text; }
      }
      notesUpTo(Infinity);
      const last = $("notice-last");
      if (last) { last.textContent = lastLine; last.title = lastLine; }
      return items;
    });
    if (changed) el.scrollTop = el.scrollHeight;
  }

  function renderChat(t) {
    const el = $("chat");
    const key = `${state.chat.length}|${state.chat.length ? state.chat[state.chat.length - 1].at : ""}|${state.me}`;
    const changed = setChildren(el, key, () => state.chat.length
      ? state.chat.map((m) => m.kind === "hint" || m.kind === "nudge" || m.kind === "pace" ? h("li", { class: "muted" },
        h("time", { class: "at", datetime: m.at || "", title: m.at ? new Date(m.at).toLocaleString() : "" }, clock(m.at)),
        " ", chatWords(m)) : h("li", {},
        h("time", { class: "at", datetime: m.at || "", title: m.at ? new Date(m.at).toLocaleString() : "" }, clock(m.at)),
        h("span", { class: "who" }, `${m.seat === state.me ? tr("You") : (m.seat != null && state.table && state.table.seats[m.seat] && state.table.seats[m.seat].name === m.name ? plainName(m.seat) : (m.name || seatName(m.seat)))}:`), " ", m.text))
      : [h("li", { class: "muted" }, tr("No messages yet."))]);
    if (changed) el.scrollTop = el.scrollHeight;
    const input = $("chat-input");
    const canChat = state.me != null;
    input.disabled = !canChat;
    $("chat-form").querySelector("button").disabled = !canChat;
    input.placeholder = canChat ? tr("Say something…") : tr("Take a seat to chat");
  }

  function renderResult(t) {
    const box = $("result");
    const done = t.status === "finished" && t.result;
    const wasHidden = box.hidden;
    // The board may still be playing the last move (a chain, a walk): the result waits for it to finish.
    const holding = done && state.board && state.board.busy && state.board.busy();
    box.hidden = !done || state.resultClosed || holding;
    if (!done || holding) return;
    if (wasHidden && !box.hidden) setTimeout(() => ($("rematch-btn").hidden ? $("result-close") : $("rematch-btn")).focus(), 0);
    const words = resultWords(t);
    $("result-title").textContent = words.title;
    $("result-reason").textContent = words.text;
    box.querySelector(".result-box").className = `result-box card ${words.tone}`;
    const art = $("result-art");
    if (art.dataset.key !== words.art) { art.dataset.key = words.art; art.innerHTML = words.art; }   // the module's own SVG, no user text
    const btn = $("rematch-btn");
    const seated = state.me != null;
    btn.hidden = !seated && !t.rematch;
    btn.textContent = t.rematch ? tr("Join the rematch") : tr("Rematch");
    $("rematch-note").textContent = t.rematch ? tr("A rematch table is ready, same players.") : (seated ? tr("Play again with the same players and house rules.") : "");
  }

  return {
    render(t) {
      renderLobby(t);
      renderSeats(t);
      renderLog(t);
      renderChat(t);
      renderResult(t);
    },
    stepLines,
  };
}

// "14:05" for today's messages, "Mon 14:05" for older ones, in the reader's own time zone.
function clock(at) {
  if (!at) return "";
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return "";
  const hm = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return d.toDateString() === new Date().toDateString() ? hm : `${d.toLocaleDateString([], { weekday: "short" })} ${hm}`;
}
