// Dash board client: the Classic board, the card just drawn, the Draw button and the dare panel. It knows
// no rules: the moves come from legal_moves (draw, set_dare + the text typed, answer_dare), the board's
// colours and pictures from the view's layout, and every movement from the step's events.
import { h, setChildren } from "../core/store.js";
import { CLASSIC, drawBoard, drawPyramid, slot, svg, centre } from "./dash/board.js";
import { cardBack, cardFace } from "./dash/cards.js";
import { createDarePanel } from "./dash/dare.js";
import { pictureSvg } from "./dash/icons.js";
import { plan, run } from "./dash/motion.js";
import { cardName, describeEvent, resultText, spaceWords } from "./dash/words.js";

export { describeEvent, resultText };
export { drawReplay } from "./dash/replay.js";

// Event types the whole table hears about (a toast), not only as a log line.
export const headlines = ["dare_set", "dare_refused", "turn_skipped", "swap"];
export const chatFirst = true;   // dares are social: the chat sits beside the board

export function createBoard(root, ctx) {
  const { state } = ctx;
  let layout = null, board = null;
  const pyramids = {};          // seat -> {g, body, key}
  let pendingStep = null, animatedSeq = null;

  // ---- skeleton ----
  const status = h("div", { class: "dash-status" });
  const boardWrap = h("div", { class: "dash-boardwrap" });
  const drawn = h("div", { class: "dash-drawn", "data-testid": "drawn-card" });
  const caption = h("p", { class: "dash-caption", "aria-live": "polite" });
  const drawBtn = h("button", { type: "button", class: "btn primary big dash-draw-btn", "data-testid": "draw-btn", hidden: true,
    onclick: () => draw() }, "Draw a card");
  const deck = h("div", { class: "dash-deck" });
  const dare = createDarePanel(ctx);
  // The board's status line sits in the column beside it, so the whole board (Start row too) fits a laptop's
  // screen; the dare panel (shown only while a dare is open) comes first in that column (dash.css).
  const tableCol = h("div", { class: "dash-table" },
    h("div", { class: "dash-cardzone" }, drawn, h("div", { class: "dash-cardside" }, caption, drawBtn, deck)), dare.root, status);
  root.replaceChildren(h("div", { class: "dash" }, h("div", { class: "dash-main" }, boardWrap, tableCol)));
  const standings = h("ol", { class: "dash-standings", "aria-label": "The race" });
  const pictures = h("ul", { class: "dash-pictures", "aria-label": "Picture pairs" });
  const legend = h("section", { class: "dash-legend card" },
    h("h2", {}, "The race"), standings, pictures,
    h("p", { class: "hint" }, "Our own “Classic” board and deck: the original board and cards of Dash are lost. ",
      h("a", { href: "/rules/dash", target: "_blank", rel: "noopener" }, "How to play")));
  if (ctx.sideRoot) ctx.sideRoot.replaceChildren(legend);

  function draw() {
    const t = state.table;
    const move = t && (t.legal_moves || []).find((m) => m.action === "draw");
    if (!move || state.pending) { if (ctx.explainWait) ctx.explainWait(); return; }
    ctx.sendMove(move);
  }
  const onKey = (ev) => {
    const active = document.activeElement;
    if (active && (["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName) || active.isContentEditable)) return;
    if ((ev.key === "d" || ev.key === "D") && !ev.ctrlKey && !ev.metaKey && !ev.altKey && !drawBtn.hidden && !drawBtn.disabled) {
      ev.preventDefault();
      draw();
    }
  };
  document.addEventListener("keydown", onKey);

  // ---- render ----
  function ensureBoard(view) {
    if (board) return;
    layout = view.layout || CLASSIC;
    pictures.replaceChildren(...layout.pictures.map((p) => h("li", { title: `Land on either end: jump to the other (${p.name})` },
      pictureSvg(p.name, 18), ` ${p.spaces[0]} ↔ ${p.spaces[1]}`)));
    board = drawBoard(layout, { title: `The ${layout.title || "Classic"} board: 64 spaces from Start (bottom left) to Finish (top right), each row read left to right` });
    boardWrap.replaceChildren(board.root);
  }

  function nameOf(t, seat) {
    const s = t.seats && t.seats[seat];
    return (s && s.name) || ctx.seatName(seat);
  }

  function render() {
    const t = state.table;
    if (!t || !t.view || t.view.game !== "dash") return;
    const view = t.view;
    ensureBoard(view);
    const legal = t.legal_moves || [];
    const canDraw = legal.some((m) => m.action === "draw");
    renderStatus(view);
    renderPyramids(t, view);
    renderMarks(t);
    renderCard(t, view);
    drawBtn.hidden = !canDraw;
    drawBtn.disabled = !!state.pending;
    if (canDraw && !state.pending && document.activeElement === document.body) drawBtn.focus({ preventScroll: true });
    dare.render(t, state.me, state.pending);
    renderStandings(t, view);
    if (pendingStep && pendingStep.seq === t.seq && animatedSeq !== t.seq) {
      animatedSeq = t.seq;
      play(pendingStep);
    }
  }

  function renderStatus(view) {
    const opts = view.options || {};
    setChildren(status, `${view.deck_count}|${view.discard_count}|${opts.there_and_back}`, () => [
      h("span", { class: "pill", title: "Our own board and deck: the original Dash board and cards are lost" },
        `${(view.layout && view.layout.title) || "Classic"} board (our own)`),
      opts.there_and_back ? h("span", { class: "pill house", title: "House rule" }, "There and back: Finish, then home to Start") : null,
    ]);
  }

  // The mark on each pyramid: the name's initial, with the seat number when two names share it.
  function marks(t, count) {
    const initials = Array.from({ length: count }, (_, s) => ((nameOf(t, s) || "?").trim().charAt(0) || "?").toUpperCase());
    return initials.map((c, s) => (initials.filter((o) => o === c).length > 1 ? `${c}${s + 1}` : c));
  }

  function renderPyramids(t, view) {
    const bySpace = {};
    const mark = marks(t, view.positions.length);
    view.positions.forEach((space, seat) => (bySpace[space] = bySpace[space] || []).push(seat));
    const turn = view.turn;
    view.positions.forEach((space, seat) => {
      const here = bySpace[space];
      const [x, y] = slot(space, here.indexOf(seat), here.length);
      const name = nameOf(t, seat);
      const color = ctx.seatColor ? ctx.seatColor(seat) : `var(--seat-${seat})`;
      const label = `${ctx.seatName(seat)}: ${spaceWords(space)}${view.legs[seat] ? ", on the way back" : ""}${view.skip[seat] ? ", misses the next turn" : ""}`;
      let p = pyramids[seat];
      const key = `${mark[seat]}|${color}|${label}`;
      if (!p || p.key !== key) {
        const g = drawPyramid(seat, color, mark[seat], label);
        if (p) p.g.replaceWith(g); else board.layers.pieces.append(g);
        p = pyramids[seat] = { g, body: g.querySelector(".pyramid-body"), key };
      }
      p.g.setAttribute("transform", `translate(${x} ${y})`);
      p.g.classList.toggle("turn", seat === turn && !t.result);
      p.g.classList.toggle("skip", !!view.skip[seat]);
      p.g.classList.toggle("me", seat === state.me);
    });
  }

  function renderMarks(t) {
    const evs = (t.last && t.last.events) || [];
    const moved = evs.filter((e) => e.type === "move" || e.type === "picture" || e.type === "swap");
    const key = `${t.seq}`;
    setChildren(board.layers.marks, key, () => {
      const out = [];
      for (const e of moved) {
        for (const [space, cls] of [[e.from, "from"], [e.to, "to"]]) {
          const [cx, cy] = centre(space);
          out.push(svg("rect", { x: cx - 28 + 2, y: cy - 28 + 2, width: 52, height: 52, rx: 8, class: `mark ${cls}` }));
        }
        if (e.type === "picture") {
          const line = board.lineEls[e.picture];
          if (line) out.push(svg("path", { d: line.getAttribute("d"), class: "pic-line active" }));
        }
      }
      return out;
    });
  }

  function renderCard(t, view) {
    const last = view.last_draw;
    const back = last ? !!view.legs[last.seat] : false;
    setChildren(drawn, last ? `${last.card}|${view.discard_count}|${view.reshuffles}|${back}` : "none", () => [
      last ? cardFace(last.card, { back }) : h("div", { class: "dash-card big empty" }, h("span", { class: "card-name" }, "No card yet")),
    ]);
    const who = last ? (last.seat === state.me ? "You" : ctx.seatName(last.seat)) : null;
    setChildren(caption, `${who}|${last && last.card}|${view.turn}|${t.seq}`, () => [
      last ? h("strong", {}, `${who} drew: ${cardName(last.card)}`) : "Nobody has drawn yet.",
    ]);
    setChildren(deck, `${view.deck_count}|${view.discard_count}`, () => [
      cardBack(view.deck_count),
      h("span", { class: "deck-words" }, `${view.deck_count} card${view.deck_count === 1 ? "" : "s"} in the deck`,
        h("br"), `${view.discard_count} discarded`,
        view.deck_count === 0 ? h("span", { class: "hint" }, " (shuffled back at the next draw)") : null),
    ]);
  }

  function renderStandings(t, view) {
    const order = view.positions.map((_, s) => s).sort((a, b) => view.progress[b] - view.progress[a] || a - b);
    setChildren(standings, JSON.stringify([view.positions, view.legs, view.skip, view.turn, t.to_act, t.seats && t.seats.map((s) => s.name), state.me]), () =>
      order.map((seat) => h("li", { class: `${seat === view.turn && !t.result ? "turn" : ""}` },
        h("span", { class: "dot", style: `background:${ctx.seatColor ? ctx.seatColor(seat) : `var(--seat-${seat})`}` }),
        h("span", { class: "who" }, ctx.seatName(seat)),
        h("span", { class: "where" }, `${spaceWords(view.positions[seat])}${view.legs[seat] ? " ↩" : ""}`),
        view.skip[seat] ? h("span", { class: "tag skip" }, "misses next turn") : null,
        seat === view.turn && !t.result ? h("span", { class: "tag turn" }, view.dare ? "dared" : "to draw") : null)));
  }

  // ---- animation ----
  // Steps play one after the other, but the board never lags far behind the game: when a new step comes
  // while pyramids are still travelling, those hurry up (the wait before the new one stays under a second).
  let running = [];   // [{anim, end}] the walks still playing
  const MAX_LAG = 900;
  function play(step) {
    const now = performance.now();
    running = running.filter((r) => r.anim.playState === "running" || r.anim.playState === "pending");
    let remaining = Math.max(0, ...running.map((r) => r.end - now));
    if (remaining > MAX_LAG) {
      const rate = remaining / MAX_LAG;
      for (const r of running) {
        r.anim.updatePlaybackRate ? r.anim.updatePlaybackRate(rate) : (r.anim.playbackRate = rate);
        r.end = now + (r.end - now) / rate;
      }
      remaining = MAX_LAG;
    }
    const delay = Math.max(250, remaining);
    const paths = plan(step.events);
    for (const [seat, path] of Object.entries(paths)) {
      const p = pyramids[seat];
      if (!p) continue;
      const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(p.g.getAttribute("transform") || "");
      if (!m) continue;
      for (const r of running) if (r.seat === seat) r.anim.finish();   // its earlier walk ends where this one starts
      board.layers.pieces.append(p.g);   // above the others while it travels
      const anim = run(p.body, path, Number(m[1]), Number(m[2]), delay);
      if (anim) running.push({ anim, seat, end: now + delay + anim.effect.getTiming().duration });
    }
    const flipped = drawn.querySelector(".dash-card");
    if (flipped && flipped.animate && (step.events || []).some((e) => e.type === "draw")) {
      flipped.animate([{ transform: "rotateY(90deg) scale(.9)", opacity: 0.4 }, { transform: "none", opacity: 1 }],
        { duration: 320, easing: "ease-out" });
    }
    for (const e of step.events || []) {
      if (e.type === "turn_skipped") flash(e.seat, "Turn skipped");
      if (e.type === "turn_round") flash(e.seat, "Turned round!");
    }
  }

  function flash(seat, text) {
    const p = pyramids[seat];
    if (!p) return;
    const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(p.g.getAttribute("transform") || "");
    if (!m) return;
    const label = svg("g", { class: "flash", transform: `translate(${m[1]} ${Number(m[2]) - 26})` },
      svg("rect", { x: -46, y: -12, width: 92, height: 22, rx: 11 }), svg("text", { x: 0, y: 0 }, text));
    board.layers.fx.append(label);
    setTimeout(() => label.remove(), 2600);
  }

  // A keyboard hint only where a keyboard is likely: a fine pointer on a wide screen (not a phone or tablet).
  function keyboardLikely() {
    return !!window.matchMedia && window.matchMedia("(pointer: fine) and (min-width: 700px)").matches;
  }

  function hint() {
    const t = state.table;
    if (!t) return "";
    if (state.pending) return "Sending…";
    const legal = t.legal_moves || [];
    const view = t.view || {};
    if (legal.some((m) => m.action === "draw")) return keyboardLikely() ? "Your turn: draw a card (press the button, or D)." : "Your turn: draw a card.";
    if (legal.some((m) => m.action === "set_dare")) return `${ctx.seatName(view.dare.seat)} drew a dare: write it, or pick a suggestion. The first dare sent stands.`;
    if (legal.some((m) => m.action === "answer_dare")) return "You were dared: do it, then press Done (or refuse and miss your next turn).";
    return "Your turn!";
  }

  return {
    render,
    hint,
    animate(step) { pendingStep = step; },
    destroy() { document.removeEventListener("keydown", onKey); },
  };
}
