// Dash's live board: the Classic board, the card just drawn, the Draw button and the dare panel. It builds
// the page's parts once, turns clicks and keys into calls of the ui functions (ui.js), sends the listed
// moves they produce, and paints what draw.js and dare.js draw from the table and the ui (each part
// replaced only when what it shows changed). It knows no rules: the moves come from legal_moves (draw,
// set_dare + the text typed, answer_dare), the board's colours and pictures from the view's layout, and
// every movement from the step's events.
import { h, setChildren } from "../../core/store.js";
import { drawBoard, drawCaption, drawCard, drawDeck, drawMarks, drawPyramids, drawStandings, drawStatus, initials } from "./draw.js";
import { drawDare, updateDare } from "./dare.js";
import { pictureSvg } from "./icons.js";
import { plan, run } from "./motion.js";
import { CLASSIC, svg } from "./parts.js";
import * as UI from "./ui.js";
import * as words from "./words.js";

const MAX_LAG = 900;   // ms: the board never lags further behind the game than this
// A keyboard hint only where a keyboard is likely: a fine pointer on a wide screen (not a phone or tablet).
const keyboardLikely = () => !!window.matchMedia && window.matchMedia("(pointer: fine) and (min-width: 700px)").matches;
const typing = (el) => !!el && (["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName) || el.isContentEditable);

export function createBoard(root, ctx) {
  const { state } = ctx;
  const ui = UI.create();
  state.ui = ui;
  const color = ctx.seatColor || ((seat) => `var(--seat-${seat % 6})`);

  // ---- the parts, built once ----
  const status = h("div", { class: "dash-status" });
  const boardWrap = h("div", { class: "dash-boardwrap" });
  const drawn = h("div", { class: "dash-drawn", "data-testid": "drawn-card" });
  const caption = h("p", { class: "dash-caption", "aria-live": "polite" });
  const drawBtn = h("button", { type: "button", class: "btn primary big dash-draw-btn", "data-testid": "draw-btn", hidden: true }, words.PANEL.drawButton);
  const deck = h("div", { class: "dash-deck" });
  const dare = h("section", { class: "dash-dare", "aria-live": "polite", hidden: true });
  // The action bar under the board (the shell's): the dare panel while a dare is open (Done! / Refuse in
  // view), else what was just drawn in words, the Draw button and the deck. The card itself, the board's
  // name and the race go in the game's panel beside the board.
  const bar = h("div", { class: "dash-bar" }, dare, h("div", { class: "dash-turn" }, caption, drawBtn, deck));
  root.replaceChildren(h("div", { class: "dash" }, boardWrap));
  if (ctx.actionRoot) ctx.actionRoot.replaceChildren(bar); else root.append(bar);
  const standings = h("ol", { class: "dash-standings", "aria-label": words.PANEL.race });
  const pictures = h("ul", { class: "dash-pictures", "aria-label": words.PANEL.pairs });
  const cardZone = h("div", { class: "dash-cardzone" }, drawn);
  const legendCard = h("section", { class: "dash-legend card" },
    h("h2", {}, words.PANEL.race), standings, pictures,
    h("p", { class: "hint" }, words.PANEL.ownDeck, h("a", { href: "/rules/dash", target: "_blank", rel: "noopener" }, words.PANEL.howTo)));
  if (ctx.sideRoot) ctx.sideRoot.replaceChildren(h("div", { class: "dash-side" }, cardZone, status), legendCard);
  else root.append(cardZone, status, legendCard);

  const table = () => state.table;
  const maxDare = () => (table() && table().view && table().view.dare_max) || 200;

  // What a ui function asked for: send a move (a dare's refusal other than a race un-sends it), say why
  // the dare cannot go or whose stands, move the focus in the dare panel. Painted at once, so the focus
  // can go to what was drawn; the shell redraws the rest.
  function apply(effect) {
    if (effect && effect.send) {
      const sent = ctx.sendMove(effect.send, effect.quietStale ? { quietStale: true } : undefined);
      if (effect.send.action === "set_dare") Promise.resolve(sent).then((res) => { UI.dareRefused(ui, res); ctx.redraw(); });
    }
    if (effect && effect.problem === "empty" && ctx.say) ctx.say(words.DARE.writeFirst);
    if (effect && effect.say && ctx.say) ctx.say(words.DARE.stood(effect.say.stood == null ? null : ctx.seatName(effect.say.stood)));
    paint();
    if (effect && effect.focus) focusDare(effect.focus);
    ctx.redraw();
  }

  function drawOne() {
    const effect = UI.draw(table(), state.pending);
    if (effect) apply(effect); else if (ctx.explainWait) ctx.explainWait();
  }
  drawBtn.addEventListener("click", drawOne);
  const onKey = (ev) => {
    if (typing(document.activeElement)) return;
    if ((ev.key === "d" || ev.key === "D") && !ev.ctrlKey && !ev.metaKey && !ev.altKey && !drawBtn.hidden && !drawBtn.disabled) {
      ev.preventDefault();
      drawOne();
    }
  };
  document.addEventListener("keydown", onKey);

  // The dare panel's controls (data-act): the form, its suggestions, the answers, the chat.
  dare.addEventListener("input", (ev) => {
    if (ev.target.dataset.act !== "type") return;
    UI.typeDare(ui, ev.target.value);
    paintDare(table());
  });
  dare.addEventListener("submit", (ev) => {
    ev.preventDefault();
    apply(UI.sendDare(ui, table(), maxDare()));
  });
  dare.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && !ev.shiftKey && ev.target.dataset.act === "type") {
      ev.preventDefault();
      ev.target.form.requestSubmit();
    }
    if (ev.key === "Escape" && ev.target.closest(".dare-confirm")) { ev.preventDefault(); apply(UI.keepDare(ui)); }
  });
  dare.addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-act]");
    if (!b) return;
    const suggestions = (table() && table().view && table().view.dare_suggestions) || [];
    const act = b.dataset.act;
    if (act === "suggest") apply(UI.suggest(ui, b.textContent));
    else if (act === "surprise") apply(UI.suggest(ui, words.dareText(suggestions[Math.floor(Math.random() * suggestions.length)] || "")));
    else if (act === "done" || act === "refuse-confirm") apply(UI.answer(ui, table(), act === "done"));
    else if (act === "refuse") apply(UI.askRefuse(ui));
    else if (act === "keep") apply(UI.keepDare(ui));
    else if (act === "chat") {   // the table's chat (the page's, not this module's): dares done in writing happen there
      const input = document.getElementById("chat-input");
      if (input) { input.scrollIntoView({ block: "center", behavior: "smooth" }); input.focus({ preventScroll: true }); }
    }
  });

  function focusDare(what) {
    const el = { input: "textarea", done: '[data-act="done"]', confirm: '[data-act="refuse-confirm"]' }[what];
    const target = el && dare.querySelector(el);
    if (target) target.focus();
  }

  // ---- painting ----
  const nameOf = (t, seat) => (t.seats && t.seats[seat] && t.seats[seat].name) || ctx.seatName(seat);

  function paint() {
    const t = table();
    if (!t || !t.view || t.view.game !== "dash") return;
    const view = t.view;
    const ended = !!t.result;
    const marks = initials(view.positions.map((_, seat) => nameOf(t, seat)));
    const pyramids = { marks, names: ctx.seatName, color, me: state.me };
    let board = boardWrap.querySelector("svg.dash-board");
    if (!board) {
      const layout = view.layout || CLASSIC;
      board = drawBoard(view, { ...pyramids, last: t.last });
      boardWrap.replaceChildren(board);
      pictures.replaceChildren(...layout.pictures.map((p) => h("li", { title: words.PANEL.pairTitle(p.name) },
        pictureSvg(p.name, 18), ` ${p.spaces[0]} ↔ ${p.spaces[1]}`)));
    }
    paintPyramids(board.querySelector(".layer-pieces"), drawPyramids({ ...view, result: t.result || view.result }, pyramids));
    setChildren(board.querySelector(".layer-marks"), `${t.seq}`, () => drawMarks(t.last, view.layout || CLASSIC));
    setChildren(status, JSON.stringify([view.layout && view.layout.title, view.options]), () => drawStatus(view));
    const last = view.last_draw;
    setChildren(drawn, last ? `${last.card}|${view.discard_count}|${view.reshuffles}|${!!view.legs[last.seat]}` : "none", () => [drawCard(view)]);
    setChildren(caption, `${last && ctx.seatName(last.seat)}|${last && last.card}|${view.turn}|${t.seq}`, () => [drawCaption(view, ctx.seatName)]);
    setChildren(deck, `${view.deck_count}|${view.discard_count}`, () => drawDeck(view));
    const canDraw = !!UI.listed(t, "draw");
    drawBtn.hidden = !canDraw;
    drawBtn.disabled = !!state.pending;
    if (canDraw && !state.pending && document.activeElement === document.body) drawBtn.focus({ preventScroll: true });
    paintDare(t);
    setChildren(standings, JSON.stringify([view.positions, view.legs, view.skip, view.turn, view.dare, ended, t.seats && t.seats.map((s) => s.name), state.me]),
      () => drawStandings(view, { names: ctx.seatName, color, ended }));
    walk(t, board);
  }

  // Each pyramid drawn again keeps its element when its look is the same (a walk on it goes on); it only
  // takes its new place and classes.
  function paintPyramids(layer, fresh) {
    for (const g of fresh) {
      const old = [...layer.children].find((el) => el.getAttribute("data-seat") === g.getAttribute("data-seat"));
      if (!old) layer.append(g);
      else if (old.getAttribute("data-key") !== g.getAttribute("data-key")) old.replaceWith(g);
      else for (const name of ["transform", "class"]) old.setAttribute(name, g.getAttribute(name));
    }
  }

  // The dare panel, drawn again when its dare, its stage or its question changes; a new dare's panel takes
  // the focus (the box to write in, or Done) unless the player is typing elsewhere.
  function paintDare(t) {
    const chatInput = document.getElementById("chat-input");
    const chat = !!chatInput && !chatInput.disabled;   // watchers cannot chat
    const key = JSON.stringify([ui.dare.key, ui.dare.confirming, ui.dare.stage === "answer" && !!state.pending, chat]);
    dare.hidden = !ui.dare.stage;
    if (dare.dataset.key !== key) {
      const fresh = dare.dataset.dare !== String(ui.dare.key);
      dare.dataset.key = key;
      dare.dataset.dare = String(ui.dare.key);
      dare.replaceChildren(...drawDare(t, ui, { me: state.me, names: ctx.seatName, pending: state.pending, chat,
        wide: window.matchMedia("(min-width: 700px)").matches }));
      const first = ui.dare.stage === "write" ? "input" : ui.dare.stage === "answer" ? "done" : null;
      if (fresh && first && !typing(document.activeElement)) setTimeout(() => focusDare(first), 0);
    }
    const input = dare.querySelector("textarea");
    if (input && input.value !== ui.dare.draft) input.value = ui.dare.draft;
    updateDare(dare, ui, t.view, state.pending);
  }

  // ---- motion ----
  // Steps play one after the other, but the board never lags far behind the game: when a new step comes
  // while pyramids are still travelling, those hurry up (the wait before the new one stays under a second).
  function walk(t, board) {
    const step = ui.step;
    if (!step || step.seq !== t.seq || board.dataset.animated === String(t.seq)) return;
    board.dataset.animated = String(t.seq);
    const layer = board.querySelector(".layer-pieces");
    const bodyOf = (seat) => layer.querySelector(`.pyramid[data-seat="${seat}"] .pyramid-body`);
    const going = [...layer.querySelectorAll(".pyramid-body")].flatMap((b) => (b.getAnimations ? b.getAnimations() : []))
      .filter((a) => a.playState === "running" || a.playState === "pending");
    const left = (a) => {
      const c = a.effect.getComputedTiming();
      return Math.max(0, (c.endTime - (c.localTime || 0)) / (a.playbackRate || 1));
    };
    let remaining = Math.max(0, ...going.map(left));
    if (remaining > MAX_LAG) {
      const rate = remaining / MAX_LAG;
      for (const a of going) a.updatePlaybackRate ? a.updatePlaybackRate(a.playbackRate * rate) : (a.playbackRate *= rate);
      remaining = MAX_LAG;
    }
    const delay = Math.max(250, remaining);
    for (const [seat, path] of Object.entries(plan(step.events))) {
      const body = bodyOf(seat);
      const m = body && /translate\(([-\d.]+) ([-\d.]+)\)/.exec(body.parentNode.getAttribute("transform") || "");
      if (!m) continue;
      for (const a of body.getAnimations ? body.getAnimations() : []) a.finish();   // its earlier walk ends where this one starts
      layer.append(body.parentNode);   // above the others while it travels
      run(body, path, Number(m[1]), Number(m[2]), delay);
    }
    const flipped = drawn.querySelector(".dash-card");
    if (flipped && flipped.animate && (step.events || []).some((e) => e.type === "draw")) {
      flipped.animate([{ transform: "rotateY(90deg) scale(.9)", opacity: 0.4 }, { transform: "none", opacity: 1 }],
        { duration: 320, easing: "ease-out" });
    }
    for (const e of step.events || []) if (words.FLASH[e.type]) flash(board, e.seat, words.FLASH[e.type]);
  }

  function flash(board, seat, text) {
    const g = board.querySelector(`.layer-pieces .pyramid[data-seat="${seat}"]`);
    const m = g && /translate\(([-\d.]+) ([-\d.]+)\)/.exec(g.getAttribute("transform") || "");
    if (!m) return;
    const label = svg("g", { class: "flash", transform: `translate(${m[1]} ${Number(m[2]) - 26})` },
      svg("rect", { x: -46, y: -12, width: 92, height: 22, rx: 11 }), svg("text", { x: 0, y: 0 }, text));
    board.querySelector(".layer-fx").append(label);
    setTimeout(() => label.remove(), 2600);
  }

  return {
    // A new table state first updates the ui (a dare panel for another dare starts afresh; a dare that lost
    // the race is said), then everything is painted from both; painting only reads.
    render() {
      const effect = UI.newState(ui, table(), state.me);
      if (effect) apply(effect); else paint();
    },
    hint() {
      const t = table();
      if (!t) return "";
      const hinted = UI.hintNow(ui, t);
      if (hinted && !state.pending) return words.hintBanner(hinted, keyboardLikely());
      const dared = t.view && t.view.dare ? ctx.seatName(t.view.dare.seat) : "";
      return words.turnHint(UI.actions(t), { pending: state.pending, keys: keyboardLikely(), dared });
    },
    // The bot's suggestion (the shell's Hint button): the Draw button takes the keyboard, a dare's text is
    // put in the dare box (to send or to change), "Done" takes the keyboard; the banner and the page's live
    // region say why.
    showHint(move, reason) {
      const effect = UI.showHint(ui, table(), move, reason);
      if (!effect) return;
      paint();
      if (effect.focus === "draw" && !drawBtn.hidden) drawBtn.focus();
      else if (effect.focus) focusDare(effect.focus);
      if (ctx.say) ctx.say(words.hintSaid(ui.hint));
      ctx.redraw();
    },
    animate: (step) => UI.stepArrived(ui, step),
    destroy() { document.removeEventListener("keydown", onKey); bar.remove(); },
  };
}
