// Turning Points board client. It draws the view (square or hex, the viewer's side at the bottom), lets
// the player compose one of the moves the server listed in legal_moves, previews the chain the server
// computed for it (move_targets), and plays every move's chain step by step. It decides no rule.
import { h } from "../../core/store.js";
import { svg, frame, turnFor, drawPyramid, pieceFill, shortName, seatVar, screenPlace, WORD, COLOR_FILL } from "./parts.js";
import { ChainPlayer } from "./anim.js";
import { renderScores, renderBag, renderLegend } from "./panel.js";
import { arrowButtons, renderPad, dirForKey, cellForKey } from "./controls.js";
import { plural, previewWords } from "./words.js";
import { paintMarks, paintPreview, markerDefs } from "./marks.js";

let boards = 0;   // a page may hold more than one board (ids of SVG markers stay unique)

export function createBoard(root, ctx) {
  const { state } = ctx;
  state.ui = state.ui || {};
  const ui = () => state.ui;
  const names = (seat) => ctx.seatName(seat);
  const colorOf = (seat) => (ctx.seatColor ? ctx.seatColor(seat) : seatVar(seat));
  const id = `tp${++boards}`;

  const caption = h("p", { class: "tp-caption", role: "status", "aria-live": "polite" });
  const tools = h("div", { class: "tp-tools" });
  const boardSvg = svg("svg", { class: "tp-board", role: "group" });
  const layers = {};
  boardSvg.append(markerDefs(id));
  // Under the pieces: the board, the sides, rings. Above: the hit areas and arrows (for clicks), then the
  // chain's arrows, numbers and ghosts, which let clicks through.
  for (const name of ["bg", "sides", "marks", "pieces", "hits", "arrows", "over", "preview"]) boardSvg.append(layers[name] = svg("g", { class: name }));
  const pad = h("div", { class: "tp-pad", hidden: true });
  root.replaceChildren(h("div", { class: "tp" }, h("div", { class: "tp-top" }, caption, tools),
    h("div", { class: "tp-boardwrap" }, boardSvg), pad));
  const scoresEl = h("section", { class: "tp-panel" });
  const bagEl = h("section", { class: "tp-panel tp-bag", hidden: true });
  const legendEl = h("div", { class: "tp-legend hint" });
  (ctx.sideRoot || root).replaceChildren(scoresEl, bagEl, legendEl);

  const anim = new ChainPlayer({ paint: () => ctx.redraw(), urgent: () => derive().mine });
  let fr = null, frameKey = "", pieces = {}, hits = {};
  let settled = { seq: null, scores: null }, deltas = { seq: null, values: null };

  // ---- what the state says (moves and previews only from legal_moves / move_targets) ----
  function derive() {
    const t = state.table;
    const view = (t && t.view) || null;
    const legal = t && Array.isArray(t.legal_moves) ? t.legal_moves : [];
    const targets = t && Array.isArray(t.move_targets) ? t.move_targets : [];
    const byCell = {};
    legal.forEach((m, i) => { (byCell[m.cell] = byCell[m.cell] || []).push({ dir: m.dir, move: m, target: targets[i] || null }); });
    const mine = !!t && t.status === "playing" && legal.length > 0;
    return { t, view, byCell, mine, myTurn: mine && !state.pending && !anim.busy };
  }
  const optionsAt = (d, cell) => (cell && d.byCell[cell]) || [];
  // Who a direction points at, in words: "you", "Bob", or the compass and "nobody".
  const towardWords = (view, dir, mover = null) => {
    const seat = view.solitaire ? -1 : view.sides.indexOf(dir);
    if (seat < 0) return view.solitaire ? WORD[dir] : `${WORD[dir]} (at nobody)`;
    const n = names(seat);
    if (seat === mover) return n === "You" ? "at your own side" : "at their own side";
    return n === "You" ? "at you" : `at ${n}`;
  };
  const chosenOption = (d) => optionsAt(d, ui().cell).find((o) => o.dir === ui().dir) || null;

  // ---- the frame: outline, cells, hit areas; rebuilt when the board or the viewer's side changes ----
  function buildFrame(view) {
    const side = state.me != null && view.sides ? view.sides[state.me] : "S";
    const { shape, size } = view.board;
    const turn = view.solitaire ? 0 : turnFor(side);
    const tagged = view.solitaire ? Object.keys(view.solitaire.edges || {}) : view.sides;
    const key = `${shape}|${size}|${turn}|${tagged.join(",")}`;
    if (key === frameKey) return;
    frameKey = key;
    fr = frame(shape, size, turn, tagged);
    boardSvg.setAttribute("viewBox", `0 0 ${fr.width} ${fr.height}`);
    boardSvg.style.setProperty("--tp-aspect", (fr.width / fr.height).toFixed(3));
    boardSvg.style.setProperty("--tp-natural", `${Math.round(fr.width * 1.3)}px`);   // small boards stay small
    boardSvg.setAttribute("aria-label", `The ${shape === "square" ? `${size}×${size} square` : `hexagonal (side ${size})`} board, ${
      state.me != null && !view.solitaire ? "your side at the bottom" : "south at the bottom"}. Arrow keys move between empty cells.`);
    layers.bg.replaceChildren(svg("polygon", { points: fr.outline.map((p) => p.join(",")).join(" "), class: "tp-outline" }),
      ...fr.names.map((n) => svg("polygon", { points: fr.cells[n].points, class: "tp-cell" })));
    hits = {};
    layers.hits.replaceChildren(...fr.names.map((n) => {
      const hit = svg("polygon", { points: fr.cells[n].points, class: "hit", "data-cell": n });
      const tip = svg("title");
      hit.append(tip);
      hits[n] = { hit, tip };
      return hit;
    }));
    layers.pieces.replaceChildren();
    pieces = {};
    const rows = [...new Set(fr.names.map((n) => fr.cells[n].y))].sort((a, b) => a - b);
    for (const n of fr.names) {
      const c = fr.cells[n];
      const row = fr.names.filter((m) => fr.cells[m].y === c.y).sort((a, b) => fr.cells[a].x - fr.cells[b].x);
      hits[n].where = `row ${rows.indexOf(c.y) + 1}, place ${row.indexOf(n) + 1} from the left`;
    }
  }

  // ---- pieces: one group per cell, turned by a CSS rotation so a turn is seen clockwise ----
  function paintPieces(cells, view, f) {
    for (const [cell, piece] of Object.entries(cells)) {
      const c = fr.cells[cell];
      if (!c) continue;
      const fill = pieceFill(piece, view);
      let p = pieces[cell];
      const target = fr.angle(piece.dir);
      if (!p) {
        const g = svg("g", { class: "tp-piece", transform: `translate(${c.x} ${c.y})`, "data-cell": cell, "data-dir": piece.dir });
        const drop = svg("g", { class: "tp-drop" });
        const spin = svg("g", { class: "tp-spin" });
        const pyramid = drawPyramid(fr.cellSize * 0.94, fill);
        spin.append(pyramid);
        drop.append(spin);
        g.append(drop);
        layers.pieces.append(g);
        p = pieces[cell] = { g, spin, angle: target, fill, body: pyramid.querySelector(".body") };
        spin.style.transform = `rotate(${target}deg)`;
        if (f && f.dropping && f.placed === cell) drop.classList.add("dropping");
      } else {
        let delta = (((target - p.angle) % 360) + 360) % 360;
        if (delta > 180) delta -= 360;
        if (delta) { p.angle += delta; p.spin.style.transform = `rotate(${p.angle}deg)`; }
        if (p.fill !== fill) { p.fill = fill; p.body.setAttribute("style", `fill: ${fill}`); }
      }
      p.g.dataset.dir = piece.dir;
    }
    for (const cell of Object.keys(pieces)) {
      if (!cells[cell]) { pieces[cell].g.remove(); delete pieces[cell]; }
    }
  }

  // ---- the sides: each seat's side in its colour, with its name and live score ----
  function paintSides(view, scores, acting) {
    const solo = view.solitaire;
    const key = JSON.stringify([frameKey, view.sides, view.sides.map((_, s) => names(s)), scores, acting, solo && solo.edges]);
    if (layers.sides.dataset.key === key) return;
    layers.sides.dataset.key = key;
    const out = [];
    for (const [dir, side] of Object.entries(fr.sides)) {
      const seat = view.sides.indexOf(dir);
      const edge = solo && solo.edges ? solo.edges[dir] : null;
      const color = edge ? COLOR_FILL[edge] : seat >= 0 ? colorOf(seat) : null;
      const line = svg("polyline", { points: side.line.map((p) => p.join(",")).join(" "), class: `tp-side${color ? "" : " empty"}`, "data-side": dir });
      if (color) line.setAttribute("style", `stroke: ${color}`);
      out.push(line);
      let text = WORD[dir].replace("north", "N").replace("south", "S").replace("east", "E").replace("west", "W").replace("-", "");
      if (seat >= 0) text = `${shortName(names(seat))} ${scores[seat] ?? 0}`;
      else if (edge) text = edge;
      const w = 12 + text.length * 7.6, hgt = 24;
      const [x, y] = side.tagAt(w, hgt);
      const tag = svg("g", { class: `tp-tag${seat >= 0 ? " seat" : ""}${acting.includes(seat) ? " acting" : ""}`, "data-side": dir,
        ...(seat >= 0 ? { "data-seat": seat } : {}), transform: side.rotate && (seat >= 0 || edge) ? `rotate(${side.rotate} ${x} ${y})` : null });
      const rect = svg("rect", { x: (x - w / 2).toFixed(1), y: (y - hgt / 2).toFixed(1), width: w.toFixed(1), height: hgt, rx: 12 });
      if (seat >= 0) rect.setAttribute("style", `fill: ${color}`);
      const label = svg("text", { x, y });
      label.textContent = text;
      const tip = svg("title");
      tip.textContent = seat >= 0 ? `${names(seat)}: the ${WORD[dir]} side, ${plural(scores[seat] ?? 0, "piece")} pointing this way`
        : edge ? `The ${edge} edge (${WORD[dir]}): ${edge} pieces point this way` : `The ${WORD[dir]} side: nobody sits here`;
      tag.append(tip, rect, label);
      out.push(tag);
    }
    layers.sides.replaceChildren(...out);
  }

  // ---- hit areas: the empty cells a move can go to are buttons (one tab stop; arrow keys move) ----
  function paintHits(d, cells, view) {
    const open = d.myTurn ? Object.keys(d.byCell) : [];
    let focusCell = ui().focusCell && open.includes(ui().focusCell) ? ui().focusCell : (ui().cell && open.includes(ui().cell) ? ui().cell : open[0]);
    for (const [cell, e] of Object.entries(hits)) {
      const piece = cells[cell];
      let label;
      if (piece) {
        const seat = view.sides.indexOf(piece.dir);
        label = `${piece.color ? `${piece.color} piece` : "Piece"} pointing ${WORD[piece.dir]}${seat >= 0 ? `, at ${names(seat)}` : ""} (${e.where})`;
      } else label = `Empty cell (${e.where})`;
      if (open.includes(cell)) {
        e.hit.setAttribute("role", "button");
        e.hit.setAttribute("tabindex", cell === focusCell ? "0" : "-1");
        e.hit.dataset.state = ui().cell === cell ? "picked" : "open";
        e.hit.setAttribute("aria-label", ui().cell === cell ? `${label}: picked, now choose its direction` : `${label}: place a piece here`);
      } else {
        e.hit.removeAttribute("role");
        e.hit.removeAttribute("tabindex");
        delete e.hit.dataset.state;
        e.hit.setAttribute("aria-label", label);
      }
      e.tip.textContent = label;
    }
  }

  // ---- the words above the board: the chain as it plays, or the last move ----
  function paintCaption(d, f) {
    const t = d.t;
    let text = "";
    if (f) {
      const place = f.step.events.find((e) => e.type === "place");
      const piece = place.color ? `the ${place.color} piece` : "a piece";
      const head = `${names(f.seat)} placed ${piece} pointing ${towardWords(d.view, place.dir, f.seat)}`;
      if (f.index <= 0) text = `${head}.`;
      else text = `${head} · turn ${f.index} of ${f.total}: the piece it reaches turns one notch clockwise, to face ${WORD[f.turn.dir]}.`;
      if (f.index === 0 && !f.total) text = `${head}: it points at no piece, so nothing turns.`;
    } else if (t.last && (t.last.events || []).some((e) => e.type === "place")) {
      const place = t.last.events.find((e) => e.type === "place");
      const mover = place.seat ?? t.last.seat;
      text = `Last move: ${names(mover)} placed ${place.color ? `the ${place.color} piece` : "a piece"} pointing ${towardWords(d.view, place.dir, mover)}${place.turned ? `, turning ${plural(place.turned, "piece")} (numbered in order)` : ""}.`;
    }
    if (caption.textContent !== text) caption.textContent = text;
    const want = f ? "skip" : t.last && (t.last.events || []).some((e) => e.type === "place") ? "replay" : "";
    if (tools.dataset.key !== want) {
      tools.dataset.key = want;
      tools.replaceChildren(...(want === "skip"
        ? [h("button", { type: "button", class: "btn small", onclick: () => anim.skip() }, "Skip")]
        : want === "replay" ? [h("button", { type: "button", class: "btn small", "data-testid": "replay", onclick: replayLast }, "Replay the last move")] : []));
    }
  }

  function replayLast() {
    const t = state.table;
    if (!t || !t.last || anim.busy) return;
    anim.push(t.last);
    anim.sync(t, settled.scores);
  }

  // ---- actions ----
  function pickCell(cell) {
    const d = derive();
    if (!d.mine) { if (ctx.explainWait) ctx.explainWait(); return; }
    if (!d.myTurn) { ctx.say(state.pending ? "Your move is on its way to the server…" : "Wait for the chain to finish (or press Skip)."); return; }
    const options = optionsAt(d, cell);
    if (!options.length) { ctx.say("That cell is taken: pick an empty one."); return; }
    const u = ui();
    if (u.cell === cell) {
      if (u.dir && chosenOption(d)) return place();
      u.cell = null; u.dir = null; u.focusCell = cell; u.wantFocus = "cell";
    } else {
      u.cell = cell;
      u.focusCell = cell;
      if (options.length === 1) u.dir = options[0].dir;
      else if (!options.some((o) => o.dir === u.dir)) u.dir = null;
      u.wantFocus = "arrow";
    }
    ctx.redraw();
  }
  function chooseDir(dir) {
    const d = derive();
    if (!d.myTurn || !ui().cell) return;
    if (!optionsAt(d, ui().cell).some((o) => o.dir === dir)) return;
    if (ui().dir === dir) return place();
    ui().dir = dir;
    ui().wantFocus = "arrow";
    ctx.redraw();
  }
  function place() {
    const d = derive();
    const opt = chosenOption(d);
    if (!d.myTurn || !opt) return;
    const u = ui();
    u.resume = root.contains(document.activeElement);   // keyboard players get the board back on their next turn
    u.focusCell = u.cell; u.cell = null; u.dir = null; u.wantFocus = null;
    ctx.sendMove(opt.move);   // exactly the dict the server listed
    ctx.redraw();
  }
  function cancel() {
    const u = ui();
    if (!u.cell) return;
    u.focusCell = u.cell; u.cell = null; u.dir = null; u.wantFocus = "cell";
    ctx.redraw();
  }

  boardSvg.addEventListener("click", (ev) => {
    const arrow = ev.target.closest(".tp-arrow");
    if (arrow) { chooseDir(arrow.dataset.dir); return; }
    const hit = ev.target.closest(".hit");
    if (hit) pickCell(hit.dataset.cell);
  });
  const onKey = (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const inside = root.contains(ev.target);
    const typing = ev.target && (ev.target.tagName === "INPUT" || ev.target.tagName === "TEXTAREA");
    const d = derive();
    const u = ui();
    if (ev.key === "Escape" && u.cell) { ev.preventDefault(); cancel(); return; }
    if (!inside || typing || !d.myTurn) return;
    const el = ev.target.closest && ev.target.closest(".hit, .tp-arrow");
    if ((ev.key === "Enter" || ev.key === " ") && el) {
      ev.preventDefault();
      if (el.classList.contains("tp-arrow")) chooseDir(el.dataset.dir); else pickCell(el.dataset.cell);
      return;
    }
    if (!ev.key.startsWith("Arrow")) return;
    ev.preventDefault();
    if (u.cell) {
      const options = optionsAt(d, u.cell).map((o) => o.dir);
      const dir = dirForKey(ev.key, fr, options, u.dir);
      if (dir && options.includes(dir)) { u.dir = dir; u.wantFocus = "arrow"; ctx.redraw(); }
      else if (options.length === 1) ctx.say(`This piece must point ${WORD[options[0]]}: press Enter to place it.`);
      return;
    }
    const from = el && el.dataset.cell ? el.dataset.cell : u.focusCell;
    const next = cellForKey(ev.key, fr, from, Object.keys(d.byCell));
    if (next) { u.focusCell = next; u.wantFocus = "cell"; ctx.redraw(); }
  };
  root.addEventListener("keydown", onKey);
  document.addEventListener("keydown", onEsc);
  function onEsc(ev) { if (ev.key === "Escape" && ui().cell && !root.contains(ev.target)) cancel(); }

  function moveFocus(d) {
    const u = ui();
    if (u.resume && d.myTurn && !u.wantFocus) {
      u.resume = false;
      const active = document.activeElement;
      if (!active || active === document.body || root.contains(active)) u.wantFocus = "cell";
    }
    const want = u.wantFocus;
    if (!want || !d.myTurn) return;
    u.wantFocus = null;
    const active = document.activeElement;
    if (active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA")) return;
    let el = null;
    if (want === "arrow") el = layers.arrows.querySelector(`.tp-arrow[data-dir="${u.dir}"]`) || layers.arrows.querySelector(".tp-arrow");
    if (want === "cell" || !el) el = layers.hits.querySelector('.hit[tabindex="0"]');   // the roving cell
    if (el && el.getAttribute("tabindex") != null && (root.contains(active) || !active || active === document.body)) {
      el.focus({ preventScroll: true });
    }
  }

  // ---- render ----
  function render() {
    const t = state.table, view = t && t.view;
    if (!t || !view || !view.board) return;
    buildFrame(view);
    if (!anim.busy && settled.seq !== t.seq && settled.seq != null && settled.scores && t.seq > settled.seq) {
      deltas = { seq: t.seq, values: view.scores.map((s, i) => s - (settled.scores[i] ?? s)) };
    }
    anim.sync(t, settled.scores || view.scores);   // first: a chain about to play means it is nobody's turn yet
    const d = derive();
    const u = ui();
    if (u.seq !== t.seq) {   // a new state: keep a pick that still fits it
      u.seq = t.seq;
      if (u.cell && !optionsAt(d, u.cell).length) { u.cell = null; u.dir = null; }
      if (u.cell && u.dir && !chosenOption(d)) u.dir = null;
    }
    const f = anim.frame;
    if (!anim.busy) settled = { seq: t.seq, scores: view.scores };
    const scores = f && f.scores ? f.scores : view.scores;
    const acting = t.status === "playing" ? (t.to_act || []) : [];
    paintPieces(f ? f.cells : view.cells || {}, view, f);
    paintSides(view, scores, acting);
    const opt = d.myTurn ? chosenOption(d) : null;
    const previewing = d.myTurn && u.cell;   // the preview's numbers replace the last move's
    paintMarks(layers.marks, layers.over, { fr, f, last: f || previewing ? null : t.last, picked: d.myTurn ? u.cell : null,
      open: d.myTurn && !u.cell ? Object.keys(d.byCell) : [], colorOf, id });
    paintPreview(layers.preview, { fr, cell: d.myTurn ? u.cell : null, option: opt, view, id });
    layers.arrows.replaceChildren(...(d.myTurn && u.cell ? [arrowButtons(fr, u.cell, optionsAt(d, u.cell), u.dir, (dir) => towardWords(view, dir))] : []));
    paintHits(d, f ? f.cells : view.cells || {}, view);
    paintCaption(d, f);
    renderScores(scoresEl, { view, names, colorOf, acting, me: state.me, scores, deltas: !f && deltas.seq === t.seq ? deltas.values : null,
      placeOf: (dir) => screenPlace(fr.angle(dir)) });
    renderBag(bagEl, view, (dir) => fr.angle(dir));
    renderLegend(legendEl, view);
    renderPad(pad, { myTurn: d.myTurn, cell: u.cell, options: optionsAt(d, u.cell), chosen: u.dir, target: opt && opt.target,
      scoresNow: view.scores, names, angleOf: (dir) => fr.angle(dir), solitaire: !!view.solitaire, toward: (dir) => towardWords(view, dir),
      onDir: chooseDir, onPlace: place, onCancel: cancel });
    root.classList.toggle("tp-busy", anim.busy);
    moveFocus(d);
  }

  // What to do next, for the page's turn banner (asked only when it is this browser's turn).
  function hint() {
    const d = derive();
    const u = ui();
    if (state.pending) return "Sending your move…";
    if (anim.busy) return "Your turn: watch the chain play out (or press Skip).";
    const solo = d.view && d.view.solitaire;
    // a touch screen has no keyboard to speak of: name the keys only where a mouse (and so a keyboard) is
    const touch = !!window.matchMedia && !window.matchMedia("(pointer: fine) and (min-width: 700px)").matches;
    if (!u.cell) {
      if (solo && solo.bag && solo.bag[0]) return `Your turn: pick an empty cell for the ${solo.bag[0]} piece (it points ${WORD[solo.forced]}).`;
      return touch ? "Your turn: tap an empty cell." : "Your turn: pick an empty cell (or use the arrow keys and Enter).";
    }
    const opt = chosenOption(d);
    if (!opt) return touch ? "Now tap an arrow for the way it points, or Back to pick another cell."
      : "Now pick the way it points: click an arrow (or use the arrow keys). Esc: pick another cell.";
    const words = previewWords(opt.target, d.view.scores, names);
    return `Pointing ${towardWords(d.view, u.dir)}: ${words}. ${touch ? "Tap the arrow again" : "Click the arrow again, press Enter"} or “Place” to play it.`;
  }

  return {
    render, hint,
    animate: (step) => anim.push(step),
    busy: () => anim.busy || anim.queue.length > 0,   // the shell holds the result until the chain has played
    destroy: () => { anim.stop(); document.removeEventListener("keydown", onEsc); },
  };
}
